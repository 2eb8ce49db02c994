//! How a game looks and asks at the terminal: a [`Look`] decides what
//! [`terminal::play`](crate::terminal::play) writes for each step and how
//! it asks a person for a move, while the game loop, the agents and the
//! record stay the framework's. Every method has a default, today's
//! generic terminal ([`Plain`]): the board before a person's prompt, a
//! move typed in the game's [`Notation`] with `help` and `quit`, a line
//! for each agent's move and each chance outcome, the board and the
//! result at the end. A game with a look of its own (Chance-it's,
//! specification 003's questions and score table) overrides what it shows otherwise.

use std::io::{self, BufRead, Write};

use crate::input::read_line_capped;
use tabula_core::text::excerpt;
use tabula_core::{BoardGame, Results, Seat};

use crate::notation::Notation;

/// The moves a person may make at a prompt: the legal moves the game
/// lists, and the test of any answer, the referee's (a game with
/// continuous moves lists none and tests each one directly:
/// [`Legality`](crate::Legality)).
pub struct Moves<'a, G: BoardGame> {
    listed: &'a [G::Move],
    test: &'a dyn Fn(&G::Move) -> bool,
}

impl<'a, G: BoardGame> Moves<'a, G> {
    /// The moves `listed`, each answer tested by `test`.
    pub fn new(listed: &'a [G::Move], test: &'a dyn Fn(&G::Move) -> bool) -> Moves<'a, G> {
        Moves { listed, test }
    }

    /// The legal moves the game lists (none for continuous moves).
    pub fn listed(&self) -> &'a [G::Move] {
        self.listed
    }

    /// Whether `mv` is a legal answer here.
    pub fn is_legal(&self, mv: &G::Move) -> bool {
        (self.test)(mv)
    }
}

/// The terminal a look writes to and reads from.
pub struct Screen<'a> {
    /// Where the game is shown.
    pub out: &'a mut dyn Write,
    /// Where people answer.
    pub input: &'a mut dyn BufRead,
    /// Whether the position on screen is the current one: the terminal
    /// clears it after an agent's move and each chance outcome; the default
    /// [`Look::ask`] draws the board when it is not, and sets it.
    pub shown: bool,
}

/// How a game looks and asks at the terminal. The defaults are the
/// generic terminal's ([`Plain`]); a game overrides what it shows
/// otherwise. An error writing or reading ends the game with that error.
pub trait Look<G>
where
    G: Notation,
    G::Move: PartialEq,
{
    /// Asks the person in `seat` for a move among `moves` (two or more
    /// listed, or a game's continuous moves; an only legal move is made
    /// without asking); `None` stops the game (the person quit, or the
    /// input ended). The default draws the board unless it is
    /// [shown](Screen::shown), then asks for a move in the game's
    /// notation until one is legal ([`Moves::is_legal`]), with `help`
    /// listing the legal moves and `quit` (or the end of input) stopping.
    fn ask(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &Moves<'_, G>,
        screen: &mut Screen<'_>,
    ) -> io::Result<Option<G::Move>> {
        if !screen.shown {
            writeln!(screen.out, "{}", game.render(state).trim_end())?;
            screen.shown = true;
        }
        let name = game.seat_name(seat);
        ask(game, state, moves, &name, &mut *screen.input, screen.out)
    }

    /// What an agent's move shows; `who` is the agent's name. The default:
    /// `Black (greedy) plays e5`.
    fn agent_moved(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        who: &str,
        mv: &G::Move,
        screen: &mut Screen<'_>,
    ) -> io::Result<()> {
        writeln!(
            screen.out,
            "{} ({who}) plays {}",
            game.seat_name(seat),
            game.format_move(state, mv)
        )
    }

    /// Before chance decides a step: a pause, say. `Ok(false)` stops the
    /// game as a person would (the input ended). The default goes on at
    /// once, reading nothing.
    fn before_chance(
        &mut self,
        game: &G,
        state: &G::State,
        screen: &mut Screen<'_>,
    ) -> io::Result<bool> {
        let _ = (game, state, screen);
        Ok(true)
    }

    /// What a chance outcome shows, before it is applied. The default:
    /// `Chance: 5`.
    fn chance(
        &mut self,
        game: &G,
        state: &G::State,
        outcome: &G::Outcome,
        screen: &mut Screen<'_>,
    ) -> io::Result<()> {
        writeln!(
            screen.out,
            "Chance: {}",
            game.format_outcome(state, outcome)
        )
    }

    /// What one of the game's events shows, as the loop applies a step.
    /// The default shows none.
    fn event(&mut self, game: &G, event: &G::Event, screen: &mut Screen<'_>) -> io::Result<()> {
        let _ = (game, event, screen);
        Ok(())
    }

    /// What the end of a finished game shows. The default: the board, and
    /// who won ([`describe`]).
    fn over(
        &mut self,
        game: &G,
        state: &G::State,
        results: &Results,
        screen: &mut Screen<'_>,
    ) -> io::Result<()> {
        writeln!(screen.out, "{}", game.render(state).trim_end())?;
        writeln!(screen.out, "{}", describe(game, results))
    }

    /// What a game stopped by a person shows (a `None` from
    /// [`ask`](Self::ask), a `false` from
    /// [`before_chance`](Self::before_chance)). The default: `Game
    /// stopped.`
    fn stopped(&mut self, game: &G, state: &G::State, screen: &mut Screen<'_>) -> io::Result<()> {
        let _ = (game, state);
        writeln!(screen.out, "Game stopped.")
    }
}

