//! Chance-it's look at the terminal, specification 003's: `tabula play chance-it`
//! is the framework's generic `play`, shown and asked as [`SpecificationLook`]
//! says (Y or N after each roll, the computer's rolls in words, the score
//! table and "Hit enter to continue" between rounds, the grand totals at
//! the end). The seed prompt and the strategy menu before the game are
//! Chance-it's look's (its registration's, with the feature `commands`).
//!
//! Answers are case-insensitive; anything else re-prompts; the end of
//! input ends the game cleanly with the score so far.

use std::io::{self, BufRead, Write};

use tabula_core::Results;
use tabula_core::Seat;
use tabula_play::terminal::{Look, Moves, Screen};

use crate::config::Config;
use crate::game::{ChanceIt, Event, Move, State};

/// The score table in specification 003's layout; rounds not played are blank.
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

/// What the end of input says: the rounds played and the score so far
/// (of the rounds both players finished).
pub fn input_ended(rounds: u16, human: &[u16], computer: &[u16]) -> String {
    let done = computer.len().min(human.len());
    format!(
        "Input ended: the game stops after {done} of {rounds} rounds. The score so far:\n{}",
        table(rounds, &human[..done], &computer[..done])
    )
}

/// One answer, trimmed, after the question is flushed; `None` at the end
/// of input. Capped, and bytes rather than a `String`: an over-long line
/// or garbage that is not UTF-8 is just a wrong answer, which re-prompts.
pub fn answer(input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Option<String>> {
    out.flush()?;
    Ok(tabula_play::input::read_line(input)?.map(|l| {
        if l.is_truncated() {
            // Never a valid answer; keep it that way after the cut.
            "\u{0}".to_string()
        } else {
            l.text()
        }
    }))
}

/// Specification 003's look: you (seat 0) answer Y or N after each roll, the
/// computer's turns are told in words, the score table and a pause come
/// between rounds, and the grand totals at the end.
#[derive(Clone, Debug)]
pub struct SpecificationLook {
    /// Rounds in the game.
    rounds: u16,
    /// Your score in each round played.
    human: Vec<u16>,
    /// The computer's.
    computer: Vec<u16>,
    /// A round just ended and another follows: pause before its first
    /// roll.
    pause: bool,
    /// An answer typed at "Hit enter to continue", kept for the next
    /// question.
    pending: Option<String>,
}

impl SpecificationLook {
    /// The look of a game of `config`.
    pub fn new(config: &Config) -> SpecificationLook {
        SpecificationLook {
            rounds: config.rounds(),
            human: Vec::new(),
            computer: Vec::new(),
            pause: false,
            pending: None,
        }
    }

    /// The next answer: one typed at the pause, or the next line.
    fn answer(&mut self, screen: &mut Screen<'_>) -> io::Result<Option<String>> {
        if let Some(pending) = self.pending.take() {
            screen.out.flush()?;
            return Ok(Some(pending));
        }
        answer(&mut *screen.input, &mut *screen.out)
    }
}

fn rolled_line(state: &State) -> String {
    state
        .rolled()
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Look<ChanceIt> for SpecificationLook {
    /// "You have already rolled:", the dice so far, then "Would you like
    /// to chance it? (Y or N)" until the answer is one.
    fn ask(
        &mut self,
        _: &ChanceIt,
        state: &State,
        _: Seat,
        _: &Moves<'_, ChanceIt>,
        screen: &mut Screen<'_>,
    ) -> io::Result<Option<Move>> {
        writeln!(screen.out, "You have already rolled:")?;
        writeln!(screen.out, "{}", rolled_line(state))?;
        loop {
            write!(screen.out, "Would you like to chance it? (Y or N) ")?;
            let Some(answer) = self.answer(screen)? else {
                writeln!(screen.out)?;
                return Ok(None);
            };
            match answer.to_ascii_lowercase().as_str() {
                "y" | "yes" => return Ok(Some(Move::Roll)),
                "n" | "no" => return Ok(Some(Move::Stop)),
                _ => writeln!(screen.out, "Please answer Y or N.")?,
            }
        }
    }

    /// The computer's decisions show as its rolls.
    fn agent_moved(
        &mut self,
        _: &ChanceIt,
        _: &State,
        _: Seat,
        _: &str,
        _: &Move,
        _: &mut Screen<'_>,
    ) -> io::Result<()> {
        Ok(())
    }

    /// Between two rounds: the score table, and "Hit enter to continue".
    fn before_chance(
        &mut self,
        _: &ChanceIt,
        _: &State,
        screen: &mut Screen<'_>,
    ) -> io::Result<bool> {
        if !std::mem::take(&mut self.pause) {
            return Ok(true);
        }
        write!(
            screen.out,
            "{}",
            table(self.rounds, &self.human, &self.computer)
        )?;
        write!(screen.out, "Hit enter to continue:")?;
        match answer(&mut *screen.input, &mut *screen.out)? {
            None => {
                writeln!(screen.out)?;
                return Ok(false);
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
                self.pending = Some(answer);
            }
            Some(_) => {}
        }
        Ok(true)
    }

    /// The rolls show as events.
    fn chance(&mut self, _: &ChanceIt, _: &State, _: &u16, _: &mut Screen<'_>) -> io::Result<()> {
        Ok(())
    }

    /// The lines of specification 003's transcript for what happened.
    fn event(&mut self, _: &ChanceIt, event: &Event, screen: &mut Screen<'_>) -> io::Result<()> {
        let out = &mut *screen.out;
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
                self.computer.push(score);
                self.pause = round + 1 < self.rounds;
                Ok(())
            }
        }
    }

    /// The final table and who wins with which Grand Total.
    fn over(
        &mut self,
        _: &ChanceIt,
        _: &State,
        _: &Results,
        screen: &mut Screen<'_>,
    ) -> io::Result<()> {
        let out = &mut *screen.out;
        let rounds = self.rounds;
        writeln!(out)?;
        writeln!(
            out,
            "{rounds} rounds are completed, and the final results are:"
        )?;
        write!(out, "{}", table(rounds, &self.human, &self.computer))?;
        let total = |scores: &[u16]| scores.iter().map(|&s| u32::from(s)).sum::<u32>();
        let (h, c) = (total(&self.human), total(&self.computer));
        if c > h {
            writeln!(out, "The computer wins with a Grand Total of: {c}")?;
            writeln!(out, "You have only a measly: {h}")
        } else if h > c {
            writeln!(out, "You win with a Grand Total of: {h}")?;
            writeln!(out, "The computer has only a measly: {c}")
        } else {
            writeln!(out, "It's a tie! You both have a Grand Total of: {h}")
        }
    }

    /// The input ended: say so and show the score so far.
    fn stopped(&mut self, _: &ChanceIt, _: &State, screen: &mut Screen<'_>) -> io::Result<()> {
        write!(
            screen.out,
            "{}",
            input_ended(self.rounds, &self.human, &self.computer)
        )
    }
}
