//! Play at the terminal, as seed 003 shows: you against the computer.
//!
//! The session reads answers line by line from any [`BufRead`] and writes
//! to any [`Write`], so the `tabula play chance-it` command, the
//! `chance-it` binary and the tests run the same code. Answers are
//! case-insensitive; anything else re-prompts; the end of input ends the
//! game cleanly with the score so far.

use std::cell::RefCell;
use std::io::{BufRead, Write};

use tabula_core::{Agent, BoardGame, GameRng, Results, Seat, Streams};
use tabula_play::record::{End, Step};
use tabula_sim::game_loop::{ChanceSource, Decider, Ending, Lists, Observer, play_game};

use crate::ChanceItError;
use crate::config::Config;
use crate::game::{ChanceIt, Event, Move, State};
use crate::strategy;

/// Choices made on the command line instead of at the prompts.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The seed (skips the seed prompt); 0 picks a random seed.
    pub seed: Option<u64>,
    /// The computer's strategy by name or menu number (skips the menu).
    pub strategy: Option<String>,
}

/// How a session ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The seed used.
    pub seed: Option<u64>,
    /// Rounds completed.
    pub rounds_completed: u16,
    /// Your total.
    pub human: u32,
    /// The computer's total.
    pub computer: u32,
    /// Whether all rounds were played (else the input ended).
    pub finished: bool,
    /// The computer's strategy as named (`None` if input ended first).
    pub strategy: Option<String>,
    /// Every roll and decision, in order: the game's record.
    pub steps: Vec<Step<Move, u16>>,
}

impl Played {
    /// How the game ended, for its record: finished with each seat's
    /// total, or stopped when the input ended.
    pub fn end(&self) -> End {
        if self.finished {
            End::Finished(Results::from_scores(vec![
                f64::from(self.human),
                f64::from(self.computer),
            ]))
        } else {
            End::Stopped
        }
    }
}

struct Session<'a> {
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    /// An answer typed at "Hit enter to continue", kept for the next
    /// question.
    pending: Option<String>,
}

impl Session<'_> {
    /// One line of input, trimmed; `None` at the end of input.
    fn line(&mut self) -> Result<Option<String>, ChanceItError> {
        self.out.flush()?;
        if let Some(answer) = self.pending.take() {
            return Ok(Some(answer));
        }
        // Capped, and bytes rather than a String: an over-long line or
        // garbage that is not UTF-8 is just a wrong answer, which
        // re-prompts.
        Ok(tabula_core::input::read_line(self.input)?.map(|l| {
            if l.is_truncated() {
                // Never a valid answer; keep it that way after the cut.
                "\u{0}".to_string()
            } else {
                l.text()
            }
        }))
    }
}

/// The score table in seed 003's layout; rounds not played are blank.
pub fn table(rounds: u16, human: &[u16], computer: &[u16]) -> String {
    let width = 2;
    let cell = |v: Option<&u16>| match v {
        Some(v) => format!(" {v:>width$} |"),
        None => format!(" {:>width$} |", ""),
    };
    let row = |label: &str, scores: &[u16]| {
        let mut s = format!("|{label:<9}|");
        for r in 0..usize::from(rounds) {
            s.push_str(&cell(scores.get(r)));
        }
        let total: u32 = scores.iter().map(|&x| u32::from(x)).sum();
        s.push_str(&format!("{total:>4} |"));
        s
    };
    let mut header = format!("|{:<9}|", "Round");
    for r in 1..=rounds {
        header.push_str(&format!(" {r:>width$} |"));
    }
    header.push_str("Total|");
    let line = "-".repeat(header.chars().count());
    format!(
        "{line}\n{header}\n{}\n{}\n{line}\n",
        row("Human", human),
        row("Computer", computer)
    )
}

