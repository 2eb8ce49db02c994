//! Hostile input, as a user (or a script) gives it: over-long lines,
//! closed pipes, directories and files where the other is expected,
//! absurd budgets and board sizes. Every program runs as a real process;
//! memory bounds are checked by running it under `ulimit -v`.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, ExitStatus, Stdio};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");
const NOLINE: &str = env!("CARGO_BIN_EXE_noline");
const CHANCE_IT: &str = env!("CARGO_BIN_EXE_chance-it");

/// Address space allowed where a test bounds memory, in KiB (`ulimit -v`):
/// ample for a program that reads lines with a cap (each runs in 8 MB),
/// too little to hold the [`HUGE`] line the test feeds it.
const ULIMIT_KB: u64 = 32_000;

/// Bytes in the over-long line: twice what [`ULIMIT_KB`] allows.
const HUGE: u64 = 64 << 20;

/// Runs `program args` under `ulimit -v ULIMIT_KB` with `stdin` written
/// from a thread (so large inputs cannot deadlock against the output).
fn run_limited(
    program: &str,
    args: &[&str],
    mut stdin: Box<dyn Read + Send>,
) -> std::process::Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {ULIMIT_KB}; exec \"$0\" \"$@\""))
        .arg(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = std::io::copy(&mut stdin, &mut input);
    });
    let out = child.wait_with_output().expect("program runs");
    let _ = writer.join();
    out
}

/// A [`HUGE`] line of `x`, generated as it is written, then `tail`.
fn huge_line_then(tail: &'static [u8]) -> Box<dyn Read + Send> {
    Box::new(std::io::repeat(b'x').take(HUGE).chain(tail))
}

