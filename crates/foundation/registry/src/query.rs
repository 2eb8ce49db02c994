//! What is asked of an exact solver and what the verbs get back, whatever
//! the game: the erased half of [`crate::solve`] (its module docs tell
//! the whole).

use std::fmt::Write as _;

use serde::Serialize;
use tabula_exact::Aim;
use tabula_play::tournament::Chances;

use crate::args::Values;
use crate::exact::{Budget, PolicyReport};
use crate::progress::Meter;
use crate::{Error, Extra, Report};

/// What is asked of an exact solver.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Query<'a> {
    /// The game with these agents in the seats, fixed policies named in
    /// seat order (none: chance decides every step): each seat's
    /// chances, and where the method gives them the length
    /// distribution, expected score and rank.
    Distribution {
        /// The agents' names, in seat order.
        agents: &'a [String],
        /// Whether the length distribution is asked for (`analyze`), or
        /// each seat's chances are enough (simulate's exact column,
        /// `tournament --exact`).
        lengths: bool,
    },
    /// Optimal play for an objective: its value and the policy, an
    /// agent.
    Optimal {
        /// The objective.
        aim: Aim,
    },
    /// The long-run share of each state of a game that never ends.
    LongRun,
    /// The game's value under perfect play (a proof search).
    Value,
    /// The game's own solved play named `what`, for its own agents: the
    /// object the game's solver makes (Chance-it's `win-optimal` staged
    /// solve, noline's `perfect` proof table, backgammon's `bearoff`
    /// database), which the agents read. Asked through
    /// [`solved_play`](crate::solved_play), which keeps it in the one
    /// cache of solved play, keyed by the game, its parameters, `what` and
    /// the seats.
    Solved {
        /// The name of what is solved.
        what: &'a str,
    },
}

impl Query<'_> {
    /// The query's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Query::Distribution { .. } => "the distribution under given agents",
            Query::Optimal { .. } => "optimal play",
            Query::LongRun => "the long-run share",
            Query::Value => "the game's value",
            Query::Solved { .. } => "the game's own solved play",
        }
    }
}

/// What a solve may spend, and the verb's options (a game's solver
/// reads its own there: noline's `--max-nodes`).
#[derive(Clone, Copy)]
pub struct Within<'a> {
    /// The most states (`--max-states`).
    pub max_states: u64,
    /// Seconds a phase and steps walked (`--max-seconds`, `--max-steps`).
    pub budget: Budget,
    /// The verb's option values.
    pub options: &'a Values,
    /// Where the solve shows its progress (the verb's display); `None`:
    /// the display installed for the program
    /// ([`progress::installed`](crate::progress::installed)).
    pub meter: Option<&'a dyn Meter>,
}

impl std::fmt::Debug for Within<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Within")
            .field("max_states", &self.max_states)
            .field("budget", &self.budget)
            .field("options", &self.options)
            .field("meter", &self.meter.map(|_| "the verb's"))
            .finish()
    }
}