fn rolled_line(state: &State) -> String {
    state
        .rolled()
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays one game: the welcome, the seed prompt, the strategy menu, then
/// the rounds, the human (seat 0) first in each. The computer's strategy
/// is built by the framework's agent registry and draws its random
/// choices from its own stream ([`tabula_core::agent_rng`] of seat 1), the
/// dice from the game's ([`tabula_core::game_rng`]): the streams of
/// [`Streams::new(seed, 0)`](Streams::new).
pub fn play(
    config: &Config,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Played, ChanceItError> {
    if config.players() != 2 {
        return Err(ChanceItError::PlayPlayers(config.players()));
    }
    let game = ChanceIt::new(*config);
    let menu = strategy::menu()?;
    let choices: Vec<_> = menu.iter().filter(|e| e.parameter.is_none()).collect();
    // (label shown, name, agent)
    type Chosen = (String, String, Box<dyn Agent<ChanceIt>>);
    let choose = |answer: &str| -> Option<Chosen> {
        if let Ok(n) = answer.parse::<usize>() {
            let e = choices.get(n.checked_sub(1)?)?;
            return strategy::agent(e.name, &game)
                .ok()
                .map(|a| (n.to_string(), e.name.to_string(), a));
        }
        let name = answer.to_ascii_lowercase();
        strategy::agent(&name, &game)
            .ok()
            .map(|a| (name.clone(), name, a))
    };
    // A strategy named on the command line is checked (and solved) before
    // anything is asked, so a strategy that cannot play this game is
    // refused at once, not after the seed prompt.
    let preset = match &options.strategy {
        Some(name) => Some(choose(name).ok_or_else(|| {
            let by_name = match name.parse::<usize>() {
                // A menu number: off the menu, or its strategy's error.
                Ok(n) => match n.checked_sub(1).and_then(|i| choices.get(i)) {
                    Some(e) => e.name,
                    None => {
                        return ChanceItError::NotOnMenu {
                            number: name.clone(),
                            last: choices.len(),
                        };
                    }
                },
                Err(_) => name.as_str(),
            };
            strategy::agent(by_name, &game)
                .err()
                .unwrap_or_else(|| ChanceItError::NoStrategy(name.clone()))
        })?),
        None => None,
    };
    let mut io = Session {
        input,
        out,
        pending: None,
    };
    let mut played = Played {
        seed: None,
        rounds_completed: 0,
        human: 0,
        computer: 0,
        finished: false,
        strategy: None,
        steps: Vec::new(),
    };
    writeln!(io.out, "Welcome to the game of Chance-it!!")?;
    writeln!(io.out, "You will be playing against the computer:")?;

    // The seed.
    let seed = match options.seed {
        Some(s) => s,
        None => {
            writeln!(
                io.out,
                "Please enter a seed for my random number generator (0 for random seed):"
            )?;
            loop {
                let Some(answer) = io.line()? else {
                    return ended(&mut io, config, &played, &[], &[]);
                };
                match answer.parse::<u64>() {
                    Ok(s) => break s,
                    Err(_) => writeln!(
                        io.out,
                        "Please enter a whole number, 0 or more (0 for random seed):"
                    )?,
                }
            }
        }
    };
    let seed = if seed == 0 {
        let s = tabula_core::fresh_seed();
        writeln!(io.out, "(random seed: {s})")?;
        s
    } else {
        seed
    };
    played.seed = Some(seed);

    // The strategy.
    let (label, name, mut computer) = match preset {
        Some(chosen) => chosen,
        None => {
            writeln!(io.out, "Please select a strategy for the computer to use:")?;
            for (i, e) in choices.iter().enumerate() {
                // The seed's two strategies keep the seed's names.
                let summary = e.summary.split(" (seed 003").next().unwrap_or(e.summary);
                let seed_name = match e.rank {
                    1 | 2 => format!("Computer strategy {} ({})", e.rank, e.name),
                    _ => e.name.to_string(),
                };
                writeln!(io.out, "{}. {seed_name}: {summary}", i + 1)?;
            }
            for e in menu.iter().filter(|e| e.parameter.is_some()) {
                writeln!(io.out, "or type {}: {}", e.display_name(), e.summary)?;
            }
            loop {
                write!(io.out, "Which strategy do you select? ")?;
                let Some(answer) = io.line()? else {
                    writeln!(io.out)?;
                    return ended(&mut io, config, &played, &[], &[]);
                };
                match choose(&answer) {
                    Some(c) => break c,
                    None => {
                        // A strategy that exists but cannot play this game
                        // (win-optimal past its rounds) says why.
                        let name = answer
                            .parse::<usize>()
                            .ok()
                            .and_then(|n| choices.get(n.checked_sub(1)?))
                            .map_or_else(|| answer.to_ascii_lowercase(), |e| e.name.to_string());
                        match strategy::build(&name, config) {
                            Err(why) if !matches!(why, ChanceItError::UnknownStrategy { .. }) => {
                                writeln!(io.out, "{why}; please choose another.")?
                            }
                            _ => writeln!(
                                io.out,
                                "Please enter a number from 1 to {}, or a strategy name.",
                                choices.len()
                            )?,
                        }
                    }
                }
            }
        }
    };
    writeln!(io.out, "Computer will use strategy {label}, good luck!")?;
    played.strategy = Some(name);

    // The rounds, through the framework's one game loop: you (seat 0)
    // answer at the prompts, the computer is its agent, and chance is the
    // game's own dice, drawn from the dice's stream.
    let table_state = RefCell::new(Rounds {
        io,
        played,
        human: Vec::new(),
        machine: Vec::new(),
        rounds: config.rounds(),
        pause: false,
        error: None,
    });
    let ended_game = play_game(
        &game,
        &mut Players {
            rounds: &table_state,
            computer: &mut computer,
        },
        &mut SeedDice {
            rounds: &table_state,
        },
        &mut Streams::new(seed, 0),
        u32::MAX,
        &mut Shown {
            rounds: &table_state,
        },
        &mut Lists::default(),
    );
    let Rounds {
        mut io,
        mut played,
        human,
        machine,
        rounds,
        error,
        ..
    } = table_state.into_inner();
    if let Some(e) = error {
        return Err(e.into());
    }
    match ended_game.ending {
        Ending::Over(_) => {}
        Ending::Stopped(Stop::Failed(e)) => return Err(e),
        Ending::Stopped(Stop::InputEnded) | Ending::Capped | Ending::NoOutcomes => {
            return ended(&mut io, config, &played, &human, &machine);
        }
    }
    played.finished = true;
    writeln!(io.out)?;
    writeln!(
        io.out,
        "{rounds} rounds are completed, and the final results are:"
    )?;
    write!(io.out, "{}", table(rounds, &human, &machine))?;
    let (h, c) = (played.human, played.computer);
    if c > h {
        writeln!(io.out, "The computer wins with a Grand Total of: {c}")?;
        writeln!(io.out, "You have only a measly: {h}")?;
    } else if h > c {
        writeln!(io.out, "You win with a Grand Total of: {h}")?;
        writeln!(io.out, "The computer has only a measly: {c}")?;
    } else {
        writeln!(io.out, "It's a tie! You both have a Grand Total of: {h}")?;
    }
    io.out.flush()?;
    Ok(played)
}

/// The session during the rounds, shared by the players (asked at the
/// prompts), the dice (the pause between rounds) and the account of the
/// steps.
struct Rounds<'a> {
    io: Session<'a>,
    played: Played,
    /// Your score in each round played.
    human: Vec<u16>,
    /// The computer's.
    machine: Vec<u16>,
    /// Rounds in the game.
    rounds: u16,
    /// A round just ended and another follows: pause before its first
    /// roll.
    pause: bool,
    /// The first error writing the account of a step.
    error: Option<std::io::Error>,
}

impl Rounds<'_> {
    /// The lines of seed 003's transcript for what happened.
    fn show(&mut self, event: &Event) -> std::io::Result<()> {
        let out = &mut *self.io.out;
        match *event {
            Event::Rolled { seat: 0, value, .. } => writeln!(out, "You rolled a: {value}"),
            Event::Rolled {
                value, first: true, ..
            } => writeln!(out, "Computer rolled a: {value}"),
            Event::Rolled { value, .. } => writeln!(out, "Chance-it! computer rolled a: {value}"),
            Event::Busted { seat: 0, .. } => writeln!(out, "You LOST on Chance-it"),
            Event::Busted { .. } => writeln!(out, "Computer LOST on Chance-it"),
            Event::Scored { seat: 0, score, .. } => {
                self.human.push(score);
                writeln!(out, "-----*****-----")
            }
            Event::Scored { round, score, .. } => {
                self.machine.push(score);
                self.played.rounds_completed = round + 1;
                self.played.human = self.human.iter().map(|&s| u32::from(s)).sum();
                self.played.computer = self.machine.iter().map(|&s| u32::from(s)).sum();
                self.pause = round + 1 < self.rounds;
                Ok(())
            }
        }
    }

    /// Between two rounds: the score table, and "Hit enter to continue".
    fn between_rounds(&mut self) -> Result<(), Stop> {
        if !std::mem::take(&mut self.pause) {
            return Ok(());
        }
        write!(
            self.io.out,
            "{}",
            table(self.rounds, &self.human, &self.machine)
        )?;
        write!(self.io.out, "Hit enter to continue:")?;
        match self.io.line()? {
            None => {
                writeln!(self.io.out)?;
                return Err(Stop::InputEnded);
            }
            // A script that answers without the empty line the pause
            // asks for: its answer is the next question's, so the
            // answers that follow do not drift by one.
            Some(answer)
                if matches!(
                    answer.to_ascii_lowercase().as_str(),
                    "y" | "yes" | "n" | "no"
                ) =>
            {
                self.io.pending = Some(answer);
            }
            Some(_) => {}
        }
        Ok(())
    }
}

