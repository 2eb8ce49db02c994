//! A form's run's progress, as lines on stderr for the server that
//! started it ([`Lines`]): the server keeps a run's latest line for the
//! form's bar ([`crate::forms::done_of`] reads how far it has got). The
//! registry's interface ([`tabula_registry::progress::Meter`]), shown
//! without a terminal: no bar, no spinner, a line every so often.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use tabula_registry::progress::{Feed, Meter, Run, RunMeter, SolveMeter};

/// How often a line is written for [`Feed::Standard`] (a person reading
/// the server's stderr).
const STANDARD_EVERY: Duration = Duration::from_secs(10);

/// Progress and notes as lines on stderr, one every [`Feed`]'s period
/// at most (the first after as long).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lines {
    every: Duration,
}

impl Lines {
    /// Lines as `feed` asks.
    pub(crate) fn fed(feed: Feed) -> Lines {
        Lines {
            every: match feed {
                Feed::Standard => STANDARD_EVERY,
                Feed::Lines(every) => every,
            },
        }
    }

    /// Shared, as [`tabula_registry::Io::progress`] holds it.
    pub(crate) fn shared(self) -> std::sync::Arc<dyn Meter> {
        std::sync::Arc::new(self)
    }
}

/// Writes `line` on stderr.
fn note(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
    let _ = err.flush();
}

/// When the next line is due: `every` after the last.
#[derive(Debug)]
struct Due {
    start: Instant,
    every: Duration,
    next: Mutex<Duration>,
}

impl Due {
    fn new(every: Duration) -> Due {
        Due {
            start: Instant::now(),
            every,
            next: Mutex::new(every),
        }
    }

    /// The time since the start, if a line is due now.
    fn now(&self) -> Option<Duration> {
        let elapsed = self.start.elapsed();
        let mut next = self.next.lock().ok()?;
        (elapsed >= *next).then(|| {
            *next = elapsed + self.every;
            elapsed
        })
    }
}

/// A run counted in units: `simulation: 20480/100000 games, 3 s`.
#[derive(Debug)]
struct Counted {
    what: String,
    total: u64,
    unit: String,
    due: Due,
    done: std::sync::atomic::AtomicU64,
}

impl RunMeter for Counted {
    fn tick(&self, done: u64) {
        let done = self
            .done
            .fetch_max(done, std::sync::atomic::Ordering::Relaxed)
            .max(done);
        if let Some(elapsed) = self.due.now() {
            note(&format!(
                "{}: {done}/{} {}, {:.0} s",
                self.what,
                self.total,
                self.unit,
                elapsed.as_secs_f64()
            ));
        }
    }
}

/// A solve's sink: `exact analysis: 12 s, solving stage by stage: 300
/// of 1000 stage starts solved`.
struct Solving(tabula_exact::Progress);

impl SolveMeter for Solving {
    fn sink(&self) -> Option<tabula_exact::Progress> {
        Some(self.0.clone())
    }
}

impl Meter for Lines {
    fn start_run(&self, run: &Run<'_>) -> Box<dyn RunMeter> {
        Box::new(Counted {
            what: run.what.to_string(),
            total: run.total,
            unit: run.unit.to_string(),
            due: Due::new(self.every),
            done: std::sync::atomic::AtomicU64::new(0),
        })
    }

    fn start_solve(&self, what: &str) -> Box<dyn SolveMeter> {
        let what = what.to_string();
        let due = Due::new(self.every);
        Box::new(Solving(tabula_exact::Progress::new(
            move |elapsed, stage| {
                if due.now().is_some() {
                    note(&format!("{what}: {:.0} s, {stage}", elapsed.as_secs_f64()));
                }
            },
        )))
    }

    fn note(&self, line: &str) {
        note(line);
    }
}
