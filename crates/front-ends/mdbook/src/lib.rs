//! `mdbook-tabula`: the book's preprocessor, as a library: a binary that
//! links games calls [`main`] (tabula's own is `src/bin/mdbook-tabula.rs`
//! of the root package). It names no game: it runs `tabula` commands
//! through [`tabula_cli`], over whatever games the binary links.
//!
//! ```no_run
//! fn main() -> std::process::ExitCode {
//!     tabula_mdbook::main()
//! }
//! ```
//!
//! The preprocessor. It draws the book's pictures
//! at build time by running the real commands, so what the book shows is
//! what `tabula` draws today, never a pasted file.
//!
//! In a chapter, a line
//!
//! ```text
//! <!-- picture: board.svg from tabula analyze GAME --some-option -->
//! ```
//!
//! is replaced by the picture `board.svg` that `tabula analyze GAME
//! --some-option --plot DIR` writes, inline. A line
//!
//! ```text
//! <!-- output: tabula analyze GAME --some-option -->
//! ```
//!
//! is replaced by what that command prints on stdout, as a `text` code
//! block; ending the command with `| head -N` keeps its first `N` lines
//! and a line `...`. A line
//!
//! ```text
//! <!-- output: tutorial CRATE analyze GAME --some-option -->
//! ```
//!
//! runs the `tabula` of the book's tutorial crate `CRATE` (a game of a
//! user's own, outside the workspace, in `tutorials/CRATE`) instead, as
//! `cargo run --release --manifest-path tutorials/CRATE/Cargo.toml --
//! COMMAND...` with the workspace's target folder (`../target`), so its
//! output, too, is what the program prints today. Commands run with the book's root folder (where `book.toml` is)
//! as the current folder, so a file in the book is `src/...`. Each
//! distinct command runs once per build; a command that fails fails the
//! build, naming the chapter and the command. Unprocessed (as by `mdbook
//! test`), the line is an HTML comment and shows nothing. The
//! `pictures: ...` lines that `--plot` writes on stderr are not printed:
//! the scratch folder is removed at the end. A line
//!
//! ```text
//! <!-- screenshot: /game/GAME/PAGE 1280x900 -->
//! ```
//!
//! is replaced by a screenshot of that page of `tabula serve` (which the
//! preprocessor starts on a free port of 127.0.0.1), taken by headless
//! Chromium at that window size, inline; where there is no Chromium, by a
//! note saying so where the picture would be (and a warning on stderr). mdBook's protocol:
//! `mdbook-tabula supports RENDERER` answers through the exit status (html
//! only); otherwise `[context, book]` JSON comes on stdin and the book
//! goes back on stdout.
#![deny(missing_docs)]

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;
use tabula_cli::Error;

mod screenshot;

pub use screenshot::chromium;

const OPEN: &str = "<!-- picture:";
const OUTPUT: &str = "<!-- output:";
const SCREENSHOT: &str = "<!-- screenshot:";
const CLOSE: &str = "-->";

