//! Inputs at and past the limits, run as a user runs them (a real
//! process, real stdout and stderr, exit codes): too few dice rolls for a
//! chi-square test, a traced game outside the run, and Chance-it's
//! whole-game analysis at and above its documented maximum of rounds.

use crate::common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

use common::{json, stderr, stdout, tabula};

/// Runs `tabula args` and fails the test if it has not finished within
/// `limit` (the process is then killed), or if it used more than
/// `memory_kb` of address space (`ulimit -v`: it then fails to allocate).
fn bounded(args: &[&str], limit: Duration, memory_kb: u64) -> (Output, Duration) {
    let script = format!("ulimit -v {memory_kb} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(TABULA)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    // Read the pipes on their own threads so a full pipe never blocks it.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut v);
        v
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tabula {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let elapsed = start.elapsed();
    let output = Output {
        status,
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
    };
    (output, elapsed)
}

// ---- Too few rolls for a chi-square test ----

#[test]
fn simulate_with_too_few_dice_rolls_says_so_instead_of_nan() {
    let o = tabula(&["simulate", "snakes", "--games", "100", "--dice-rolls", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains("NaN"), "{out}");
    let dice: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Dice test"))
        .collect();
    assert_eq!(dice.len(), 4, "{out}");
    for line in &dice[2..] {
        assert!(line.contains("not tested: too few rolls"), "{line}");
        assert!(!line.contains("fair die"), "{line}");
    }
    // JSON: null statistics and an explicit flag, never NaN.
    let v = json(&tabula(&[
        "simulate",
        "snakes",
        "--games",
        "100",
        "--dice-rolls",
        "1",
        "--format",
        "json",
    ]));
    for test in ["faces", "serial_pairs"] {
        let t = &v["dice_test"][test];
        assert_eq!(t["enough_data"], false, "{t}");
        assert!(t["chi_square"].is_null() && t["p_value"].is_null(), "{t}");
        assert!(t["expected_per_cell"].is_number(), "{t}");
    }
    // Enough for the faces (5 per face), not for the 36 pairs.
    let v = json(&tabula(&[
        "simulate",
        "snakes",
        "--games",
        "100",
        "--dice-rolls",
        "30",
        "--format",
        "json",
    ]));
    assert_eq!(v["dice_test"]["faces"]["enough_data"], true);
    assert!(v["dice_test"]["faces"]["p_value"].is_number());
    assert_eq!(v["dice_test"]["serial_pairs"]["enough_data"], false);
}

#[test]
fn dice_test_with_tiny_counts_never_prints_nan_or_a_verdict_it_cannot_give() {
    for (rolls, verdict) in [
        ("2", "verdict: none (too few rolls for either test)"),
        ("29", "verdict: none (too few rolls for either test)"),
        (
            "30",
            "verdict: consistent with a fair die (independence not tested)",
        ),
        (
            "359",
            "verdict: consistent with a fair die (independence not tested)",
        ),
        ("360", "verdict: consistent with a fair, independent die"),
    ] {
        let o = tabula(&["dice-test", "--rolls", rolls, "--seed", "5"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(!out.contains("NaN"), "--rolls {rolls}: {out}");
        assert!(out.contains(verdict), "--rolls {rolls}: {out}");
        let v = json(&tabula(&[
            "dice-test",
            "--rolls",
            rolls,
            "--seed",
            "5",
            "--format",
            "json",
        ]));
        for test in ["faces", "serial_pairs"] {
            let t = &v[test];
            assert_eq!(
                t["enough_data"].as_bool(),
                Some(t["p_value"].is_number()),
                "--rolls {rolls}: {t}"
            );
        }
    }
    let out = stdout(&tabula(&["dice-test", "--rolls", "2"]));
    assert!(
        out.contains("uniformity of faces: not tested: too few rolls (0.3 expected per cell, at least 5 needed)"),
        "{out}"
    );
}

// ---- A traced game outside the run ----

#[test]
fn a_traced_game_outside_the_run_is_refused() {
    for format in ["text", "json"] {
        let o = tabula(&[
            "simulate", "snakes", "--trace", "--game", "99", "--games", "10", "--format", format,
        ]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains("--game 99") && err.contains("numbered 0 to 9"),
            "{err}"
        );
    }
    // The edges: the last game of the run is traced, one past it is not.
    let o = tabula(&[
        "simulate", "snakes", "--trace", "--game", "9", "--games", "10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Game 9 of the run"),
        "{}",
        stdout(&o)
    );
    let o = tabula(&[
        "simulate", "snakes", "--trace", "--game", "10", "--games", "10",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let o = tabula(&[
        "simulate", "snakes", "--trace", "--game", "1", "--games", "1",
    ]);
    assert!(
        stderr(&o).contains("the run has 1 game, numbered 0 to 0"),
        "{}",
        stderr(&o)
    );
}

// ---- Chance-it's whole-game analysis ----

/// The documented maximum of rounds for win-optimal and `analyze chance-it`.
const MAX_ROUNDS: &str = "100";

/// The exact solve's budget in the test of the documented maxima, in
/// seconds: within the test's own bound of 300 s a run.
const BUDGET: &str = "280";

/// Both of Chance-it's largest documented analyses (100 rounds; 3d6 at
/// its own maximum of 14) finish under a time and memory bound and give
/// their pinned figures (`benches/chance-it-pins`), the 100-round one
/// solved once for both checks; 3d6 also in its text report.
#[test]
#[ignore = "slow: about a minute of solving; .ci/run runs it"]
fn analyze_chance_it_at_the_documented_maximum_finishes_in_bounded_time_and_memory() {
    // About 19 s on two quiet cores in a release build; 3d6 at 14 rounds
    // about 41 s. The bound leaves room for a busy machine. Left out of a
    // plain `cargo test` for its minute; .ci/run runs it with `--ignored`.
    // The solve's own budget (`--max-seconds`, 60 s by default) is set to
    // the test's bound: on CI's busy cores the 100-round solve once took
    // more than 60 s, and what is tested is that it finishes, within the
    // bound, with its pinned figures.
    let (o, elapsed) = bounded(
        &[
            "analyze",
            "chance-it",
            "--rounds",
            MAX_ROUNDS,
            "--max-seconds",
            BUDGET,
            "--format",
            "json",
        ],
        Duration::from_secs(300),
        2_000_000,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // Piped: no progress bar, and no progress line for a short solve; a
    // long one writes a line every ten seconds, with the time left once
    // the starts are being solved.
    let err = stderr(&o);
    assert!(err.is_empty() || elapsed > Duration::from_secs(10), "{err}");
    for line in err.lines() {
        assert!(line.starts_with("win-optimal: "), "{err}");
        assert!(!line.contains(" solved") || line.contains(" left"), "{err}");
    }
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["rounds"], 100);
    let w = &v["win_optimal"]["self_play"];
    let sum: f64 = (0..3).map(|k| w[k].as_f64().unwrap_or(f64::NAN)).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{w}");
    // Moving second is an advantage in a long game too.
    assert!(w[1].as_f64() > w[0].as_f64(), "{w}");
    super::chance_it::is_its_pin(&["--rounds", MAX_ROUNDS], "rounds100.json", &v);
    // Dice with more sums, at their own (lower) maximum: the same bound.
    let args = ["--dice", "3d6", "--rounds", "14"];
    let (o, _) = bounded(
        &[
            &["analyze", "chance-it"],
            &args[..],
            &["--max-seconds", BUDGET, "--format", "json"],
        ]
        .concat(),
        Duration::from_secs(300),
        2_000_000,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(
        (v["rounds"].clone(), v["dice"].clone()),
        (14.into(), serde_json::json!([3, 6]))
    );
    super::chance_it::is_its_pin(&args, "dice3d6rounds14.json", &v);
    // And its text report, under the same bound.
    let (o, _) = bounded(
        &[
            &["analyze", "chance-it"],
            &args[..],
            &["--max-seconds", BUDGET],
        ]
        .concat(),
        Duration::from_secs(300),
        2_000_000,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("3d6, 14 rounds"), "{}", stdout(&o));
}

#[test]
fn win_optimal_above_the_maximum_is_refused_at_once_with_a_message() {
    let limit = Duration::from_secs(20);
    let (o, _) = bounded(
        &["analyze", "chance-it", "--rounds", "1000"],
        limit,
        1_000_000,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(
        err.contains("at most 100 rounds with 2d6") && err.contains("this game has 1000"),
        "{err}"
    );
    let (o, _) = bounded(
        &["analyze", "chance-it", "--rounds", "101"],
        limit,
        1_000_000,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    for command in [
        vec![
            "play",
            "chance-it",
            "--seed",
            "1",
            "--strategy",
            "win-optimal",
            "--rounds",
            "1000",
        ],
        vec![
            "tournament",
            "chance-it",
            "--agents",
            "tapering,win-optimal",
            "--games",
            "2",
            "--rounds",
            "1000",
        ],
    ] {
        let (o, _) = bounded(&command, limit, 1_000_000);
        assert_eq!(o.status.code(), Some(1), "{command:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("win-optimal is solved for games of at most 100 rounds with 2d6"),
            "{command:?}: {}",
            stderr(&o)
        );
    }
    // Dice with more sums allow fewer rounds, for the same work.
    let (o, _) = bounded(
        &["analyze", "chance-it", "--dice", "3d6", "--rounds", "15"],
        limit,
        1_000_000,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("at most 14 rounds with 3d6; this game has 15"),
        "{}",
        stderr(&o)
    );
    // Named on the command line without a seed, it is refused before the
    // seed prompt: nothing is asked of a game that cannot be played.
    let o = common::run_with_stdin(
        TABULA,
        &[
            "play",
            "chance-it",
            "--strategy",
            "win-optimal",
            "--rounds",
            "101",
        ],
        "5\n",
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "no prompt before the refusal");
    assert!(stderr(&o).contains("at most 100 rounds"), "{}", stderr(&o));
    // The help says so.
    let help = stdout(&tabula(&["analyze", "chance-it", "--help"]));
    assert!(help.contains("--rounds is at most 100 here"), "{help}");
    let help = stdout(&tabula(&["play", "chance-it", "--help"]));
    assert!(
        help.contains("with the win-optimal strategy and for `analyze`, at most 100"),
        "{help}"
    );
    // Chosen at the menu, it says why and asks again.
    let o = common::run_with_stdin(
        TABULA,
        &["play", "chance-it", "--seed", "1", "--rounds", "101"],
        "win-optimal\ntapering\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("win-optimal is solved for games of at most 100 rounds with 2d6; this game has 101 (the other strategies play up to 1000); please choose another.\nWhich strategy do you select? Computer will use strategy tapering"),
        "{}",
        stdout(&o)
    );
    // The other strategies still play the longest games.
    let answers: String = (0..3000)
        .map(|i| if i % 3 == 0 { "n\n" } else { "\n" })
        .collect();
    let o = common::run_with_stdin(
        TABULA,
        &[
            "play",
            "chance-it",
            "--seed",
            "1",
            "--strategy",
            "tapering",
            "--rounds",
            "1000",
        ],
        answers,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// The one solver interface, as a user meets it: with two strategies in
/// the seats and too many states for the chain, Chance-it's registered
/// staged solve answers each seat's chances (the same chances the chain
/// gives where it fits), and backgammon's whole game is refused with what
/// is solved exactly named.
#[test]
fn registered_solvers_answer_where_the_chain_does_not_fit() {
    let agents = ["--agents", "until-ten,tapering", "--format", "json"];
    let by_chain = json(&tabula(
        &[&["analyze", "chance-it", "--rounds", "1"][..], &agents[..]].concat(),
    ));
    let staged = tabula(
        &[
            &[
                "analyze",
                "chance-it",
                "--rounds",
                "1",
                "--max-states",
                "100",
            ][..],
            &agents[..],
        ]
        .concat(),
    );
    assert_eq!(staged.status.code(), Some(0), "{}", stderr(&staged));
    let staged = json(&staged);
    assert_eq!(staged["method"], "staged", "{staged}");
    assert!(by_chain["steps_pmf"].is_array(), "{by_chain}");
    for seat in 0..2 {
        for key in ["win", "tie", "score"] {
            let (a, b) = (&by_chain["seats"][seat][key], &staged["seats"][seat][key]);
            let (a, b) = (a.as_f64().expect("a number"), b.as_f64().expect("a number"));
            assert!(
                (a - b).abs() < 1e-12,
                "seat {seat} {key}: {a} by the chain, {b} staged"
            );
        }
    }
    // Five rounds: past the chain's default limit, answered all the same.
    let five = tabula(&[
        "analyze",
        "chance-it",
        "--rounds",
        "5",
        "--agents",
        "until-ten,tapering",
        "--max-states",
        "1000",
    ]);
    assert_eq!(five.status.code(), Some(0), "{}", stderr(&five));
    assert!(
        stdout(&five).contains("solved exactly by its staged solver"),
        "{}",
        stdout(&five)
    );
    // Backgammon: the refusal names the remedy.
    let o = tabula(&["analyze", "backgammon", "--max-states", "1000"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("tabula bearoff backgammon"),
        "{}",
        stderr(&o)
    );
}
