//! The time budget of a solve and the progress it reports on the way.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{ExactError, Limits};

/// What a long solve is doing, as told to a [`Progress`] sink.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Stage {
    /// Exploring the reachable states ([`Chain::build`](crate::Chain::build)).
    Building {
        /// States found so far.
        states: usize,
        /// Transitions found so far.
        transitions: usize,
    },
    /// Pushing the distribution forward ([`Chain::walk`](crate::Chain::walk)).
    Walking {
        /// Steps walked so far.
        step: u32,
        /// Probability that the game is still running.
        remaining: f64,
    },
    /// Searching for the shortest games ([`Chain::shortest`](crate::Chain::shortest)).
    Searching {
        /// Search depth reached.
        depth: u32,
    },
    /// Solving a game stage by stage ([`Staged::solve`](crate::Staged::solve)).
    Staging {
        /// Stage starts solved so far.
        solved: usize,
        /// Stage starts found so far (all of them once solving begins).
        found: usize,
    },
    /// Searching a game tree for its value ([`ProofSearch`](crate::proof::ProofSearch),
    /// or a game's own search), one first move after another.
    TreeSearch {
        /// First moves whose value is settled.
        settled: usize,
        /// First moves to settle.
        moves: usize,
        /// Positions searched so far.
        positions: u64,
        /// Positions in the transposition table.
        table: usize,
    },
    /// Solving a numbered game's states block by block
    /// ([`DenseOptimal::solve`](crate::DenseOptimal::solve)).
    Blocks {
        /// States whose values are final.
        solved: usize,
        /// States the game numbers.
        states: usize,
    },
    /// Iterating toward a fixed point ([`Chain::stationary`](crate::Chain::stationary),
    /// value iteration).
    Settling {
        /// Iterations made.
        iteration: u32,
        /// The last residual (infinite before the first).
        residual: f64,
    },
}

impl Stage {
    /// How much of its phase the solve has done, from 0 to 1, where that
    /// is known: the stage starts solved among all found. Exploring a
    /// chain, walking a distribution or iterating to a fixed point has no
    /// known end until it gets there (`None`). A tree search counts its
    /// first moves settled.
    pub fn fraction_done(&self) -> Option<f64> {
        match *self {
            Stage::Staging { solved, found } if solved > 0 && found > 0 => {
                Some((solved as f64 / found as f64).min(1.0))
            }
            Stage::Blocks { solved, states } if solved > 0 && states > 0 => {
                Some((solved as f64 / states as f64).min(1.0))
            }
            // First moves differ widely in cost: a rough guide at best.
            Stage::TreeSearch { settled, moves, .. } if settled > 0 && moves > 0 => {
                Some((settled as f64 / moves as f64).min(1.0))
            }
            _ => None,
        }
    }

    /// What the solver was doing, in a few words ("building the chain").
    pub fn activity(&self) -> &'static str {
        match self {
            Stage::Building { .. } => "building the chain",
            Stage::Walking { .. } => "walking the distribution",
            Stage::Searching { .. } => "searching for the shortest games",
            Stage::Staging { .. } => "solving stage by stage",
            Stage::Blocks { .. } => "solving block by block",
            Stage::TreeSearch { .. } => "searching the game tree",
            Stage::Settling { .. } => "iterating to a fixed point",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stage::Building {
                states,
                transitions,
            } => write!(
                f,
                "building the chain: {states} states, {transitions} transitions"
            ),
            Stage::Walking { step, remaining } => {
                write!(
                    f,
                    "walking the distribution: step {step}, still running with probability "
                )?;
                if remaining >= 1.0 {
                    f.write_str("1")
                } else if remaining >= 0.999 {
                    // Near 1, say how far from 1: `{:e}` would round
                    // 0.99999 up to "1e0".
                    write!(f, "1 - {:.3e}", 1.0 - remaining)
                } else if remaining >= 1e-3 {
                    write!(f, "{remaining:.6}")
                } else {
                    write!(f, "{remaining:.3e}")
                }
            }
            // Every start is found before the first is solved.
            Stage::Staging { solved: 0, found } => {
                write!(f, "solving stage by stage: {found} stage starts found")
            }
            Stage::Staging { solved, found } => write!(
                f,
                "solving stage by stage: {solved} of {found} stage starts solved"
            ),
            Stage::TreeSearch {
                settled,
                moves,
                positions,
                table,
            } => write!(
                f,
                "searching the game tree: {settled} of {moves} first moves settled, \
                 {positions} positions searched, {table} in the table"
            ),
            Stage::Blocks { solved, states } => write!(
                f,
                "solving block by block: {solved} of {states} states solved"
            ),
            Stage::Searching { depth } => {
                write!(f, "searching for the shortest games: depth {depth}")
            }
            Stage::Settling {
                iteration,
                residual,
            } => write!(
                f,
                "iterating to a fixed point: iteration {iteration}, residual {residual:.3e}"
            ),
        }
    }
}

