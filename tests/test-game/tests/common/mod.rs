//! What the process tests share: running `tabula-with-test-game` (the
//! whole `tabula` command with the test games linked in) as a child
//! process, and reading its exit status, standard output and standard
//! error.
// Each test file uses its own part of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The binary under test.
pub const TABULA: &str = env!("CARGO_BIN_EXE_tabula-with-test-game");

/// The words of a command line, for the arguments of [`ok`], [`json`]
/// and [`fails`]: `w("simulate coin-race --games 10")` (no quoting: build
/// arguments with spaces, such as paths, as a slice).
pub fn w(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Runs the command with nothing on its standard input.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(TABULA)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tabula-with-test-game runs")
}

/// Runs the command with `input` on its standard input.
pub fn tabula_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(TABULA)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula-with-test-game runs");
    if let Some(mut stdin) = child.stdin.take() {
        // A game may end before it reads everything: a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("it ends")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "tabula {args:?} failed ({:?}): {}",
        out.status.code(),
        stderr(&out)
    );
    stdout(&out)
}

/// Runs a command that must succeed and reads its standard output as JSON.
pub fn json(args: &[&str]) -> Value {
    let text = ok(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("tabula {args:?}: {e}\n{text}"))
}

/// Runs a command that must fail with `code`; returns (stdout, stderr).
pub fn fails(args: &[&str], code: i32) -> (String, String) {
    let out = tabula(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "tabula {args:?}: stdout {}\nstderr {}",
        stdout(&out),
        stderr(&out)
    );
    (stdout(&out), stderr(&out))
}

/// A fresh scratch directory for one test, named after the test file too.
pub fn scratch(test: &str) -> PathBuf {
    let file = module_path!().split("::").next().unwrap_or("test");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{file}-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

pub fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Runs `run` whole and in three parts (`--shard K/3`), merges the parts
/// with `tabula merge` and returns (whole, merged) as JSON.
pub fn whole_and_merged(test: &str, run: &[&str]) -> (Value, Value) {
    let dir = scratch(test);
    let whole = json(run);
    let mut merge = vec!["merge".to_string()];
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let file = dir.join(format!("part-{k}.json"));
        std::fs::write(&file, ok(&[run, &["--shard", &shard]].concat())).expect("writes");
        merge.push(file.display().to_string());
    }
    merge.extend(["--format".into(), "json".into()]);
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    (whole, json(&merge))
}
