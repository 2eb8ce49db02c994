//! `analyze` for a game that never ends (Monopoly's token going round
//! the board): the long run of its chain, its stationary distribution,
//! in place of a solution. A game says it never ends, and what it reads
//! off the distribution, with
//! [`GameBuilder::long_run`](tabula_registry::GameBuilder::long_run).

use serde::Serialize;
use tabula_picture::Picture;
use tabula_registry::args::Arg;
use tabula_registry::{Error, Extra, LongRunData, VariantInfo};

/// What `analyze` reports for a game that never ends: in JSON, the
/// game's [`VariantInfo`] keys, the chain's size and how the solve
/// settled, then the game's own keys.
#[derive(Clone, Debug)]
pub struct LongRunReport {
    /// The game.
    pub variant: VariantInfo,
    /// States of the chain.
    pub states: usize,
    /// Iterations the stationary solve took.
    pub iterations: u32,
    /// Its residual `‖πP − π‖₁`.
    pub residual: f64,
    /// Each mark of the game's long run with its long-run expected
    /// number per step (chance outcome or move), in the order the chain
    /// met them.
    pub marks_per_step: Vec<(u64, f64)>,
    /// The title of the report (`--report`); the generic one unless the
    /// game gives its own.
    pub title: String,
    /// What the game adds: keys, sections of text and pictures.
    pub extra: Extra,
}

impl LongRunReport {
    /// The report of a solved long run.
    pub(crate) fn of(variant: VariantInfo, data: LongRunData) -> LongRunReport {
        LongRunReport {
            title: data
                .title
                .unwrap_or_else(|| format!("{}: the long run", variant.spec)),
            variant,
            states: data.states,
            iterations: data.iterations,
            residual: data.residual,
            marks_per_step: data.marks_per_step,
            extra: data.extra,
        }
    }
}

/// `--max-time`: the long-run solve's time budget.
pub(crate) fn max_time_arg() -> Arg {
    Arg::new("max_time")
        .long("max-time")
        .value_name("SECONDS")
        .default_value("60")
        .of::<u64>()
        .help("Time budget of each phase of the exact solve, in seconds; 0: no limit")
}

/// The help of `analyze` for a game that never ends.
pub(crate) const HELP: &str = "The game never ends, so it is solved for its long run: the chain of every state it reaches, and its stationary distribution (the long-run share of steps that start in each state).";

impl tabula_registry::Report for LongRunReport {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn text(&self) -> String {
        let mut out = format!(
            "{}: the game never ends; its long run, exact: a Markov chain of {} states, stationary after {} iterations (residual {:.1e}).\n",
            self.variant.spec, self.states, self.iterations, self.residual
        );
        self.extra.append_text(&mut out);
        out
    }

    fn json(&self) -> Result<String, Error> {
        /// The report's own keys.
        #[derive(Serialize)]
        struct Keys<'a> {
            #[serde(flatten)]
            variant: &'a VariantInfo,
            states: usize,
            iterations: u32,
            residual: f64,
        }
        self.extra.json(&Keys {
            variant: &self.variant,
            states: self.states,
            iterations: self.iterations,
            residual: self.residual,
        })
    }

    fn pictures(&self) -> Vec<Picture> {
        self.extra.pictures.clone()
    }
}
