//! The `tabula` command line's progress display, on stderr, the same for
//! every command: a bar or spinner when stderr is a terminal, otherwise a
//! line now and then (or nothing), so piped and redirected output stays
//! clean. Commands tell it through the interface of
//! [`tabula_registry::progress`] ([`Io::progress`](tabula_registry::Io::progress));
//! [`Stderr`] is this front end's [`Meter`].

use std::io::IsTerminal;

use tabula_registry::progress::{Meter, Run, RunMeter, SolveMeter};

pub use tabula_registry::progress::Feed;

/// Progress and notes on stderr, reported as its [`Feed`] says: the
/// display the `tabula` command line gives its commands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stderr {
    feed: Feed,
}

impl Stderr {
    /// The display for a person ([`Feed::Standard`]).
    pub fn new() -> Stderr {
        Stderr::fed(Feed::Standard)
    }

    /// The display reporting as `feed` says.
    pub fn fed(feed: Feed) -> Stderr {
        Stderr { feed }
    }

    /// The display, shared, as [`Io::progress`](tabula_registry::Io::progress)
    /// holds it.
    pub fn shared(self) -> std::sync::Arc<dyn Meter> {
        std::sync::Arc::new(self)
    }
}

impl Meter for Stderr {
    fn start_run(&self, run: &Run<'_>) -> Box<dyn RunMeter> {
        let progress = RunProgress::new(run.what, run.total, run.unit).fed(self.feed);
        Box::new(if run.estimate {
            progress
        } else {
            progress.without_estimate()
        })
    }

    fn start_solve(&self, what: &str) -> Box<dyn SolveMeter> {
        Box::new(SolveProgress::fed(what, self.feed))
    }

    fn note(&self, line: &str) {
        crate::exit::note(line);
    }
}

impl RunMeter for RunProgress {
    fn tick(&self, done: u64) {
        RunProgress::tick(self, done);
    }
}

impl SolveMeter for SolveProgress {
    fn sink(&self) -> Option<tabula_exact::Progress> {
        Some(SolveProgress::sink(self))
    }
}

/// The environment variable that sets how often progress lines come:
/// `TABULA_PROGRESS_EVERY=SECONDS` (whole or decimal, `60`, `0.5`).
pub const PROGRESS_EVERY: &str = "TABULA_PROGRESS_EVERY";

/// The feed [`PROGRESS_EVERY`] asks for: unset (or empty), the standard
/// display (a bar on a terminal, otherwise a line every ten seconds); set,
/// a line on stderr every that many seconds, the first after as long, and
/// never a bar ([`Feed::Lines`], for logs and programs that read them).
pub fn feed_from_env() -> Result<Feed, tabula_registry::Error> {
    feed_from(std::env::var_os(PROGRESS_EVERY).as_deref())
}

/// [`feed_from_env`] for the variable's value, `None` when unset.
///
/// ```
/// use std::ffi::OsStr;
/// use std::time::Duration;
/// use tabula_cli::progress::{Feed, feed_from};
///
/// assert_eq!(feed_from(None)?, Feed::Standard);
/// assert_eq!(feed_from(Some(OsStr::new("0.5")))?, Feed::Lines(Duration::from_millis(500)));
/// assert!(feed_from(Some(OsStr::new("often"))).is_err());
/// # Ok::<_, tabula_registry::Error>(())
/// ```
pub fn feed_from(value: Option<&std::ffi::OsStr>) -> Result<Feed, tabula_registry::Error> {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Ok(Feed::Standard);
    };
    let shown = value.to_string_lossy();
    let refused = || {
        format!(
            "{PROGRESS_EVERY}={}: not a number of seconds between progress lines \
             (a positive number such as 60 or 0.5, at most a day; unset it for the standard display)",
            tabula_core::text::printable(&shown)
        )
    };
    let seconds: f64 = shown.trim().parse().map_err(|_| refused())?;
    if !(seconds > 0.0 && seconds <= 86_400.0) {
        return Err(refused().into());
    }
    Ok(Feed::Lines(std::time::Duration::from_secs_f64(seconds)))
}

/// Whether a bar or spinner is drawn: a standard feed on a terminal.
fn draws(feed: Feed) -> bool {
    feed == Feed::Standard && std::io::stderr().is_terminal()
}

/// How often a line is written when none is drawn, `standard` for a
/// standard feed.
fn every(feed: Feed, standard: std::time::Duration) -> std::time::Duration {
    match feed {
        Feed::Standard => standard,
        Feed::Lines(every) => every,
    }
}

/// A progress bar on stderr for long runs, drawn only when stderr is a
/// terminal, so piped and redirected output stays clean.
pub fn progress_bar(total: u64, min_total: u64) -> Option<indicatif::ProgressBar> {
    if total < min_total || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} games (eta {eta})",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

