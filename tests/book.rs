//! The README and the book, run as a user runs them.
//!
//! # Every shell command
//!
//! `every_shell_command_in_the_readme_and_the_book_runs` reads `README.md`
//! and every `book/src/**/*.md`, takes each fenced code block whose info
//! string starts with `sh`, `shell`, `bash` or `console`, and runs every
//! command in it as a real process, checking its exit status (the
//! commands that run a tutorial crate's program are run by
//! `the_tutorial_crates_shell_commands_run`, one of the slow tests below).
//! It is one of the slow tests itself, `#[ignore]`d in the README's test
//! command and run by `.ci/run` (hundreds of processes: about a minute on
//! two cores, a third of the suite's time after a fresh clone):
//!
//! - One command per line; a line ending in `\` goes on on the next line.
//! - Blank lines and lines starting with `#` are skipped, and ` # ...` at
//!   the end of a line is a comment, cut off. The comment `# exits N` says
//!   that the command is expected to fail with status `N` (otherwise it
//!   must exit 0).
//! - A leading `$ ` prompt is removed. In a `console` block, lines without
//!   it are the commands' output, and are skipped.
//! - Arguments are split at spaces; `'...'` and `"..."` quote. Leading
//!   `NAME=value` words set environment variables for the command, as a
//!   shell does (`TABULA_PROGRESS_EVERY=0.5 tabula ...`). Pipes,
//!   redirections, `&&`, `;`, `$(...)` and `cd` are refused: one plain
//!   command per line.
//! - Each command runs in a fresh scratch folder holding a copy of the
//!   files beside its chapter (so `my_board.ron` is there, as the tutorial
//!   has you save it), with empty standard input. `cargo` paths
//!   (`--manifest-path`) are read from the repository's root, as the
//!   README's are.
//!
//! Programs run as already built, never through a nested `cargo run`:
//!
//! | written | runs |
//! |---|---|
//! | `tabula ARGS`, `chance-it ARGS`, `noline ARGS`, also as `target/release/NAME` | `target/PROFILE/NAME ARGS` |
//! | `cargo run [--release] [-p tabula] [-- ARGS]` | `target/PROFILE/D ARGS`, `D` the `default-run` of the root `Cargo.toml` (without one, the form is refused, as cargo refuses it) |
//! | `cargo run [--release] --bin NAME [-- ARGS]` | `target/PROFILE/NAME ARGS` |
//! | `cargo run [--release] --example NAME [-- ARGS]` | `target/PROFILE/examples/NAME ARGS` |
//! | `cargo run [--release] --manifest-path book/tutorials/CRATE/Cargo.toml [--bin B] [-- ARGS]` | the tutorial crate's binary, built as below |
//!
//! `--release` is dropped: the test runs the builds that `cargo test`
//! made, in its profile (`cargo test --release --workspace` builds every
//! binary and example; run on its own, this test first runs `cargo build
//! --workspace --bins --examples`, with `--release` when it is a release
//! build). Commands the test cannot run are listed in [`NOT_RUN`],
//! each with its reason, and the test fails when an entry is no longer
//! used.
//!
//! **Quick runs.** Unless `TABULA_DOC_QUICK=0` is set, long runs are
//! shortened, never skipped: `--games N` (or `--games=N`) becomes at
//! most 2 (every game takes an even count), `--rolls N` at most 10,000,
//! and `--game I`, which names one of the games, at most the last of
//! them when `--games` is lowered. With `TABULA_DOC_QUICK=0` every
//! command runs exactly as written.
//!
//! # The tutorial crates
//!
//! The book's Rust code lives in crates of a user's own under
//! `book/tutorials` (a workspace of its own, excluded from tabula's), which
//! the chapters include. `the_tutorial_crates_build_and_run` builds them
//! with `cargo build` in tabula's target folder (`CARGO_TARGET_DIR`) and
//! this test's profile, so the dependencies compiled for tabula's tests
//! are used again, and runs
//! every binary with no arguments: a program checks its own results with
//! `assert!` and exits 0; a crate's own `tabula` (a `main` that calls
//! `tabula::main()`: `pig`, `my-strategy`, `my-agent`, `my-sailor`) prints its usage
//! and exits 2. The chapters run those through their shell commands, and
//! the tests below pin what they print and the figures quoted from them,
//! and play `play pig` from a script.
//!
//! Those tests are `#[ignore]`d in a plain `cargo test`: cargo compiles
//! the tabula crates anew for crates outside tabula's workspace (it keeps
//! a path dependency's build per workspace), about two minutes on two
//! cores, which would more than double the suite's time after a fresh
//! clone. `.ci/run` runs them, with `cargo test --release --workspace --
//! --ignored` (leaving out the one test meant to be run by hand), and so
//! can anyone:
//!
//! ```text
//! cargo test --release --test suite book:: -- --ignored
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Commands the test does not run: (start of the command, why).
const NOT_RUN: &[(&str, &str)] = &[
    // This test is part of it: it would run itself.
    ("cargo test", "the test suite itself"),
    // Writes into ~/.cargo/bin; `tabula ...` lines run the same binary.
    ("cargo install", "installs into the user's ~/.cargo/bin"),
    // A release build of its own would take minutes; the binaries it
    // builds run here from the test build.
    ("cargo build --release", "minutes of release build"),
    // Builds the Python module (minutes, PyO3); .ci/run runs this very
    // line, from the README, in a fresh virtual environment, and pytest.
    (
        "pip install",
        "builds the Python module; .ci/run runs it and its pytest",
    ),
    // Benchmarks measure, they assert nothing, and take minutes.
    ("cargo bench", "benchmarks take minutes and check nothing"),
    // Needs mdbook, and `serve` runs until stopped; CI runs `mdbook build
    // book` and `mdbook test book` (.ci/run).
    ("mdbook", "needs mdbook; .ci/run builds and tests the book"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/PROFILE`: where this test and the workspace's binaries are.
fn profile_dir() -> PathBuf {
    let mut dir = std::env::current_exe().expect("the test's path");
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    dir
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    c.current_dir(root()).stdin(Stdio::null());
    c
}

fn check_build(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The workspace's binaries and examples, built if this test runs alone.
fn binaries() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = profile_dir();
        let exe = std::env::consts::EXE_SUFFIX;
        let wanted = [
            dir.join(format!("tabula{exe}")),
            dir.join(format!("chance-it{exe}")),
            dir.join(format!("noline{exe}")),
            dir.join("examples").join(format!("snakes{exe}")),
        ];
        if wanted.iter().any(|p| !p.exists()) {
            let mut build = cargo();
            build.args(["build", "--workspace", "--bins", "--examples"]);
            if dir.ends_with("release") {
                build.arg("--release");
            }
            let out = build.output().expect("cargo runs");
            check_build("cargo build --workspace --bins --examples", &out);
        }
        dir
    })
}

/// The tutorial crates, built into tabula's target folder; returns where
/// their binaries are.
fn tutorials() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = profile_dir();
        let target = dir.parent().expect("target folder").to_path_buf();
        // In this test's profile, so every dependency already built for the
        // suite is used again; the tabula crates are compiled anew (cargo
        // keys a path crate's build by its path from the workspace root),
        // at the opt-levels book/tutorials/Cargo.toml gives them.
        let release = dir.ends_with("release");
        // One crate at a time, as a user builds their own: built together,
        // cargo would unify their features, and a crate without the
        // shipped games (the Pig tutorial) would link them, its game
        // beside the shipped `pig`, as one that uses them asks.
        for package in tutorial_packages() {
            let mut build = cargo();
            build.args(["build", "-p", &package, "--manifest-path"]);
            build.arg(root().join("book/tutorials/Cargo.toml"));
            if release {
                build.arg("--release");
            }
            let out = build
                .env("CARGO_TARGET_DIR", &target)
                .output()
                .expect("cargo runs");
            check_build(&format!("building book/tutorials, {package}"), &out);
        }
        dir
    })
}

/// The tutorial crates' package names.
fn tutorial_packages() -> Vec<String> {
    let dir = root().join("book/tutorials");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("book/tutorials")
        .map(|e| e.expect("an entry").path().join("Cargo.toml"))
        .filter(|m| m.exists())
        .map(|m| package_name(&m))
        .collect();
    names.sort();
    names
}

/// The binaries of the tutorial crates: (crate folder, binary name).
fn tutorial_binaries() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let dir = root().join("book/tutorials");
    for entry in std::fs::read_dir(&dir).expect("book/tutorials") {
        let krate = entry.expect("an entry").path();
        let manifest = krate.join("Cargo.toml");
        if !manifest.exists() {
            continue;
        }
        let name = krate
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if krate.join("src/main.rs").exists() {
            found.push((name.clone(), package_name(&manifest)));
        }
        if let Ok(bins) = std::fs::read_dir(krate.join("src/bin")) {
            for bin in bins {
                let bin = bin.expect("an entry").path();
                let stem = bin.file_stem().expect("a name").to_string_lossy();
                found.push((name.clone(), stem.into_owned()));
            }
        }
    }
    found.sort();
    found
}

/// The `name = "..."` of a manifest's package.
fn package_name(manifest: &Path) -> String {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    text.lines()
        .find_map(|l| {
            let v = l.trim().strip_prefix("name")?.trim().strip_prefix('=')?;
            Some(v.trim().trim_matches('"').to_string())
        })
        .unwrap_or_else(|| panic!("{}: no package name", manifest.display()))
}

#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_tutorial_crates_build_and_run() {
    let bin_dir = tutorials();
    let bins = tutorial_binaries();
    assert!(bins.len() >= 5, "{bins:?}");
    for (krate, bin) in &bins {
        let dir = scratch(&format!("tutorial-{bin}"));
        let out = Command::new(bin_dir.join(format!("{bin}{}", std::env::consts::EXE_SUFFIX)))
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("book/tutorials/{krate}: {bin}: {e}"));
        // A crate's own `tabula` (a main that calls `tabula::main()`)
        // without a command prints its usage and exits 2; the other
        // programs check their own results and exit 0.
        let source = if bin
            == &package_name(&root().join("book/tutorials").join(krate).join("Cargo.toml"))
        {
            root()
                .join("book/tutorials")
                .join(krate)
                .join("src/main.rs")
        } else {
            root()
                .join("book/tutorials")
                .join(krate)
                .join(format!("src/bin/{bin}.rs"))
        };
        let text = std::fs::read_to_string(&source).expect("the binary's source");
        let expected = if text.contains("tabula::main()") {
            2
        } else {
            0
        };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "book/tutorials/{krate}: {bin}\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if bin == "pictures" {
            assert!(dir.join("pictures/board.svg").exists(), "pictures written");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A fresh, empty folder for one command.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A shell command shown in a document.
#[derive(Debug)]
struct Shown {
    /// `file:line`, for messages.
    place: String,
    /// The folder whose files the command expects beside it.
    folder: PathBuf,
    line: String,
    expected_status: i32,
}

/// The documents: README.md and every chapter.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a folder") {
            let p = entry.expect("an entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut docs = vec![root().join("README.md")];
    walk(&root().join("book/src"), &mut docs);
    docs.sort();
    docs
}

/// The shell commands of one document, as described in the module's
/// documentation.
fn shell_commands(path: &Path) -> Vec<Shown> {
    let text = std::fs::read_to_string(path).expect("a document");
    let rel = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let folder = path.parent().expect("a folder").to_path_buf();
    let mut found = Vec::new();
    let mut block: Option<bool> = None; // Some(is_console) inside a shell block
    let mut fence_other = false;
    let mut pending = String::new();
    let mut start = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        if let Some(info) = line.trim_start().strip_prefix("```") {
            if block.is_some() || fence_other {
                assert!(pending.is_empty(), "{rel}:{}: a `\\` ends the block", i + 1);
                block = None;
                fence_other = false;
            } else {
                let lang = info.split([',', ' ']).next().unwrap_or("");
                match lang {
                    "sh" | "shell" | "bash" => block = Some(false),
                    "console" => block = Some(true),
                    _ => fence_other = true,
                }
            }
            continue;
        }
        let Some(console) = block else { continue };
        let mut l = line.trim();
        if pending.is_empty() {
            match l.strip_prefix("$ ") {
                Some(rest) => l = rest,
                None if console => continue,
                None => {}
            }
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            start = i + 1;
        }
        match l.strip_suffix('\\') {
            Some(part) => {
                pending.push_str(part.trim());
                pending.push(' ');
            }
            None => {
                pending.push_str(l);
                let (command, status) = split_comment(&pending);
                found.push(Shown {
                    place: format!("{rel}:{start}"),
                    folder: folder.clone(),
                    line: command,
                    expected_status: status,
                });
                pending.clear();
            }
        }
    }
    found
}

