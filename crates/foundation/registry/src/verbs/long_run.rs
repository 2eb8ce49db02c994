//! `analyze` for a game that never ends (Monopoly's token going round
//! the board): the long run of its chain, its stationary distribution
//! ([`tabula_exact::Chain::stationary`]), in place of a solution. A game
//! says it never ends through [`Extension::long_run_marks`] and reads
//! its figures off the distribution in [`Extension::long_run`].

use super::*;
use crate::progress::{Meter, seconds_budget};
use tabula_exact::{Chain, Limits, Stationary};

/// What `analyze` reports for a game that never ends: in JSON, the
/// game's [`Variant`] keys, the chain's size and how the solve settled,
/// then the game's own keys.
#[derive(Clone, Debug)]
pub struct LongRunReport {
    /// The game.
    pub variant: Variant,
    /// States of the chain.
    pub states: usize,
    /// Iterations the stationary solve took.
    pub iterations: u32,
    /// Its residual `‖πP − π‖₁`.
    pub residual: f64,
    /// Each mark of [`Extension::long_run_marks`] with its long-run
    /// expected number per step (chance outcome or move), in the order
    /// the chain met them.
    pub marks_per_step: Vec<(u64, f64)>,
    /// The title of the report (`--report`); the generic one unless the
    /// game gives its own.
    pub title: String,
    /// What the game adds ([`Extension::long_run`]): keys, sections of
    /// text and pictures.
    pub extra: Extra,
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

/// Solves `game`'s long run, showing its progress on `meter`, and lets
/// `extension` read it.
pub(crate) fn run<G: Rules>(
    game: &G,
    p: &G::Parameters,
    marks: fn(&G::Event, &mut Vec<u64>),
    values: &Values,
    extension: &dyn Extension<G>,
    meter: &dyn Meter,
) -> Result<LongRunReport, Error>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    let max_states = values.get::<u64>("max_states")?.unwrap_or(1);
    let max_time = values.get::<u64>("max_time")?.unwrap_or(0);
    let solving = meter.start_solve("exact analysis");
    let limits = Limits {
        max_states: usize::try_from(max_states).unwrap_or(usize::MAX),
        max_time: seconds_budget(max_time),
        progress: solving.sink(),
        ..Limits::default()
    };
    let chain: Chain<G, u64> = Chain::explore(game, &limits, marks)?;
    let stationary: Stationary = chain.stationary(&limits)?;
    drop(solving);
    let variant = Variant::of::<G>(p)?;
    let mut report = LongRunReport {
        title: format!("{}: the long run", variant.spec),
        variant,
        states: chain.len(),
        iterations: stationary.iterations,
        residual: stationary.residual,
        marks_per_step: chain
            .mark_keys()
            .iter()
            .copied()
            .zip(stationary.marks.iter().copied())
            .collect(),
        extra: Extra::default(),
    };
    extension.long_run(game, p, &chain, &stationary, &mut report);
    Ok(report)
}

impl crate::Report for LongRunReport {
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
            variant: &'a Variant,
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
