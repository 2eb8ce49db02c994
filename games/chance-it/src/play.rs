//! Play at the terminal, as seed 003 shows: you against the computer.
//!
//! The session reads answers line by line from any [`BufRead`] and writes
//! to any [`Write`], so the `tabula play chance-it` command, the
//! `chance-it` binary and the tests run the same code. Answers are
//! case-insensitive; anything else re-prompts; the end of input ends the
//! game cleanly with the score so far.

use std::io::{BufRead, Write};

use tabula_core::{Agent, BoardGame, GameRng, Results, Streams};
use tabula_play::record::{End, Step};

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

    let mut streams = Streams::new(seed, 0);
    computer.new_game(&game, 1);
    let mut state = game.initial_state();
    let mut human: Vec<u16> = Vec::new();
    let mut machine: Vec<u16> = Vec::new();
    let rounds = config.rounds();
    for round in 0..rounds {
        // Your turn.
        let mut busted = false;
        let mut score = 0;
        loop {
            let value = roll(&game, &mut state, streams.dice(), &mut busted);
            played.steps.push(Step::Chance(value));
            writeln!(io.out, "You rolled a: {value}")?;
            if busted {
                writeln!(io.out, "You LOST on Chance-it")?;
                break;
            }
            writeln!(io.out, "You have already rolled:")?;
            writeln!(io.out, "{}", rolled_line(&state))?;
            let mv = loop {
                write!(io.out, "Would you like to chance it? (Y or N) ")?;
                let Some(answer) = io.line()? else {
                    writeln!(io.out)?;
                    return ended(&mut io, config, &played, &human, &machine);
                };
                match answer.to_ascii_lowercase().as_str() {
                    "y" | "yes" => break Move::Roll,
                    "n" | "no" => break Move::Stop,
                    _ => writeln!(io.out, "Please answer Y or N.")?,
                }
            };
            if mv == Move::Stop {
                score = state.last();
            }
            played.steps.push(Step::Move { seat: 0, mv });
            game.apply_move(&mut state, mv, &mut |_| {});
            if mv == Move::Stop {
                break;
            }
        }
        human.push(score);
        writeln!(io.out, "-----*****-----")?;

        // The computer's turn.
        let mut first = true;
        let mut busted = false;
        let mut score = 0;
        loop {
            let value = roll(&game, &mut state, streams.dice(), &mut busted);
            played.steps.push(Step::Chance(value));
            if first {
                writeln!(io.out, "Computer rolled a: {value}")?;
            } else {
                writeln!(io.out, "Chance-it! computer rolled a: {value}")?;
            }
            first = false;
            if busted {
                writeln!(io.out, "Computer LOST on Chance-it")?;
                break;
            }
            let mv = computer.choose(&game, &state, 1, streams.agent(1));
            if mv == Move::Stop {
                score = state.last();
            }
            played.steps.push(Step::Move { seat: 1, mv });
            game.apply_move(&mut state, mv, &mut |_| {});
            if mv == Move::Stop {
                break;
            }
        }
        machine.push(score);
        played.rounds_completed = round + 1;
        played.human = state.totals()[0];
        played.computer = state.totals()[1];
        if round + 1 < rounds {
            write!(io.out, "{}", table(rounds, &human, &machine))?;
            write!(io.out, "Hit enter to continue:")?;
            match io.line()? {
                None => {
                    writeln!(io.out)?;
                    return ended(&mut io, config, &played, &human, &machine);
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
                    io.pending = Some(answer);
                }
                Some(_) => {}
            }
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

/// Rolls for the seat to move; `busted` tells whether the roll repeated a
/// value (the turn then ended with 0).
fn roll(game: &ChanceIt, state: &mut State, rng: &mut GameRng, busted: &mut bool) -> u16 {
    let value = game.config().dice().roll(rng);
    *busted = false;
    game.apply_chance(state, value, &mut |e| {
        if let Event::Busted { .. } = e {
            *busted = true;
        }
    });
    value
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
