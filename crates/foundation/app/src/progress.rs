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

/// A time budget in whole seconds from the command line: 0 means none.
pub fn seconds_budget(seconds: u64) -> Option<std::time::Duration> {
    (seconds > 0).then(|| std::time::Duration::from_secs(seconds))
}
