//! The dice race (three seats, chance alone), written only against the
//! generic verbs, driven through every verb it has as a real `tabula`
//! process: `simulate`, `analyze`, `play`, `replay`, `list`, with its
//! parameters as options, as a RON file and as a spec string.

use std::collections::HashMap;

use crate::common::{fails, json, num, ok, scratch, tabula};
use serde_json::Value;

/// Each seat's chance to win, by a recursion written here, independent of
/// the game's code and of the exact engine: from squares `s` with `seat`
/// to roll, the seat rolls each face with probability 1/faces.
fn by_hand(length: u32, faces: u32) -> [f64; 3] {
    fn win(
        s: [u32; 3],
        seat: usize,
        length: u32,
        faces: u32,
        memo: &mut HashMap<([u32; 3], usize), [f64; 3]>,
    ) -> [f64; 3] {
        if let Some(w) = memo.get(&(s, seat)) {
            return *w;
        }
        let mut total = [0.0; 3];
        for face in 1..=faces {
            let mut next = s;
            next[seat] += face;
            let w = if next[seat] >= length {
                let mut w = [0.0; 3];
                w[seat] = 1.0;
                w
            } else {
                win(next, (seat + 1) % 3, length, faces, memo)
            };
            for (t, x) in total.iter_mut().zip(w) {
                *t += x / f64::from(faces);
            }
        }
        memo.insert((s, seat), total);
        total
    }
    win([0; 3], 0, length, faces, &mut HashMap::new())
}

#[test]
fn analyze_gives_the_chances_worked_out_by_hand() {
    for (length, faces) in [(1, 6), (7, 2), (12, 6), (20, 4)] {
        let spec = format!("dice-race(length={length}, faces={faces})");
        let report = json(&["analyze", &spec, "--format", "json"]);
        assert_eq!(report["spec"], spec);
        assert_eq!(report["parameters"]["length"], length);
        let hand = by_hand(length, faces);
        for (seat, expected) in hand.iter().enumerate() {
            let got = num(&report["seats"][seat]["win"]);
            assert!(
                (got - expected).abs() < 1e-12,
                "{spec} seat {seat}: {got} vs {expected}"
            );
        }
    }
    // Length 1: the first roll wins.
    let one = json(&["analyze", "dice-race", "--length", "1", "--format", "json"]);
    assert!((num(&one["mean_steps"]) - 1.0).abs() < 1e-12, "{one}");
}

