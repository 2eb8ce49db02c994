//! `tabula race cruising` (specification 004's evaluation) and the generic verbs
//! on Caribbean Cruising, as a user runs them.

use crate::common::{json, stderr, stdout, tabula, temp_dir};

#[test]
fn the_race_table_is_pinned_and_the_same_whatever_the_threads() {
    let args = |threads: &'static str| {
        [
            "race",
            "cruising",
            "--untimed",
            "--agents",
            "cooper,straight",
            "--seed",
            "2002",
            "--threads",
            threads,
        ]
    };
    let one = tabula(&args("1"));
    let two = tabula(&args("2"));
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let text = stdout(&one);
    assert!(
        text.contains("Name     |  Race Time | Time(msecs) |      Score | Marks"),
        "{text}"
    );
    assert!(
        text.contains("cooper   |    30440.6 |         0.0 |    30440.6 |    48"),
        "{text}"
    );
    let mut with_json = args("2").to_vec();
    with_json.extend(["--format", "json"]);
    let v = json(&tabula(&with_json));
    assert_eq!(v["marks_possible"], 48);
    assert_eq!(v["courses"].as_array().map(Vec::len), Some(12));
    assert_eq!(v["entrants"][0]["name"], "cooper");
    assert_eq!(v["entrants"][0]["race_time"], 30440.610085639357);
    assert_eq!(v["entrants"][0]["races"][0]["race_time"], 4290.606801237549);
    // The naive sailor cannot beat in light airs: it runs out of time.
    assert_eq!(v["entrants"][1]["name"], "straight");
    assert_eq!(v["entrants"][1]["marks"], 32);
    assert_eq!(v["entrants"][1]["races"][0]["finished"], false);
}

#[test]
fn the_timed_race_scores_race_time_plus_milliseconds() {
    let v = json(&tabula(&[
        "race", "cruising", "--agents", "cooper", "--format", "json",
    ]));
    let e = &v["entrants"][0];
    let (race, ms, score) = (
        e["race_time"].as_f64().unwrap(),
        e["ms"].as_f64().unwrap(),
        e["score"].as_f64().unwrap(),
    );
    assert!(ms > 0.0, "the calls take some time: {ms}");
    assert!((score - (race + ms)).abs() < 1e-6);
}

#[test]
fn the_picture_shows_two_paths_with_the_marks_wind_and_tacks() {
    let dir = temp_dir("cruising-plot");
    let o = tabula(&[
        "race",
        "cruising",
        "--untimed",
        "--agents",
        "cooper,vmc",
        "--plot",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(dir.join("paths.svg")).expect("paths.svg");
    for word in [
        "cooper",
        "vmc",
        "tacks",
        "wind 8 from 0°",
        "scenario 1",
        "4 (start)",
    ] {
        assert!(svg.contains(word), "no {word:?} in the picture");
    }
    let report = dir.join("race.html");
    let o = tabula(&[
        "race",
        "cruising",
        "--untimed",
        "--agents",
        "cooper,straight",
        "--paths",
        "straight,cooper",
        "--picture",
        "7",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(&report).expect("the report");
    assert!(html.contains("scenario 7"), "the picture of race 7");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_course_file_races_and_its_errors_are_located() {
    let dir = temp_dir("cruising-course");
    let course = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/book/src/cruising-triangle.ron"
    );
    let v = json(&tabula(&[
        "race",
        "cruising",
        "--untimed",
        "--agents",
        "cooper",
        "--course",
        course,
        "--format",
        "json",
    ]));
    assert_eq!(v["courses"][0], "triangle");
    assert_eq!(v["entrants"][0]["marks"], 3);
    let text = std::fs::read_to_string(course).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, text.replace("tolerance: 50.0", "tolerance: -5.0")).unwrap();
    let o = tabula(&["race", "cruising", "--course", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("bad.ron:12:16: the tolerance must be more than 0, not -5"),
        "{err}"
    );
    std::fs::write(&bad, text.replace("marks: [", "marks: (")).unwrap();
    let o = tabula(&["simulate", "cruising", "--course", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad.ron:"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_names_and_numbers_are_refused_with_a_message() {
    let o = tabula(&["race", "cruising", "--agents", "cooper,nosuch"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("unknown agent \"nosuch\"; known: cooper, straight[-ANGLE], vmc"),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["race", "cruising", "--agents", "straight-30"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the tacking angle must be 45 to 90 degrees, not 30"),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["race", "cruising", "--picture", "13"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--picture 13: there are only 12 races"),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["simulate", "cruising", "--scenario", "13"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_generic_verbs_sail_and_replay() {
    let dir = temp_dir("cruising-play");
    let o = tabula(&["list"]);
    assert!(stdout(&o).contains("cruising"), "{}", stdout(&o));
    let v = json(&tabula(&[
        "simulate",
        "cruising",
        "--scenario",
        "9",
        "--agents",
        "vmc",
        "--games",
        "4",
        "--format",
        "json",
    ]));
    assert_eq!(v["games"], 4);
    let o = tabula(&[
        "play",
        "cruising",
        "--scenario",
        "12",
        "--agents",
        "cooper",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("4 of 4 marks."), "{}", stdout(&o));
    let record = dir.join("cruising-2002.ron");
    let o = tabula(&["replay", "cruising", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Every step is legal."),
        "{}",
        stdout(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_person_at_the_helm_types_degrees_and_a_bad_line_is_asked_again() {
    let o = crate::common::run_with_stdin(
        env!("CARGO_BIN_EXE_tabula"),
        &["play", "cruising", "--agents", "you"],
        "240 10\nhelp\nabc\n240 95\n240 nan\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Chance: wind draws"),
        "one interval sailed: {text}"
    );
    assert!(
        text.contains("type the bow direction and the sail trim in degrees"),
        "{text}"
    );
    assert!(!text.contains("Legal moves (0)"), "{text}");
    assert!(
        text.contains("the bow direction must be a number of degrees, not \"abc\""),
        "{text}"
    );
    assert!(text.contains("240 95 is not a legal move here"), "{text}");
    assert!(
        text.contains("the sail trim must be a number of degrees, not \"nan\""),
        "{text}"
    );
    assert!(text.contains("Game stopped."), "{text}");
}
