//! A verb from outside the framework (`playthrough`, in the test game's
//! crate, registered as the framework's own verbs are) is a verb of every
//! linked game: listed, in `--help`, and run as a user runs it.

use serde_json::Value;

use crate::common::*;

/// Every linked game: the shipped ones and the test games.
const GAMES: [&str; 9] = [
    "backgammon",
    "chance-it",
    "coin-race",
    "cruising",
    "dice-race",
    "monopoly",
    "noline",
    "seega",
    "snakes",
];

#[test]
fn an_outside_verb_is_listed_for_every_game_and_in_the_help() {
    let v = json(&w("list --format json"));
    for game in v["games"].as_array().expect("games") {
        let verbs = game["commands"].as_array().expect("commands");
        assert!(
            verbs.iter().any(|v| v == "playthrough"),
            "{}: {verbs:?}",
            game["name"]
        );
    }
    let help = ok(&w("--help"));
    assert!(
        help.contains("playthrough  Play one game with random moves and print it step by step"),
        "{help}"
    );
    let help = ok(&w("playthrough --help"));
    for game in GAMES {
        assert!(help.contains(game), "{game}:\n{help}");
    }
    let help = ok(&w("playthrough coin-race --help"));
    assert!(
        help.contains("--seed <SEED>") && help.contains("--squares <SQUARES>"),
        "{help}"
    );
}

#[test]
fn an_outside_verb_plays_the_test_game_step_by_step() {
    let text = ok(&w(
        "playthrough coin-race(squares=3,players=1,choices=false) --seed 2",
    ));
    assert_eq!(
        text,
        "coin-race(squares=3, players=1, choices=false): a random game, seed 2\n\
         \x20  1. chance: heads\n\
         \x20  2. chance: heads\n\
         player 1: square 4 of 3\n\
         Over after 2 steps; returns 1\n"
    );
}

#[test]
fn an_outside_verb_plays_every_game_through_its_erased_state() {
    for game in GAMES {
        let v = json(&[
            "playthrough",
            game,
            "--seed",
            "7",
            "--max-steps",
            "300",
            "--format",
            "json",
        ]);
        let steps = v["steps"].as_array().expect("steps");
        let ended = v["ended"].as_bool().expect("ended");
        let unlisted = !v["unlisted"].is_null();
        assert!(ended || unlisted || steps.len() == 300, "{game}: {v}");
        assert_eq!(unlisted, game == "cruising", "{game}: {v}");
        let returns = v["returns"].as_array().expect("returns");
        assert!(!returns.is_empty(), "{game}: {v}");
        // The history reads back as the steps' actions.
        let history: Vec<u64> = v["history"]
            .as_str()
            .expect("history")
            .split_whitespace()
            .map(|a| a.parse().expect("an action"))
            .collect();
        let actions: Vec<u64> = steps
            .iter()
            .map(|s| s["action"].as_u64().expect("an action"))
            .collect();
        assert_eq!(history, actions, "{game}");
        // The same seed plays the same game.
        let again = json(&[
            "playthrough",
            game,
            "--seed",
            "7",
            "--max-steps",
            "300",
            "--format",
            "json",
        ]);
        assert_eq!(again, v, "{game}");
    }
}

#[test]
fn an_outside_verb_refuses_bad_options_as_every_verb_does() {
    let out = tabula(&w("playthrough coin-race --max-steps 0"));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("invalid value '0' for '--max-steps <MAX_STEPS>': 0 is not in 1.."),
        "{}",
        stderr(&out)
    );
    let out = tabula(&w("playthrough coin-race --squares 0"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let _: Value = json(&w("playthrough dice-race --format json"));
}