/// A running estimate of the time left in a phase of known size, at the
/// rate of the last [`Eta::WINDOW`] (work often gets slower or faster as
/// a phase goes on: the recent rate follows it).
#[derive(Debug, Default)]
struct Eta {
    readings: std::collections::VecDeque<(std::time::Duration, f64)>,
}

impl Eta {
    /// How far back the rate is measured.
    const WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

    /// An estimate starting from `fraction` done at `elapsed`.
    fn from(elapsed: std::time::Duration, fraction: f64) -> Eta {
        Eta {
            readings: [(elapsed, fraction)].into(),
        }
    }

    /// The time left when `fraction` (0 to 1) is done at `elapsed`; none
    /// before the work has visibly moved since the first reading.
    fn left(&mut self, elapsed: std::time::Duration, fraction: f64) -> Option<std::time::Duration> {
        // Keep the newest reading at least a window old, and those after.
        while self.readings.len() > 1 && self.readings[1].0 + Eta::WINDOW <= elapsed {
            self.readings.pop_front();
        }
        let (t0, f0) = self
            .readings
            .front()
            .copied()
            .unwrap_or((elapsed, fraction));
        self.readings.push_back((elapsed, fraction));
        let (dt, df) = (elapsed.saturating_sub(t0).as_secs_f64(), fraction - f0);
        (dt > 0.0 && df > 0.0 && fraction <= 1.0)
            .then(|| std::time::Duration::from_secs_f64(dt / df * (1.0 - fraction)))
    }
}

/// A time left in words: "about 40 s left", "about 12 min left", "about
/// 2.5 h left".
pub fn time_left(left: std::time::Duration) -> String {
    let s = left.as_secs_f64();
    if s < 90.0 {
        format!("about {:.0} s left", s.max(1.0))
    } else if s < 90.0 * 60.0 {
        format!("about {:.0} min left", s / 60.0)
    } else {
        format!("about {:.1} h left", s / 3600.0)
    }
}

/// What a solve is doing, with the time left where its phase's size is
/// known ([`Stage::fraction_done`](tabula_exact::Stage::fraction_done)):
/// the words of a solve's spinner and lines. The estimate restarts with
/// each phase.
#[derive(Debug, Default)]
pub struct SolveStatus {
    eta: std::sync::Mutex<(Option<&'static str>, Eta)>,
}

impl SolveStatus {
    /// A solve's status, before any report.
    pub fn new() -> SolveStatus {
        SolveStatus::default()
    }

    /// What the solve is doing at `stage`, `elapsed` into it, with the
    /// time left at the rate of the last ten seconds where it is known
    /// ("solving stage by stage: 300 of 1000 stage starts solved, about
    /// 35 s left").
    pub fn status(&self, elapsed: std::time::Duration, stage: &tabula_exact::Stage) -> String {
        let left = stage.fraction_done().and_then(|fraction| {
            let mut eta = self.eta.lock().ok()?;
            if eta.0 != Some(stage.activity()) {
                *eta = (Some(stage.activity()), Eta::default());
            }
            eta.1.left(elapsed, fraction)
        });
        match left {
            Some(left) => format!("{stage}, {}", time_left(left)),
            None => stage.to_string(),
        }
    }
}

/// Progress of a long exact solve on stderr: a spinner with what the
/// solver is doing when stderr is a terminal, otherwise one line every
/// [`SolveProgress::LINE_EVERY`] once the solve has run that long. Keep it
/// alive while the solve runs; dropping it clears the spinner.
pub struct SolveProgress {
    bar: Option<indicatif::ProgressBar>,
    sink: tabula_exact::Progress,
}

impl SolveProgress {
    /// How often a line is written when stderr is not a terminal.
    pub const LINE_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

    /// Progress for a solve described by `what` ("exact analysis"), for a
    /// person ([`Feed::Standard`]).
    pub fn new(what: &str) -> SolveProgress {
        SolveProgress::fed(what, Feed::Standard)
    }

    /// Progress for a solve described by `what`, reported as `feed` says.
    pub fn fed(what: &str, feed: Feed) -> SolveProgress {
        let what = what.to_string();
        if draws(feed) {
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}")
            {
                bar.set_style(style);
            }
            let shown = bar.clone();
            let status = SolveStatus::new();
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                shown.set_message(format!("{what}: {}", status.status(elapsed, stage)));
                shown.tick();
            });
            SolveProgress {
                bar: Some(bar),
                sink,
            }
        } else {
            let every = every(feed, SolveProgress::LINE_EVERY);
            let next = std::sync::Mutex::new(every);
            let status = SolveStatus::new();
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                // Every report feeds the estimate; a line now and then.
                let status = status.status(elapsed, stage);
                if let Ok(mut next) = next.lock()
                    && elapsed >= *next
                {
                    *next = elapsed + every;
                    crate::exit::note(&format!("{what}: {:.0} s, {status}", elapsed.as_secs_f64()));
                }
            });
            SolveProgress { bar: None, sink }
        }
    }

    /// The sink to put in [`tabula_exact::Limits::progress`].
    pub fn sink(&self) -> tabula_exact::Progress {
        self.sink.clone()
    }
}