/// The generic terminal's look: every default of [`Look`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl<G> Look<G> for Plain
where
    G: Notation,
    G::Move: PartialEq,
{
}

/// The look of a game decided by chance alone, watched: [`Plain`], with
/// the position (the game's [`render`](Notation::render)) shown before
/// each chance step, so the watcher sees the game between its rolls.
#[derive(Clone, Copy, Debug, Default)]
pub struct Watch;

impl<G> Look<G> for Watch
where
    G: Notation,
    G::Move: PartialEq,
{
    fn before_chance(
        &mut self,
        game: &G,
        state: &G::State,
        screen: &mut Screen<'_>,
    ) -> io::Result<bool> {
        writeln!(screen.out, "{}", game.render(state).trim_end())?;
        Ok(true)
    }
}

/// The longest line read at a prompt; the rest of a longer line is
/// skipped.
const MAX_LINE: usize = 4096;

/// "Black wins.", "seat 1 and seat 3 tie for first.", with every seat's
/// rank and score when there are more than two.
pub fn describe<G: Notation>(game: &G, results: &Results) -> String {
    if results.seats() == 1 {
        // One player: won or lost, and the score where it is not just
        // the 1 or 0 of a win or a loss.
        let verdict = match results.outcome(0) {
            tabula_core::Outcome::Lost => "You lost",
            _ => "You won",
        };
        let score = results.score(0);
        return if results.nobody_won() && score != 0.0 || !results.nobody_won() && score != 1.0 {
            format!("{verdict}, with a score of {score}.")
        } else {
            format!("{verdict}.")
        };
    }
    let winners: Vec<String> = results.winners().map(|s| game.seat_name(s)).collect();
    let mut text = match winners.as_slice() {
        [] if results.nobody_won() => "Nobody wins.".to_string(),
        [one] => format!("{one} wins."),
        _ if winners.len() == results.seats() => "A draw.".to_string(),
        _ => format!("{} tie for first.", winners.join(" and ")),
    };
    if results.seats() > 2 {
        for seat in 0..results.seats() {
            text.push_str(&format!(
                "\n  {}: rank {}, score {}",
                game.seat_name(seat),
                results.rank(seat),
                results.score(seat)
            ));
        }
    }
    text
}

/// Asks a human for a move until one is legal; `None` on `quit` or the
/// end of input (the default [`Look::ask`]).
fn ask<G>(
    game: &G,
    state: &G::State,
    moves: &Moves<'_, G>,
    name: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Option<G::Move>>
where
    G: Notation,
    G::Move: PartialEq,
{
    let legal = moves.listed();
    loop {
        write!(out, "{name}, your move: ")?;
        out.flush()?;
        let Some(line) = read_line_capped(input, MAX_LINE)? else {
            writeln!(out)?;
            return Ok(None);
        };
        let text = line.text();
        let text = text.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "help" | "?" => {
                let help = game.move_help();
                if !help.is_empty() {
                    writeln!(out, "{}", help.trim_end())?;
                }
                let moves: Vec<String> = legal.iter().map(|m| game.format_move(state, m)).collect();
                let shown = moves.len().min(40);
                // A game with continuous moves lists none: its help says
                // how to type one.
                if !moves.is_empty() {
                    writeln!(
                        out,
                        "Legal moves ({}): {}{}",
                        moves.len(),
                        moves[..shown].join(", "),
                        if shown < moves.len() { ", ..." } else { "" }
                    )?;
                }
                writeln!(out, "Type quit to stop.")?;
                continue;
            }
            _ => {}
        }
        if line.is_truncated() {
            writeln!(
                out,
                "That line is too long to be a move; type help for the legal moves."
            )?;
            continue;
        }
        match game.parse_move(state, text) {
            Err(message) => writeln!(out, "{message} (type help for the legal moves)")?,
            Ok(mv) if moves.is_legal(&mv) => return Ok(Some(mv)),
            Ok(_) => writeln!(
                out,
                "{} is not a legal move here; type help for the legal moves.",
                excerpt(text)
            )?,
        }
    }
}
