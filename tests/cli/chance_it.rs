//! Chance-it at the terminal, run as a user runs it: the `chance-it` and
//! `tabula play chance-it` programs as real processes, answers scripted on
//! stdin, output compared with golden transcripts. Set `TABULA_BLESS=1`
//! to rewrite the transcripts after a deliberate change (and read the
//! diff).

use crate::common;
use common::golden;

/// Runs a program with `stdin` and returns (stdout, stderr, exit code).
fn run(program: &str, args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let out = common::run_with_stdin(program, args, stdin);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// `pattern` repeated into `n` lines of answers.
fn answers(pattern: &[&str], n: usize) -> String {
    pattern
        .iter()
        .cycle()
        .take(n)
        .map(|a| format!("{a}\n"))
        .collect()
}

const CHANCE_IT: &str = env!("CARGO_BIN_EXE_chance-it");
const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

#[test]
fn seed_3_strategy_2_with_bad_answers_as_the_specification_plays_it() {
    // Seed 3, strategy 2 (tapering), as in specification 003's example; answers in
    // mixed case, with garbage that must re-prompt.
    let mut stdin = String::from("3\n2\n");
    stdin += &answers(&["y", "maybe", "Y", "n", "", "yes", "N", "", "NO", ""], 300);
    let (out, err, code) = run(CHANCE_IT, &[], &stdin);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Please answer Y or N."));
    assert!(out.contains("10 rounds are completed, and the final results are:"));
    golden("seed3-tapering.txt", &out);
    // `tabula play chance-it` is the same program.
    let (same, _, code) = run(TABULA, &["play", "chance-it"], &stdin);
    assert_eq!(code, Some(0));
    assert_eq!(same, out);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let stdin = answers(&["y", "n", ""], 300);
    let a = run(
        CHANCE_IT,
        &["--seed", "77", "--strategy", "optimal"],
        &stdin,
    )
    .0;
    let b = run(CHANCE_IT, &["--seed", "77", "--strategy", "3"], &stdin).0;
    let c = run(
        CHANCE_IT,
        &["--seed", "78", "--strategy", "optimal"],
        &stdin,
    )
    .0;
    assert_eq!(
        a.replace("strategy 3,", "strategy optimal,"),
        b.replace("strategy 3,", "strategy optimal,")
    );
    assert_ne!(a, c);
}

#[test]
fn end_of_input_ends_the_game_with_the_score_so_far() {
    // Two rounds, then the input stops in the middle of the third.
    let stdin = "5\n1\nn\n\nn\n\ny\n";
    let (out, err, code) = run(CHANCE_IT, &[], stdin);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Input ended: the game stops after 2 of 10 rounds."));
    golden("end-of-input.txt", &out);
    // End of input at the very first prompt.
    let (out, _, code) = run(CHANCE_IT, &[], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("Input ended: the game stops after 0 of 10 rounds."));
}

#[test]
fn bad_seed_and_strategy_answers_re_prompt() {
    let mut stdin = String::from("abc\n-4\n12\n9\nfoo\nWIN-OPTIMAL\n");
    stdin += &answers(&["n", ""], 40);
    let (out, err, code) = run(CHANCE_IT, &["--rounds", "3"], &stdin);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.matches("Please enter a whole number, 0 or more (0 for random seed):")
            .count(),
        2
    );
    assert_eq!(
        out.matches("Please enter a number from 1 to 4, or a strategy name.")
            .count(),
        2
    );
    assert!(out.contains("Computer will use strategy win-optimal, good luck!"));
    golden("bad-answers-3-rounds.txt", &out);
}

#[test]
fn you_win_and_tie_endings() {
    let stdin = answers(&["n", ""], 40);
    let (out, _, _) = run(
        CHANCE_IT,
        &["--seed", "1", "--strategy", "until-ten"],
        &stdin,
    );
    assert!(
        out.ends_with("You win with a Grand Total of: 72\nThe computer has only a measly: 32\n"),
        "{out}"
    );
    golden("you-win.txt", &out);
    let (out, _, _) = run(
        CHANCE_IT,
        &["--seed", "18", "--strategy", "until-ten"],
        &stdin,
    );
    assert!(
        out.ends_with("It's a tie! You both have a Grand Total of: 63\n"),
        "{out}"
    );
    golden("tie.txt", &out);
}