#[test]
fn simulate_agrees_with_the_exact_chances_within_their_standard_errors() {
    let games = 40_000.0;
    let report = json(&[
        "simulate",
        "dice-race",
        "--games",
        "40000",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(report["games"], 40_000);
    assert_eq!(report["agents"], serde_json::json!([]));
    let hand = by_hand(12, 6);
    let mut total = 0;
    for (seat, p) in hand.iter().enumerate() {
        let s = &report["seats"][seat];
        assert_eq!(num(&s["exact_win"]), num(&s["exact_win"]));
        assert!((num(&s["exact_win"]) - p).abs() < 1e-12);
        let se = (p * (1.0 - p) / games).sqrt();
        let share = num(&s["win_share"]);
        assert!(
            (share - p).abs() < 5.0 * se,
            "seat {seat}: {share} vs {p} ± {se}"
        );
        total += s["wins"].as_u64().expect("wins");
    }
    assert_eq!(total, 40_000, "every game has one winner");
    let mean = num(&report["steps"]["mean"]);
    let exact = num(&report["exact_mean_steps"]);
    let se = num(&report["steps"]["std_error"]);
    assert!((mean - exact).abs() < 5.0 * se, "{mean} vs {exact} ± {se}");
    // The same seed, any number of threads, the same games.
    let again = json(&[
        "simulate",
        "dice-race",
        "--games",
        "40000",
        "--seed",
        "5",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(again["seats"], report["seats"]);
    assert_eq!(again["steps"], report["steps"]);
}

#[test]
fn parameters_come_as_options_files_and_spec_strings_alike() {
    let dir = scratch("params");
    let file = dir.join("race.ron");
    std::fs::write(&file, "(length: 9, faces: 3)").expect("writes");
    let file = file.display().to_string();
    let from_file = json(&[
        "analyze",
        "dice-race",
        "--params",
        &file,
        "--format",
        "json",
    ]);
    let from_options = json(&[
        "analyze",
        "dice-race",
        "--length",
        "9",
        "--faces",
        "3",
        "--format",
        "json",
    ]);
    let from_spec = json(&["analyze", "dice-race(length=9,faces=3)", "--format", "json"]);
    assert_eq!(from_file, from_options);
    assert_eq!(from_spec, from_options);
    // An option beside the file wins over it.
    let mixed = json(&[
        "analyze",
        "dice-race",
        "--params",
        &file,
        "--faces",
        "6",
        "--format",
        "json",
    ]);
    assert_eq!(mixed["spec"], "dice-race(length=9, faces=6)");
    // Bad values name the parameter, the file and the place.
    let (_, e) = fails(&["simulate", "dice-race", "--faces", "13"], 1);
    assert!(
        e.contains("parameter faces: 13 is not allowed: from 2 to 12"),
        "{e}"
    );
    std::fs::write(dir.join("bad.ron"), "(\n  length: 0,\n)").expect("writes");
    let bad = dir.join("bad.ron").display().to_string();
    let (_, e) = fails(&["analyze", "dice-race", "--params", &bad], 1);
    assert!(
        e.contains("bad.ron:2:11: parameter length: 0 is not allowed: from 1 to 60"),
        "{e}"
    );
    std::fs::write(dir.join("extra.ron"), "(length: 5, speed: 2)").expect("writes");
    let extra = dir.join("extra.ron").display().to_string();
    let (_, e) = fails(&["analyze", "dice-race", "--params", &extra], 1);
    assert!(
        e.contains("extra.ron:1:") && e.contains("unknown parameter \"speed\""),
        "{e}"
    );
    let (_, e) = fails(&["analyze", "dice-race(length=5"], 2);
    assert!(e.contains("is not a game spec"), "{e}");
    // `list` shows the parameters with their defaults.
    let list = ok(&["list"]);
    assert!(
        list.contains("length=12 (from 1 to 60): the square that wins"),
        "{list}"
    );
    let listed = json(&["list", "--format", "json"]);
    let race = listed["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["name"] == "dice-race")
        .expect("dice-race is listed");
    assert_eq!(
        race["commands"],
        // The generic verbs a game of chance alone gets, and the test
        // crate's own `playthrough`.
        serde_json::json!(["simulate", "analyze", "play", "replay", "playthrough"])
    );
    assert_eq!(race["parameters"][1]["default"], "6");
}

#[test]
fn play_watches_chance_decide_and_replay_checks_its_record() {
    let dir = scratch("play");
    let records = dir.join("games");
    let records_arg = records.display().to_string();
    let out = ok(&["play", "dice-race", "--seed", "9", "--record", &records_arg]);
    assert!(out.contains("chance decides every step"), "{out}");
    assert!(out.contains(" wins."), "{out}");
    let record = records.join("dice-race-9.ron");
    let text = std::fs::read_to_string(&record).expect("the record is written");
    assert!(
        text.contains("length: 12"),
        "the record carries the parameters: {text}"
    );
    let replayed = ok(&["replay", "dice-race", &record.display().to_string()]);
    assert!(replayed.contains("Every step is legal."), "{replayed}");
    // A record whose die shows a face it does not have is refused.
    let tampered = text.replacen("Chance(", "Chance(7", 1);
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, tampered).expect("writes");
    fails(&["replay", "dice-race", &bad.display().to_string()], 1);
    // The same account as one JSON object.
    let json: Value = serde_json::from_str(&ok(&[
        "replay",
        "dice-race",
        &record.display().to_string(),
        "--format",
        "json",
    ]))
    .expect("JSON");
    assert_eq!(json["game"], "dice-race");
    assert_eq!(json["parameters"]["length"], 12);
    assert_eq!(json["legal"], true);
    assert_eq!(json["end"], "finished");
    let steps = json["steps"].as_array().expect("steps");
    assert!(!steps.is_empty() && steps.iter().all(|s| s["seat"].is_null()));
    assert_eq!(json["ranks"].as_array().expect("ranks").len(), 3);
    let out = tabula(&[
        "replay",
        "dice-race",
        &bad.display().to_string(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON even when illegal");
    assert_eq!(json["legal"], false);
    assert!(
        json["error"]
            .as_str()
            .is_some_and(|e| e.contains("cannot happen")),
        "{json}"
    );
}

#[test]
fn simulate_splits_into_parts_that_merge_into_the_whole_run() {
    let dir = scratch("shards");
    let run = [
        "simulate",
        "dice-race",
        "--games",
        "3000",
        "--seed",
        "2",
        "--format",
        "json",
    ];
    let whole = json(&run);
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let mut args = run.to_vec();
        args.extend(["--shard", &shard]);
        let file = dir.join(format!("part-{k}.json"));
        std::fs::write(&file, ok(&args)).expect("writes");
        files.push(file.display().to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    merge.extend(["--format", "json"]);
    let merged = json(&merge);
    for key in ["seats", "steps", "games", "spec", "finished"] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
}