/// Cuts a ` # comment` off a command; `# exits N` gives the expected status.
fn split_comment(line: &str) -> (String, i32) {
    let (command, comment) = match line.find(" #") {
        Some(at) => (&line[..at], line[at + 2..].trim()),
        None => (line, ""),
    };
    let status = comment
        .strip_prefix("exits ")
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    (command.trim().to_string(), status)
}

/// Splits a command into words: spaces separate, quotes group.
fn words(place: &str, line: &str) -> Vec<String> {
    for bad in ["|", ">", "<", "&&", ";", "$(", "`"] {
        assert!(
            !line.contains(bad),
            "{place}: `{line}`: one plain command per line, no `{bad}`"
        );
    }
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "{place}: `{line}`: unclosed quote");
    if in_word {
        out.push(word);
    }
    out
}

/// A command's leading `NAME=value` words (environment variables, as a
/// shell reads them: `TABULA_PROGRESS_EVERY=60 tabula ...`), and the rest.
fn environment(mut words: Vec<String>) -> (Vec<(String, String)>, Vec<String>) {
    let is_name = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_uppercase() || c == '_')
            && n.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    };
    let leading = words
        .iter()
        .take_while(|w| w.split_once('=').is_some_and(|(n, _)| is_name(n)))
        .count();
    let env = words
        .drain(..leading)
        .filter_map(|w| {
            w.split_once('=')
                .map(|(n, v)| (n.to_string(), v.to_string()))
        })
        .collect();
    (env, words)
}

/// The program and arguments a shown command runs, per the table in the
/// module's documentation; `None` for an unknown form.
fn program(words: &[String]) -> Option<(PathBuf, Vec<String>)> {
    let exe = std::env::consts::EXE_SUFFIX;
    let first = words.first()?.as_str();
    let name = first
        .strip_prefix("target/release/")
        .or_else(|| first.strip_prefix("target/debug/"))
        .unwrap_or(first);
    if ["tabula", "chance-it", "noline"].contains(&name) {
        return Some((binaries().join(format!("{name}{exe}")), words[1..].to_vec()));
    }
    if first != "cargo" || words.get(1).map(String::as_str) != Some("run") {
        return None;
    }
    let (opts, args) = match words.iter().position(|w| w == "--") {
        Some(at) => (&words[2..at], words[at + 1..].to_vec()),
        None => (&words[2..], Vec::new()),
    };
    let (mut manifest, mut bin, mut example) = (None, None, None);
    let mut it = opts.iter();
    while let Some(o) = it.next() {
        match o.as_str() {
            "--release" | "--quiet" | "-q" => {}
            "-p" | "--package" if it.next()? == "tabula" => {}
            "--bin" => bin = Some(it.next()?.clone()),
            "--example" => example = Some(it.next()?.clone()),
            "--manifest-path" => manifest = Some(root().join(it.next()?)),
            _ => return None,
        }
    }
    let path = match (manifest, example) {
        (Some(m), None) if in_tutorials(&m) => {
            let name = bin.unwrap_or_else(|| package_name(&m));
            tutorials().join(format!("{name}{exe}"))
        }
        (None, Some(name)) if bin.is_none() => {
            binaries().join("examples").join(format!("{name}{exe}"))
        }
        (None, None) => {
            let name = match bin {
                Some(name) => name,
                // cargo picks the root package's binary by its `default-run`.
                None => default_run(&root().join("Cargo.toml"))?,
            };
            binaries().join(format!("{name}{exe}"))
        }
        _ => return None,
    };
    Some((path, args))
}

/// The `default-run = "..."` of a manifest, which `cargo run -p` needs
/// for a package of several binaries.
fn default_run(manifest: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    text.lines().find_map(|l| {
        let v = l
            .trim()
            .strip_prefix("default-run")?
            .trim()
            .strip_prefix('=')?;
        Some(v.trim().trim_matches('"').to_string())
    })
}

