//! Progress of long runs, as an interface: a command says what it is
//! doing ([`Meter::start_run`], [`Meter::start_solve`], [`Meter::note`])
//! through [`Io::progress`](crate::Io::progress), and the front end shows
//! it. This crate draws nothing: the `tabula` command line's display (a
//! bar or spinner on a terminal, otherwise a line now and then on stderr)
//! lives in the front end (`tabula_cli::progress`). A command run with no
//! display ([`Io::new`](crate::Io::new): tests, library use) tells
//! [`Silent`], which shows nothing.
//!
//! ```
//! use tabula_registry::progress::{Meter, Run, Silent};
//!
//! let meter: &dyn Meter = &Silent;
//! let run = meter.start_run(&Run::new("simulation", 1000, "games"));
//! for done in (0..=1000).step_by(100) {
//!     run.tick(done);
//! }
//! // A silent solve hands the solver no sink at all.
//! assert!(meter.start_solve("exact analysis").sink().is_none());
//! ```

use std::sync::{Arc, OnceLock};

/// How a long run's progress is shown: chosen by the front end for its
/// display (a bar for a person, or lines for a program that reads them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Feed {
    /// For a person: a bar or spinner when stderr is a terminal,
    /// otherwise a line every ten seconds.
    #[default]
    Standard,
    /// For a program that reads the lines (`tabula serve`'s forms): never
    /// a bar, a line (`simulation: 20480/100000 games, 3 s`) every this
    /// long, the first after as long.
    Lines(std::time::Duration),
}

/// A long run counted in units, as a command describes it to
/// [`Meter::start_run`]: `what` ("tournament") of `total` `unit`s
/// ("games").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run<'a> {
    /// What runs ("simulation", "tournament").
    pub what: &'a str,
    /// How many units in all.
    pub total: u64,
    /// The unit, plural ("games").
    pub unit: &'a str,
    /// Whether a display may estimate the time left from the rate so far.
    pub estimate: bool,
}

impl<'a> Run<'a> {
    /// A run of `what` of `total` `unit`s, whose time left may be
    /// estimated.
    pub fn new(what: &'a str, total: u64, unit: &'a str) -> Run<'a> {
        Run {
            what,
            total,
            unit,
            estimate: true,
        }
    }

    /// No estimate of the time left: for a run whose units take times
    /// that the first ones do not predict (a tournament's pairings, each
    /// of other agents).
    pub fn without_estimate(self) -> Run<'a> {
        Run {
            estimate: false,
            ..self
        }
    }
}

/// The front end's progress display, as commands see it (in
/// [`Io::progress`](crate::Io::progress)). Each `start_` returns a guard:
/// keep it while the work runs; dropping it ends the display (clears a
/// bar).
pub trait Meter: Send + Sync {
    /// A run counted in units begins; tell the guard how many are done.
    fn start_run(&self, run: &Run<'_>) -> Box<dyn RunMeter>;

    /// An exact solve described by `what` ("exact analysis") begins; put
    /// the guard's [`sink`](SolveMeter::sink) in the solve's
    /// [`Limits::progress`](tabula_exact::Limits::progress).
    fn start_solve(&self, what: &str) -> Box<dyn SolveMeter>;

    /// A line for the person running the command, beside its output
    /// (`Record written to game.json.`): the `tabula` command line writes
    /// it on stderr.
    fn note(&self, line: &str);
}

/// The display of one run counted in units, from [`Meter::start_run`].
pub trait RunMeter: Send + Sync {
    /// `done` units are finished (calls may come from several threads,
    /// a little out of order: the largest count wins). Pass it as a
    /// progress callback: `&|done| run.tick(done)`.
    fn tick(&self, done: u64);
}

/// The display of one exact solve, from [`Meter::start_solve`].
pub trait SolveMeter: Send + Sync {
    /// The sink to put in [`tabula_exact::Limits::progress`]; `None` when
    /// nothing is shown, so the solver reports to no one.
    fn sink(&self) -> Option<tabula_exact::Progress>;
}

/// A display that shows nothing: what a command run with no front end
/// ([`Io::new`](crate::Io::new)) tells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl RunMeter for Silent {
    fn tick(&self, _done: u64) {}
}

impl SolveMeter for Silent {
    fn sink(&self) -> Option<tabula_exact::Progress> {
        None
    }
}

impl Meter for Silent {
    fn start_run(&self, _run: &Run<'_>) -> Box<dyn RunMeter> {
        Box::new(Silent)
    }

    fn start_solve(&self, _what: &str) -> Box<dyn SolveMeter> {
        Box::new(Silent)
    }

    fn note(&self, _line: &str) {}
}

/// No display: [`Silent`], shared.
pub fn silent() -> Arc<dyn Meter> {
    Arc::new(Silent)
}

static INSTALLED: OnceLock<Arc<dyn Meter>> = OnceLock::new();

/// Sets, once per process, the display for work that runs where no
/// [`Io`](crate::Io) reaches: the solve behind an agent built by name
/// (`optimal`, [`exact::optimal_agent`](crate::exact::optimal_agent)),
/// exact chances beside a tournament. A program's front end installs its
/// display when it starts; `false` if one was already installed.
pub fn install(meter: Arc<dyn Meter>) -> bool {
    INSTALLED.set(meter).is_ok()
}

/// The display [`install`]ed for this process, or [`Silent`] if none
/// was.
pub fn installed() -> Arc<dyn Meter> {
    INSTALLED.get().cloned().unwrap_or_else(silent)
}

/// A time budget in whole seconds from the command line: 0 means none.
pub fn seconds_budget(seconds: u64) -> Option<std::time::Duration> {
    (seconds > 0).then(|| std::time::Duration::from_secs(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_estimates_unless_told_not_to() {
        let run = Run::new("tournament", 4000, "games");
        assert!(run.estimate);
        let run = run.without_estimate();
        assert!(!run.estimate);
        assert_eq!(
            (run.what, run.total, run.unit),
            ("tournament", 4000, "games")
        );
        assert_eq!(seconds_budget(0), None);
        assert_eq!(seconds_budget(3), Some(std::time::Duration::from_secs(3)));
        assert_eq!(Feed::default(), Feed::Standard);
    }
}
