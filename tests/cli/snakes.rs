//! `tabula simulate snakes` and `tabula analyze snakes` as the generic
//! verbs with Snakes' extension: the game's parameters every way the
//! generic verbs take them (a positional board, options, a spec string,
//! a RON file) give the same answers, and the generic options Snakes
//! gives a meaning (`--max-steps`, `--max-states`) do what they say.

use crate::common;

use common::{json, stderr, tabula};

/// The JSON of a run without what the machine decides (its times).
fn without_times(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(m) = v.as_object_mut() {
        for key in ["wall_time_s", "time_per_game_ns", "threads"] {
            m.remove(key);
        }
    }
    v
}

#[test]
fn the_board_and_players_are_taken_every_way_the_generic_verbs_take_parameters() {
    let dir = common::temp_dir("snakes-params");
    let file = dir.join("teaching.ron");
    std::fs::write(&file, "(board: \"teaching\", players: 2)").unwrap();
    let file = file.to_str().unwrap();

    let analyses: Vec<serde_json::Value> = [
        vec!["analyze", "snakes", "teaching", "--players", "2"],
        vec!["analyze", "snakes", "--board", "teaching", "--players", "2"],
        vec!["analyze", "snakes(board=teaching, players=2)"],
        vec!["analyze", "snakes", "--params", file],
    ]
    .into_iter()
    .map(|args| json(&tabula(&[args, vec!["--format", "json"]].concat())))
    .collect();
    assert_eq!(analyses[0]["board"], "Teaching board");
    assert_eq!(analyses[0]["players"], 2);
    for other in &analyses[1..] {
        assert_eq!(other, &analyses[0]);
    }

    let run = ["--games", "3000", "--dice-rolls", "0", "--format", "json"];
    let simulations: Vec<serde_json::Value> = [
        vec!["simulate", "snakes", "teaching", "--players", "2"],
        vec!["simulate", "snakes(board=teaching, players=2)"],
        vec!["simulate", "snakes", "--params", file],
    ]
    .into_iter()
    .map(|args| without_times(json(&tabula(&[args, run.to_vec()].concat()))))
    .collect();
    assert_eq!(simulations[0]["players"], 2);
    for other in &simulations[1..] {
        assert_eq!(other, &simulations[0]);
    }

    // The board once, not twice.
    let o = tabula(&["analyze", "snakes", "teaching", "--board", "classic"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn max_steps_is_another_name_of_max_throws_and_max_states_bounds_the_exact_values() {
    let run = |more: &[&str]| {
        let args = [
            &["simulate", "snakes", "--games", "2000", "--dice-rolls", "0"][..],
            more,
            &["--format", "json"],
        ]
        .concat();
        json(&tabula(&args))
    };
    let throws = run(&["--max-throws", "20"]);
    let steps = run(&["--max-steps", "20"]);
    assert_eq!(throws["max_throws"], 20);
    assert!(throws["capped_games"].as_u64().unwrap() > 0);
    assert_eq!(without_times(steps), without_times(throws));
    let o = tabula(&[
        "simulate",
        "snakes",
        "--max-steps",
        "20",
        "--max-throws",
        "20",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));

    // The classic board's chain has more than 10 states.
    let small = run(&["--max-states", "10"]);
    assert!(small["exact"].is_null());
    let why = small["exact_unavailable"].as_str().unwrap();
    assert!(why.contains("at most 10 states"), "{why}");
    assert!(run(&[])["exact"]["throws"]["mean"].is_f64());
}