/// Why the rounds stopped before the game's end.
enum Stop {
    /// The input ended.
    InputEnded,
    /// Reading or writing failed.
    Failed(ChanceItError),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Failed(e.into())
    }
}

impl From<ChanceItError> for Stop {
    fn from(e: ChanceItError) -> Stop {
        Stop::Failed(e)
    }
}

/// The loop's decider: you at the Y/N prompt in seat 0, the computer's
/// agent in seat 1.
struct Players<'r, 'a> {
    rounds: &'r RefCell<Rounds<'a>>,
    computer: &'r mut Box<dyn Agent<ChanceIt>>,
}

impl Decider<ChanceIt> for Players<'_, '_> {
    type Stop = Stop;

    fn new_game(&mut self, game: &ChanceIt) -> Result<(), Stop> {
        self.computer.new_game(game, 1);
        Ok(())
    }

    fn decide(
        &mut self,
        game: &ChanceIt,
        state: &State,
        seat: Seat,
        _: u32,
        rng: &mut GameRng,
        _: &mut Vec<Move>,
    ) -> Result<Move, Stop> {
        if seat != 0 {
            return Ok(self.computer.choose(game, state, seat, rng));
        }
        let mut rounds = self.rounds.borrow_mut();
        let io = &mut rounds.io;
        writeln!(io.out, "You have already rolled:")?;
        writeln!(io.out, "{}", rolled_line(state))?;
        loop {
            write!(io.out, "Would you like to chance it? (Y or N) ")?;
            let Some(answer) = io.line()? else {
                writeln!(io.out)?;
                return Err(Stop::InputEnded);
            };
            match answer.to_ascii_lowercase().as_str() {
                "y" | "yes" => return Ok(Move::Roll),
                "n" | "no" => return Ok(Move::Stop),
                _ => writeln!(io.out, "Please answer Y or N.")?,
            }
        }
    }
}

