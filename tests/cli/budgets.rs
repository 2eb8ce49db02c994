//! Every exact solve has a budget: a board whose chain settles far too
//! slowly gets a clear error from `analyze` and sampled values with a
//! note from `simulate`, within the time given, never a hang.

use crate::common;

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn tabula(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("tabula runs");
    (out, started.elapsed())
}

/// 10,000 squares, one die, and a chute to square 1 on four of every five
/// squares from 9,000: a game almost never ends, so the exact walk needs
/// millions of steps over 10,000 states.
fn slow_board(test: &str) -> String {
    let chutes: Vec<String> = (9000..10000)
        .filter(|s| s % 5 != 0)
        .map(|s| format!("({s}, 1)"))
        .collect();
    let dir = common::temp_dir(&format!("budgets-{test}"));
    let path = dir.join("slow.ron");
    std::fs::write(
        &path,
        format!(
            "Board(name: \"slow\", size: 10000, dice: Dice(count: 1, faces: 6), rules: \"overshoot\", ladders: [], chutes: [{}])",
            chutes.join(", ")
        ),
    )
    .expect("write the board");
    path.to_string_lossy().into_owned()
}

#[test]
fn analyze_stops_at_its_time_limit_with_a_clear_error() {
    let board = slow_board("analyze");
    let (out, took) = tabula(&["analyze", "snakes", &board, "--max-seconds", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("gave up after its time limit of 1 s while walking the distribution"),
        "{err}"
    );
    // The probability still running is printed in plain decimals: on this
    // board it is just below 1, which `{:e}` would round up to "1.000e0";
    // it is shown as its distance from 1.
    assert!(err.contains("still running with probability 1 - "), "{err}");
    // Generous: it stops near its limit, not after minutes.
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn simulate_falls_back_to_sampled_values_with_a_note() {
    let board = slow_board("simulate");
    let (out, took) = tabula(&[
        "simulate",
        "snakes",
        &board,
        "--games",
        "4",
        "--dice-rolls",
        "0",
        "--max-throws",
        "1000",
        "--exact-seconds",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(v["exact"].is_null());
    let why = v["exact_unavailable"].as_str().expect("a reason");
    assert!(
        why.starts_with(
            "the exact solve ran past its time budget of 1 s while walking the distribution: step "
        ),
        "{why}"
    );
    // The report is the simulation: no advice to simulate instead.
    assert!(!why.contains("simulate"), "{why}");
    assert!(took < Duration::from_secs(60), "{took:?}");

    let (out, _) = tabula(&[
        "simulate",
        "snakes",
        &board,
        "--games",
        "4",
        "--dice-rolls",
        "0",
        "--max-throws",
        "1000",
        "--exact-seconds",
        "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "(sampled values only; no exact values: the exact solve ran past its time budget of 1 s"
        ),
        "{text}"
    );
}

#[test]
fn a_solvable_board_has_exact_values_and_no_note() {
    let (out, _) = tabula(&[
        "simulate",
        "snakes",
        "--games",
        "100",
        "--dice-rolls",
        "0",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(v["exact"].is_object());
    assert!(v["exact_unavailable"].is_null());
}

#[test]
fn help_names_the_budgets() {
    let (out, _) = tabula(&["analyze", "snakes", "--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--max-seconds <SECONDS>"));
    let (out, _) = tabula(&["simulate", "snakes", "--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--exact-seconds <SECONDS>"));
}

/// Not a terminal: progress as lines on stderr only, every ten seconds by
/// default (`crates/front-ends/cli/tests/progress.rs` checks that), here
/// every half second (`TABULA_PROGRESS_EVERY`), so the test need not wait
/// ten.
#[test]
fn a_long_solve_reports_its_progress_on_stderr() {
    let board = slow_board("progress");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["analyze", "snakes", &board, "--max-seconds", "2"])
        .env("TABULA_PROGRESS_EVERY", "0.5")
        .output()
        .expect("tabula runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    let progress: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("exact analysis: "))
        .collect();
    // Lines at about 0.5, 1 and 1.5 s (how many depends on the machine),
    // then the refusal at 2 s.
    assert!(
        (2..=4).contains(&progress.len()),
        "{} lines: {err}",
        progress.len()
    );
    for line in &progress {
        assert!(
            line.contains(" s, walking the distribution: step "),
            "{err}"
        );
    }
    assert!(
        err.contains("gave up after its time limit of 2 s while walking the distribution"),
        "{err}"
    );
}

/// `--max-seconds` bounds Chance-it's staged solve too (win-optimal over
/// 100 rounds takes seconds): past it `analyze` exits 1 with a refusal
/// that names the option and the remedy, within about the time given.
#[test]
fn analyze_chance_it_stops_its_staged_solve_at_max_seconds() {
    let (out, took) = tabula(&[
        "analyze",
        "chance-it",
        "--rounds",
        "100",
        "--max-seconds",
        "1",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("gave up after its time limit of 1 s (--max-seconds)"),
        "{err}"
    );
    assert!(
        err.contains("raise it with --max-seconds N (0 for no limit)"),
        "{err}"
    );
    assert!(took < Duration::from_secs(60), "{took:?}");
}
