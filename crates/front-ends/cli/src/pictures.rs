//! `--plot DIR` and `--report FILE.html`, shared by every command that
//! can draw its results.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use tabula_core::files;
use tabula_plot::html::Page;
use tabula_plot::{draw_all, prepare_dir, write_pictures};
use tabula_registry::picture::Picture;

use crate::Error;

/// Whether [`PlotArgs::write`] keeps quiet about what it wrote.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Stops the `pictures: ...` and `report: ...` lines on stderr for the
/// rest of the process. The book's preprocessor calls it: it draws into a
/// scratch folder that nobody needs to hear about. Errors are still
/// returned as usual.
pub fn quiet_notices() {
    QUIET.store(true, Ordering::Relaxed);
}

/// Where to put pictures.
#[derive(Clone, Debug, Default, Args)]
pub struct PlotArgs {
    /// Also draw the results: write SVG pictures into DIR (created if missing; checked before the run).
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// Also write one self-contained HTML page (numbers and pictures inline, no links) to FILE (its directory must exist; checked before the run).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

impl PlotArgs {
    /// Whether any picture is wanted.
    pub fn wanted(&self) -> bool {
        self.plot.is_some() || self.report.is_some()
    }

    /// Checks the destinations before the work starts, so a typo costs
    /// nothing: creates the `--plot` directory, and checks that the
    /// `--report` file's directory exists and the file is not a directory.
    pub fn prepare(&self) -> Result<(), Error> {
        if let Some(dir) = &self.plot {
            if let Some(file) = file_in_the_way(dir) {
                return Err(format!(
                    "--plot {}: {} is a file, not a directory",
                    dir.display(),
                    file.display()
                )
                .into());
            }
            prepare_dir(dir).map_err(|e| plot_error(dir, e))?;
        }
        if let Some(file) = &self.report {
            if files::is_dir(file) {
                return Err(
                    format!("--report {}: is a directory, not a file", file.display()).into(),
                );
            }
            let parent = match file.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            if let Some(in_the_way) = file_in_the_way(parent) {
                return Err(format!(
                    "--report {}: {} is a file, not a directory",
                    file.display(),
                    in_the_way.display()
                )
                .into());
            }
            if !files::is_dir(parent) {
                return Err(format!(
                    "--report {}: no such directory {}",
                    file.display(),
                    parent.display()
                )
                .into());
            }
        }
        Ok(())
    }

    /// Draws and writes what was asked for, after the results are out:
    /// `pictures` describes them (drawn here, as SVG), `text` is the
    /// report's text, `title` heads the HTML page. Says on stderr what it
    /// wrote.
    pub fn write(
        &self,
        title: &str,
        text: impl FnOnce() -> String,
        pictures: impl FnOnce() -> Vec<Picture>,
    ) -> Result<(), Error> {
        if !self.wanted() {
            return Ok(());
        }
        let pictures = draw_all(&pictures())?;
        if let Some(dir) = &self.plot {
            let written = write_pictures(&pictures, dir).map_err(|e| plot_error(dir, e))?;
            let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
            if !QUIET.load(Ordering::Relaxed) {
                if names.is_empty() {
                    crate::exit::note("pictures: none (this report draws no picture)");
                } else {
                    crate::exit::note(&format!("pictures: {}", names.join(", ")));
                }
            }
        }
        if let Some(file) = &self.report {
            let text = text();
            let html = Page {
                title,
                command: &command_line(),
                text: &text,
                pictures: &pictures,
            }
            .to_html();
            files::write(file, html).map_err(|e| format!("--report {}: {e}", file.display()))?;
            if !QUIET.load(Ordering::Relaxed) {
                crate::exit::note(&format!("report: {}", file.display()));
            }
        }
        Ok(())
    }
}

/// The nearest existing ancestor of `path` (itself included) if it is
/// not a directory: the file that stops `path` being made a directory.
fn file_in_the_way(path: &Path) -> Option<&Path> {
    path.ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| files::exists(a))
        .filter(|a| !files::is_dir(a))
}

/// A picture-writing error, naming the `--plot` option and its value.
fn plot_error(dir: &Path, e: tabula_plot::PlotError) -> Error {
    match e {
        tabula_plot::PlotError::Io { path, source } if path == dir => {
            format!("--plot {}: {source}", dir.display()).into()
        }
        e => format!("--plot {}: {e}", dir.display()).into(),
    }
}

/// The command line that is running, for the report page.
fn command_line() -> String {
    let mut args = std::env::args();
    let program = args
        .next()
        .and_then(|p| {
            Path::new(&p)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "tabula".into());
    std::iter::once(program)
        .chain(args.map(|a| {
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("'{a}'")
            } else {
                a
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}
