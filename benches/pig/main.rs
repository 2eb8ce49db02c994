//! Pig to 50 through the simulation harness, one thread: the generic
//! loop with decisions, beside a hand-written loop over the same rules
//! and the same random streams.
//!
//! Run with `cargo bench --bench pig`; throughput is in games/s. The
//! groups: `pig_always_roll` and `pig_hold_at_20` (both seats play the
//! same strategy) each measure
//!
//! - `hand_written`: the fastest loop for the work we know how to write,
//!   Pig's rules inline with the state in locals, no collectors;
//! - `harness_static`: OpenSpiel's rules ([`SpielPig`]) with a pair of
//!   concrete agents, `(HoldAt, HoldAt)`, and the collectors
//!   `(Wins, Lengths)`;
//! - `harness_dyn`: the same with a `Vec<Box<dyn Agent<_>>>`, as the
//!   registry builds agents;
//! - `harness_policy`: the same strategy as a deterministic `Rule` in a
//!   pair of agents, which list the legal moves at every
//!   decision (into a new `Vec`);
//! - `tutorial_dyn`: the book's tutorial game as written there
//!   ([`TutorialPig`]: a win at once, the default draw from the listed faces, which
//!   lists the die's outcomes on every roll) with its agents behind `dyn`.
//!
//! Before anything is timed, the hand-written loop and the harness are
//! checked to play the same games.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_core::Agent;
use tabula_sim::{LengthOf, Lengths, Simulation, Wins};

#[path = "rules.rs"]
#[allow(dead_code)]
mod rules;
use rules::{HoldAt, HoldAtN, Player, SpielPig, TARGET, TutorialPig, hand_written};

const GAMES: u64 = 100_000;

fn simulation() -> Simulation {
    Simulation::new(GAMES).with_seed(1).with_threads(1)
}

fn collectors() -> (Wins, Lengths) {
    (Wins::new(2), Lengths::new(LengthOf::Steps))
}

fn bench(c: &mut Criterion) {
    let game = SpielPig::new(TARGET);
    for (name, n) in [("always_roll", u32::MAX), ("hold_at_20", 20)] {
        // The same games both ways.
        let run = simulation()
            .run_sampled_with(&game, || (HoldAt(n), HoldAt(n)), collectors(), &|_| {})
            .expect("the run plays");
        let (wins, lengths) = run.collector;
        let (first, steps) = hand_written(1, 0..GAMES, n);
        assert_eq!(wins.wins()[0], first, "{name}: first seat's wins");
        let mean = steps as f64 / GAMES as f64;
        assert!((lengths.mean() - mean).abs() < 1e-9, "{name}: steps");

        let mut group = c.benchmark_group(format!("pig_{name}"));
        group.throughput(Throughput::Elements(GAMES));
        group.sample_size(10);
        group.bench_function("hand_written", |b| {
            b.iter(|| hand_written(black_box(1), 0..GAMES, n))
        });
        group.bench_function("harness_static", |b| {
            b.iter(|| {
                simulation()
                    .run_sampled_with(&game, || (HoldAt(n), HoldAt(n)), collectors(), &|_| {})
                    .map(|run| run.collector)
            })
        });
        group.bench_function("harness_dyn", |b| {
            let agents = || -> Vec<Box<dyn Agent<SpielPig>>> {
                vec![Box::new(HoldAt(n)), Box::new(HoldAt(n))]
            };
            b.iter(|| {
                simulation()
                    .run_sampled_with(&game, agents, collectors(), &|_| {})
                    .map(|run| run.collector)
            })
        });
        group.bench_function("harness_policy", |b| {
            let agents = || (HoldAt(n).rule(), HoldAt(n).rule());
            b.iter(|| {
                simulation()
                    .run_sampled_with(&game, agents, collectors(), &|_| {})
                    .map(|run| run.collector)
            })
        });
        // A tenth of the games: each takes about 25 times as long.
        group.throughput(Throughput::Elements(GAMES / 10));
        group.bench_function("tutorial_dyn", |b| {
            let tutorial = TutorialPig { target: TARGET };
            let agents = || -> Vec<Box<dyn Agent<TutorialPig>>> {
                let strategy = Arc::new(HoldAtN(n));
                vec![
                    Box::new(Player(strategy.clone())),
                    Box::new(Player(strategy)),
                ]
            };
            let sim = Simulation::new(GAMES / 10).with_seed(1).with_threads(1);
            b.iter(|| {
                sim.run_with(&tutorial, agents, collectors(), &|_| {})
                    .map(|run| run.collector)
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