/// Runs the preprocessor with the process's arguments and standard
/// input and output, as mdBook calls it.
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("supports") {
        return if args.get(1).map(String::as_str) == Some("html") {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mdbook-tabula: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Error> {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let value: Value = serde_json::from_str(&input)?;
    let (context, mut book) = match value {
        Value::Array(mut parts) if parts.len() == 2 => {
            let book = parts.remove(1);
            (parts.remove(0), book)
        }
        _ => return Err("expected [context, book] on stdin".into()),
    };
    if let Some(root) = context
        .get("root")
        .and_then(Value::as_str)
        .filter(|r| Path::new(r).is_dir())
    {
        std::env::set_current_dir(root).map_err(|e| format!("book root {root}: {e}"))?;
    }
    tabula_cli::pictures::quiet_notices();
    let scratch = std::env::temp_dir().join(format!("mdbook-tabula-{}", std::process::id()));
    let mut pictures = Pictures {
        scratch: scratch.clone(),
        runs: HashMap::new(),
        outputs: HashMap::new(),
        screenshots: screenshot::Screenshots::default(),
    };
    let result = visit(&mut book, &mut pictures);
    let _ = std::fs::remove_dir_all(&scratch);
    result?;
    println!("{}", serde_json::to_string(&book)?);
    Ok(())
}

/// Rewrites every chapter's content, depth first.
fn visit(value: &mut Value, pictures: &mut Pictures) -> Result<(), Error> {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(chapter)) = map.get_mut("Chapter") {
                let name = chapter
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_string();
                if let Some(Value::String(content)) = chapter.get_mut("content") {
                    *content =
                        expand(content, pictures).map_err(|e| format!("chapter {name:?}: {e}"))?;
                }
            }
            for v in map.values_mut() {
                visit(v, pictures)?;
            }
        }
        Value::Array(items) => {
            for v in items {
                visit(v, pictures)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Replaces each picture and output line of `content`, except inside
/// fenced code blocks, where such a line is an example of one.
fn expand(content: &str, pictures: &mut Pictures) -> Result<String, Error> {
    let mut out = String::with_capacity(content.len());
    let mut fence: Option<&str> = None;
    for line in content.split_inclusive('\n') {
        let trimmed = line.trim();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m && trimmed.trim_start_matches(m).is_empty() => {
                fence = None
            }
            _ => {}
        }
        if fence.is_some() || marker.is_some() {
            out.push_str(line);
            continue;
        }
        match trimmed
            .strip_prefix(OPEN)
            .and_then(|rest| rest.strip_suffix(CLOSE))
        {
            Some(spec) => {
                let (file, command) = spec
                    .split_once(" from tabula ")
                    .ok_or_else(|| format!("{trimmed}: expected `FILE from tabula COMMAND...`"))?;
                let svg = pictures.get(file.trim(), command.trim())?;
                out.push_str("<div class=\"tabula-picture\">\n");
                // No blank lines: they would end the HTML block in Markdown.
                for l in tabula_plot::html::inline_svg(&svg).lines() {
                    if !l.trim().is_empty() {
                        out.push_str(l);
                        out.push('\n');
                    }
                }
                out.push_str("</div>\n");
            }
            None => match trimmed
                .strip_prefix(OUTPUT)
                .and_then(|rest| rest.strip_suffix(CLOSE))
            {
                Some(spec) => {
                    let (spec, head) = match spec.rsplit_once("| head -") {
                        Some((command, n)) => {
                            let n: usize = n.trim().parse().map_err(|_| {
                                format!("{trimmed}: expected `| head -N` with N a number")
                            })?;
                            (command, Some(n))
                        }
                        None => (spec, None),
                    };
                    let mut text = match spec.trim().strip_prefix("tutorial ") {
                        Some(rest) => {
                            let (krate, command) = rest.trim().split_once(' ').ok_or_else(|| {
                                format!("{trimmed}: expected `<!-- output: tutorial CRATE COMMAND... -->`")
                            })?;
                            pictures.tutorial_output(krate, command.trim())?
                        }
                        None => {
                            let command = spec.trim().strip_prefix("tabula ").ok_or_else(|| {
                                format!("{trimmed}: expected `<!-- output: tabula COMMAND... -->`")
                            })?;
                            pictures.output(command.trim())?
                        }
                    };
                    if let Some(n) = head {
                        let lines: Vec<&str> = text.lines().collect();
                        if lines.len() > n {
                            text = format!("{}\n...\n", lines[..n].join("\n"));
                        }
                    }
                    out.push_str("```text\n");
                    out.push_str(&text);
                    if !text.ends_with('\n') {
                        out.push('\n');
                    }
                    out.push_str("```\n");
                }
                None => match trimmed
                    .strip_prefix(SCREENSHOT)
                    .and_then(|rest| rest.strip_suffix(CLOSE))
                {
                    Some(spec) => {
                        let scratch = pictures.scratch.join("screenshots");
                        out.push_str(&pictures.screenshots.take(spec.trim(), &scratch)?);
                    }
                    None => out.push_str(line),
                },
            },
        }
    }
    Ok(out)
}

/// The commands run so far: where their pictures went, what they printed.
struct Pictures {
    scratch: PathBuf,
    runs: HashMap<String, PathBuf>,
    /// What each `output:` command printed.
    outputs: HashMap<String, String>,
    /// `tabula serve` and the browser, for `screenshot:` lines.
    screenshots: screenshot::Screenshots,
}

impl Pictures {
    /// The picture `file` of `command`, running it the first time.
    fn get(&mut self, file: &str, command: &str) -> Result<String, Error> {
        let dir = match self.runs.get(command) {
            Some(dir) => dir.clone(),
            None => {
                let dir = self.scratch.join(self.runs.len().to_string());
                draw(command, &dir)?;
                self.runs.insert(command.to_string(), dir.clone());
                dir
            }
        };
        std::fs::read_to_string(dir.join(file))
            .map_err(|e| format!("`tabula {command}` drew no {file}: {e}").into())
    }

    /// What `tabula COMMAND` prints on stdout, running it the first time.
    fn output(&mut self, command: &str) -> Result<String, Error> {
        if let Some(text) = self.outputs.get(command) {
            return Ok(text.clone());
        }
        let mut args = vec!["tabula".to_string()];
        args.extend(command.split_whitespace().map(String::from));
        let mut out = Vec::new();
        tabula_cli::run_args(&args, &mut out).map_err(|e| format!("`tabula {command}`: {e}"))?;
        let text = String::from_utf8(out).map_err(|e| format!("`tabula {command}`: {e}"))?;
        self.outputs.insert(command.to_string(), text.clone());
        Ok(text)
    }
}

impl Pictures {
    /// What the tutorial crate `krate`'s own `tabula COMMAND` prints on
    /// stdout, built and run by cargo the first time.
    fn tutorial_output(&mut self, krate: &str, command: &str) -> Result<String, Error> {
        let key = format!("tutorial {krate} {command}");
        if let Some(text) = self.outputs.get(&key) {
            return Ok(text.clone());
        }
        if krate.is_empty() || !krate.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("`{key}`: {krate:?} is not a tutorial crate's name").into());
        }
        let manifest = Path::new("tutorials").join(krate).join("Cargo.toml");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let target = std::env::var_os("CARGO_TARGET_DIR").unwrap_or_else(|| "../target".into());
        let run = std::process::Command::new(cargo)
            .args(["run", "--quiet", "--release", "--manifest-path"])
            .arg(&manifest)
            .arg("--")
            .args(command.split_whitespace())
            .env("CARGO_TARGET_DIR", target)
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("`{key}`: {e}"))?;
        if !run.status.success() {
            return Err(format!("`{key}` failed: {}", run.status).into());
        }
        let text = String::from_utf8(run.stdout).map_err(|e| format!("`{key}`: {e}"))?;
        self.outputs.insert(key, text.clone());
        Ok(text)
    }
}

/// Runs `tabula COMMAND --plot DIR` in this process, output discarded.
fn draw(command: &str, dir: &Path) -> Result<(), Error> {
    let mut args = vec!["tabula".to_string()];
    args.extend(command.split_whitespace().map(String::from));
    args.push("--plot".into());
    args.push(dir.display().to_string());
    tabula_cli::run_args(&args, &mut std::io::sink())
        .map_err(|e| format!("`tabula {command}`: {e}"))?;
    Ok(())
}