impl Drop for SolveProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Progress of a long run counted in units (games of a tournament, runs of
/// a simulation) on stderr: a bar once the run has gone on for
/// [`RunProgress::SHOW_AFTER`] when stderr is a terminal, otherwise one
/// line every [`RunProgress::LINE_EVERY`] (`tournament: 1200/4000 games,
/// 31 s`). Pass [`tick`](RunProgress::tick) as a progress callback:
/// `&|done| progress.tick(done)`. Dropping it clears the bar.
pub struct RunProgress {
    what: String,
    unit: String,
    total: u64,
    start: std::time::Instant,
    terminal: bool,
    bar: std::sync::OnceLock<indicatif::ProgressBar>,
    done: std::sync::atomic::AtomicU64,
    next_line: std::sync::Mutex<std::time::Duration>,
    /// How often a line is written when no bar is drawn.
    every: std::time::Duration,
    /// Whether the time left is estimated from the rate so far.
    estimate: bool,
}

impl RunProgress {
    /// How often a line is written when stderr is not a terminal (the
    /// first after as long).
    pub const LINE_EVERY: std::time::Duration = std::time::Duration::from_secs(10);
    /// How long a run goes on before a bar is drawn on a terminal.
    pub const SHOW_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

    /// Progress of a run described by `what` ("tournament") of `total`
    /// `unit`s ("games").
    pub fn new(what: &str, total: u64, unit: &str) -> RunProgress {
        RunProgress {
            what: what.to_string(),
            unit: unit.to_string(),
            total,
            start: std::time::Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            bar: std::sync::OnceLock::new(),
            done: std::sync::atomic::AtomicU64::new(0),
            next_line: std::sync::Mutex::new(RunProgress::LINE_EVERY),
            every: RunProgress::LINE_EVERY,
            estimate: true,
        }
    }

    /// Reported as `feed` says ([`Feed::Lines`]: a line every so often,
    /// never a bar).
    pub fn fed(mut self, feed: Feed) -> RunProgress {
        self.terminal = draws(feed);
        self.every = every(feed, RunProgress::LINE_EVERY);
        self.next_line = std::sync::Mutex::new(self.every);
        self
    }

    /// No estimate of the time left: for a run whose units take times
    /// that the first ones do not predict (a tournament's pairings, each
    /// of other agents). Its lines say so.
    pub fn without_estimate(mut self) -> RunProgress {
        self.estimate = false;
        self
    }

    /// `done` units are finished (calls may come from several threads,
    /// a little out of order: the largest count wins).
    pub fn tick(&self, done: u64) {
        let done = self
            .done
            .fetch_max(done, std::sync::atomic::Ordering::Relaxed)
            .max(done);
        let elapsed = self.start.elapsed();
        if self.terminal {
            if let Some(bar) = self.bar.get() {
                bar.set_position(done);
            } else if elapsed >= RunProgress::SHOW_AFTER {
                self.bar
                    .get_or_init(|| {
                        let bar = indicatif::ProgressBar::new(self.total);
                        let eta = if self.estimate { " (eta {eta})" } else { "" };
                        let template = format!(
                            "{{spinner}} [{{elapsed_precise}}] {} {{wide_bar}} {{human_pos}}/{{human_len}} {}{eta}",
                            self.what, self.unit
                        );
                        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
                            bar.set_style(style);
                        }
                        bar
                    })
                    .set_position(done);
            }
        } else if let Ok(mut next) = self.next_line.lock()
            && elapsed >= *next
        {
            *next = elapsed + self.every;
            crate::exit::note(&self.line(done, elapsed));
        }
    }

    /// The most units reported done so far.
    pub fn done(&self) -> u64 {
        self.done.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether a bar is drawn (once the run has gone on for
    /// [`SHOW_AFTER`](RunProgress::SHOW_AFTER)) rather than lines
    /// written.
    pub fn draws(&self) -> bool {
        self.terminal
    }

    /// How often a line is written when no bar is drawn.
    pub fn line_every(&self) -> std::time::Duration {
        self.every
    }

    /// The line written when stderr is not a terminal, with the time left
    /// at the rate so far.
    pub fn line(&self, done: u64, elapsed: std::time::Duration) -> String {
        let mut line = format!(
            "{}: {done}/{} {}, {:.0} s",
            self.what,
            self.total,
            self.unit,
            elapsed.as_secs_f64()
        );
        if !self.estimate {
            line.push_str(", no estimate of the time left (pairings differ in speed)");
            return line;
        }
        let fraction = done as f64 / self.total.max(1) as f64;
        if let Some(left) = Eta::from(std::time::Duration::ZERO, 0.0).left(elapsed, fraction) {
            line.push_str(", ");
            line.push_str(&time_left(left));
        }
        line
    }
}

impl Drop for RunProgress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}