/// Runs `program args`, reads the first line of its output and closes the
/// pipe, as `program args | head -1` does. Returns the exit status and
/// stderr.
fn closed_after_one_line(program: &str, args: &[&str], stdin: Vec<u8>) -> (ExitStatus, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("program starts");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("first line");
    assert!(!first.is_empty(), "{program} printed nothing");
    drop(stdout);
    let out = child.wait_with_output().expect("program runs");
    let _ = writer.join();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn noline_reads_a_huge_line_in_bounded_memory() {
    // One huge line for X (a human), then end of input.
    let out = run_limited(NOLINE, &["3", "0", "1"], huge_line_then(b"\n"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.ends_with("Player X loses due to EOF.\n"), "{stdout}");
    // The over-long line is an invalid move: the prompt comes again.
    assert_eq!(stdout.matches("X> ").count(), 2, "{stdout}");
    assert!(
        stdout.len() < 1000,
        "the line was echoed: {} bytes",
        stdout.len()
    );
}

#[test]
fn noline_directory_input_is_invalid_files() {
    let dir = common::temp_dir("robust-noline-dir");
    let d = dir.to_string_lossy().into_owned();
    let out = common::run_with_stdin(NOLINE, &["5", "0", "0", &d, "-", "-", "-"], "");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "Invalid files.\n");
}

#[test]
fn play_seega_reads_a_huge_line_in_bounded_memory_and_echoes_little() {
    let out = run_limited(
        TABULA,
        &["play", "seega", "--seed", "3"],
        huge_line_then(b"\nquit\n"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("That line is too long to be a move; type help for the legal moves."),
        "{stdout}"
    );
    assert!(stdout.contains("Game stopped."), "{stdout}");
    assert!(
        stdout.len() < 5000,
        "the line was echoed: {} bytes",
        stdout.len()
    );
}

#[test]
fn play_seega_echoes_at_most_an_excerpt_of_a_bad_answer() {
    // Under the cap but long: shown back cut, never whole.
    let answer = "z".repeat(1000);
    let out = common::run_with_stdin(
        TABULA,
        &["play", "seega", "--seed", "3"],
        format!("{answer}\nquit\n"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("\"{}...\"", "z".repeat(40))),
        "{stdout}"
    );
    assert!(!stdout.contains(&"z".repeat(41)), "{stdout}");
}

#[test]
fn chance_it_reads_a_huge_line_in_bounded_memory() {
    for program in [TABULA, CHANCE_IT] {
        let args: &[&str] = if program == TABULA {
            &["play", "chance-it", "--seed", "1", "--strategy", "1"]
        } else {
            &["--seed", "1", "--strategy", "1"]
        };
        let out = run_limited(program, args, huge_line_then(b"\n"));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("Please answer Y or N."), "{stdout}");
        assert!(
            stdout.len() < 5000,
            "the line was echoed: {} bytes",
            stdout.len()
        );
    }
}

#[test]
fn a_closed_output_ends_every_program_quietly_with_status_0() {
    // Enough wrong answers that the output outgrows any pipe buffer.
    let wrong = "maybe\n".repeat(50_000).into_bytes();
    let cases: Vec<(&str, Vec<&str>, Vec<u8>)> = vec![
        (NOLINE, vec!["101", "1", "2"], Vec::new()),
        (
            CHANCE_IT,
            vec!["--seed", "1", "--strategy", "1"],
            wrong.clone(),
        ),
        (
            TABULA,
            vec!["play", "chance-it", "--seed", "1", "--strategy", "1"],
            wrong.clone(),
        ),
        (TABULA, vec!["play", "seega", "--seed", "3"], wrong.clone()),
    ];
    for (program, args, stdin) in cases {
        let (status, stderr) = closed_after_one_line(program, &args, stdin);
        assert_eq!(status.code(), Some(0), "{program} {args:?}: {stderr}");
        assert_eq!(stderr, "", "{program} {args:?}");
    }
}

#[test]
fn play_seega_refuses_a_record_file_before_the_game() {
    let dir = common::temp_dir("robust-record-file");
    let file = dir.join("afile");
    std::fs::write(&file, "").unwrap();
    let f = file.to_string_lossy().into_owned();
    // A whole game's worth of input: none of it may be read.
    let out = common::run_with_stdin(
        TABULA,
        &["play", "seega", "--seed", "3", "--record", &f],
        "a1 b2\n".repeat(100),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("it is a file, not a directory"), "{stderr}");
    assert!(!stdout.contains("your move"), "the game started: {stdout}");
    // The tournament checks it as well, before any game.
    let out = common::run_with_stdin(
        TABULA,
        &[
            "tournament",
            "seega",
            "--agents",
            "random,greedy",
            "--games",
            "2",
            "--record",
            &f,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it is a file, not a directory"));
}

#[test]
fn play_seega_keeps_its_record_when_the_output_closes() {
    let dir = common::temp_dir("robust-record-pipe");
    let d = dir.to_string_lossy().into_owned();
    let wrong = "maybe\n".repeat(50_000).into_bytes();
    let (status, stderr) = closed_after_one_line(
        TABULA,
        &["play", "seega", "--seed", "3", "--record", &d],
        wrong,
    );
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(dir.join("seega-3.ron").is_file());
}

#[test]
fn replay_seega_refuses_unknown_parameters_with_their_place() {
    let dir = common::temp_dir("robust-replay-fields");
    let good = "(\n    game: \"seega\",\n    parameters: (\n        size: 5,\n        stalemate: 30,\n        first: Black,\n    ),\n    seed: 1,\n    index: 0,\n    players: [],\n    steps: [\n        Move(seat: 0, mv: Place(((0, 0), (1, 1)))),\n    ],\n    end: Stopped,\n)\n";
    let cases = [
        ("top.ron", good.replace("        first: Black,\n", "        first: Black,\n        colour: \"red\",\n"), "top.ron:7:", "colour"),
        (
            "top.json",
            "{\"game\":\"seega\",\"parameters\":{\"size\":5,\"stalemate\":30,\"first\":\"Black\",\"junk\":1},\"seed\":1,\"index\":0,\"players\":[],\"steps\":[],\"end\":\"Stopped\"}".to_string(),
            "top.json:1:",
            "junk",
        ),
    ];
    for (name, text, place, field) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = common::run_with_stdin(TABULA, &["replay", "seega", &path.to_string_lossy()], "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(place) && stderr.contains(field),
            "{name}: {stderr}"
        );
    }
    // The record without the extra field replays.
    let path = dir.join("good.ron");
    std::fs::write(&path, good).unwrap();
    let out = common::run_with_stdin(TABULA, &["replay", "seega", &path.to_string_lossy()], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `tabula args` and returns (exit code, stdout, stderr).
fn tabula(args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::run_with_stdin(TABULA, args, "");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn noline_tournament_plays_long_games_to_their_end_as_the_program_does() {
    // On 141 x 141, type1 against type2 lasts over 10,000 moves (the
    // harness's default cap): the games must end as `noline` ends them.
    let (code, stdout, stderr) = tabula(&[
        "tournament",
        "noline",
        "--dim",
        "141",
        "--agents",
        "type1,type2",
        "--games",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let p = &v["pairs"][0];
    assert_eq!(p["draws"], 0, "{p}");
    assert_eq!(p["capped"], 0, "{p}");
    // The program: X's type first. Game 1 has type1 as O, game 2 as X.
    // It prints the board after every move (300 MB a game here), read as
    // it comes: its moves (`X> ROW COL` and `O> ROW COL` lines) counted,
    // its last line kept.
    let o_loses = |x_type: &str, o_type: &str| {
        let mut child = Command::new(NOLINE)
            .args(["141", x_type, o_type])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("noline starts");
        let mut out = BufReader::with_capacity(1 << 20, child.stdout.take().expect("stdout"));
        let (mut moves, mut last, mut line) = (0usize, Vec::new(), Vec::new());
        loop {
            line.clear();
            if out.read_until(b'\n', &mut line).expect("reads") == 0 {
                break;
            }
            if line.starts_with(b"X> ") || line.starts_with(b"O> ") {
                moves += 1;
            }
            std::mem::swap(&mut last, &mut line);
        }
        assert!(child.wait().expect("noline ends").success());
        assert!(moves > 10_000, "a short game: {moves} moves");
        last == b"Player O loses.\n"
    };
    let type1_wins_as_o = u64::from(!o_loses("2", "1"));
    let type1_wins_as_x = u64::from(o_loses("1", "2"));
    assert_eq!(p["a_wins_as_o"], type1_wins_as_o, "{p}");
    assert_eq!(p["a_wins_as_x"], type1_wins_as_x, "{p}");
}

#[test]
fn noline_board_limits_agree_with_the_program_and_the_solver() {
    // Beyond what the `noline` program takes.
    let (code, _, stderr) = tabula(&[
        "tournament",
        "noline",
        "--dim",
        "10001",
        "--agents",
        "type1,type2",
    ]);
    // The generic verb's parameter check: it names the parameter and its
    // range.
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("parameter dim: 10001 is not allowed: from 3 to 9999"),
        "{stderr}"
    );
    let out = common::run_with_stdin(NOLINE, &["10001"], "");
    assert_eq!(out.status.code(), Some(2));
    // Beyond the solver: the message and the help say the same.
    let (code, _, stderr) = tabula(&["analyze", "noline", "--dim", "9"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("up to 7 x 7, not 9 x 9"), "{stderr}");
    let (_, help, _) = tabula(&["analyze", "noline", "--help"]);
    assert!(help.contains("odd, 3 to 7"), "{help}");
    assert!(help.contains("--max-memory <MB>"), "{help}");
}

#[test]
fn analyze_noline_keeps_to_its_memory_limit() {
    // Under a 300 MB address space, a 2 MB table: the search replaces
    // entries rather than growing, and says how far it came (status 0).
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 300000; exec \"$0\" analyze noline --dim 5 --max-memory 2 --max-nodes 300000 --format json")
        .arg(TABULA)
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["table_mb"].as_f64().expect("table_mb") <= 2.0, "{v}");
    assert!(v["replaced"].as_u64().expect("replaced") > 0, "{v}");
    assert!(v["nodes"].as_u64().expect("nodes") <= 300_001, "{v}");
}

#[test]
fn absurd_agent_budgets_are_refused_before_any_game() {
    for (agent, limit) in [
        (
            "mcts-18446744073709551615",
            "at most 10000000 nodes or playouts",
        ),
        ("alphabeta-10000001", "at most 10000000 nodes or playouts"),
        ("mcts-99999999999999999999999ms", "at most 60000ms"),
    ] {
        let agents = format!("{agent},random");
        let started = std::time::Instant::now();
        let (code, _, stderr) =
            tabula(&["tournament", "seega", "--agents", &agents, "--games", "2"]);
        assert_eq!(code, Some(1), "{agent}: {stderr}");
        assert!(stderr.contains(limit), "{agent}: {stderr}");
        assert!(
            started.elapsed().as_secs() < 10,
            "{agent}: games were played"
        );
        let out = common::run_with_stdin(TABULA, &["play", "seega", "--agent", agent], "a1 b2\n");
        assert_eq!(out.status.code(), Some(1), "{agent}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(limit));
    }
}
