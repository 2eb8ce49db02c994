//! Every solve has a time budget: a chain that settles far too slowly is
//! refused with `OutOfTime` once the budget is spent, saying how far it
//! got, and reports its progress on the way; a solve given a cancel
//! switch stops soon after it is set.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::{Cancel, Chain, ExactError, Limits, Progress, Stage};

/// A token going round a circle of `squares` squares, one step a throw,
/// leaving with a tiny probability: the walk needs about a billion steps
/// to settle.
struct LeakyCircle {
    squares: u32,
}

impl BoardGame for LeakyCircle {
    type State = Option<u32>;
    type Move = Infallible;
    type Outcome = bool;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> Option<u32> {
        Some(0)
    }
    fn status(&self, s: &Option<u32>) -> Status {
        match s {
            None => Status::Over(GameResult::Win(0)),
            Some(_) => Status::Chance,
        }
    }
    fn chance_outcomes(&self, _: &Option<u32>, out: &mut Vec<Chance<bool>>) {
        out.push(Chance {
            outcome: true,
            probability: 1e-9,
        });
        out.push(Chance {
            outcome: false,
            probability: 1.0 - 1e-9,
        });
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut Option<u32>, leave: bool, _: &mut E) {
        *s = match (*s, leave) {
            (_, true) | (None, _) => None,
            (Some(i), false) => Some((i + 1) % self.squares),
        };
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut Option<u32>, m: Infallible, _: &mut E) {
        match m {}
    }
}

#[test]
fn a_walk_that_never_settles_stops_at_its_time_limit_with_progress() {
    let calls = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&calls);
    let limits = Limits {
        max_time: Some(Duration::from_millis(1500)),
        progress: Some(Progress::new(move |elapsed, stage| {
            assert!(elapsed >= Progress::EVERY);
            assert!(matches!(stage, Stage::Walking { .. }), "{stage:?}");
            seen.fetch_add(1, Ordering::Relaxed);
        })),
        ..Limits::default()
    };
    let chain = Chain::build(
        &LeakyCircle { squares: 20_000 },
        &limits,
        |_, _: &mut Vec<()>| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let err = chain.solve(&limits).expect_err("cannot settle in time");
    // Generous: the point is that it stops, not how fast.
    assert!(started.elapsed() < Duration::from_secs(60));
    match &err {
        ExactError::OutOfTime { limit_s, stage } => {
            assert_eq!(*limit_s, 1.5);
            assert!(
                stage.starts_with("walking the distribution: step "),
                "{stage}"
            );
        }
        other => panic!("expected OutOfTime, got {other}"),
    }
    let message = err.to_string();
    assert!(message.contains("time limit of 1.5 s"), "{message}");
    assert!(calls.load(Ordering::Relaxed) >= 1, "progress was reported");
}

#[test]
fn building_a_chain_stops_at_its_time_limit() {
    let limits = Limits {
        max_time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let err = Chain::build(
        &LeakyCircle { squares: 100_000 },
        &limits,
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("no time at all");
    assert!(
        matches!(&err, ExactError::OutOfTime { stage, .. } if stage.starts_with("building the chain: ")),
        "{err}"
    );
}

#[test]
fn no_time_limit_means_none() {
    let limits = Limits {
        max_time: None,
        max_steps: 1000,
        ..Limits::default()
    };
    let chain = Chain::build(
        &LeakyCircle { squares: 10 },
        &limits,
        |_, _: &mut Vec<()>| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        chain.solve(&limits),
        Err(ExactError::NotConverged { steps: 1000, .. })
    ));
}

#[test]
fn a_cancelled_walk_stops_promptly_with_a_typed_error() {
    let cancel = Cancel::new();
    let limits = Limits {
        max_time: None,
        cancel: Some(cancel.clone()),
        ..Limits::default()
    };
    let chain = Chain::build(
        &LeakyCircle { squares: 20_000 },
        &limits,
        |_, _: &mut Vec<()>| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // The walk never settles and has no time limit: only the switch,
    // set from another thread, stops it.
    let started = Instant::now();
    let setter = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            cancel.cancel();
            Instant::now()
        })
    };
    let err = chain.solve(&limits).expect_err("cancelled");
    let stopped = Instant::now();
    let set = setter.join().expect("the setter");
    assert!(cancel.is_cancelled());
    assert!(started.elapsed() >= Duration::from_millis(200));
    let late = stopped.saturating_duration_since(set);
    assert!(
        late < Duration::from_secs(2),
        "stopped {late:?} after the switch"
    );
    match &err {
        ExactError::Cancelled { stage } => {
            assert!(
                stage.starts_with("walking the distribution: step "),
                "{stage}"
            );
        }
        other => panic!("expected Cancelled, got {other}"),
    }
    assert!(
        err.to_string()
            .starts_with("exact solve cancelled while walking"),
        "{err}"
    );
}

#[test]
fn a_build_with_its_switch_set_stops_at_once_and_another_switch_does_not() {
    let set = Cancel::new();
    set.cancel();
    let limits = Limits {
        cancel: Some(set),
        ..Limits::default()
    };
    let err = Chain::build(
        &LeakyCircle { squares: 100_000 },
        &limits,
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("cancelled before it starts");
    assert!(
        matches!(&err, ExactError::Cancelled { stage } if stage.starts_with("building the chain: ")),
        "{err}"
    );
    let limits = Limits {
        cancel: Some(Cancel::new()),
        ..Limits::default()
    };
    assert!(
        Chain::build(
            &LeakyCircle { squares: 1_000 },
            &limits,
            |_, _: &mut Vec<()>| {}
        )
        .is_ok(),
        "a switch not set changes nothing"
    );
    assert_ne!(Cancel::new(), Cancel::new());
}
