//! A person against an agent at the terminal: the board drawn with
//! coordinates, placements and moves typed as squares (`a1 b2`, `c2 c3`),
//! anything else re-prompted with the reason, end of input (or `quit`)
//! stopping cleanly with the game so far.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use tabula_core::GameRng;

use crate::agent::{self, SeegaAgent};
use crate::board::{Side, Step, parse_pair};
use crate::record::{Players, Record, Turn};
use crate::referee::ask;
use crate::rules::{Action, Outcome, Phase, Position, Reason, Rules};

/// What to play.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Board side, stalemate threshold, who places first.
    pub rules: Rules,
    /// The side the person plays.
    pub human: Side,
    /// The agent's name (see [`agent::build`]).
    pub agent: String,
    /// The seed of the agent's random choices.
    pub seed: u64,
}

/// How a game at the terminal went.
#[derive(Clone, Debug)]
pub struct Played {
    /// Every turn so far, and the result if the game ended.
    pub record: Record,
    /// How it ended, or `None` if input ended (or the person quit) first.
    pub outcome: Option<Outcome>,
}

const HELP: &str = "Squares are a column letter and a row number, like c3 (row 1 is the top row).\n\
Placing: type two free squares, like a1 b2 (not the centre, marked +).\n\
Moving: type the piece's square and the square next to it, like c2 c3.\n\
A piece sandwiched between your moved piece and another of yours, in a row or column, is captured\n\
(except on the centre). After a capture you must capture again with the same piece if you can.\n\
Type quit to stop.";

enum Input {
    Line(String),
    /// A line over the cap, with its length in bytes.
    TooLong(u64),
    End,
}

/// One answer, capped at [`tabula_core::input::MAX_LINE_BYTES`].
fn read_line(input: &mut dyn BufRead) -> io::Result<Input> {
    Ok(match tabula_core::input::read_line(input)? {
        None => Input::End,
        Some(l) if l.is_truncated() => Input::TooLong(l.len()),
        Some(l) => Input::Line(l.text()),
    })
}

/// A game stopped by an input or output error (a closed output, say),
/// with its record so far.
#[derive(Debug)]
pub struct Stopped {
    /// Every turn played before the error.
    pub record: Record,
    /// What went wrong.
    pub error: io::Error,
}

