//! Chance-it's parameters as data: one type (dice, rounds, players) that
//! every verb takes as options, as a RON file (`--params`, or `--config`
//! on its own commands) and in a spec string, that `tabula list` shows
//! and that its records keep; records written before the dice were text
//! still replay.

use crate::common::{self, json, stderr, stdout, tabula};

/// A simulation's JSON report, but for its time.
fn simulated(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&[
        "--games",
        "200",
        "--seed",
        "4",
        "--max-states",
        "0",
        "--format",
        "json",
    ]);
    let mut v = json(&tabula(&all));
    v.as_object_mut().expect("an object").remove("wall_time_s");
    v
}

#[test]
fn options_a_params_file_and_a_spec_string_name_the_same_game() {
    let by_options = simulated(&["chance-it", "--rounds", "6", "--dice", "3d4"]);
    assert_eq!(
        by_options["spec"],
        "chance-it(dice=3d4, rounds=6, players=2)"
    );
    assert_eq!(
        by_options["parameters"],
        serde_json::json!({"dice": "3d4", "rounds": 6, "players": 2})
    );
    let by_spec = simulated(&["chance-it(rounds=6,dice=3d4)"]);
    assert_eq!(by_spec, by_options);
    let dir = common::temp_dir("chance-it-params");
    let file = dir.join("game.ron");
    std::fs::write(&file, "(dice: \"3d4\", rounds: 6)\n").unwrap();
    let by_file = simulated(&["chance-it", "--params", file.to_str().unwrap()]);
    assert_eq!(by_file, by_options);
    // Options given beside the file win.
    let over = simulated(&[
        "chance-it",
        "--params",
        file.to_str().unwrap(),
        "--rounds",
        "5",
    ]);
    assert_eq!(over["parameters"]["rounds"], 5);
    assert_eq!(over["parameters"]["dice"], "3d4");
    // The game's own commands take the same file, under either name.
    for flag in ["--params", "--config"] {
        let v = json(&tabula(&[
            "tournament",
            "chance-it",
            flag,
            file.to_str().unwrap(),
            "--agents",
            "until-ten,tapering",
            "--games",
            "10",
            "--format",
            "json",
        ]));
        assert_eq!(
            (v["rounds"].as_u64(), &v["dice"]),
            (Some(6), &serde_json::json!([3, 4]))
        );
    }
    // A file written before the dice were text, as `Dice(count, faces)`,
    // is read by every verb as it always was.
    let old = dir.join("old.ron");
    std::fs::write(
        &old,
        "ChanceIt(dice: Dice(count: 3, faces: 4), rounds: 6, players: 2)\n",
    )
    .unwrap();
    assert_eq!(
        simulated(&["chance-it", "--params", old.to_str().unwrap()]),
        by_options
    );
    for verb in [
        &["analyze", "chance-it", "--config"][..],
        &[
            "tournament",
            "chance-it",
            "--agents",
            "until-ten,tapering",
            "--games",
            "10",
            "--config",
        ],
    ] {
        let mut args = verb.to_vec();
        args.extend_from_slice(&[old.to_str().unwrap(), "--format", "json"]);
        let v = json(&tabula(&args));
        assert_eq!(v["rounds"].as_u64(), Some(6), "{verb:?}");
        assert_eq!(v["dice"], serde_json::json!([3, 4]), "{verb:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_value_names_its_parameter_and_what_it_takes() {
    for (args, says) in [
        (
            &["--rounds", "0"][..],
            "parameter rounds: 0 is not allowed: from 1 to 1000",
        ),
        (
            &["--players", "7"][..],
            "parameter players: 7 is not allowed: from 2 to 6",
        ),
        (
            &["--dice", "9d9"][..],
            "parameter dice: the dice have 73 possible sums, from 9 to 81; Chance-it supports dice of at most 16 possible sums",
        ),
        (&["--dice", "2x6"][..], "write it as COUNTdFACES, like 2d6"),
    ] {
        let mut all = vec!["simulate", "chance-it"];
        all.extend_from_slice(args);
        let o = tabula(&all);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = tabula(&["simulate", "chance-it(rounds=1001)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("parameter rounds: 1001 is not allowed: from 1 to 1000"));
    // A name the game does not have is a usage error that lists its
    // parameters, for every game and verb (not clap's unknown option).
    for args in [
        &["simulate", "chance-it(round=10)"][..],
        &["tournament", "seega(sides=3)"][..],
    ] {
        let o = tabula(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let game = if args[1].starts_with("seega") {
            "\"sides\"; the parameters of seega are: size, stalemate, first"
        } else {
            "\"round\"; the parameters of chance-it are: dice, rounds, players"
        };
        assert!(
            stderr(&o).contains(&format!("unknown parameter {game}")),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn tabula_list_shows_the_parameters_its_verbs_take() {
    let list = json(&tabula(&["list", "--format", "json"]));
    let game = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "chance-it")
        .expect("listed")
        .clone();
    let names: Vec<&str> = game["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["dice", "rounds", "players"]);
    // The dice are text in a form the game reads: the listing says which.
    assert_eq!(game["parameters"][0]["allowed"], "COUNTdFACES");
    assert_eq!(game["parameters"][1]["allowed"], "from 1 to 1000");
    let help = stdout(&tabula(&["simulate", "chance-it", "--help"]));
    for p in ["--dice", "--rounds", "--players", "--params"] {
        assert!(help.contains(p), "{p}: {help}");
    }
}

/// A record as `chance-it --seed 12 --strategy tapering --rounds 3
/// --record DIR` wrote it before the dice were a parameter written as
/// text (answers y, n, then Enter, round after round).
const OLD_RECORD: &str = r#"(
    game: "chance-it",
    parameters: (
        dice: (count: 2, faces: 6),
        rounds: 3,
        players: 2,
    ),
    seed: 12,
    index: 0,
    players: [
        "you",
        "tapering",
    ],
"#;

#[test]
fn records_written_before_replay_and_new_ones_write_the_dice_as_text() {
    let dir = common::temp_dir("chance-it-old-record");
    // The steps of today's record of the same game, behind the old
    // header: the game is the same, so are its steps.
    let stdin: String = ["y", "n", ""]
        .iter()
        .cycle()
        .take(300)
        .map(|a| format!("{a}\n"))
        .collect();
    let o = common::run_with_stdin(
        env!("CARGO_BIN_EXE_chance-it"),
        &[
            "--seed",
            "12",
            "--strategy",
            "tapering",
            "--rounds",
            "3",
            "--record",
            dir.to_str().unwrap(),
        ],
        &stdin,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let new = std::fs::read_to_string(dir.join("chance-it-12.ron")).unwrap();
    assert!(new.contains("dice: \"2d6\""), "{new}");
    let steps = &new[new.find("    steps:").expect("steps")..];
    let old = dir.join("old.ron");
    std::fs::write(&old, format!("{OLD_RECORD}{steps}")).unwrap();
    for file in [&old, &dir.join("chance-it-12.ron")] {
        let o = tabula(&["replay", "chance-it", file.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("you against tapering; seed 12"), "{out}");
        assert!(out.ends_with("Every step is legal.\n"), "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulate_shows_the_staged_solvers_exact_chances_beside_the_sampled() {
    let v = json(&tabula(&[
        "simulate",
        "chance-it",
        "--agents",
        "until-ten,tapering",
        "--games",
        "20000",
        "--seed",
        "8",
        "--format",
        "json",
    ]));
    assert!(v["exact_note"].is_null(), "{}", v["exact_note"]);
    let seats = v["seats"].as_array().unwrap();
    let tie = seats[0]["exact_tie"].as_f64().unwrap();
    let wins: Vec<f64> = seats
        .iter()
        .map(|s| s["exact_win"].as_f64().unwrap())
        .collect();
    assert!(
        (wins[0] + wins[1] + tie - 1.0).abs() < 1e-12,
        "{wins:?} {tie}"
    );
    for s in seats {
        // Sampled against exact, within five standard errors.
        let (share, se) = (
            s["win_share"].as_f64().unwrap(),
            s["win_share_std_error"].as_f64().unwrap(),
        );
        let exact = s["exact_win"].as_f64().unwrap();
        assert!(
            (share - exact).abs() < 5.0 * se,
            "{share} ± {se} against {exact}"
        );
        // Both decide on the turn alone: their expected totals are exact.
        let (mean, se) = (
            s["mean_score"].as_f64().unwrap(),
            s["mean_score_std_error"].as_f64().unwrap(),
        );
        let exact = s["exact_score"].as_f64().unwrap();
        assert!(
            (mean - exact).abs() < 5.0 * se,
            "{mean} ± {se} against {exact}"
        );
    }
    // Three players are left to the generic solver, which says why it
    // has no exact column.
    let text = stdout(&tabula(&[
        "simulate",
        "chance-it(players=3, rounds=2)",
        "--agents",
        "optimal,tapering,until-ten",
        "--games",
        "100",
        "--max-states",
        "100",
    ]));
    assert!(text.contains("not solved exactly"), "{text}");
}
