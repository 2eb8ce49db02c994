//! Backgammon through the generic verbs and its own `bearoff`, as a user
//! runs them.

use crate::common::{json, run_with_stdin, stderr, stdout, tabula, temp_dir};

#[test]
fn a_game_at_the_terminal_refuses_bad_turns_and_its_record_replays() {
    let dir = temp_dir("backgammon-play");
    let record = dir.to_string_lossy().into_owned();
    // Seed 5: X opens with 3-1 (24/20 is 24/23/20), then has 4-2.
    let out = run_with_stdin(
        env!("CARGO_BIN_EXE_tabula"),
        &[
            "play",
            "backgammon",
            "--agents",
            "you,pipcount",
            "--seed",
            "5",
            "--record",
            &record,
        ],
        "24/20\nbogus\n13/7 8/7\n25/21\n8/4 6/4\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("X to play 3-1"), "{text}");
    assert!(text.contains("\"bogus\" is not a point"), "{text}");
    assert!(
        text.contains("13/7 8/7 is not a legal play of 4-2"),
        "{text}"
    );
    assert!(text.contains("\"25\" is not a point"), "{text}");
    assert!(!text.contains("panicked"));
    let file = dir.join("backgammon-5.ron");
    let replay = tabula(&["replay", "backgammon", &file.to_string_lossy()]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("Every step is legal."));
    assert!(
        stdout(&replay).contains("X: 8/4 6/4"),
        "{}",
        stdout(&replay)
    );
    // A record with a turn that is not legal is refused.
    let text = std::fs::read_to_string(&file).expect("the record");
    let bad = text.replacen("(from: 24, to: 20)", "(from: 24, to: 19)", 1);
    assert_ne!(bad, text, "the record has the opening turn");
    let forged = dir.join("forged.ron");
    std::fs::write(&forged, bad).expect("write");
    let replay = tabula(&["replay", "backgammon", &forged.to_string_lossy()]);
    assert!(!replay.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tournament_records_whole_games_that_replay() {
    let dir = temp_dir("backgammon-tournament");
    let record = dir.to_string_lossy().into_owned();
    let v = json(&tabula(&[
        "tournament",
        "backgammon",
        "--agents",
        "pipcount,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--record",
        &record,
        "--format",
        "json",
    ]));
    assert_eq!(v["pairs"][0]["games"], 4);
    let mut replayed = 0;
    for e in std::fs::read_dir(&dir).expect("records").flatten() {
        let r = tabula(&["replay", "backgammon", &e.path().to_string_lossy()]);
        assert!(r.status.success(), "{}", stderr(&r));
        let text = stdout(&r);
        assert!(text.contains("Every step is legal."), "{text}");
        assert!(!text.contains("ends before the game does"), "{text}");
        replayed += 1;
    }
    assert_eq!(replayed, 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "slow: plays 400 backgammon games with a greedy agent; .ci/run runs it"]
fn a_simulation_is_the_same_for_a_seed_whatever_the_threads() {
    let run = |threads: &str| {
        json(&tabula(&[
            "simulate",
            "backgammon",
            "--agents",
            "pipcount,greedy",
            "--games",
            "200",
            "--seed",
            "7",
            "--max-states",
            "0",
            "--threads",
            threads,
            "--format",
            "json",
        ]))
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["seats"], two["seats"]);
    assert_eq!(one["seats"][0]["wins"], 135);
    assert_eq!(one["finished"], 200);
    // Gammons and backgammons: scores of 1, 2 or 3.
    let win = json(&tabula(&[
        "simulate",
        "backgammon(points=win)",
        "--agents",
        "pipcount,greedy",
        "--games",
        "200",
        "--seed",
        "7",
        "--max-states",
        "0",
        "--format",
        "json",
    ]));
    assert_eq!(win["seats"][0]["wins"], 135);
    let (full, single) = (
        one["seats"][0]["mean_score"].as_f64().expect("a score"),
        win["seats"][0]["mean_score"].as_f64().expect("a score"),
    );
    // Every win 1, every loss -1: the mean is twice the win share less one.
    assert!((single - (2.0 * 0.675 - 1.0)).abs() < 1e-12, "{single}");
    assert!(full != single);
}

#[test]
fn bearoff_answers_the_gnubg_manuals_race_and_refuses_bad_positions() {
    let out = tabula(&[
        "bearoff",
        "backgammon",
        "--position",
        "0,1,0,0,1,0",
        "--against",
        "0,1,1,0,0,0",
        "--roll",
        "6-1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("the side to roll wins 0.671125"), "{text}");
    assert!(text.contains("Best play of 6-1: 5/off 2/1"), "{text}");
    let dir = temp_dir("backgammon-plot");
    let plot = dir.to_string_lossy().into_owned();
    let out = tabula(&[
        "bearoff",
        "backgammon",
        "--position",
        "0,1,0,0,1,0",
        "--plot",
        &plot,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.join("position.svg")).expect("the picture");
    assert!(svg.starts_with("<svg") && svg.matches("<circle").count() == 2);
    let _ = std::fs::remove_dir_all(&dir);
    for (bad, why) in [
        (vec!["--position", "1,2"], "six counts"),
        (vec!["--position", "9,9,0,0,0,0"], "1 to 15 checkers"),
        (vec!["--roll", "7-1"], "write a roll as 6-1"),
        (vec!["--against", "3,3,1,0,0,0"], "up to 11 checkers"),
    ] {
        let mut args = vec!["bearoff", "backgammon"];
        args.extend(bad);
        let out = tabula(&args);
        assert!(!out.status.success());
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
}