/// Plays one game, reading the person's answers from `input`.
pub fn play(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Played> {
    play_keeping_record(options, input, out).map_err(|s| s.error)
}

/// [`play`], keeping the record of the turns played when an error stops
/// the game, so it can still be written.
pub fn play_keeping_record(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Played, Stopped> {
    let me = options.human;
    let names = if me == Side::Black {
        ["you".to_string(), options.agent.clone()]
    } else {
        [options.agent.clone(), "you".to_string()]
    };
    let mut record = Record::new(
        &options.rules,
        Some(Players {
            black: names[0].clone(),
            white: names[1].clone(),
        }),
    );
    match session(options, input, out, &mut record) {
        Ok(outcome) => Ok(Played { record, outcome }),
        Err(error) => Err(Stopped { record, error }),
    }
}

/// The game itself; returns its outcome, or `None` if the person stopped.
fn session(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    record: &mut Record,
) -> io::Result<Option<Outcome>> {
    let mut bot: Box<dyn SeegaAgent> =
        agent::build(&options.agent).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let rules = options.rules;
    let me = options.human;
    let mut rng: GameRng = tabula_core::game_rng(options.seed, 0);
    let mut time = Duration::ZERO;
    bot.init_game(&agent::GameInfo {
        side: me.other(),
        size: rules.size(),
        places_first: rules.first() != me,
        stalemate: rules.stalemate(),
    });
    writeln!(
        out,
        "Seega on a {0}x{0} board. You play {me} ({1}), {2} plays {3} ({4}). {5} first.\n\
         Each side has {6} pieces. The game ends at the stalemate threshold: {7} moves without a capture.\n\
         Type help for how to play, quit to stop.",
        rules.size(),
        me.symbol(),
        options.agent,
        me.other(),
        me.other().symbol(),
        if rules.first() == me {
            "You place".to_string()
        } else {
            format!("{} places", options.agent)
        },
        rules.pieces(),
        rules.stalemate(),
    )?;
    let mut position = Position::new(rules);
    let mut show = true;
    while position.outcome().is_none() {
        let side = position.to_move();
        if side != me {
            let action = match ask(bot.as_mut(), &position, &mut rng, &mut time) {
                Ok(a) => a,
                Err(m) => {
                    writeln!(out, "{} panicked ({m}) and forfeits.", options.agent)?;
                    record.turns.push(Turn::Forfeit {
                        side,
                        reason: format!("panicked: {m}"),
                    });
                    position.forfeit(side, Reason::Forfeit);
                    break;
                }
            };
            record.turns.push(Turn::of(side, action));
            match position.play(&action) {
                Ok(captures) => {
                    write!(out, "{side} ({}) {action}", options.agent)?;
                    if !captures.is_empty() {
                        let caught: Vec<String> =
                            captures.squares().iter().map(|s| s.to_string()).collect();
                        write!(out, ", capturing {}", caught.join(" "))?;
                    }
                    writeln!(out, ".")?;
                    show = true;
                }
                Err(e) => {
                    writeln!(out, "{side} ({}) {action}: illegal ({e}).", options.agent)?;
                    position.forfeit(side, Reason::Illegal);
                }
            }
            continue;
        }
        if show {
            writeln!(out)?;
            write!(out, "{}", position.render())?;
            writeln!(out, "{}", position.summary())?;
            show = false;
        }
        if position.phase() == Phase::Movement && !position.can_move() {
            writeln!(out, "You cannot move: you pass.")?;
            record.turns.push(Turn::of(me, Action::Blocked));
            position.apply(&Action::Blocked);
            continue;
        }
        let prompt = match (position.phase(), position.follow_up()) {
            (Phase::Placement, _) => "Place two pieces (like a1 b2): ".to_string(),
            (Phase::Movement, Some(f)) => {
                format!(
                    "Capture again with the piece on {f} (like {f} and the square it moves to): "
                )
            }
            (Phase::Movement, None) => "Your move (like c2 c3): ".to_string(),
        };
        write!(out, "{prompt}")?;
        out.flush()?;
        let line = match read_line(input)? {
            Input::End => {
                writeln!(out)?;
                writeln!(out, "End of input: the game stops here, unfinished.")?;
                return finish(None, &position, out);
            }
            Input::TooLong(n) => {
                writeln!(
                    out,
                    "That line is too long ({n} characters; at most {}). Type help for how to play.",
                    tabula_core::input::MAX_LINE_BYTES
                )?;
                continue;
            }
            Input::Line(l) => l,
        };
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => {
                writeln!(out, "You stopped the game; it is unfinished.")?;
                return finish(None, &position, out);
            }
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "board" => {
                show = true;
                continue;
            }
            _ => {}
        }
        let action = match parse_pair(&line, rules.size()) {
            Err(e) => {
                writeln!(out, "{e}. Type help for how to play.")?;
                continue;
            }
            Ok(pair) => match position.phase() {
                Phase::Placement => Action::Place(pair),
                Phase::Movement => Action::Move(Step {
                    from: pair[0],
                    to: pair[1],
                }),
            },
        };
        match position.play(&action) {
            Err(e) => writeln!(out, "Not allowed: {e}. Try again.")?,
            Ok(captures) => {
                record.turns.push(Turn::of(me, action));
                if !captures.is_empty() {
                    let caught: Vec<String> =
                        captures.squares().iter().map(|s| s.to_string()).collect();
                    writeln!(out, "You capture {}.", caught.join(" "))?;
                }
                show = position.to_move() == me;
            }
        }
    }
    let outcome = position.outcome();
    if let Some(o) = outcome {
        bot.term_game(&o);
    }
    record.result = outcome;
    finish(outcome, &position, out)
}

fn finish(
    outcome: Option<Outcome>,
    position: &Position,
    out: &mut dyn Write,
) -> io::Result<Option<Outcome>> {
    writeln!(out)?;
    write!(out, "{}", position.render())?;
    writeln!(out, "{}", position.summary())?;
    out.flush()?;
    Ok(outcome)
}
