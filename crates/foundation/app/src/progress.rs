//! Progress on stderr for long runs, the same for every command: a bar or
//! spinner when stderr is a terminal, otherwise a line now and then (or
//! nothing), so piped and redirected output stays clean.

use std::io::IsTerminal;

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

    /// Progress for a solve described by `what` ("exact analysis").
    pub fn new(what: &str) -> SolveProgress {
        let what = what.to_string();
        if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}")
            {
                bar.set_style(style);
            }
            let shown = bar.clone();
            let sink = tabula_exact::Progress::new(move |_, stage| {
                shown.set_message(format!("{what}: {stage}"));
                shown.tick();
            });
            SolveProgress {
                bar: Some(bar),
                sink,
            }
        } else {
            let next = std::sync::Mutex::new(SolveProgress::LINE_EVERY);
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                if let Ok(mut next) = next.lock()
                    && elapsed >= *next
                {
                    *next = elapsed + SolveProgress::LINE_EVERY;
                    eprintln!("{what}: {:.0} s, {stage}", elapsed.as_secs_f64());
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
        }
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
                        let template = format!(
                            "{{spinner}} [{{elapsed_precise}}] {} {{wide_bar}} {{human_pos}}/{{human_len}} {} (eta {{eta}})",
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
            *next = elapsed + RunProgress::LINE_EVERY;
            eprintln!("{}", self.line(done, elapsed));
        }
    }

    /// The line written when stderr is not a terminal.
    pub fn line(&self, done: u64, elapsed: std::time::Duration) -> String {
        format!(
            "{}: {done}/{} {}, {:.0} s",
            self.what,
            self.total,
            self.unit,
            elapsed.as_secs_f64()
        )
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
            "tournament: 1200/4000 games, 31 s"
        );
        // Early ticks write nothing and keep the largest count.
        p.tick(5);
        p.tick(3);
        assert_eq!(p.done.load(std::sync::atomic::Ordering::Relaxed), 5);
    }
}
