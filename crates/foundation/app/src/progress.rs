//! Progress on stderr for long runs, the same for every command: a bar or
//! spinner when stderr is a terminal, otherwise a line now and then (or
//! nothing), so piped and redirected output stays clean.

use std::io::IsTerminal;

/// How a long run reports its progress on stderr: chosen by the front
/// end and handed to commands in [`Io::progress`](crate::Io::progress).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Feed {
    /// For a person: a bar or spinner when stderr is a terminal,
    /// otherwise a line every [`RunProgress::LINE_EVERY`] (or
    /// [`SolveProgress::LINE_EVERY`]).
    #[default]
    Standard,
    /// For a program that reads the lines (`tabula serve`'s forms): never
    /// a bar, a line (`simulation: 20480/100000 games, 3 s`) every this
    /// long, the first after as long.
    Lines(std::time::Duration),
}

impl Feed {
    /// Whether a bar or spinner is drawn: a standard feed on a terminal.
    fn draws(self) -> bool {
        self == Feed::Standard && std::io::stderr().is_terminal()
    }

    /// How often a line is written when none is drawn, `standard` for a
    /// standard feed.
    fn every(self, standard: std::time::Duration) -> std::time::Duration {
        match self {
            Feed::Standard => standard,
            Feed::Lines(every) => every,
        }
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
/// known (`Stage::fraction_done`); the estimate restarts with each phase.
fn solve_status(
    eta: &std::sync::Mutex<(Option<&'static str>, Eta)>,
    elapsed: std::time::Duration,
    stage: &tabula_exact::Stage,
) -> String {
    let left = stage.fraction_done().and_then(|fraction| {
        let mut eta = eta.lock().ok()?;
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
        if feed.draws() {
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}")
            {
                bar.set_style(style);
            }
            let shown = bar.clone();
            let eta = std::sync::Mutex::new((None, Eta::default()));
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                shown.set_message(format!("{what}: {}", solve_status(&eta, elapsed, stage)));
                shown.tick();
            });
            SolveProgress {
                bar: Some(bar),
                sink,
            }
        } else {
            let every = feed.every(SolveProgress::LINE_EVERY);
            let next = std::sync::Mutex::new(every);
            let eta = std::sync::Mutex::new((None, Eta::default()));
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                // Every report feeds the estimate; a line now and then.
                let status = solve_status(&eta, elapsed, stage);
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
        self.terminal = feed.draws();
        self.every = feed.every(RunProgress::LINE_EVERY);
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

/// A time budget in whole seconds from the command line: 0 means none.
pub fn seconds_budget(seconds: u64) -> Option<std::time::Duration> {
    (seconds > 0).then(|| std::time::Duration::from_secs(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_progress_lines() {
        let p = RunProgress::new("tournament", 4000, "games");
        assert_eq!(
            p.line(1200, std::time::Duration::from_millis(31_400)),
            "tournament: 1200/4000 games, 31 s, about 73 s left"
        );
        assert_eq!(
            p.line(0, std::time::Duration::from_secs(12)),
            "tournament: 0/4000 games, 12 s"
        );
        assert_eq!(
            p.line(100, std::time::Duration::from_secs(60)),
            "tournament: 100/4000 games, 60 s, about 39 min left"
        );
        let q = RunProgress::new("tournament", 4000, "games").without_estimate();
        assert_eq!(
            q.line(1200, std::time::Duration::from_millis(31_400)),
            "tournament: 1200/4000 games, 31 s, no estimate of the time left (pairings differ in speed)"
        );
        // Early ticks write nothing and keep the largest count.
        p.tick(5);
        p.tick(3);
        assert_eq!(p.done.load(std::sync::atomic::Ordering::Relaxed), 5);
    }

    #[test]
    fn a_feed_of_lines_never_draws_and_writes_as_often_as_asked() {
        let every = std::time::Duration::from_millis(250);
        let p = RunProgress::new("simulation", 100, "games").fed(Feed::Lines(every));
        assert!(!p.terminal);
        assert_eq!(p.every, every);
        assert_eq!(p.next_line.lock().map(|n| *n).ok(), Some(every));
        // A standard feed keeps a person's pace.
        let q = RunProgress::new("simulation", 100, "games").fed(Feed::Standard);
        assert_eq!(q.every, RunProgress::LINE_EVERY);
        assert_eq!(Feed::default(), Feed::Standard);
        assert_eq!(Feed::Lines(every).every(RunProgress::LINE_EVERY), every);
        assert!(!Feed::Lines(every).draws());
    }

    #[test]
    fn solve_lines_estimate_the_time_left_where_the_phase_has_a_known_size() {
        use std::time::Duration;
        use tabula_exact::Stage;
        let eta = std::sync::Mutex::new((None, Eta::default()));
        let staging = |solved| Stage::Staging {
            solved,
            found: 1000,
        };
        // Discovery: no size yet. The first solved reading starts the
        // estimate; the next gives the rate.
        assert_eq!(
            solve_status(&eta, Duration::from_secs(1), &staging(0)),
            "solving stage by stage: 1000 stage starts found"
        );
        assert_eq!(
            solve_status(&eta, Duration::from_secs(2), &staging(100)),
            "solving stage by stage: 100 of 1000 stage starts solved"
        );
        assert_eq!(
            solve_status(&eta, Duration::from_secs(12), &staging(300)),
            "solving stage by stage: 300 of 1000 stage starts solved, about 35 s left"
        );
        // A phase of unknown size says what it does, no time left.
        let building = Stage::Building {
            states: 10,
            transitions: 20,
        };
        assert_eq!(
            solve_status(&eta, Duration::from_secs(13), &building),
            "building the chain: 10 states, 20 transitions"
        );
        // The rate of the last ten seconds: 300 to 600 in 10 s.
        assert_eq!(
            solve_status(&eta, Duration::from_secs(20), &staging(100)),
            "solving stage by stage: 100 of 1000 stage starts solved"
        );
        assert_eq!(
            solve_status(&eta, Duration::from_secs(30), &staging(300)),
            "solving stage by stage: 300 of 1000 stage starts solved, about 35 s left"
        );
        assert_eq!(
            solve_status(&eta, Duration::from_secs(40), &staging(600)),
            "solving stage by stage: 600 of 1000 stage starts solved, about 13 s left"
        );
        assert_eq!(time_left(Duration::from_secs(5400)), "about 1.5 h left");
        assert_eq!(time_left(Duration::from_millis(200)), "about 1 s left");
    }
}