/// Long runs shortened, as the module's documentation says: `--games N`
/// (or `--games=N`) becomes at most 2, `--rolls N` at most 10,000, and
/// when `--games` is lowered, `--game I` (which must be less than the
/// number of games) becomes at most the last game, `games - 1`.
fn quick(mut args: Vec<String>) -> Vec<String> {
    if std::env::var("TABULA_DOC_QUICK").is_ok_and(|v| v == "0") {
        return args;
    }
    // Where each option's value is: (index of the value, option name,
    // whether it is written `--name=value`).
    let value_of = |args: &[String], i: usize| -> Option<(usize, String, bool)> {
        let a = &args[i];
        if let Some((name, _)) = a.split_once('=') {
            return name.starts_with("--").then(|| (i, name.to_string(), true));
        }
        (a.starts_with("--") && i + 1 < args.len()).then(|| (i + 1, a.clone(), false))
    };
    let set = |args: &mut [String], at: usize, inline: bool, name: &str, n: u64| {
        args[at] = if inline {
            format!("{name}={n}")
        } else {
            n.to_string()
        };
    };
    let read = |args: &[String], at: usize, inline: bool| -> Option<u64> {
        let v = if inline {
            args[at].split_once('=')?.1
        } else {
            args[at].as_str()
        };
        v.parse().ok()
    };
    let mut lowered_games = None;
    for i in 0..args.len() {
        let Some((at, name, inline)) = value_of(&args, i) else {
            continue;
        };
        let cap = match name.as_str() {
            "--games" => 2,
            "--rolls" => 10_000,
            _ => continue,
        };
        if let Some(n) = read(&args, at, inline)
            && n > cap
        {
            set(&mut args, at, inline, &name, cap);
            if name == "--games" {
                lowered_games = Some(cap);
            }
        }
    }
    if let Some(games) = lowered_games {
        for i in 0..args.len() {
            let Some((at, name, inline)) = value_of(&args, i) else {
                continue;
            };
            if name != "--game" {
                continue;
            }
            if let Some(n) = read(&args, at, inline) {
                set(&mut args, at, inline, &name, n.min(games.saturating_sub(1)));
            }
        }
    }
    args
}

/// Whether a shown command runs a tutorial crate's program (`cargo run
/// --manifest-path book/tutorials/...`), which needs the tutorial crates
/// built.
fn uses_tutorials(words: &[String]) -> bool {
    words
        .windows(2)
        .any(|w| w[0] == "--manifest-path" && in_tutorials(&root().join(&w[1])))
}

/// Whether `path` is inside `book/tutorials` (how [`program`] tells a
/// tutorial crate's manifest, too).
fn in_tutorials(path: &Path) -> bool {
    path.starts_with(root().join("book/tutorials"))
}

#[test]
#[ignore = "slow: runs every shell command of the README and the book (a minute); .ci/run runs it"]
fn every_shell_command_in_the_readme_and_the_book_runs() {
    // All but the tutorial crates' programs: those are in
    // `the_tutorial_crates_shell_commands_run`.
    run_shown_commands(false);
}

#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_tutorial_crates_shell_commands_run() {
    run_shown_commands(true);
}

