//! `<!-- screenshot: PATH WIDTHxHEIGHT -->`: a screenshot of a page of
//! `tabula serve`, taken while the book builds. The preprocessor starts
//! the server in its own process (on a free port of 127.0.0.1, once per
//! build), and headless Chromium opens the page and saves what it shows
//! (`chromium --headless --screenshot`); the picture goes into the
//! chapter inline. Without Chromium the chapter says so where the
//! picture would be, and the build warns: it never shows an old picture.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use tabula_cli::Error;

/// How long Chromium may take for one screenshot.
const TIMEOUT: Duration = Duration::from_secs(90);

/// The server and browser of one build, started when first needed.
#[derive(Default)]
pub(crate) struct Screenshots {
    /// The server's address, `http://ADDR/`, once started.
    url: Option<String>,
    taken: usize,
}

/// The headless browser the screenshots (and tabula's browser tests)
/// use: `TABULA_CHROMIUM`, else `chromium` or `chromium-browser` on the
/// path; `None` without one.
pub fn chromium() -> Option<PathBuf> {
    std::env::var_os("TABULA_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n)))
                .find(|p| p.is_file())
        })
}

impl Screenshots {
    /// The HTML for `spec` (`PATH WIDTHxHEIGHT`): the screenshot inline,
    /// or a visible note that it could not be taken here.
    pub(crate) fn take(&mut self, spec: &str, scratch: &Path) -> Result<String, Error> {
        let mut words = spec.split_whitespace();
        let path = words.next().filter(|p| p.starts_with('/')).ok_or_else(|| {
            format!("screenshot: {spec}: expected `PATH WIDTHxHEIGHT`, PATH starting with /")
        })?;
        let (width, height) = match words.next() {
            None => (1280, 900),
            Some(size) => size
                .split_once('x')
                .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
                .filter(|&(w, h)| (200..=4000).contains(&w) && (200..=8000).contains(&h))
                .ok_or_else(|| {
                    format!("screenshot: {spec}: expected a size WIDTHxHEIGHT, such as 1280x900")
                })?,
        };
        let what = format!(
            "<code>tabula serve</code>'s page <code>{}</code>",
            escape(path)
        );
        let Some(browser) = chromium() else {
            eprintln!(
                "mdbook-tabula: warning: no chromium (install Debian's `chromium`, or set TABULA_CHROMIUM): \
                 the book shows a note instead of the screenshot of {path}"
            );
            return Ok(format!(
                "<p class=\"tabula-screenshot-missing\"><strong>No screenshot here:</strong> this copy of the book \
was built where there is no Chromium, so the screenshot of {what} was not taken. Install Debian's <code>chromium</code> \
(or set <code>TABULA_CHROMIUM</code>) and build the book again; or run <code>tabula serve</code> and open the page.</p>\n"
            ));
        };
        let url = match &self.url {
            Some(u) => u.clone(),
            None => {
                let server = tabula_serve::spawn(tabula_serve::Options {
                    addr: "127.0.0.1:0".parse()?,
                    ..tabula_serve::Options::default()
                })?;
                let url = server.url();
                // It serves on its own thread until the preprocessor ends.
                std::mem::forget(server);
                self.url = Some(url.clone());
                url
            }
        };
        std::fs::create_dir_all(scratch)?;
        self.taken += 1;
        let file = scratch.join(format!("screenshot-{}.png", self.taken));
        let page = format!("{}{}", url.trim_end_matches('/'), path);
        let mut child = Command::new(&browser)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                &format!("--window-size={width},{height}"),
                "--virtual-time-budget=20000",
                &format!("--screenshot={}", file.display()),
                &page,
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!(
                    "screenshot of {path}: cannot start {}: {e}",
                    browser.display()
                )
            })?;
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if start.elapsed() > TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("screenshot of {path}: chromium took over {TIMEOUT:?}").into());
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let png = std::fs::read(&file).map_err(|e| {
            format!("screenshot of {path}: chromium ({status}) saved no picture: {e}")
        })?;
        let data = base64::engine::general_purpose::STANDARD.encode(png);
        Ok(format!(
            "<div class=\"tabula-screenshot\"><img src=\"data:image/png;base64,{data}\" \
alt=\"A screenshot of tabula serve's page {alt}\" style=\"max-width: 100%; border: 1px solid #ccc\"></div>\n",
            alt = escape(path)
        ))
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