impl<'a> Within<'a> {
    /// Within `max_states` states and `budget`, the verb's `options`
    /// given, progress on the program's display.
    pub fn new(max_states: u64, budget: Budget, options: &'a Values) -> Within<'a> {
        Within {
            max_states,
            budget,
            options,
            meter: None,
        }
    }

    /// The same, progress shown on `meter`.
    pub fn meter(self, meter: &'a dyn Meter) -> Within<'a> {
        Within {
            meter: Some(meter),
            ..self
        }
    }

    /// Starts showing a solve's progress, as `what`, where [`meter`](Self::meter) says.
    pub fn start_solve(&self, what: &str) -> Box<dyn crate::progress::SolveMeter> {
        match self.meter {
            Some(m) => m.start_solve(what),
            None => crate::progress::installed().start_solve(what),
        }
    }
}

/// The answer to [`Query::Distribution`].
#[derive(Default)]
pub struct Distribution {
    /// Each seat's chances, in seat order.
    pub chances: Vec<Chances>,
    /// The whole solution, where the method gives it: the length
    /// distribution, each seat's chances, expected score and rank.
    pub solution: Option<PolicyReport>,
    /// The game's own sections of the answer (Snakes' expected landings
    /// per square), rendered by the verb as they are.
    pub report: Option<Box<dyn Report>>,
}

/// A solver's answer as the verbs get it, whatever the game: the policy
/// of an [`Optimum`](crate::solve::Optimum) stays with the game's agents.
#[non_exhaustive]
pub enum Answered {
    /// To [`Query::Distribution`].
    Distribution(Distribution),
    /// A report: the game's value, or optimal play's report.
    Report(Box<dyn Report>),
    /// To [`Query::LongRun`]: the long run's figures.
    LongRun(LongRunData),
}

/// The refusal of a query a method does not answer.
pub fn unsupported(method: &str, query: &Query<'_>) -> Error {
    format!("the {method} solver does not answer {}", query.name()).into()
}

/// Each seat's exact chances with agents in the seats, from a method
/// that gives no length distribution (Chance-it's staged solve of two
/// strategies): `analyze`'s report of a [`Distribution`] without a
/// solution.
#[derive(Clone, Debug, Serialize)]
pub struct ChancesReport {
    /// The game's spec.
    pub game: String,
    /// The method that solved it.
    pub method: &'static str,
    /// Why there is no length distribution, where the method says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Each seat's agent and chances.
    pub seats: Vec<SeatChances>,
}

/// One seat of a [`ChancesReport`].
#[derive(Clone, Debug, Serialize)]
pub struct SeatChances {
    /// The agent, as named.
    pub agent: String,
    /// Probability of ranking first alone.
    pub win: f64,
    /// Probability of sharing first place.
    pub tie: f64,
    /// Expected score, where the method gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

impl ChancesReport {
    /// The report of `chances` with `agents` in the seats of `game`.
    pub fn of(game: &str, method: &'static str, agents: &[String], chances: &[Chances]) -> Self {
        ChancesReport {
            game: game.to_string(),
            method,
            note: None,
            seats: chances
                .iter()
                .enumerate()
                .map(|(seat, c)| SeatChances {
                    agent: agents.get(seat).cloned().unwrap_or_default(),
                    win: c.win,
                    tie: c.shared_first,
                    score: c.score,
                })
                .collect(),
        }
    }
}

impl Report for ChancesReport {
    fn title(&self) -> String {
        format!("{}: each seat's chances, exactly", self.game)
    }

    fn text(&self) -> String {
        let agents: Vec<&str> = self.seats.iter().map(|s| s.agent.as_str()).collect();
        // No agents: a game of chance alone.
        let who = if agents.iter().all(|a| a.is_empty()) {
            "chance deciding every step".to_string()
        } else {
            format!("{} in the seats", agents.join(", "))
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} with {who}, solved exactly by its {} solver:",
            self.game, self.method
        );
        if let Some(note) = &self.note {
            let _ = writeln!(out, "  ({note})");
        }
        let _ = writeln!(
            out,
            "  {:<6} {:<20} {:>10} {:>10} {:>12}",
            "seat", "agent", "wins", "ties", "mean score"
        );
        for (seat, s) in self.seats.iter().enumerate() {
            let score = s.score.map_or_else(|| "-".into(), |v| format!("{v:.6}"));
            let _ = writeln!(
                out,
                "  {:<6} {:<20} {:>10.6} {:>10.6} {:>12}",
                seat + 1,
                if s.agent.is_empty() { "-" } else { &s.agent },
                s.win,
                s.tie,
                score
            );
        }
        out
    }

    fn json(&self) -> Result<String, Error> {
        crate::pretty(self)
    }
}

/// What the long-run solve of a game that never ends gives.
#[derive(Clone, Debug)]
pub struct LongRunData {
    /// States of the chain.
    pub states: usize,
    /// Iterations the stationary solve took.
    pub iterations: u32,
    /// Its residual.
    pub residual: f64,
    /// Each mark with its long-run expected number per step.
    pub marks_per_step: Vec<(u64, f64)>,
    /// The report's title, where the game gives its own.
    pub title: Option<String>,
    /// What the game read off the chain: keys, sections, pictures.
    pub extra: Extra,
}