/// Runs the README's and the book's shell commands: those of the tutorial
/// crates, or all the others.
fn run_shown_commands(tutorial_crates: bool) {
    let mut shown = Vec::new();
    for doc in documents() {
        shown.extend(shell_commands(&doc));
    }
    let mut not_run_used: BTreeMap<&str, usize> = NOT_RUN.iter().map(|(c, _)| (*c, 0)).collect();
    let mut ran = 0;
    let mut failures = Vec::new();
    for (n, cmd) in shown.iter().enumerate() {
        if let Some((prefix, _)) = NOT_RUN
            .iter()
            .find(|(p, _)| cmd.line == *p || cmd.line.starts_with(&format!("{p} ")))
        {
            *not_run_used.get_mut(prefix).expect("listed") += 1;
            continue;
        }
        let (env, words) = environment(words(&cmd.place, &cmd.line));
        if uses_tutorials(&words) != tutorial_crates {
            continue;
        }
        let Some((program, args)) = program(&words) else {
            failures.push(format!(
                "{}: `{}`: not a form this test knows how to run (see tests/book.rs; \
                 a bare `cargo run` needs a `default-run` in the root Cargo.toml)",
                cmd.place, cmd.line
            ));
            continue;
        };
        let dir = scratch(&format!("cmd-{n}"));
        for entry in std::fs::read_dir(&cmd.folder).expect("the chapter's folder") {
            let p = entry.expect("an entry").path();
            if p.is_file() && p.extension().is_none_or(|e| e != "md") {
                std::fs::copy(&p, dir.join(p.file_name().expect("a name"))).expect("copy");
            }
        }
        let out = Command::new(&program)
            .args(quick(args))
            .envs(env)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{}: {}: {e}", cmd.place, program.display()));
        ran += 1;
        if out.status.code() != Some(cmd.expected_status) {
            failures.push(format!(
                "{}: `{}` exited {:?}, not {}:\n{}",
                cmd.place,
                cmd.line,
                out.status.code(),
                cmd.expected_status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!(
        "ran {ran} of the {} shell commands in the README and the book",
        shown.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (prefix, used) in not_run_used {
        assert!(
            used > 0,
            "NOT_RUN lists `{prefix}`, which no document shows any more: remove it"
        );
    }
    // The book shows about twenty of each kind: a floor well below that
    // catches a parser that stopped finding them.
    let least = if tutorial_crates { 10 } else { 20 };
    assert!(ran >= least, "only {ran} commands ran");
}

#[test]
fn the_parser_reads_comments_prompts_continuations_and_expected_failures() {
    let dir = scratch("parser");
    let doc = dir.join("doc.md");
    std::fs::write(
        &doc,
        "```sh\n# a comment\ntabula list   # lists\n\ntabula simulate snakes \\\n  --games 3\ntabula nothing # exits 2\n```\n\
         ```text\ntabula not-a-command\n```\n\
         ```console\n$ tabula list\noutput line\n```\n",
    )
    .expect("write");
    let shown = shell_commands(&doc);
    let lines: Vec<(&str, i32)> = shown
        .iter()
        .map(|s| (s.line.as_str(), s.expected_status))
        .collect();
    assert_eq!(
        lines,
        [
            ("tabula list", 0),
            ("tabula simulate snakes --games 3", 0),
            ("tabula nothing", 2),
            ("tabula list", 0),
        ]
    );
    assert_eq!(shown[1].place, format!("{}:5", doc.display()));
    assert_eq!(words("x", "a 'b c' \"d\""), ["a", "b c", "d"]);
    let (env, rest) = environment(words("x", "TABULA_PROGRESS_EVERY=0.5 tabula list --x=1"));
    assert_eq!(
        env,
        [("TABULA_PROGRESS_EVERY".to_string(), "0.5".to_string())]
    );
    assert_eq!(rest, ["tabula", "list", "--x=1"]);
    assert_eq!(environment(words("x", "tabula a=b")).0, []);
    assert_eq!(
        quick(vec![
            "--games".into(),
            "20000".into(),
            "--seed".into(),
            "7".into()
        ]),
        ["--games", "2", "--seed", "7"]
    );
}

#[test]
fn quick_runs_lower_games_in_both_spellings_and_keep_game_below_games() {
    let quick_of = |args: &[&str]| quick(args.iter().map(|a| a.to_string()).collect());
    if std::env::var("TABULA_DOC_QUICK").is_ok_and(|v| v == "0") {
        assert_eq!(quick_of(&["--games", "9"]), ["--games", "9"]);
        return;
    }
    assert_eq!(
        quick_of(&["--games=20000", "--seed=7"]),
        ["--games=2", "--seed=7"]
    );
    assert_eq!(quick_of(&["--rolls=50000"]), ["--rolls=10000"]);
    assert_eq!(quick_of(&["--rolls", "500"]), ["--rolls", "500"]);
    assert_eq!(
        quick_of(&["--trace", "--game", "4", "--games", "1000"]),
        ["--trace", "--game", "1", "--games", "2"]
    );
    assert_eq!(
        quick_of(&["--games=1000", "--game=7"]),
        ["--games=2", "--game=1"]
    );
    assert_eq!(
        quick_of(&["--games", "1000", "--game", "0"]),
        ["--games", "2", "--game", "0"]
    );
    // `--games` not lowered: `--game` stays as written.
    assert_eq!(quick_of(&["--game", "4"]), ["--game", "4"]);
    assert_eq!(
        quick_of(&["--games", "2", "--game", "1"]),
        ["--games", "2", "--game", "1"]
    );
    assert_eq!(quick_of(&["--board", "x.ron"]), ["--board", "x.ron"]);
}

/// The first `text` block after `marker` in a chapter.
fn text_block_after(chapter: &str, marker: &str) -> String {
    let text = std::fs::read_to_string(root().join("book/src").join(chapter)).expect("a chapter");
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{chapter}: no {marker:?}"));
    let rest = &text[at..];
    let start = rest.find("```text\n").expect("a text block") + "```text\n".len();
    let len = rest[start..].find("```").expect("its end");
    rest[start..start + len].to_string()
}

/// Runs an example the way its chapter shows it, in `dir`.
fn example(name: &str, args: &[&str], dir: &Path) -> Output {
    Command::new(
        binaries()
            .join("examples")
            .join(format!("{name}{}", std::env::consts::EXE_SUFFIX)),
    )
    .args(args)
    .current_dir(dir)
    .stdin(Stdio::null())
    .output()
    .expect("the example runs")
}

/// Runs a tutorial crate's binary in `dir`, with `input` as its standard
/// input.
fn tutorial(bin: &str, args: &[&str], dir: &Path, input: &str) -> Output {
    use std::io::Write as _;
    let mut child =
        Command::new(tutorials().join(format!("{bin}{}", std::env::consts::EXE_SUFFIX)))
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{bin}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write stdin");
    drop(stdin);
    child
        .wait_with_output()
        .expect("the tutorial's binary runs")
}

/// A tutorial binary's JSON for `args` (with `--format json` added).
fn tutorial_json(bin: &str, args: &[&str]) -> serde_json::Value {
    let dir = scratch(&format!("json-{bin}"));
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = tutorial(bin, &all, &dir, "");
    assert!(
        out.status.success(),
        "{bin} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Excerpts of program output quoted in the tutorials (from programs that
/// link a plugin, which the book's preprocessor cannot run) are what the
/// programs print, with the full run the chapter shows.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_outputs_quoted_in_the_tutorials_are_what_the_programs_print() {
    let dir = scratch("quoted");
    let check = |chapter: &str, marker: &str, name: &str, args: &[&str]| {
        let quoted = text_block_after(chapter, marker);
        let out = example(name, args, &dir);
        assert!(out.status.success(), "{name} {args:?}");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(
            printed.contains(quoted.trim_end()),
            "{chapter} quotes\n{quoted}\nbut `{name} {}` prints\n{printed}",
            args.join(" ")
        );
    };
    check(
        "tutorial/first-rules.md",
        "Game 11 of seed 2002 is an unlucky one",
        "three_sixes",
        &["--trace", "--game", "11"],
    );
    // The tutorial crates' own `tabula` commands, as the chapters run them.
    let check_tutorial = |chapter: &str, marker: &str, bin: &str, args: &[&str]| {
        let quoted = text_block_after(chapter, marker);
        let shown = format!(
            "--manifest-path book/tutorials/{bin}/Cargo.toml -- {}",
            args.join(" ")
        );
        let text = std::fs::read_to_string(root().join("book/src").join(chapter)).expect("chapter");
        assert!(text.contains(&shown), "{chapter} shows `{shown}`");
        let out = tutorial(bin, args, &dir, "");
        assert!(out.status.success(), "{bin} {args:?}");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(
            printed.contains(quoted.trim_end()),
            "{chapter} quotes\n{quoted}\nbut `{bin} {}` prints\n{printed}",
            args.join(" ")
        );
    };
    check_tutorial(
        "tutorial/write-a-strategy.md",
        "The tournament's pair of `catch-up` and `optimal`",
        "my-strategy",
        &[
            "tournament",
            "chance-it",
            "--agents",
            "catch-up,tapering,optimal,win-optimal",
            "--games",
            "20000",
        ],
    );
    check_tutorial(
        "tutorial/write-a-game.md",
        "Ten thousand games of `hold-at-20`",
        "pig",
        &["simulate", "pig", "--games", "10000", "--seed", "1"],
    );
    check_tutorial(
        "tutorial/write-a-game.md",
        "The exact chances come from `analyze`",
        "pig",
        &["analyze", "pig", "--agents", "hold-at-20,optimal"],
    );
    check_tutorial(
        "tutorial/write-a-game.md",
        "Every pair of several strategies",
        "pig",
        &[
            "tournament",
            "pig",
            "--agents",
            "hold-at-20,hold-at-25,optimal",
            "--games",
            "10000",
            "--seed",
            "1",
            "--exact",
        ],
    );
    // The start of a game at the terminal: a garbage answer, then r, then h.
    let quoted = text_block_after("tutorial/write-a-game.md", "It starts like this");
    let out = tutorial(
        "pig",
        &["play", "pig", "--against", "hold-at-20"],
        &dir,
        "x\nr\nh\n",
    );
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.starts_with(quoted.trim_end()),
        "write-a-game.md quotes\n{quoted}\nbut play prints\n{printed}"
    );

    // The board error: the tutorial's board with its last ladder changed.
    let quoted = text_block_after("tutorial/first-board.md", "## When the board is wrong");
    let board = std::fs::read_to_string(root().join("book/src/tutorial/my_board.ron"))
        .expect("the tutorial's board");
    assert!(board.contains("(20, 31)]"), "the last ladder is (20, 31)");
    std::fs::write(
        dir.join("my_board.ron"),
        board.replace("(20, 31)]", "(20, 40)]"),
    )
    .expect("write");
    let out = example("snakes", &["my_board.ron"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), quoted);
}

/// The figures in first-board.md's prose are what the chapter's command
/// gives: the `snakes` example on the tutorial's board (and `tabula
/// simulate snakes`, which the book's build runs for the report shown).
#[test]
fn the_figures_in_first_board_md_are_what_the_report_gives() {
    let dir = scratch("first-board");
    let board_file = root().join("book/src/tutorial/my_board.ron");
    std::fs::copy(&board_file, dir.join("my_board.ron")).expect("copy");
    let out = example("snakes", &["my_board.ron", "--format", "json"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
        .args(["simulate", "snakes", "my_board.ron", "--format", "json"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(out.status.success());
    let simulate: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in ["seed", "games", "shortest_game", "squares", "exact"] {
        assert_eq!(
            report[key], simulate[key],
            "the example and tabula differ on {key}"
        );
    }
    assert_eq!(report["seed"], 2002, "the chapter says seed 2002");

    let number = |v: &serde_json::Value| v.as_u64().expect("a whole number");
    let shortest = &report["shortest_game"];
    let rolls: Vec<u64> = shortest["rolls"]
        .as_array()
        .expect("rolls")
        .iter()
        .map(number)
        .collect();
    let jumps: Vec<(u64, u64)> = shortest["jumps"]
        .as_array()
        .expect("jumps")
        .iter()
        .map(|j| (number(&j[0]), number(&j[1])))
        .collect();
    let squares: Vec<u64> = shortest["squares"]
        .as_array()
        .expect("squares")
        .iter()
        .map(number)
        .collect();
    // The sentence describes a three-throw game with two ladders, the
    // second reached by the second throw.
    assert_eq!(number(&shortest["throws"]), 3, "{shortest}");
    assert_eq!(report["exact"]["throws"]["min"], 3, "the exact minimum");
    assert_eq!(jumps.len(), 2, "{shortest}");
    assert_eq!(squares[0] + rolls[0], jumps[0].0, "{shortest}");
    assert_eq!(squares[1], jumps[0].1, "{shortest}");
    assert_eq!(squares[2], jumps[1].1, "{shortest}");
    assert_eq!(squares[1] + rolls[1], jumps[1].0, "{shortest}");
    let most = number(&report["squares"]["most_popular"]);
    let least = number(&report["squares"]["least_popular"]);
    assert_eq!(report["exact"]["most_popular"], most);
    assert_eq!(report["exact"]["least_popular"], least);
    let board = std::fs::read_to_string(&board_file).expect("the board");
    let chute = format!("(34, {most})");
    assert!(board.contains(&chute), "my_board.ron has the chute {chute}");
    let expected = [
        format!(
            "The shortest game here is three throws: {} (the ladder to {}), {} (to {}, the ladder to {}), {} (exactly {})",
            rolls[0], jumps[0].1, rolls[1], jumps[1].0, jumps[1].1, rolls[2], squares[3]
        ),
        format!("Square {most} is the most popular: it is the tail of the chute from 34"),
        format!("Square {least} is the least popular: only a first throw of {least} lands there"),
        "Everything but the time is the same on every machine for seed 2002".to_string(),
    ];
    let text =
        std::fs::read_to_string(root().join("book/src/tutorial/first-board.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in expected {
        assert!(flat.contains(&e), "first-board.md should say: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// write-a-strategy.md's prose figures are what its command (the
/// tournament of `book/tutorials/my-strategy`'s own `tabula`) gives,
/// checked against the JSON.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_catch_up_figures_in_write_a_strategy_are_what_its_command_gives() {
    let json = tutorial_json(
        "my-strategy",
        &[
            "tournament",
            "chance-it",
            "--agents",
            "catch-up,tapering,optimal,win-optimal",
            "--games",
            "20000",
        ],
    );
    let pair = |a: &str, b: &str| -> serde_json::Value {
        json["pairs"]
            .as_array()
            .expect("pairs")
            .iter()
            .find(|p| p["a"] == a && p["b"] == b)
            .unwrap_or_else(|| panic!("no pair {a} vs {b}"))
            .clone()
    };
    let number = |v: &serde_json::Value| v.as_f64().expect("a number");
    let with_optimal = pair("catch-up", "optimal");
    let with_win_optimal = pair("catch-up", "win-optimal");
    let optimal_win_optimal = pair("optimal", "win-optimal");
    let expected = [
        format!(
            "though it scores fewer points ({:.1} against {:.1} per game)",
            number(&with_optimal["a_mean_total"]),
            number(&with_optimal["b_mean_total"])
        ),
        format!(
            "Exactly, `catch-up` wins {:.2}% of games against `optimal`, which wins {:.2}%",
            100.0 * number(&with_optimal["a_win_probability_exact"]),
            100.0 * number(&with_optimal["b_win_probability_exact"])
        ),
        format!(
            "wins {:.1}% against `optimal` and {:.1}% against `catch-up`",
            100.0 * number(&optimal_win_optimal["b_win_probability_exact"]),
            100.0 * number(&with_win_optimal["b_win_probability_exact"])
        ),
    ];
    let text = std::fs::read_to_string(root().join("book/src/tutorial/write-a-strategy.md"))
        .expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in expected {
        assert!(flat.contains(&e), "write-a-strategy.md should say: {e}");
    }
}

/// write-an-agent.md states what its own command (the tournament of
/// `book/tutorials/my-agent`'s own `tabula`) gives: checked against the
/// command's JSON, so the figures hold whatever the text looks like.
/// seega.md quotes the same figures for the same agent.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_cautious_figures_in_write_an_agent_are_what_its_command_gives() {
    let json = tutorial_json(
        "my-agent",
        &[
            "tournament",
            "seega",
            "--agents",
            "cautious,random,greedy,alphabeta",
            "--games",
            "20",
            "--seed",
            "1",
        ],
    );
    let wins = |b: &str| -> u64 {
        json["pairs"]
            .as_array()
            .expect("pairs")
            .iter()
            .find(|p| p["a"] == "cautious" && p["b"] == b)
            .and_then(|p| p["a_wins"].as_u64())
            .unwrap_or_else(|| panic!("no pair cautious vs {b}"))
    };
    let expected = format!(
        "`cautious` wins {} of 20 games against `random`, {} of 20 against `greedy` and {} of 20 against `alphabeta`",
        wins("random"),
        wins("greedy"),
        wins("alphabeta")
    );
    for chapter in ["tutorial/write-an-agent.md", "seega.md"] {
        let text = std::fs::read_to_string(root().join("book/src").join(chapter)).expect("chapter");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("--games 20 --seed 1") && flat.contains(&expected),
            "{chapter} should say: {expected}"
        );
    }
}

/// The tutorial crates' own `tabula` plays tournaments with their plugin
/// by name (what the workspace examples `catch_up` and `cautious` checked
/// before the tutorial crates became their one copy), and refuses an
/// unknown agent.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_tutorial_plugins_play_tournaments_by_name() {
    let dir = scratch("plugins-by-name");
    let o = tutorial(
        "my-strategy",
        &[
            "tournament",
            "chance-it",
            "--agents",
            "catch-up,tapering,optimal,win-optimal",
            "--games",
            "2000",
            "--seed",
            "3",
        ],
        &dir,
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("catch-up vs optimal"), "{out}");
    assert!(out.contains("exact: wins 0."), "{out}");

    let o = tutorial(
        "my-agent",
        &[
            "tournament",
            "seega",
            "--agents",
            "cautious,random,greedy,alphabeta",
            "--games",
            "2",
            "--seed",
            "3",
        ],
        &dir,
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Seega tournament"), "{out}");
    assert!(out.contains("cautious"), "{out}");
    let o = tutorial(
        "my-agent",
        &["tournament", "seega", "--agents", "cautious,nobody"],
        &dir,
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown agent \"nobody\""));
    let _ = std::fs::remove_dir_all(&dir);
}

/// noline.md's 5 x 5 figures are what the solver gives (positions and
/// table are deterministic; the time is not, and is not checked).
#[test]
#[ignore = "slow: solves noline's 5 x 5 (seconds to tens of seconds); .ci/run runs it"]
fn the_noline_5x5_figures_are_what_the_solver_gives() {
    let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
        .args(["analyze", "noline", "--dim", "5", "--format", "json"])
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["value"], "loss", "{json}");
    assert_eq!(json["settled"], true, "{json}");
    let nodes = json["nodes"].as_u64().expect("nodes") as f64;
    let kept = json["table_positions"].as_u64().expect("table") as f64;
    let mb = json["table_mb"].as_f64().expect("table_mb");
    let text = std::fs::read_to_string(root().join("book/src/noline.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let expected = format!(
        "searching {:.1} million positions with a {mb:.0} MB table ({:.1} million positions kept)",
        nodes / 1e6,
        kept / 1e6
    );
    assert!(flat.contains(&expected), "noline.md should say: {expected}");
}

/// noline.md's tournament figures are what the tournament gives.
#[test]
fn the_noline_tournament_figures_are_what_the_tournament_gives() {
    let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
        .args([
            "tournament",
            "noline",
            "--dim",
            "3",
            "--agents",
            "type1,type2,random,perfect",
        ])
        .args(["--games", "1000", "--seed", "1", "--format", "json"])
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let pairs = json["pairs"].as_array().expect("pairs");
    let with_perfect: Vec<_> = pairs.iter().filter(|p| p["b"] == "perfect").collect();
    assert_eq!(with_perfect.len(), 3);
    for p in &with_perfect {
        assert_eq!(p["a_wins"], 0, "perfect never loses: {p}");
    }
    let against_random = with_perfect
        .iter()
        .find(|p| p["a"] == "random")
        .and_then(|p| p["b_wins"].as_u64())
        .expect("random vs perfect");
    let text = std::fs::read_to_string(root().join("book/src/noline.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("(`--games 1000 --seed 1`), `perfect` never loses"));
    let expected = format!("It wins {against_random} of 1,000 against `random`");
    assert!(flat.contains(&expected), "noline.md should say: {expected}");
}

/// The tables of exact figures in chance-it.md are what `tabula analyze
/// chance-it` gives (checked against its JSON, so they hold whatever the
/// text report looks like).
#[test]
fn the_exact_tables_in_chance_it_are_what_analyze_gives() {
    let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
        .args(["analyze", "chance-it", "--format", "json"])
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let f6 = |v: &serde_json::Value| format!("{:.6}", v.as_f64().expect("a number"));
    let find = |list: &str, key: &str, name: &str| -> serde_json::Value {
        let items = match list {
            "strategies" => &json["strategies"],
            _ => &json["win_optimal"]["versus"],
        };
        items
            .as_array()
            .expect("a list")
            .iter()
            .find(|s| s[key] == name)
            .unwrap_or_else(|| panic!("{name} not in {list}"))
            .clone()
    };
    let chapter = std::fs::read_to_string(root().join("book/src/chance-it.md")).expect("chapter");
    let mut checked = 0;
    for line in chapter.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<String> = line
            .split('|')
            .map(|c| c.trim().trim_matches('*').trim_matches('`').to_string())
            .collect();
        let numeric = |c: &String| c.parse::<f64>().is_ok();
        if cells.len() == 5 && numeric(&cells[2]) && numeric(&cells[3]) {
            let s = find("strategies", "name", &cells[1]);
            let want = [f6(&s["expected_turn_score"]), f6(&s["zero_probability"])];
            assert_eq!(cells[2..4], want, "chance-it.md: {line}");
            checked += 1;
        } else if cells.len() == 6 && numeric(&cells[2]) {
            let v = find("versus", "opponent", &cells[1]);
            let want = [
                f6(&v["win_probability"]),
                f6(&v["tie_probability"]),
                f6(&v["loss_probability"]),
            ];
            assert_eq!(cells[2..5], want, "chance-it.md: {line}");
            checked += 1;
        } else if cells.get(1).is_some_and(|c| c == "itself") {
            let p = &json["win_optimal"]["self_play"];
            let want = format!("first seat {}, second {}", f6(&p[0]), f6(&p[1]));
            assert_eq!(cells[2], want, "chance-it.md: {line}");
            assert_eq!(cells[3], f6(&p[2]), "chance-it.md: {line}");
            checked += 1;
        }
    }
    assert_eq!(checked, 9, "rows checked in chance-it.md's two tables");
}

/// The figures in chance-it.md's prose are what `tabula analyze
/// chance-it` and the tournament the chapter names give (checked against
/// their JSON).
#[test]
fn the_figures_in_chance_it_prose_are_what_analyze_and_tournament_give() {
    let tabula = |args: &[&str]| -> serde_json::Value {
        let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
            .args(args)
            .args(["--format", "json"])
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs");
        assert!(out.status.success(), "{args:?}");
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let number = |v: &serde_json::Value| v.as_f64().expect("a number");
    let analyze = tabula(&["analyze", "chance-it"]);
    let against_optimal = analyze["win_optimal"]["versus"]
        .as_array()
        .expect("versus")
        .iter()
        .find(|v| v["opponent"] == "optimal")
        .expect("win-optimal against optimal")
        .clone();
    let until_ten = analyze["strategies"]
        .as_array()
        .expect("strategies")
        .iter()
        .find(|s| s["name"] == "until-ten")
        .expect("until-ten")
        .clone();
    let self_play = &analyze["win_optimal"]["self_play"];
    let tournament = tabula(&[
        "tournament",
        "chance-it",
        "--agents",
        "optimal,win-optimal",
        "--games",
        "10000",
        "--seed",
        "2002",
    ]);
    let pair = &tournament["pairs"][0];
    assert!(
        pair["a"] == "optimal" && pair["b"] == "win-optimal",
        "{pair}"
    );

    // "Moving second is worth three points in a hundred".
    let second_edge = (number(&self_play[1]) - number(&self_play[0])) * 100.0;
    assert_eq!(
        second_edge.round(),
        3.0,
        "moving second: {second_edge} points"
    );
    // "busts half the time".
    let busts = number(&until_ten["zero_probability"]);
    assert_eq!(
        (busts * 10.0).round(),
        5.0,
        "until-ten busts {busts} of turns"
    );
    let expected = [
        "Moving second is worth three points in a hundred".to_string(),
        format!(
            "playing for the win rather than for points wins {:.1}% of games and loses {:.1}%",
            100.0 * number(&against_optimal["win_probability"]),
            100.0 * number(&against_optimal["loss_probability"])
        ),
        format!(
            "scores fewer points on average: {:.1} against {:.1} per game in the 10,000 games of \
             `tabula tournament chance-it --agents optimal,win-optimal --games 10000 --seed 2002`",
            number(&pair["b_mean_total"]),
            number(&pair["a_mean_total"])
        ),
        format!(
            "It scores only {:.2} a turn on average, because it busts half the time",
            number(&until_ten["expected_turn_score"])
        ),
    ];
    let text = std::fs::read_to_string(root().join("book/src/chance-it.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in expected {
        assert!(flat.contains(&e), "chance-it.md should say: {e}");
    }
}

/// The exact figures in exact.md's prose are what `tabula analyze snakes`
/// gives (checked against its JSON).
#[test]
fn the_figures_in_exact_md_are_what_analyze_gives() {
    let analyze = |args: &[&str]| -> serde_json::Value {
        let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
            .args(["analyze", "snakes"])
            .args(args)
            .args(["--format", "json"])
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs");
        assert!(out.status.success(), "{args:?}");
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let exact = analyze(&["--rules", "exact"]);
    let two = analyze(&["--players", "2"]);
    let chute = &analyze(&["--rules", "exact", "--shortest", "--require", "chute"])["shortest"];
    let any = &analyze(&["--rules", "exact", "--shortest"])["shortest"];
    let thousands = |n: u64| {
        let s = n.to_string();
        match s.len() {
            4..=6 => format!("{},{}", &s[..s.len() - 3], &s[s.len() - 3..]),
            _ => s,
        }
    };
    let expected = [
        format!("the classic board has {} states", exact["chain"]["states"]),
        format!(
            "{} throws on the classic board under exact finish",
            thousands(exact["chain"]["steps"].as_u64().expect("steps"))
        ),
        format!(
            "On the classic board, {:.2} per game",
            exact["forfeited_throws_mean"].as_f64().expect("forfeits")
        ),
        format!(
            "the first player wins with probability {:.10}",
            two["seats"]["win_probability"][0]
                .as_f64()
                .expect("a chance")
        ),
        format!(
            "the minimum is {} throws**: {} roll sequences, in {} essentially different routes",
            chute["throws"],
            chute["sequences"],
            chute["routes"].as_array().expect("routes").len()
        ),
        format!(
            "**{} essentially different routes** do exist, but that counts all {}-throw games ({} sequences",
            any["routes"].as_array().expect("routes").len(),
            any["throws"],
            any["sequences"]
        ),
    ];
    let text = std::fs::read_to_string(root().join("book/src/exact.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in expected {
        assert!(flat.contains(&e), "exact.md should say: {e}");
    }
}

/// The illegal step quoted in seega.md is what `tabula replay seega` says
/// of a record with White placing on the centre at its first turn (step
/// 1).
#[test]
fn the_replay_line_in_seega_md_is_what_replay_says() {
    let quoted = text_block_after("seega.md", "step is named by its index");
    let dir = scratch("replay");
    let file = dir.join("bad.ron");
    std::fs::write(
        &file,
        "(game: \"seega\", parameters: (size: 5, stalemate: 30, first: Black),\n\
         seed: 0, index: 0, players: [], steps: [\n\
         Move(seat: 0, mv: Place(((0, 0), (0, 1)))),\n\
         Move(seat: 1, mv: Place(((2, 2), (0, 3)))),\n], end: Stopped)\n",
    )
    .expect("write");
    let out = Command::new(binaries().join(format!("tabula{}", std::env::consts::EXE_SUFFIX)))
        .args(["replay", "seega"])
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(1));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.lines().any(|l| l == quoted.trim_end()),
        "seega.md quotes {quoted:?}; replay prints\n{printed}"
    );
}

/// write-a-game.md's exact figures are what Pig's `analyze` gives (from
/// the framework's solver), and the sampled chance it quotes agrees with
/// the exact one.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_pig_figures_in_write_a_game_are_what_analyze_and_simulate_give() {
    let number = |v: &serde_json::Value| v.as_f64().expect("a number");
    let analyze = tutorial_json("pig", &["analyze", "pig", "--agents", "hold-at-20,optimal"]);
    let best = tutorial_json("pig", &["analyze", "pig", "--agents", "optimal,optimal"]);
    let simulate = tutorial_json(
        "pig",
        &["simulate", "pig", "--games", "10000", "--seed", "1"],
    );
    let exact = number(&analyze["seats"][0]["win"]);
    assert_eq!(analyze["parameters"]["target"], 50);
    assert_eq!(analyze["spec"], "pig(target=50)");
    assert_eq!(
        simulate["agents"],
        serde_json::json!(["hold-at-20", "optimal"])
    );
    assert_eq!(
        number(&simulate["seats"][0]["exact_win"]),
        exact,
        "simulate and analyze agree"
    );
    // By hand: to 2, any roll but a 1 wins, and a 1 passes the die, so
    // the first seat wins with p = 5/6 + (1/6)(1 - p), p = 6/7.
    for agents in ["hold-at-1,optimal", "optimal,hold-at-1"] {
        let two = tutorial_json("pig", &["analyze", "pig(target=2)", "--agents", agents]);
        assert!(
            (number(&two["seats"][0]["win"]) - 6.0 / 7.0).abs() < 1e-12,
            "{two}"
        );
    }
    // The sampled share is within two standard errors of the exact
    // chance, as the chapter says of this seed.
    let share = number(&simulate["seats"][0]["win_share"]);
    let se = (exact * (1.0 - exact) / 10_000.0).sqrt();
    assert!(
        (share - exact).abs() < 2.0 * se,
        "sampled {share}, exact {exact}"
    );
    let classic = tutorial_json(
        "pig",
        &[
            "analyze",
            "pig",
            "--agents",
            "optimal,optimal",
            "--target",
            "100",
        ],
    );
    let first = number(&classic["seats"][0]["win"]);
    assert!(
        (first - 0.530593).abs() < 5e-7,
        "Neller and Presser: {first}"
    );
    let expected = [
        format!(
            "gives {:.4}%, the 53.06% that Todd Neller and Clifton Presser published",
            100.0 * first
        ),
        format!(
            "Moving first, `hold-at-20` wins {:.4}% of games against `optimal` exactly; the 10,000 games above gave {:.4} ± {:.4}",
            100.0 * exact,
            share,
            number(&simulate["seats"][0]["win_share_std_error"])
        ),
        format!(
            "with best play on both sides, the first player wins {:.4}% of games to 50",
            100.0 * number(&best["seats"][0]["win"])
        ),
    ];
    let text =
        std::fs::read_to_string(root().join("book/src/tutorial/write-a-game.md")).expect("chapter");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in expected {
        assert!(flat.contains(&e), "write-a-game.md should say: {e}");
    }
    // A value out of range names the parameter, as the chapter says.
    let out = tutorial(
        "pig",
        &["analyze", "pig", "--target", "101"],
        &scratch("pig-range"),
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let said = "parameter target: 101 is not allowed: from 2 to 100";
    assert!(String::from_utf8_lossy(&out.stderr).contains(said));
    assert!(flat.contains(said), "write-a-game.md should say: {said}");
    // `--objective` on a tournament: a bare `optimal` is the objective's.
    let t = tutorial_json(
        "pig",
        &[
            "tournament",
            "pig(target=10)",
            "--agents",
            "hold-at-20,optimal",
            "--objective",
            "score",
            "--games",
            "4",
        ],
    );
    assert!(
        t.to_string().contains("\"optimal-score\""),
        "the entrant is optimal-score: {t}"
    );
}

/// `play pig` at a terminal, scripted: whole games against a strategy
/// (with a garbage answer, which asks again, and an answer of 1,500
/// characters, which is not echoed whole), and the end of input in the
/// middle of a game, which stops it cleanly.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn pig_play_asks_again_on_garbage_plays_whole_games_and_stops_at_end_of_input() {
    let dir = scratch("pig-play");
    let long = "y".repeat(1500);
    for (strategy, answer) in [
        ("hold-at-20", "h"),
        ("optimal", "r"),
        ("hold-at-15", "hold"),
    ] {
        let mut script = format!("maybe\n{long}\n");
        script.push_str(&format!("{answer}\n").repeat(500));
        let out = tutorial(
            "pig",
            &["play", "pig", "--against", strategy, "--seed", "7"],
            &dir,
            &script,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(
            printed.contains("please answer roll (r) or hold (h) (type help for the legal moves)"),
            "{printed}"
        );
        assert!(
            !printed.contains(&long),
            "a long answer is never shown back"
        );
        let last = printed.lines().last().expect("output");
        assert!(
            last == "seat 1 wins." || last == "seat 2 wins.",
            "{strategy}: the game ends with a winner: {last}"
        );
        assert!(!printed.contains("Game stopped"), "{printed}");
    }
    // End of input after one answer: the game stops, with success, and
    // the record of the game so far is written.
    let out = tutorial(
        "pig",
        &["play", "pig", "--against", "optimal", "--record", "games"],
        &dir,
        "r\n",
    );
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("Game stopped."), "{printed}");
    assert!(
        printed
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("Record written to ")),
        "{printed}"
    );
    let record = dir.join("games").join("pig-2002.ron");
    let replay = tutorial(
        "pig",
        &["replay", "pig", &record.display().to_string()],
        &dir,
        "",
    );
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );
    // And an unknown strategy is an error, exit 1, under its old name
    // (--strategy) too.
    let out = tutorial("pig", &["play", "pig", "--strategy", "nobody"], &dir, "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "unknown agent \"nobody\"; known: alphabeta[-BUDGET], greedy, hold-at[-N], mcts[-BUDGET], optimal[-OBJECTIVE], random"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The Pig tutorial's tournament gets the framework's options whole:
/// `--shard K/N` plays a part that `merge` puts back into exactly the
/// whole run, and `--exact` puts the framework's exact chances beside the
/// sampled ones.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_pig_tournament_splits_into_parts_and_merges_back() {
    let dir = scratch("pig-shards");
    let run = [
        "tournament",
        "pig",
        "--agents",
        "hold-at-20,hold-at-25,optimal",
        "--games",
        "600",
        "--seed",
        "4",
        "--format",
        "json",
    ];
    let strip = |mut v: serde_json::Value| {
        // Timings differ between any two runs.
        for entrant in v["standings"]["entrants"].as_array_mut().expect("entrants") {
            if let Some(e) = entrant.as_object_mut() {
                e.retain(|k, _| k != "time_s" && k != "longest_call_ms");
            }
        }
        if let Some(m) = v["standings"].as_object_mut() {
            m.retain(|k, _| k != "wall_time_s" && k != "threads");
        }
        v
    };
    let whole = tutorial("pig", &run, &dir, "");
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).expect("JSON");
    let pairs = whole["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 3);
    let mut files = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let mut args = run.to_vec();
        args.extend(["--shard", &shard]);
        let out = tutorial("pig", &args, &dir, "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let part: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert!(
            part.get("shard").is_some(),
            "part {k} has its header: {part}"
        );
        let file = dir.join(format!("pig-part-{k}.json"));
        std::fs::write(&file, &out.stdout).expect("writes");
        files.push(file.display().to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    merge.extend(["--format", "json"]);
    let merged = tutorial("pig", &merge, &dir, "");
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).expect("JSON");
    assert_eq!(strip(merged), strip(whole.clone()));
    // --exact: the framework's chances beside every pair's sampled ones.
    let mut exact = run.to_vec();
    exact.push("--exact");
    let out = tutorial("pig", &exact, &dir, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let with: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for (p, sampled) in with["pairs"].as_array().expect("pairs").iter().zip(pairs) {
        let exact = p["a_win_probability_exact"]
            .as_f64()
            .expect("an exact chance");
        assert!((0.3..0.7).contains(&exact), "{p}");
        assert_eq!(p["a_wins"], sampled["a_wins"], "the same games");
    }
}

/// pig-solitaire.md's objectives table is what `analyze` gives for each
/// policy, and each optimal policy is best at its own objective; the
/// figures agree with a recursion written here, apart from the game's
/// code and the exact engine.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_objectives_table_in_pig_solitaire_is_what_analyze_gives() {
    /// What a policy plays for: the chance of winning, the expected
    /// score, or the chance of a score of at least N.
    #[derive(Clone, Copy)]
    enum For {
        Win,
        Score,
        Goal(u32),
    }
    /// The goal of the table's third column.
    const REACH: u32 = 20;
    /// (chance of winning, expected score, chance of a score of at least
    /// REACH) of a position under the best play for `aim`, goal 30 in 4
    /// turns: a recursion on (turn, banked, in hand), apart from the
    /// game's code and the exact engine.
    struct Hand {
        aim: For,
        memo: std::collections::HashMap<(u32, u32, u32), Value>,
    }
    type Value = (f64, f64, f64);
    impl Hand {
        const GOAL: u32 = 30;
        const TURNS: u32 = 4;
        fn new(aim: For) -> Hand {
            if let For::Goal(n) = aim {
                assert_eq!(n, REACH, "the recursion's third column is the goal's");
            }
            Hand {
                aim,
                memo: Default::default(),
            }
        }
        fn end(score: u32, won: bool) -> Value {
            (
                f64::from(u8::from(won)),
                f64::from(score),
                f64::from(u8::from(score >= REACH)),
            )
        }
        fn start(&mut self, t: u32, b: u32) -> Value {
            if t == Self::TURNS {
                return Self::end(b, b >= Self::GOAL);
            }
            self.decide(t, b, 0)
        }
        /// Holding (where something is in hand) and rolling.
        fn options(&mut self, t: u32, b: u32, k: u32) -> (Option<Value>, Value) {
            let mut roll = (0.0, 0.0, 0.0);
            for face in 1..=6 {
                let v = if face == 1 {
                    self.start(t + 1, b)
                } else if b + k + face >= Self::GOAL {
                    Self::end(b + k + face, true)
                } else {
                    self.decide(t, b, k + face)
                };
                roll = (roll.0 + v.0 / 6.0, roll.1 + v.1 / 6.0, roll.2 + v.2 / 6.0);
            }
            let hold = (k > 0).then(|| self.start(t + 1, b + k));
            (hold, roll)
        }
        /// Whether the best play holds here.
        fn holds(&mut self, t: u32, b: u32, k: u32) -> bool {
            match self.options(t, b, k) {
                (Some(hold), roll) => {
                    // Roll is the first legal move: it is kept on a tie
                    // (the framework's tolerance for the goal's many
                    // exact ties).
                    let (h, r, tolerance) = match self.aim {
                        For::Win => (hold.0, roll.0, 1e-12),
                        For::Score => (hold.1, roll.1, 1e-12),
                        For::Goal(_) => (hold.2, roll.2, 1e-9),
                    };
                    h > r + tolerance
                }
                (None, _) => false,
            }
        }
        fn decide(&mut self, t: u32, b: u32, k: u32) -> Value {
            if let Some(v) = self.memo.get(&(t, b, k)) {
                return *v;
            }
            let best = match (self.holds(t, b, k), self.options(t, b, k)) {
                (true, (Some(hold), _)) => hold,
                (_, (_, roll)) => roll,
            };
            self.memo.insert((t, b, k), best);
            best
        }
    }
    fn by_hand(aim: For) -> Value {
        Hand::new(aim).start(0, 0)
    }
    let number = |v: &serde_json::Value| v.as_f64().expect("a number");
    let chapter = std::fs::read_to_string(root().join("book/src/tutorial/pig-solitaire.md"))
        .expect("the chapter");
    let reach = REACH.to_string();
    let mut values = Vec::new();
    for (agent, objective, row, hand) in [
        (
            "optimal-win",
            Some("win"),
            "| `optimal` (win) |",
            Some(by_hand(For::Win)),
        ),
        (
            "optimal-score",
            Some("score"),
            "| `optimal-score` |",
            Some(by_hand(For::Score)),
        ),
        (
            "optimal-goal-20",
            Some("goal"),
            "| `optimal-goal-20` |",
            Some(by_hand(For::Goal(REACH))),
        ),
        ("hold-at-20", None, "| `hold-at-20` |", None),
    ] {
        // Each policy valued under the goal too: --objective-goal N (the
        // game's own --goal is its parameter).
        let report = tutorial_json(
            "solitaire",
            &[
                "analyze",
                "pig-solitaire",
                "--agents",
                agent,
                "--objective-goal",
                &reach,
            ],
        );
        let seat = &report["seats"][0];
        let (win, score, reached) = (
            number(&seat["win"]),
            number(&seat["score"]),
            number(&seat["goal_chance"]),
        );
        assert_eq!(
            report["objective"],
            serde_json::json!(objective),
            "{agent}: {report}"
        );
        assert_eq!(report["goal"], REACH, "{agent}: {report}");
        let line = format!("{row} {win:.6} | {score:.6} | {reached:.6} |");
        assert!(chapter.contains(&line), "the chapter has {line:?}");
        if let Some((w, s, r)) = hand {
            assert!(
                (w - win).abs() < 1e-12 && (s - score).abs() < 1e-12 && (r - reached).abs() < 1e-12,
                "{agent}: {win} {score} {reached} against {w} {s} {r}"
            );
        }
        values.push((win, score, reached));
    }
    // Each is best at its own objective.
    for (i, (what, of)) in [
        (
            "optimal wins most",
            (|v: &(f64, f64, f64)| v.0) as fn(&(f64, f64, f64)) -> f64,
        ),
        ("optimal-score scores most", |v| v.1),
        ("optimal-goal-20 reaches 20 most", |v| v.2),
    ]
    .into_iter()
    .enumerate()
    {
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(j, v)| j == i || of(v) < of(&values[i])),
            "{what}: {values:?}"
        );
    }
    // `--objective score` is what a bare `optimal` then means.
    let by_option = tutorial_json(
        "solitaire",
        &["analyze", "pig-solitaire", "--objective", "score"],
    );
    assert_eq!(number(&by_option["seats"][0]["score"]), values[1].1);
    // The goal agent's own run reports its goal without being told.
    let own = tutorial_json(
        "solitaire",
        &["analyze", "pig-solitaire", "--agents", "optimal-goal-20"],
    );
    assert_eq!(number(&own["seats"][0]["goal_chance"]), values[2].2);
    // A lost game is lost: the win column is the chance of reaching the goal.
    assert!(values.iter().all(|(w, _, _)| *w < 0.75));
    // The prose below the table: what each play gives up, and where the
    // win and the score part, by the recursion's decisions.
    let prose = chapter.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        format!(
            "playing for the win gives up {:.2} points of expected score",
            values[1].1 - values[0].1
        ),
        format!(
            "playing for points gives up {:.1} points of the chance to win",
            100.0 * (values[0].0 - values[1].0)
        ),
    ] {
        assert!(prose.contains(&said), "the chapter says {said:?}");
    }
    let (mut win, mut score) = (Hand::new(For::Win), Hand::new(For::Score));
    assert!(
        score.holds(0, 0, 12) && !win.holds(0, 0, 12),
        "on the first turn with 12 in hand and nothing banked, score holds and win rolls"
    );
    let third: Vec<(u32, u32)> = (0..Hand::GOAL)
        .flat_map(|b| (1..Hand::GOAL - b).map(move |k| (b, k)))
        .filter(|&(b, k)| win.holds(2, b, k) != score.holds(2, b, k))
        .collect();
    let from = third.iter().filter(|(b, _)| *b == 0).map(|(_, k)| *k).min();
    let said = format!(
        "By the third turn the two differ in {} positions; with nothing banked, from {} in hand on.",
        third.len(),
        from.expect("they differ with nothing banked")
    );
    assert!(prose.contains(&said), "the chapter says {said:?}");
}

/// chance-race.md's race: each seat's exact chance is what a recursion
/// written here gives, and agent options are refused.
#[test]
#[ignore = "slow: builds the book's tutorial crates (about 2 minutes); .ci/run runs it"]
fn the_race_tutorial_chances_are_what_a_recursion_gives() {
    fn by_hand(seats: usize, length: u32) -> Vec<f64> {
        use std::collections::HashMap;
        type Memo = HashMap<(Vec<u32>, usize), Vec<f64>>;
        fn win(s: Vec<u32>, seat: usize, length: u32, memo: &mut Memo) -> Vec<f64> {
            if let Some(w) = memo.get(&(s.clone(), seat)) {
                return w.clone();
            }
            let n = s.len();
            let mut total = vec![0.0; n];
            for face in 1..=6 {
                let mut next = s.clone();
                next[seat] += face;
                let w = if next[seat] >= length {
                    let mut w = vec![0.0; n];
                    w[seat] = 1.0;
                    w
                } else {
                    win(next, (seat + 1) % n, length, memo)
                };
                for (t, x) in total.iter_mut().zip(w) {
                    *t += x / 6.0;
                }
            }
            memo.insert((s, seat), total.clone());
            total
        }
        win(vec![0; seats], 0, length, &mut HashMap::new())
    }
    let number = |v: &serde_json::Value| v.as_f64().expect("a number");
    for (spec, seats, length) in [
        ("race", 3, 30),
        ("race(seats=4, length=20)", 4, 20),
        ("race(seats=2, length=1)", 2, 1),
    ] {
        let report = tutorial_json("race", &["analyze", spec]);
        for (seat, expected) in by_hand(seats, length).iter().enumerate() {
            let got = number(&report["seats"][seat]["win"]);
            assert!(
                (got - expected).abs() < 1e-12,
                "{spec} seat {seat}: {got} against {expected}"
            );
        }
    }
    let dir = scratch("race-refusals");
    for args in [
        &["play", "race", "--against", "random"][..],
        &["simulate", "race", "--agents", "random,random,random"],
        &["analyze", "race", "--agents", "random,random,random"],
    ] {
        let out = tutorial("race", args, &dir, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("decided by chance alone"),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The record names no players, and `play` shows the track between rolls.
    let out = tutorial(
        "race",
        &["play", "race", "--seed", "3", "--record", "games"],
        &dir,
        "",
    );
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.matches("seat 1 |").count() + printed.matches("seat 1 o").count() > 3,
        "{printed}"
    );
    let record = std::fs::read_to_string(dir.join("games/race-3.ron")).expect("the record");
    assert!(record.contains("players: [],"), "{record}");
}
