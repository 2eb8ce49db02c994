//! Traces: one game replayed throw by throw, as data and as text.

use serde::Serialize;

use crate::board::{Board, Jump};
use crate::game::Event;

/// One game, throw by throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The game's index in its run.
    pub game_index: u64,
    /// The run's seed.
    pub seed: u64,
    /// Every throw in order.
    pub throws: Vec<Throw>,
    /// The seat that won; `None` if the game hit the throw cap.
    pub winner: Option<u8>,
}

/// One throw of a traced game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Throw {
    /// Who threw.
    pub seat: u8,
    /// The throw (the sum of the dice).
    pub roll: u16,
    /// The square before.
    pub from: u16,
    /// The square the throw reached before any ladder or chute (`None`
    /// if forfeited or sent elsewhere by the rules).
    pub reached: Option<u16>,
    /// Ladders and chutes taken, in order.
    pub jumps: Vec<Jump>,
    /// Whether the throw was forfeited.
    pub forfeited: bool,
    /// Where the rules put the token directly, if they did.
    pub sent_to: Option<u16>,
    /// Where the token came to rest.
    pub to: u16,
    /// Other tokens the rules moved after this throw, as `[seat, from,
    /// to]` (e.g. `bump` sending them back to the start); left out of the
    /// JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bumped: Vec<[u16; 3]>,
    /// Whether the same seat throws again after this throw.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
}

impl Trace {
    /// An empty trace of game `index` of the run with `seed`.
    pub fn new(seed: u64, index: u64) -> Trace {
        Trace {
            game_index: index,
            seed,
            throws: Vec::new(),
            winner: None,
        }
    }

    /// Adds an event of the game to the trace.
    pub fn record(&mut self, e: &Event) {
        let throw = |seat, roll, from| Throw {
            seat,
            roll,
            from,
            reached: None,
            jumps: Vec::new(),
            forfeited: false,
            sent_to: None,
            to: from,
            bumped: Vec::new(),
            again: false,
        };
        match *e {
            Event::Moved {
                seat,
                roll,
                from,
                to,
                ..
            } => {
                let mut t = throw(seat, roll, from);
                t.reached = Some(to);
                t.to = to;
                self.throws.push(t);
            }
            Event::Jumped { from, to, .. } => {
                if let Some(t) = self.throws.last_mut() {
                    t.jumps.push(Jump { from, to });
                    t.to = to;
                }
            }
            Event::Forfeited { seat, roll, at } => {
                let mut t = throw(seat, roll, at);
                t.forfeited = true;
                self.throws.push(t);
            }
            Event::SentTo {
                seat,
                roll,
                from,
                to,
            } => {
                let mut t = throw(seat, roll, from);
                t.sent_to = Some(to);
                t.to = to;
                self.throws.push(t);
            }
            Event::Bumped { seat, from, to, .. } => {
                if let Some(t) = self.throws.last_mut() {
                    t.bumped.push([u16::from(seat), from, to]);
                }
            }
            Event::Again { .. } => {
                if let Some(t) = self.throws.last_mut() {
                    t.again = true;
                }
            }
            Event::Finished { seat } => self.winner = Some(seat),
        }
    }

    /// The throws, in order.
    pub fn rolls(&self) -> Vec<u16> {
        self.throws.iter().map(|t| t.roll).collect()
    }

    /// The squares the mover rests on: 0 (the start), then after each throw.
    /// With one player this is the token's path.
    pub fn squares(&self) -> Vec<u16> {
        std::iter::once(0)
            .chain(self.throws.iter().map(|t| t.to))
            .collect()
    }

    /// The trace as text, one throw a line.
    pub fn to_text(&self, board: &Board, rules: &str, players: u8) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Game {} of the run with seed {} ({}, rules {rules}):",
            self.game_index,
            self.seed,
            board.name()
        );
        let width = self.throws.len().to_string().len();
        for (n, t) in self.throws.iter().enumerate() {
            let who = if players > 1 {
                format!("player {} ", t.seat + 1)
            } else {
                String::new()
            };
            let _ = write!(s, "  throw {:>width$}: {who}rolled {:>2}, ", n + 1, t.roll);
            s.push_str(&t.describe(board));
            s.push('\n');
        }
        match self.winner {
            Some(w) if players > 1 => {
                let _ = writeln!(
                    s,
                    "  player {} wins after {} throws.",
                    w + 1,
                    self.throws.len()
                );
            }
            Some(_) => {
                let _ = writeln!(s, "  finished in {} throws.", self.throws.len());
            }
            None => {
                let _ = writeln!(
                    s,
                    "  stopped by the throw cap after {} throws.",
                    self.throws.len()
                );
            }
        }
        s
    }
}

impl Throw {
    /// What the throw did, as the trace's line shows it after the roll:
    /// `3 -> 8, ladder 8 -> 31`.
    pub fn describe(&self, board: &Board) -> String {
        use std::fmt::Write;
        let t = self;
        let mut s = String::new();
        if t.forfeited {
            let _ = write!(
                s,
                "{} + {} passes {}: forfeited, stays on {}",
                t.from,
                t.roll,
                board.size(),
                t.from
            );
        } else if let Some(to) = t.sent_to {
            let _ = write!(s, "{} -> sent to {}", t.from, to);
        } else if let Some(reached) = t.reached {
            let _ = write!(s, "{} -> {reached}", t.from);
            let natural = u32::from(t.from) + u32::from(t.roll);
            if natural > u32::from(board.size()) && reached == board.size() {
                let _ = write!(s, " (passes {})", board.size());
            } else if natural != u32::from(reached) {
                let _ = write!(s, " (bounced back from {})", board.size());
            }
            for j in &t.jumps {
                let _ = write!(s, ", {} {} -> {}", j.kind(), j.from, j.to);
            }
        }
        for [seat, from, to] in &t.bumped {
            let _ = write!(s, "; sends player {} from {from} to {to}", seat + 1);
        }
        if t.again {
            s.push_str("; throws again");
        }
        s
    }
}

impl Trace {
    /// What one throw from `state` did, as a trace line shows it: the
    /// events of that throw, recorded.
    pub fn of_events(events: &[Event]) -> Trace {
        let mut trace = Trace::new(0, 0);
        for e in events {
            trace.record(e);
        }
        trace
    }

    /// The throws recorded.
    pub fn throws(&self) -> &[Throw] {
        &self.throws
    }
}
