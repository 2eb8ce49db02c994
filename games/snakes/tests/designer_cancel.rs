//! A designer solve made stale by a newer edit stops in the middle of
//! its solve (the exact engine's cancel switch), not only between its
//! parts.

use std::time::{Duration, Instant};

use tabula_snakes::designer::{analyze_answer, analyze_answer_watched};

/// A long board: 10,000 squares with a chute every 7 squares from 1,000
/// on. Its one-player walk does not settle within the page's 5 seconds.
fn slow_board() -> String {
    let chutes: Vec<String> = (1000..10_000)
        .step_by(7)
        .map(|s| format!("({s}, {})", s - 900))
        .collect();
    format!(
        "Board(name: \"slow\", size: 10000, dice: Dice(count: 1, faces: 6), ladders: [], chutes: [{}])",
        chutes.join(", ")
    )
}

/// An answer as it can be compared: its JSON and its pictures' data as
/// JSON (a square left out of a board's shading is NaN, never equal to
/// itself).
fn same(answer: tabula_registry::page::PageAnswer) -> (serde_json::Value, serde_json::Value) {
    let pictures = serde_json::to_value(&answer.pictures).expect("pictures as JSON");
    (answer.json, pictures)
}

#[test]
fn a_stale_solve_stops_in_the_middle_of_its_solve() {
    let board = slow_board();
    let started = Instant::now();
    let stale_after = Duration::from_millis(300);
    let r = analyze_answer_watched(&board, 1, &|| started.elapsed() > stale_after).json;
    let took = started.elapsed();
    assert_eq!(r["stale"], true, "{r}");
    assert_eq!(r["phase"], "solving", "{r}");
    // Without the switch it would run to the page's 5-second limit.
    assert!(
        took < Duration::from_millis(2500),
        "a stale solve took {took:?} to stop"
    );
    assert!(took >= stale_after, "{took:?}");
}

#[test]
fn a_watched_solve_that_stays_fresh_answers_as_analyze_json_does() {
    let classic = include_str!("../boards/classic.ron");
    assert_eq!(
        same(analyze_answer_watched(classic, 2, &|| false)),
        same(analyze_answer(classic, 2))
    );
}
