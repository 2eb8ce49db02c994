//! Helpers shared by the process tests: run a program with stdin, and
//! compare with golden transcripts.
#![allow(dead_code)]

pub mod generic_record;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `program` with `args`, writes `stdin` to it and closes it (the
/// program may stop reading early: a closed pipe is ignored).
pub fn run_with_stdin(program: &str, args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("program starts");
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin.as_ref());
    drop(input);
    child.wait_with_output().expect("program runs")
}

/// Compares `actual` with `tests/cli/golden/NAME`; with `TABULA_BLESS=1` set,
/// rewrites the file instead (then read the diff).
pub fn golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/golden")
        .join(name);
    if std::env::var_os("TABULA_BLESS").is_some() {
        std::fs::write(&path, actual).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TABULA_BLESS=1)", path.display()));
    assert_eq!(actual, expected, "transcript differs from {name}");
}

/// A fresh, empty scratch directory for one test: `tabula-NAME-PID` in
/// the system's temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// Runs the `tabula` binary with `args` and no input.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs")
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A successful run's standard output as one JSON value.
pub fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// The browser for `test`: `TABULA_CHROMIUM`, else `chromium` or
/// `chromium-browser` on the path. Without one, says that `test` is
/// SKIPPED, straight to stderr (not `eprintln!`, which the test harness
/// captures and hides when the test passes), and gives `None`; or, with
/// `TABULA_REQUIRE_CHROMIUM=1` (as `.ci/run` sets), fails the test.
pub fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let found = tabula_mdbook::chromium();
    if found.is_none() && chromium_required() {
        panic!(
            "{test}: no chromium on PATH and TABULA_REQUIRE_CHROMIUM=1 (install Debian's `chromium`, or set TABULA_CHROMIUM)"
        );
    }
    if found.is_none() {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {test}: no chromium on PATH (install Debian's `chromium`, or set TABULA_CHROMIUM)"
        );
    }
    found
}

/// Whether the browser tests must run (`TABULA_REQUIRE_CHROMIUM=1`, as
/// CI sets): then a missing browser fails them instead of skipping.
pub fn chromium_required() -> bool {
    std::env::var("TABULA_REQUIRE_CHROMIUM").is_ok_and(|v| v == "1")
}
