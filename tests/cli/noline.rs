//! The `noline` program run as specification 002's marking scripts run it: a real
//! process, arguments, stdin, files, stdout, stderr and exit codes.
//! Transcripts are pinned in `tests/cli/golden/noline-*.txt`; set
//! `TABULA_BLESS=1` to rewrite them after a deliberate change.

use crate::common;
use common::golden;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const NOLINE: &str = env!("CARGO_BIN_EXE_noline");

struct Out {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn noline(args: &[&str], stdin: &str) -> Out {
    let out = common::run_with_stdin(NOLINE, args, stdin);
    Out {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-noline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const USAGE: &str = "Usage: noline dim [playerXtype [playerOtype [Oin Oout Xin Xout]]]\n";

#[test]
fn every_error_path_in_the_specifications_order() {
    let cases: &[(&[&str], i32, &str)] = &[
        (&[], 1, USAGE),
        (&["5", "0", "0", "-"], 1, USAGE),
        (&["5", "0", "0", "-", "-", "-"], 1, USAGE),
        (&["5", "0", "0", "-", "-", "-", "-", "-"], 1, USAGE),
        // Usage comes before everything else.
        (&["x", "9", "9", "-"], 1, USAGE),
        (&["4"], 2, "Invalid board dimension.\n"),
        (&["1"], 2, "Invalid board dimension.\n"),
        (&["0"], 2, "Invalid board dimension.\n"),
        (&["-5"], 2, "Invalid board dimension.\n"),
        (&["+5"], 2, "Invalid board dimension.\n"),
        (&["5a"], 2, "Invalid board dimension.\n"),
        (&[" 5"], 2, "Invalid board dimension.\n"),
        (&[""], 2, "Invalid board dimension.\n"),
        (
            &["99999999999999999999999"],
            2,
            "Invalid board dimension.\n",
        ),
        // The dimension is checked before the player types.
        (&["6", "7"], 2, "Invalid board dimension.\n"),
        (&["5", "3"], 3, "Invalid player type.\n"),
        (&["5", "0", "x"], 3, "Invalid player type.\n"),
        (&["5", "-1"], 3, "Invalid player type.\n"),
        (&["5", "1 "], 3, "Invalid player type.\n"),
        // Player types are checked before the files.
        (
            &["5", "0", "9", "/no/such/file", "-", "-", "-"],
            3,
            "Invalid player type.\n",
        ),
        (
            &["5", "0", "0", "/no/such/file", "-", "-", "-"],
            4,
            "Invalid files.\n",
        ),
        (
            &["5", "0", "0", "-", "-", "/no/such/file", "-"],
            4,
            "Invalid files.\n",
        ),
        (
            &["5", "0", "0", "-", "/no/such/dir/out", "-", "-"],
            4,
            "Invalid files.\n",
        ),
        (
            &["5", "0", "0", "-", "-", "-", "/no/such/dir/out"],
            4,
            "Invalid files.\n",
        ),
    ];
    for (args, code, message) in cases {
        let o = noline(args, "");
        assert_eq!(o.code, Some(*code), "{args:?}: {}", o.stderr);
        assert_eq!(o.stderr, *message, "{args:?}");
        assert_eq!(o.stdout, "", "{args:?}");
    }
}

#[test]
fn computer_players_never_open_their_input_file() {
    // Seed update: an AI player's input file is not used.
    let o = noline(
        &["3", "1", "2", "/no/such/file", "-", "/no/such/file", "-"],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
}

/// The specification's example game (5 x 5, two humans on stdin), with its invalid
/// moves: each re-prompts without reprinting the board.
const SEED_GAME: &str = "0 0\n0 4\n4 4\n3 1\n2 4\n4 0\n3 0\n1 2\n2 1\n1 4\n4 1\n3 3\n0 3\n4 2\n2 3\n1 0\n4 3\n0 1\n2 0\n3 4\n0 2\n-10 0\n0 0\n0 5\n4\ncats\n1 1\n";

#[test]
fn the_specifications_example_game() {
    let o = noline(&["5"], SEED_GAME);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .ends_with("-----\nOXOOX\nXXX.X\nOO.OO\nOX.XX\nXOXOO\n=====\nPlayer X loses.\n")
    );
    // Five invalid moves, five extra prompts, no extra boards.
    assert!(o.stdout.contains("=====\nX> X> X> X> X> X> -----\nOXOOX"));
    assert_eq!(o.stdout.matches("Player X loses.").count(), 1);
    golden("noline-seed-example.txt", &o.stdout);
    // The same game with explicit stdin/stdout arguments.
    let same = noline(&["5", "0", "0", "-", "-", "-", "-"], SEED_GAME);
    assert_eq!(same.stdout, o.stdout);
}

#[test]
fn computer_games_on_several_sizes() {
    for (dim, x, o, name) in [
        ("3", "1", "1", "noline-3-type1-type1.txt"),
        ("5", "1", "2", "noline-5-x1-o2.txt"),
        ("7", "2", "1", "noline-7-x2-o1.txt"),
        ("11", "2", "2", "noline-11-type2-type2.txt"),
    ] {
        let out = noline(&[dim, x, o], "");
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        golden(name, &out.stdout);
    }
    // Type 2 on 11 x 11 starts as the specification lists: 10 10, then 9 8, 8 6, 7 4.
    let out = noline(&["11", "2", "2"], "");
    let moves: Vec<&str> = out
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("O> ").or_else(|| l.strip_prefix("X> ")))
        .collect();
    assert_eq!(&moves[..4], ["10 10", "9 8", "8 6", "7 4"]);
}

#[test]
fn a_large_board_is_instant() {
    let out = noline(&["101", "1", "2"], "");
    assert_eq!(out.code, Some(0));
    let last = out.stdout.lines().last().unwrap_or("");
    assert!(
        last == "The game is a draw." || last.starts_with("Player "),
        "{last}"
    );
    assert!(out.stdout.contains(&"-".repeat(101)));
}

#[test]
fn human_against_computer_and_end_of_input() {
    // Human O (stdin) against type 1 X.
    let o = noline(&["3", "1", "0"], "1 1\n0 1\n2 2\n1 0\n");
    golden("noline-human-vs-type1.txt", &o.stdout);
    assert_eq!(o.code, Some(0));
    // End of input at the first prompt.
    let o = noline(&["3"], "");
    assert_eq!(
        o.stdout,
        "---\n...\n...\n...\n===\nO> ---\n...\n...\n...\n===\nPlayer O loses due to EOF.\n"
    );
    // End of input in mid-game, for X.
    let o = noline(&["5"], "2 2\n0 0\n1 1\n");
    assert!(
        o.stdout.ends_with("Player X loses due to EOF.\n"),
        "{}",
        o.stdout
    );
    // A last line without a newline is still read.
    let o = noline(&["3", "1", "0"], "1 1");
    assert!(o.stdout.contains("O> -"));
}

#[test]
fn invalid_and_overlong_lines_re_prompt() {
    let pad = |n: usize| format!("1 1{}", " ".repeat(n - 3));
    // 80 characters: invalid; 79: valid.
    let o = noline(&["3", "1", "0"], &format!("{}\n{}\n", pad(80), pad(79)));
    assert!(
        o.stdout
            .starts_with("---\n...\n...\n...\n===\nO> O> ---\n...\n.O.\n"),
        "{}",
        o.stdout
    );
    // What scanf(" %d %d") reads: signs, leading blanks, trailing junk.
    let o = noline(&["3", "1", "0"], "  +1\t1 junk\n");
    assert!(o.stdout.contains("O> ---\n...\n.O.\n"), "{}", o.stdout);
    // One number, letters, off the board, a taken cell.
    let o = noline(&["3", "1", "0"], "1\nx y\n3 0\n-1 0\n1 1\n0 0\n");
    assert!(
        o.stdout.contains("O> O> O> O> ---\n...\n.O.\n"),
        "{}",
        o.stdout
    );
}

#[test]
fn split_input_and_output_through_files() {
    let dir = temp_dir();
    let o_in = dir.join("o.in");
    let x_in = dir.join("x.in");
    let o_out = dir.join("o.out");
    let x_out = dir.join("x.out");
    std::fs::write(
        &o_in,
        "0 0\n4 4\n2 4\n3 0\n2 1\n4 1\n0 3\n2 3\n4 3\n2 0\n0 2\n",
    )
    .unwrap();
    std::fs::write(
        &x_in,
        "0 4\n3 1\n4 0\n1 2\n1 4\n3 3\n4 2\n1 0\n0 1\n3 4\n1 1\n",
    )
    .unwrap();
    let args = [
        "5",
        "0",
        "0",
        o_in.to_str().unwrap(),
        o_out.to_str().unwrap(),
        x_in.to_str().unwrap(),
        x_out.to_str().unwrap(),
    ];
    let run = noline(&args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let o_text = std::fs::read_to_string(&o_out).unwrap();
    let x_text = std::fs::read_to_string(&x_out).unwrap();
    // Each player sees its own boards and prompts, and both the end.
    assert!(o_text.contains("O> ") && !o_text.contains("X> "));
    assert!(x_text.contains("X> ") && !x_text.contains("O> "));
    assert!(o_text.ends_with("Player X loses.\n") && x_text.ends_with("Player X loses.\n"));
    golden("noline-split-o.txt", &o_text);
    golden("noline-split-x.txt", &x_text);
    // Stdin for O, a file for X's output only.
    let run = noline(
        &["3", "1", "0", "-", "-", "-", x_out.to_str().unwrap()],
        "1 1\n0 1\n2 2\n1 0\n",
    );
    let x_text = std::fs::read_to_string(&x_out).unwrap();
    assert!(run.stdout.contains("O> ") && !run.stdout.contains("X> "));
    assert!(x_text.contains("X> "));
    let end = run.stdout.lines().last().unwrap();
    assert_eq!(x_text.lines().last().unwrap(), end);
}

#[test]
fn analyze_and_tournament_commands() {
    let tabula = env!("CARGO_BIN_EXE_tabula");
    let run = |args: &[&str]| {
        Command::new(tabula)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs")
    };
    let o = run(&["analyze", "noline", "--dim", "3", "--format", "json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["game"], "noline");
    assert_eq!(v["value"], "draw");
    assert_eq!(v["best_first_moves"], serde_json::json!([[1, 1]]));
    assert_eq!(v["first_moves"].as_array().unwrap().len(), 9);
    let o = run(&["analyze", "noline", "--dim", "4"]);
    assert_eq!(o.status.code(), Some(2));
    // A budget too small to settle anything: a report of how far it came.
    let o = run(&["analyze", "noline", "--dim", "5", "--max-nodes", "1000"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("searched from the empty board: not settled within 1000 positions"),
        "{text}"
    );
    assert!(text.contains("  ? ? ? ? ?"), "{text}");
    let o = run(&[
        "tournament",
        "noline",
        "--dim",
        "3",
        "--agents",
        "type1,type2,random,perfect",
        "--games",
        "50",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["game"], "noline");
    assert_eq!(v["dim"], 3);
    // The generic tournament's keys beside noline's.
    assert_eq!(v["spec"], "noline(dim=3)");
    assert_eq!(v["parameters"]["dim"], 3);
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    for p in pairs {
        let sum = p["a_wins"].as_u64().unwrap()
            + p["b_wins"].as_u64().unwrap()
            + p["draws"].as_u64().unwrap();
        assert_eq!(sum, 50);
        assert_eq!(p["a_losses"], p["b_wins"]);
        // noline's extension: a's wins as O and as X are its wins by seat.
        assert_eq!(p["a_wins_as_o"], p["a_wins_by_seat"][0]);
        assert_eq!(p["a_wins_as_x"], p["a_wins_by_seat"][1]);
    }
    // The same tournament named by its spec string.
    let o = run(&[
        "tournament",
        "noline(dim=3)",
        "--agents",
        "type1,type2,random,perfect",
        "--games",
        "50",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let w: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(w["pairs"], v["pairs"]);
    // An even board names the parameter.
    let o = run(&[
        "tournament",
        "noline",
        "--dim",
        "4",
        "--agents",
        "type1,type2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("parameter dim: 4 is not allowed"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The generic simulate: type1 against type2 on 3x3 always draws.
    let o = run(&["simulate", "noline", "--games", "20", "--format", "json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s["spec"], "noline(dim=3)");
    let o = run(&["tournament", "noline", "--agents", "type1,nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nope"));
}

/// `tabula play noline` with piped input, as a real process.
fn play(args: &[&str], stdin: &str) -> Out {
    let mut all = vec!["play", "noline"];
    all.extend_from_slice(args);
    let out = common::run_with_stdin(env!("CARGO_BIN_EXE_tabula"), &all, stdin);
    Out {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

#[test]
fn play_noline_a_legal_game_with_its_record() {
    let dir = common::temp_dir("play-noline-record");
    // Every cell in turn: the ones type1 took are refused and asked again.
    let moves = "1 1\n0 0\n0 1\n0 2\n1 0\n1 2\n2 0\n2 1\n2 2\n";
    let o = play(&["--seed", "5", "--record", dir.to_str().unwrap()], moves);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.contains("player O, your move: "), "{}", o.stdout);
    assert!(
        o.stdout.contains("player X (type1) plays 0 0"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains(" wins.") || o.stdout.contains("A draw."),
        "{}",
        o.stdout
    );
    let record = dir.join("noline-5.ron");
    assert!(o.stdout.contains("Record written to"), "{}", o.stdout);
    let r = common::tabula(&["replay", "noline", record.to_str().unwrap()]);
    assert!(r.status.success(), "{}", common::stderr(&r));
    assert!(common::stdout(&r).ends_with("Every step is legal.\n"));
    // The agent moves first when asked to, and the seed is printed when
    // none is given.
    let o = play(&["--first", "agent", "--agent", "type2"], "");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.starts_with("Seed "), "{}", o.stdout);
    assert!(
        o.stdout.contains("player O (type2) plays 2 2"),
        "{}",
        o.stdout
    );
}

#[test]
fn play_noline_re_prompts_on_garbage_and_stops_at_end_of_input() {
    let o = play(&["--seed", "1"], "hello\n7 7\n\n1\nhelp\n1 1\n");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout.contains("a move is two numbers, ROW COL"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("7 7 is off the board"), "{}", o.stdout);
    assert!(
        o.stdout.contains("Legal moves (9): 0 0, 0 1"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("player X (type1) plays 0 0"),
        "{}",
        o.stdout
    );
    // Input ends at O's second move: the game stops cleanly.
    assert!(o.stdout.ends_with("Game stopped.\n"), "{}", o.stdout);
    let o = play(&["--agent", "nope"], "");
    assert_eq!(o.code, Some(1));
    assert!(o.stderr.contains("nope"), "{}", o.stderr);
}

/// The generic search agents in a tournament and at the terminal; a bad
/// budget and a board too large for them are clear errors.
#[test]
fn noline_search_agents_in_tournaments_and_play() {
    let o = common::tabula(&[
        "tournament",
        "noline",
        "--agents",
        "random,greedy,alphabeta-2000,mcts-100",
        "--games",
        "20",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let v = common::json(&o);
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    for p in pairs {
        assert_eq!(p["capped"], 0);
    }
    let entrants = v["standings"]["entrants"].as_array().unwrap();
    assert_eq!(entrants.len(), 4);
    for e in entrants {
        for fault in ["illegal", "panics", "too_slow"] {
            assert_eq!(e[fault], 0, "{e}");
        }
    }
    let o = play(&["--agent", "alphabeta", "--seed", "4"], "1 1\n");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout.contains("player X (alphabeta) plays "),
        "{}",
        o.stdout
    );
    let o = common::tabula(&["tournament", "noline", "--agents", "random,mcts-fast"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("is not a budget"),
        "{}",
        common::stderr(&o)
    );
    let o = common::tabula(&[
        "tournament",
        "noline",
        "--dim",
        "27",
        "--agents",
        "random,greedy",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("up to 25x25"),
        "{}",
        common::stderr(&o)
    );
}

/// `analyze` and `play` are the generic verbs with noline's extension:
/// the specification's options and outputs as before, the generic ones beside.
#[test]
fn noline_analyze_and_play_are_the_generic_verbs_with_its_extension() {
    // With --agents, the generic exact analysis: its keys and the
    // game's name as every generic report gives them.
    let o = common::tabula(&[
        "analyze",
        "noline",
        "--agents",
        "random,random",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let v = common::json(&o);
    assert_eq!(v["game"], "noline");
    assert_eq!(v["spec"], "noline(dim=3)");
    assert_eq!(v["parameters"]["dim"], 3);
    assert_eq!(v["states"], 5478);
    // The solver's options appear in the help beside the generic ones.
    let help = common::stdout(&common::tabula(&["analyze", "noline", "--help"]));
    for option in [
        "--max-nodes",
        "--max-memory <MB>",
        "--max-states",
        "--params",
    ] {
        assert!(help.contains(option), "{help}");
    }
    // A spec string names the board, for the solver too.
    let o = common::tabula(&["analyze", "noline(dim=5)", "--max-nodes", "1000"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(common::stdout(&o).starts_with("noline 5x5, searched"));
    // play: the generic --agents names both seats, --against is --agent.
    let o = play(&["--agents", "random,you", "--seed", "3"], "");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout.contains("player O (random) plays "),
        "{}",
        o.stdout
    );
    let o = play(
        &["--against", "type2", "--first", "agent", "--seed", "5"],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout.starts_with("player O (type2) plays 2 2"),
        "{}",
        o.stdout
    );
    // Given a seed, nothing is said before the game, as before.
    let o = play(&["--seed", "5"], "");
    assert!(o.stdout.starts_with("---"), "{}", o.stdout);
    // --agent and --agents cannot both seat the agent.
    let o = play(&["--agent", "random", "--agents", "you,type1"], "");
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert!(o.stderr.contains("cannot be used with"), "{}", o.stderr);
    // Three players on a two-seat game: the generic message.
    let o = play(&["--agents", "you,random,random"], "");
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("2 seats"), "{}", o.stderr);
}