/// The loop's chance: the game's own dice (its [`Config`]'s), rolled
/// from the dice's stream, after the pause between rounds.
struct SeedDice<'r, 'a> {
    rounds: &'r RefCell<Rounds<'a>>,
}

impl ChanceSource<ChanceIt, Stop> for SeedDice<'_, '_> {
    fn chance<O: Observer<ChanceIt>>(
        &mut self,
        game: &ChanceIt,
        state: &mut State,
        dice: &mut GameRng,
        _: u32,
        observer: &mut O,
        _: &mut Vec<tabula_core::Chance<u16>>,
    ) -> Result<u32, Stop> {
        self.rounds.borrow_mut().between_rounds()?;
        let value = game.config().dice().roll(dice);
        observer.chance(game, state, &value);
        game.apply_chance(state, value, &mut |e| observer.event(&e));
        Ok(1)
    }
}

/// The loop's observer: every step kept for the record, and the
/// transcript's lines for each roll, bust and end of turn.
struct Shown<'r, 'a> {
    rounds: &'r RefCell<Rounds<'a>>,
}

impl Observer<ChanceIt> for Shown<'_, '_> {
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, _: &ChanceIt, _: &State, outcome: &u16) {
        self.rounds
            .borrow_mut()
            .played
            .steps
            .push(Step::Chance(*outcome));
    }
    fn decision(&mut self, _: &ChanceIt, _: &State, seat: Seat, mv: &Move) {
        self.rounds
            .borrow_mut()
            .played
            .steps
            .push(Step::Move { seat, mv: *mv });
    }
    fn event(&mut self, event: &Event) {
        let mut rounds = self.rounds.borrow_mut();
        if rounds.error.is_none()
            && let Err(e) = rounds.show(event)
        {
            rounds.error = Some(e);
        }
    }
}

/// The input ended: say so and show the score so far.
fn ended(
    io: &mut Session<'_>,
    config: &Config,
    played: &Played,
    human: &[u16],
    computer: &[u16],
) -> Result<Played, ChanceItError> {
    let done = played.rounds_completed;
    writeln!(
        io.out,
        "Input ended: the game stops after {done} of {} rounds. The score so far:",
        config.rounds()
    )?;
    let n = usize::from(done);
    write!(
        io.out,
        "{}",
        table(
            config.rounds(),
            &human[..n.min(human.len())],
            &computer[..n.min(computer.len())]
        )
    )?;
    io.out.flush()?;
    Ok(played.clone())
}