/// Where a long solve reports how far it got: called about every
/// [`Progress::EVERY`] once a solve has run that long, with how long it
/// has run and what it is doing.
#[derive(Clone)]
pub struct Progress(Arc<ProgressFn>);

/// What a [`Progress`] sink calls.
type ProgressFn = dyn Fn(Duration, &Stage) + Send + Sync;

impl Progress {
    /// How often a long solve reports.
    pub const EVERY: Duration = Duration::from_millis(500);

    /// A sink that calls `f(elapsed, stage)`.
    pub fn new(f: impl Fn(Duration, &Stage) + Send + Sync + 'static) -> Progress {
        Progress(Arc::new(f))
    }

    /// Tells the sink that the work has run `elapsed` and is at `stage`:
    /// for a solver of a game's own that reports like the framework's
    /// (about every [`Progress::EVERY`]).
    pub fn report(&self, elapsed: Duration, stage: &Stage) {
        (self.0)(elapsed, stage);
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Progress(..)")
    }
}

impl PartialEq for Progress {
    /// Two sinks are equal when they are the same sink.
    fn eq(&self, other: &Progress) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A switch that stops a solve from another thread: set it
/// ([`Cancel::cancel`]) and a solve given it in [`Limits::cancel`] fails
/// with [`ExactError::Cancelled`] at its next look at its time budget
/// (every few hundred states or steps). Clones share one switch.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A switch not yet set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets it: the solves given it stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether it is set.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for Cancel {
    /// Two switches are equal when they are the same switch.
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Checks the time budget and the cancel switch, and reports progress,
/// cheaply enough to be asked on every step.
pub(crate) struct Clock<'a> {
    start: Instant,
    limit: Option<Duration>,
    cancel: Option<&'a Cancel>,
    progress: Option<&'a Progress>,
    next_report: Duration,
    calls: u32,
    every: u32,
}

impl<'a> Clock<'a> {
    /// A clock for one phase of a solve. It looks at the time only every
    /// `every`-th call (1 where a call is already expensive).
    pub(crate) fn start(limits: &'a Limits, every: u32) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            limit: limits.max_time,
            cancel: limits.cancel.as_ref(),
            progress: limits.progress.as_ref(),
            next_report: Progress::EVERY,
            calls: 0,
            every: every.max(1),
        }
    }

    /// Looks at the time every `every`-th call from now on.
    pub(crate) fn every(&mut self, every: u32) {
        self.every = every.max(1);
        self.calls = 0;
    }

    /// Fails with [`ExactError::OutOfTime`] once the budget is spent,
    /// and with [`ExactError::Cancelled`] once the cancel switch is set;
    /// reports `stage()` to the progress sink now and then.
    pub(crate) fn tick(&mut self, stage: impl FnOnce() -> Stage) -> Result<(), ExactError> {
        self.calls += 1;
        if self.calls < self.every {
            return Ok(());
        }
        self.calls = 0;
        if let Some(cancel) = self.cancel
            && cancel.is_cancelled()
        {
            return Err(ExactError::Cancelled {
                stage: stage().to_string(),
            });
        }
        if self.limit.is_none() && self.progress.is_none() {
            return Ok(());
        }
        let elapsed = self.start.elapsed();
        if let Some(limit) = self.limit
            && elapsed > limit
        {
            let stage = stage();
            return Err(ExactError::OutOfTime {
                limit_s: limit.as_secs_f64(),
                stage: stage.to_string(),
            });
        }
        if let Some(p) = self.progress
            && elapsed >= self.next_report
        {
            self.next_report = elapsed + Progress::EVERY;
            (p.0)(elapsed, &stage());
        }
        Ok(())
    }
}
