//! The command line's progress display: its lines, their pace and the
//! time left they estimate.

use std::time::Duration;

use tabula_cli::progress::{Feed, RunProgress, SolveStatus, Stderr, time_left};
use tabula_exact::Stage;
use tabula_registry::progress::{Meter, Run};

#[test]
fn run_progress_lines() {
    let p = RunProgress::new("tournament", 4000, "games");
    assert_eq!(
        p.line(1200, Duration::from_millis(31_400)),
        "tournament: 1200/4000 games, 31 s, about 73 s left"
    );
    assert_eq!(
        p.line(0, Duration::from_secs(12)),
        "tournament: 0/4000 games, 12 s"
    );
    assert_eq!(
        p.line(100, Duration::from_secs(60)),
        "tournament: 100/4000 games, 60 s, about 39 min left"
    );
    let q = RunProgress::new("tournament", 4000, "games").without_estimate();
    assert_eq!(
        q.line(1200, Duration::from_millis(31_400)),
        "tournament: 1200/4000 games, 31 s, no estimate of the time left (pairings differ in speed)"
    );
    // Early ticks write nothing and keep the largest count.
    p.tick(5);
    p.tick(3);
    assert_eq!(p.done(), 5);
}

#[test]
fn a_feed_of_lines_never_draws_and_writes_as_often_as_asked() {
    let every = Duration::from_millis(250);
    let p = RunProgress::new("simulation", 100, "games").fed(Feed::Lines(every));
    assert!(!p.draws());
    assert_eq!(p.line_every(), every);
    // A standard feed keeps a person's pace.
    let q = RunProgress::new("simulation", 100, "games").fed(Feed::Standard);
    assert_eq!(q.line_every(), RunProgress::LINE_EVERY);
    assert_eq!(Feed::default(), Feed::Standard);
}

#[test]
fn the_display_runs_and_solves_as_commands_describe_them() {
    let shown = Stderr::fed(Feed::Lines(Duration::from_secs(3600))).shared();
    // A run ticks without writing before its first line is due.
    let run = shown.start_run(&Run::new("simulation", 10, "games").without_estimate());
    run.tick(4);
    drop(run);
    // A solve hands the solver a sink (the silent display hands none).
    let solving = shown.start_solve("exact analysis");
    let sink = solving.sink();
    assert!(sink.is_some());
    if let Some(sink) = sink {
        sink.report(
            Duration::from_secs(1),
            &Stage::Building {
                states: 3,
                transitions: 5,
            },
        );
    }
    assert!(
        tabula_registry::progress::Silent
            .start_solve("exact analysis")
            .sink()
            .is_none()
    );
}

#[test]
fn solve_lines_estimate_the_time_left_where_the_phase_has_a_known_size() {
    let status = SolveStatus::new();
    let staging = |solved| Stage::Staging {
        solved,
        found: 1000,
    };
    // Discovery: no size yet. The first solved reading starts the
    // estimate; the next gives the rate.
    assert_eq!(
        status.status(Duration::from_secs(1), &staging(0)),
        "solving stage by stage: 1000 stage starts found"
    );
    assert_eq!(
        status.status(Duration::from_secs(2), &staging(100)),
        "solving stage by stage: 100 of 1000 stage starts solved"
    );
    assert_eq!(
        status.status(Duration::from_secs(12), &staging(300)),
        "solving stage by stage: 300 of 1000 stage starts solved, about 35 s left"
    );
    // A phase of unknown size says what it does, no time left.
    let building = Stage::Building {
        states: 10,
        transitions: 20,
    };
    assert_eq!(
        status.status(Duration::from_secs(13), &building),
        "building the chain: 10 states, 20 transitions"
    );
    // The rate of the last ten seconds: 300 to 600 in 10 s.
    assert_eq!(
        status.status(Duration::from_secs(20), &staging(100)),
        "solving stage by stage: 100 of 1000 stage starts solved"
    );
    assert_eq!(
        status.status(Duration::from_secs(30), &staging(300)),
        "solving stage by stage: 300 of 1000 stage starts solved, about 35 s left"
    );
    assert_eq!(
        status.status(Duration::from_secs(40), &staging(600)),
        "solving stage by stage: 600 of 1000 stage starts solved, about 13 s left"
    );
    assert_eq!(time_left(Duration::from_secs(5400)), "about 1.5 h left");
    assert_eq!(time_left(Duration::from_millis(200)), "about 1 s left");
}