#[test]
fn bad_flags_exit_non_zero_with_a_message() {
    let (_, err, code) = run(CHANCE_IT, &["--strategy", "nope", "--seed", "1"], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("unknown strategy \"nope\""), "{err}");
    let (_, err, code) = run(CHANCE_IT, &["--rounds", "0"], "");
    assert_eq!(code, Some(2), "{err}");
    let (_, err, code) = run(CHANCE_IT, &["--dice", "2x6"], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("COUNTdFACES"), "{err}");
    // A broken configuration file is located; a game for three players
    // cannot be played against one computer.
    let dir = std::env::temp_dir().join(format!("tabula-chance-it-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "ChanceIt(\n  rounds: \"ten\",\n)\n").unwrap();
    let (_, err, code) = run(CHANCE_IT, &["--config", bad.to_str().unwrap()], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("bad.ron:2:11"), "{err}");
    let three = dir.join("three.ron");
    std::fs::write(&three, "ChanceIt(players: 3)").unwrap();
    let (_, err, code) = run(CHANCE_IT, &["--config", three.to_str().unwrap()], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("two players"), "{err}");
    let (_, err, code) = run(
        TABULA,
        &["tournament", "chance-it", "--agents", "optimal,nope"],
        "",
    );
    // The generic tournament names agents (every strategy is one).
    assert_eq!(code, Some(1));
    assert!(err.contains("unknown agent \"nope\""), "{err}");
    // Bytes that are not UTF-8 at a prompt are a wrong answer, not an error.
    let o = common::run_with_stdin(
        CHANCE_IT,
        &["--seed", "3", "--strategy", "1", "--rounds", "1"],
        b"\xff\xfe\n",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("Please answer Y or N."));
    let (_, err, code) = run(CHANCE_IT, &["--dice", "9d9"], "");
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("error: the dice have 73 possible sums"),
        "{err}"
    );
    let (out, _, code) = run(CHANCE_IT, &["--help"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("--strategy"));
}

#[test]
fn tournament_and_analyze_json_keys() {
    let (out, err, code) = run(
        TABULA,
        &[
            "tournament",
            "chance-it",
            "--agents",
            "until-ten,tapering,optimal,win-optimal",
            "--games",
            "400",
            "--seed",
            "5",
            "--rounds",
            "10",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["game"], "chance-it");
    assert_eq!(v["games"], 400);
    assert_eq!(v["seed"], 5);
    assert_eq!(v["rounds"], 10);
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    for p in pairs {
        for key in [
            "a",
            "b",
            "a_wins",
            "b_wins",
            "ties",
            "a_mean_total",
            "b_mean_total",
        ] {
            assert!(!p[key].is_null(), "{key}");
        }
        let total = p["a_wins"].as_u64().unwrap()
            + p["b_wins"].as_u64().unwrap()
            + p["ties"].as_u64().unwrap();
        assert_eq!(total, 400);
        assert!(p["a_win_probability_exact"].as_f64().is_some());
    }
    // Threads do not change the numbers.
    let one = run(
        TABULA,
        &[
            "tournament",
            "chance-it",
            "--agents",
            "tapering,threshold-8",
            "--games",
            "999",
            "--threads",
            "1",
            "--format",
            "json",
        ],
        "",
    )
    .0;
    let two = run(
        TABULA,
        &[
            "tournament",
            "chance-it",
            "--agents",
            "tapering,threshold-8",
            "--games",
            "999",
            "--threads",
            "2",
            "--format",
            "json",
        ],
        "",
    )
    .0;
    // Every key but the threads and the standings (which keep each
    // agent's thinking time) is the same.
    let without = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).expect("JSON");
        let keys = v.as_object_mut().expect("an object");
        assert!(keys.remove("threads").is_some() && keys.remove("standings").is_some());
        v
    };
    assert_eq!(without(&one), without(&two));

    let (out, err, code) = run(TABULA, &["analyze", "chance-it", "--format", "json"], "");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "chance-it");
    let strategies = v["strategies"].as_array().unwrap();
    let names: Vec<&str> = strategies
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    for name in [
        "until-ten",
        "tapering",
        "optimal",
        "win-optimal",
        "threshold-7",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    for s in strategies {
        assert!(s["expected_turn_score"].as_f64().unwrap() > 0.0);
        assert!(s["zero_probability"].as_f64().is_some());
    }
    let optimal = &strategies[names.iter().position(|n| *n == "optimal").unwrap()];
    let best = optimal["expected_turn_score"].as_f64().unwrap();
    assert!(
        strategies
            .iter()
            .all(|s| s["expected_turn_score"].as_f64().unwrap() <= best + 1e-12)
    );
    assert!(!v["optimal_policy"].as_array().unwrap().is_empty());

    let (out, _, code) = run(TABULA, &["analyze", "chance-it"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("The optimal turn: expected score"));
    assert!(out.contains("(first roll)"));
}

#[test]
fn play_and_tournament_write_records_that_replay_checks() {
    let dir = std::env::temp_dir().join(format!("tabula-chance-it-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    // A game at the terminal, recorded; the transcript is the same as
    // without --record but for the last line.
    let stdin = answers(&["y", "n", ""], 300);
    let args = ["--seed", "12", "--strategy", "tapering", "--rounds", "3"];
    let (plain, _, _) = run(CHANCE_IT, &args, &stdin);
    let mut with = args.to_vec();
    with.extend(["--record", d]);
    let (out, err, code) = run(CHANCE_IT, &with, &stdin);
    assert_eq!(code, Some(0), "{err}");
    let file = dir.join("chance-it-12.ron");
    assert_eq!(
        out,
        format!("{plain}Record written to {}.\n", file.display())
    );
    let (replayed, err, code) = run(TABULA, &["replay", "chance-it", file.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        replayed.contains("you against tapering; seed 12"),
        "{replayed}"
    );
    assert!(replayed.ends_with("Every step is legal.\n"), "{replayed}");
    // The final totals agree with the transcript's.
    let totals = replayed.lines().rev().nth(2).unwrap().to_string();
    assert!(
        totals.starts_with("Round 3 of 3; totals: player 1 "),
        "{totals}"
    );

    // Tampered: the first roll made impossible (a 1 with two dice).
    let text = std::fs::read_to_string(&file).unwrap();
    let first = text.find("Chance(").unwrap();
    let close = first + text[first..].find(')').unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        format!("{}Chance(1{}", &text[..first], &text[close..]),
    )
    .unwrap();
    let (out, err, code) = run(TABULA, &["replay", "chance-it", bad.to_str().unwrap()], "");
    assert_eq!(code, Some(1));
    assert!(out.contains("ILLEGAL: step 0:"), "{out}");
    assert!(
        err.contains("step 0: chance outcome 1 cannot happen here"),
        "{err}"
    );
    // A record of another game, and a truncated file.
    let other = dir.join("other.ron");
    std::fs::write(&other, text.replace("\"chance-it\"", "\"seega\"")).unwrap();
    let (_, err, code) = run(
        TABULA,
        &["replay", "chance-it", other.to_str().unwrap()],
        "",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("not of \"chance-it\""), "{err}");
    std::fs::write(&bad, &text[..text.len() / 2]).unwrap();
    let (_, err, code) = run(TABULA, &["replay", "chance-it", bad.to_str().unwrap()], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("bad.ron:"), "{err}");

    // A tournament's records, in JSON.
    let tdir = dir.join("tournament");
    let (_, err, code) = run(
        TABULA,
        &[
            "tournament",
            "chance-it",
            "--agents",
            "until-ten,tapering",
            "--games",
            "4",
            "--rounds",
            "2",
            "--record",
            tdir.to_str().unwrap(),
            "--record-format",
            "json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let mut files: Vec<_> = std::fs::read_dir(&tdir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    for f in &files {
        let (out, err, code) = run(
            TABULA,
            &["replay", "chance-it", "--brief", f.to_str().unwrap()],
            "",
        );
        assert_eq!(code, Some(0), "{err}");
        assert!(
            out.contains("until-ten") && out.contains("tapering"),
            "{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Walks two JSON reports side by side: the same keys, lengths, strings
/// and integers, and floating-point numbers within 1e-12; returns the
/// first difference.
fn differs(pin: &serde_json::Value, now: &serde_json::Value, path: &str) -> Option<String> {
    use serde_json::Value;
    match (pin, now) {
        (Value::Object(a), Value::Object(b)) => {
            if a.keys().ne(b.keys()) {
                return Some(format!(
                    "{path}: keys {:?} against {:?}",
                    a.keys(),
                    b.keys()
                ));
            }
            a.iter()
                .find_map(|(k, v)| differs(v, &b[k], &format!("{path}.{k}")))
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!("{path}: {} items against {}", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| differs(x, y, &format!("{path}[{i}]")))
        }
        (Value::Number(a), Value::Number(b)) if a.is_f64() || b.is_f64() => {
            let (x, y) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            ((x - y).abs() > 1e-12).then(|| format!("{path}: {x} against {y}"))
        }
        _ => (pin != now).then(|| format!("{path}: {pin} against {now}")),
    }
}

/// `analyze chance-it ARGS --format json` gives the figures pinned in
/// benches/chance-it-pins (the output of commit 91f9d6e, before the
/// staged solver's compact sweep) to 1e-12.
fn matches_its_pin(args: &[&str], pin: &str) {
    let mut all = vec!["analyze", "chance-it"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let now = common::json(&common::tabula(&all));
    is_its_pin(args, pin, &now);
}

/// Fails unless `now`, what `analyze chance-it ARGS --format json`
/// printed, is the pin `benches/chance-it-pins/PIN` (the same keys and
/// integers, floating-point numbers within 1e-12: see [`differs`]).
pub(crate) fn is_its_pin(args: &[&str], pin: &str, now: &serde_json::Value) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/chance-it-pins")
        .join(pin);
    let pinned: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("a pin")).expect("pin JSON");
    if let Some(d) = differs(&pinned, now, "") {
        panic!("analyze chance-it {}: {d}", args.join(" "));
    }
}

#[test]
fn the_exact_analysis_gives_its_pinned_figures() {
    matches_its_pin(&["--rounds", "10"], "rounds10.json");
    matches_its_pin(&["--dice", "1d6", "--rounds", "12"], "dice1d6rounds12.json");
    matches_its_pin(&["--dice", "2d4", "--rounds", "8"], "dice2d4rounds8.json");
    // At the largest sizes (100 rounds; 3d6 at 14), the pins are checked
    // by the slow test that runs those solves under a time and memory
    // bound (`limits::analyze_chance_it_at_the_documented_maximum_...`),
    // so the 100-round one is solved once.
}

#[test]
fn the_pin_comparison_sees_a_difference() {
    let a: serde_json::Value = serde_json::json!({"x": [1.0, 2], "s": "a"});
    assert_eq!(differs(&a, &a, ""), None);
    let b = serde_json::json!({"x": [1.0 + 1e-9, 2], "s": "a"});
    assert!(differs(&a, &b, "").is_some_and(|d| d.starts_with(".x[0]")));
    let c = serde_json::json!({"x": [1.0, 3], "s": "a"});
    assert!(differs(&a, &c, "").is_some());
}

#[test]
fn play_takes_the_generic_seat_options_as_other_names_of_strategy() {
    // `play chance-it` is the generic `play`: --against and --agents
    // you,NAME name the computer's strategy as --strategy does, and the
    // game is the same.
    let stdin = answers(&["y", "n", ""], 60);
    let args = ["play", "chance-it", "--seed", "5", "--rounds", "3"];
    let with = |more: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(more);
        let (out, err, code) = run(TABULA, &all, &stdin);
        assert_eq!(code, Some(0), "{more:?}: {err}");
        out
    };
    let by_strategy = with(&["--strategy", "optimal"]);
    assert!(by_strategy.contains("Computer will use strategy optimal, good luck!"));
    assert_eq!(with(&["--against", "optimal"]), by_strategy);
    assert_eq!(with(&["--agents", "you,optimal"]), by_strategy);
    // The menu's number names it too, and the greeting says the number.
    assert_eq!(
        with(&["--strategy", "3"]).replace("strategy 3,", "strategy optimal,"),
        by_strategy
    );
    // Other seatings are refused before anything is asked.
    let mut all = args.to_vec();
    all.extend_from_slice(&["--agents", "optimal,tapering"]);
    let (out, err, code) = run(TABULA, &all, &stdin);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert!(err.contains("--agents you,STRATEGY"), "{err}");
}
