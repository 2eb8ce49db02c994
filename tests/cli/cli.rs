//! The `tabula` binary run as a user runs it: a real process, real
//! stdout and stderr, exit codes.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

use common::{json, stderr, stdout, tabula};

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    path
}

#[test]
fn list_shows_games_and_rule_sets() {
    let o = tabula(&["list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("snakes"), "{out}");
    assert!(
        out.contains("    strategies\n") && out.contains("    rule sets\n"),
        "{out}"
    );
    for rules in ["overshoot", "exact", "bounce"] {
        assert!(out.contains(rules), "{out}");
    }
    let v = json(&tabula(&["list", "--format", "json"]));
    let plugins = |game: &str| -> Vec<String> {
        let games = v["games"].as_array().unwrap();
        let g = games.iter().find(|g| g["name"] == game).unwrap();
        g["plugins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    let games: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        games,
        [
            "backgammon",
            "chance-it",
            "cruising",
            "monopoly",
            "noline",
            "pig",
            "seega",
            "snakes"
        ]
    );
    assert_eq!(plugins("cruising"), ["cooper", "straight", "vmc"]);
    assert_eq!(plugins("monopoly"), ["doubles", "pay"]);
    assert_eq!(
        plugins("noline"),
        [
            "alphabeta",
            "greedy",
            "mcts",
            "perfect",
            "random",
            "type1",
            "type2"
        ]
    );
    assert_eq!(plugins("seega"), ["alphabeta", "greedy", "mcts", "random"]);
    assert_eq!(
        plugins("snakes"),
        [
            "classic",
            "teaching",
            "two-dice",
            "bounce",
            "bump",
            "exact",
            "overshoot",
            "six-again",
            "sixes-home"
        ]
    );
    assert_eq!(
        plugins("chance-it"),
        [
            "optimal",
            "tapering",
            "threshold",
            "until-ten",
            "win-optimal"
        ]
    );
}

#[test]
fn simulate_json_has_every_documented_key() {
    let v = json(&tabula(&[
        "simulate", "snakes", "--games", "5000", "--seed", "9", "--format", "json",
    ]));
    for key in [
        "game",
        "board",
        "rules",
        "games",
        "seed",
        "throws",
        "shortest_game",
        "squares",
        "time_per_game_ns",
        "modal_game",
        "seats",
        "dice_test",
        "players",
        "threads",
        "max_throws",
        "capped_games",
        "board_source",
        "wall_time_s",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["game"], "snakes");
    assert_eq!(v["rules"], "overshoot");
    assert_eq!(v["games"], 5000);
    assert_eq!(v["seed"], 9);
    for key in [
        "min",
        "max",
        "mean",
        "std_error",
        "mode",
        "median",
        "histogram",
    ] {
        assert!(v["throws"].get(key).is_some(), "missing throws.{key}");
    }
    let histogram = v["throws"]["histogram"].as_object().unwrap();
    assert_eq!(
        histogram.values().map(|c| c.as_u64().unwrap()).sum::<u64>(),
        5000
    );
    for key in ["throws", "rolls", "squares"] {
        assert!(
            v["shortest_game"].get(key).is_some(),
            "missing shortest_game.{key}"
        );
    }
    for key in [
        "landings",
        "most_popular",
        "least_popular",
        "least_popular_probability",
    ] {
        assert!(v["squares"].get(key).is_some(), "missing squares.{key}");
    }
    assert_eq!(v["squares"]["landings"].as_array().unwrap().len(), 101);
    assert_eq!(v["dice_test"]["rolls"], 1_000_000);
}

#[test]
fn same_seed_same_numbers_whatever_the_threads() {
    let run = |threads: &str| {
        let mut v = json(&tabula(&[
            "simulate",
            "snakes",
            "--games",
            "30000",
            "--seed",
            "77",
            "--rules",
            "exact",
            "--threads",
            threads,
            "--format",
            "json",
            "--dice-rolls",
            "1000",
        ]));
        let m = v.as_object_mut().unwrap();
        for k in ["time_per_game_ns", "wall_time_s", "threads"] {
            m.remove(k);
        }
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("5"));
}

#[test]
fn text_report_has_every_specification_000_item_and_no_progress_bar_when_piped() {
    let o = tabula(&[
        "simulate", "snakes", "--games", "20000", "--board", "teaching",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in [
        "Teaching board",
        "minimum",
        "most common",
        "mean",
        "standard error",
        "median",
        "maximum",
        "most popular (other than 20)",
        "least popular",
        "probability of landing",
        "mean real time per game",
        "Dice test",
        "chi-square",
        "serial pairs",
        "p = ",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
    assert!(stderr(&o).is_empty(), "stderr: {}", stderr(&o));
}

#[test]
fn long_runs_draw_no_progress_bar_into_a_pipe() {
    // Past the bar's threshold of two million games.
    let o = tabula(&[
        "simulate",
        "snakes",
        "--games",
        "2500000",
        "--dice-rolls",
        "0",
    ]);
    assert!(o.status.success());
    // Nothing, or (on a slow machine, past ten seconds) plain progress
    // lines with the time left: no bar, no control characters.
    let err = stderr(&o);
    assert!(
        err.lines()
            .all(|l| l.starts_with("simulation: ") && l.contains(" games, ")),
        "stderr: {err}"
    );
    assert!(
        !err.contains('\r') && !err.contains('\x1b'),
        "stderr: {err:?}"
    );
    assert!(stdout(&o).starts_with("Snakes and Ladders: Classic"));
}

#[test]
fn trace_prints_one_game_roll_by_roll() {
    let o = tabula(&[
        "simulate", "snakes", "--games", "10", "--trace", "--game", "3", "--rules", "exact",
        "--seed", "4",
    ]);
    let out = stdout(&o);
    assert!(out.starts_with("Game 3 of the run with seed 4"), "{out}");
    assert!(out.contains("throw  1: rolled"), "{out}");
    assert!(out.contains("ladder") || out.contains("chute"), "{out}");
    // Replaying is deterministic (the trace is what comes before the report).
    let trace = |s: &str| s.split("\n\n").next().unwrap_or("").to_string();
    let again = stdout(&tabula(&[
        "simulate", "snakes", "--games", "10", "--trace", "--game", "3", "--rules", "exact",
        "--seed", "4",
    ]));
    assert_eq!(trace(&out), trace(&again));
    assert!(trace(&out).ends_with("throws."), "{out}");
    let v = json(&tabula(&[
        "simulate", "snakes", "--games", "10", "--trace", "--format", "json",
    ]));
    assert!(v["trace"]["throws"].as_array().unwrap().len() >= 7);
}

#[test]
fn a_recorded_snakes_game_replays_and_a_tampered_throw_fails_at_its_index() {
    let dir = common::temp_dir("snakes-record");
    let args = |format: &str| {
        [
            "simulate",
            "snakes",
            "--games",
            "10",
            "--game",
            "3",
            "--players",
            "2",
            "--seed",
            "4",
            "--dice-rolls",
            "0",
            "--trace",
            "--record",
            dir.to_str().unwrap(),
            "--record-format",
            format,
        ]
        .map(String::from)
    };
    let run = |args: &[String]| tabula(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let o = run(&args("ron"));
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("snakes-4-3.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    // The trace is a view of the record: as many throws as steps.
    let throws: Vec<&str> = text
        .match_indices("Chance(")
        .map(|(i, _)| &text[i..])
        .collect();
    let traced = stdout(&o)
        .lines()
        .filter(|l| l.starts_with("  throw "))
        .count();
    assert_eq!(throws.len(), traced, "{text}");
    let r = tabula(&["replay", "snakes", file.to_str().unwrap()]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stdout(&r).contains("player 1 wins.") || stdout(&r).contains("player 2 wins."));
    assert!(
        stdout(&r).ends_with("Every step is legal.\n"),
        "{}",
        stdout(&r)
    );
    // A throw of 9 cannot happen with one die: step 2 is named.
    let at = text.match_indices("Chance(").nth(2).unwrap().0 + "Chance(".len();
    let end = at + text[at..].find(')').unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, format!("{}9{}", &text[..at], &text[end..])).unwrap();
    let r = tabula(&["replay", "snakes", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(stdout(&r).contains("ILLEGAL: step 2: "), "{}", stdout(&r));
    // JSON records too; the same game.
    let o = run(&args("json"));
    assert!(o.status.success(), "{}", stderr(&o));
    let json_file = dir.join("snakes-4-3.json");
    let r = tabula(&["replay", "snakes", json_file.to_str().unwrap()]);
    assert!(r.status.success(), "{}", stderr(&r));
    // A record of another game is refused, with its position.
    let r = tabula(&["replay", "noline", file.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(stderr(&r).contains("not of \"noline\""), "{}", stderr(&r));
}

#[test]
fn a_board_file_is_simulated_and_its_errors_are_located() {
    let good = temp_file(
        "good.ron",
        "Board(name: \"My board\", size: 30, ladders: [(2, 20)], chutes: [(25, 5)])",
    );
    let o = tabula(&[
        "simulate",
        "snakes",
        good.to_str().unwrap(),
        "--games",
        "2000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("My board (30 squares), rules overshoot"));

    let bad = temp_file(
        "bad.ron",
        "Board(\n  name: \"x\",\n  size: 30,\n  ladders: [(2, 40)],\n)",
    );
    let o = tabula(&["simulate", "snakes", "--board", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("error: {}:4:17: ", bad.display())),
        "{err}"
    );
    assert!(
        err.contains("must end on a square from 1 to 30, found 40"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    assert!(stdout(&o).is_empty());
}

#[test]
fn unknown_names_and_bad_flags_exit_non_zero_with_a_message() {
    let o = tabula(&["simulate", "snakes", "--rules", "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(
        "unknown rule set \"nope\"; known: bounce, bump, exact, overshoot, six-again, sixes-home"
    ));

    let o = tabula(&["simulate", "snakes", "--board", "no-such-board"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no such board file, and no built-in board of that name"));

    let o = tabula(&["simulate", "snakes", "--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = tabula(&["simulate", "snakes", "--players", "9"]);
    assert_eq!(o.status.code(), Some(2));
    let o = tabula(&["simulate", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    let o = tabula(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    for o in [
        tabula(&["--help"]),
        tabula(&["simulate", "snakes", "--help"]),
    ] {
        assert!(o.status.success());
        assert!(stdout(&o).contains("Usage"));
    }
}

#[test]
fn each_tournament_shows_and_plays_its_own_default_number_of_games() {
    // Three games flatten the framework's tournament options, each with
    // a default of its own.
    for (game, games) in [("noline", 1000), ("seega", 20), ("chance-it", 10_000)] {
        let o = tabula(&["tournament", game, "--help"]);
        assert!(o.status.success(), "{game}");
        let help = stdout(&o);
        let at = help.find("--games <GAMES>").expect("--games is listed");
        let entry = help[at..].split("\n      --").next().unwrap_or("");
        assert!(
            entry.contains(&format!("[default: {games}]")),
            "{game}: {entry}"
        );
    }
    // And plays it: 1000 games a pair, not another game's default.
    let v = json(&tabula(&[
        "tournament",
        "noline",
        "--agents",
        "type1,random",
        "--format",
        "json",
    ]));
    assert_eq!(v["games"], 1000, "{v}");
    assert_eq!(v["pairs"][0]["games"], 1000, "{v}");
}

#[test]
fn players_and_seat_wins() {
    let v = json(&tabula(&[
        "simulate",
        "snakes",
        "--games",
        "20000",
        "--players",
        "2",
        "--format",
        "json",
        "--dice-rolls",
        "0",
    ]));
    let wins: Vec<u64> = v["seats"]["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(wins.len(), 2);
    assert_eq!(wins.iter().sum::<u64>(), 20000);
    // The first player has the edge.
    assert!(wins[0] > wins[1]);
    assert!(v["dice_test"].is_null());
}

#[test]
fn dice_test_alone() {
    let o = tabula(&["dice-test", "--rolls", "600000", "--seed", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("uniformity of faces: chi-square"), "{out}");
    assert!(out.contains("serial pairs (independence)"), "{out}");
    let v = json(&tabula(&[
        "dice-test",
        "--faces",
        "20",
        "--rolls",
        "100000",
        "--format",
        "json",
    ]));
    assert_eq!(v["counts"].as_array().unwrap().len(), 20);
    assert_eq!(v["serial_pairs"]["degrees_of_freedom"], 399);
    let p = v["faces"]["p_value"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    assert_eq!(
        tabula(&["dice-test", "--faces", "1"]).status.code(),
        Some(2)
    );
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn analyze_prints_exact_answers_as_text_and_json() {
    let o = tabula(&["analyze", "snakes", "--rules", "exact"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for needle in ["39.2251223", "Forfeited throws per game", "least popular"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert!(
        !text.contains("wins with probability"),
        "one player: {text}"
    );
    let v = json(&tabula(&[
        "analyze",
        "snakes",
        "--players",
        "2",
        "--format",
        "json",
    ]));
    assert_eq!(v["game"], "snakes");
    assert_eq!(v["rules"], "overshoot");
    assert_eq!(v["players"], 2);
    for key in ["mean", "variance", "mode", "median", "min", "pmf"] {
        assert!(!v["throws"][key].is_null(), "throws.{key}");
    }
    let mean = v["throws"]["mean"].as_f64().unwrap();
    assert!((mean - 35.834938).abs() < 1e-6, "{mean}");
    let pmf = v["throws"]["pmf"].as_array().unwrap();
    let total: f64 = pmf.iter().map(|p| p.as_f64().unwrap()).sum();
    assert!((1.0 - total).abs() < 2e-12, "{total}");
    for key in [
        "landings",
        "most_popular",
        "least_popular",
        "least_popular_probability",
    ] {
        assert!(!v["squares"][key].is_null(), "squares.{key}");
    }
    assert_eq!(v["squares"]["most_popular"], 44);
    assert_eq!(v["squares"]["least_popular"], 99);
    let wins: Vec<f64> = v["seats"]["win_probability"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(wins.len(), 2);
    assert!((wins[0] + wins[1] - 1.0).abs() < 1e-12 && wins[0] > wins[1]);
    assert!(v["seats"]["total_throws_mean"].as_f64().unwrap() > mean);
    assert_eq!(v["forfeited_throws_mean"], 0.0);
    assert!(v.get("shortest").is_none());
}

#[test]
fn analyze_shortest_finds_specification_001s_games() {
    let v = json(&tabula(&[
        "analyze",
        "snakes",
        "--rules",
        "exact",
        "--shortest",
        "--require",
        "chute",
        "--format",
        "json",
    ]));
    let s = &v["shortest"];
    assert_eq!(s["throws"], 7);
    assert_eq!(s["sequences"], 67);
    let routes = s["routes"].as_array().unwrap();
    assert_eq!(routes.len(), 4);
    let mut total = 0;
    for r in routes {
        total += r["sequences"].as_u64().unwrap();
        let jumps = r["jumps"].as_array().unwrap();
        assert!(
            jumps.iter().any(|j| j[1].as_u64() < j[0].as_u64()),
            "a chute"
        );
        assert_eq!(r["example_rolls"].as_array().unwrap().len(), 7);
        assert_eq!(r["example_squares"].as_array().unwrap().len(), 8);
        assert_eq!(r["example_squares"][7], 100);
    }
    assert_eq!(total, 67);
    let o = tabula(&["analyze", "snakes", "--rules", "exact", "--shortest"]);
    assert!(stdout(&o).contains("Shortest games (exhaustive search, one token): 7 throws, 423 roll sequences, 7 essentially different routes"));
}

#[test]
fn analyze_refuses_what_it_cannot_solve_with_a_message() {
    let o = tabula(&["analyze", "snakes", "--max-states", "10"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("too large to solve exactly"),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["analyze", "snakes", "--require", "chute"]);
    assert_eq!(o.status.code(), Some(2), "--require needs --shortest");
    let o = tabula(&["analyze", "snakes", "--rules", "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("nope"));
    let o = tabula(&["analyze", "snakes", "--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("--shortest"));
}

#[test]
fn the_simulation_report_shows_exact_values_beside_sampled_ones() {
    let o = tabula(&[
        "simulate",
        "snakes",
        "--games",
        "20000",
        "--dice-rolls",
        "0",
    ]);
    assert!(o.status.success());
    assert!(stdout(&o).contains(", exact 35.8349"), "{}", stdout(&o));
    let v = json(&tabula(&[
        "simulate",
        "snakes",
        "--games",
        "2000",
        "--format",
        "json",
        "--dice-rolls",
        "0",
    ]));
    let m = v["exact"]["throws"]["mean"].as_f64().unwrap();
    assert!((m - 35.834938).abs() < 1e-6);
    assert_eq!(v["exact"]["least_popular"], 99);
}

#[test]
fn the_analysis_quoted_in_the_book_is_what_the_program_prints() {
    let book = include_str!("../../book/src/classic-analysis.txt");
    let o = tabula(&[
        "analyze",
        "snakes",
        "--rules",
        "exact",
        "--shortest",
        "--require",
        "chute",
    ]);
    assert_eq!(stdout(&o), book, "regenerate book/src/classic-analysis.txt");
}

/// Every shipped game registers through `register_game!`: `tabula list`
/// shows its parameters, every verb but `replay` takes each of them as
/// an option (so a spec string `GAME(NAME=VALUE)` works there), and every
/// game with records has the generic `replay`.
#[test]
fn every_game_lists_parameters_its_verbs_take() {
    let list = json(&tabula(&["list", "--format", "json"]));
    let games = list["games"].as_array().expect("games");
    for name in ["chance-it", "monopoly", "noline", "seega", "snakes"] {
        let g = games
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("{name} is listed"));
        let parameters: Vec<&str> = g["parameters"]
            .as_array()
            .expect("parameters")
            .iter()
            .filter_map(|p| p["name"].as_str())
            .collect();
        assert!(!parameters.is_empty(), "{name} lists no parameters");
        let verbs: Vec<&str> = g["commands"]
            .as_array()
            .expect("commands")
            .iter()
            .filter_map(|c| c.as_str())
            .collect();
        assert_eq!(
            verbs.contains(&"replay"),
            name != "monopoly",
            "{name}: {verbs:?}"
        );
        for verb in verbs.iter().filter(|v| **v != "replay") {
            let help = stdout(&tabula(&[verb, name, "--help"]));
            for p in &parameters {
                assert!(
                    help.contains(&format!("--{p} ")) || help.contains(&format!("--{p}\n")),
                    "tabula {verb} {name} has no --{p}:\n{help}"
                );
            }
        }
    }
}
