//! How the exact solver scales: building the chain (states per second)
//! and iterating on it (stationary distribution and walk, iterations per
//! second) on a synthetic game whose size is a parameter
//! ([`synthetic::HashedRing`]), from 10⁵ states up.
//!
//! Run with `cargo bench --bench scale`. The sizes are
//! 10⁵ and 10⁶ states; set `SCALE_MAX_STATES=10000000` to add 10⁷ (each
//! sample then takes tens of seconds). Peak memory is measured on the
//! example binary instead (`examples/scale.rs`).

mod synthetic;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use synthetic::HashedRing;
use tabula_exact::{Chain, Limits};

fn sizes() -> Vec<u32> {
    let max: u32 = std::env::var("SCALE_MAX_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    [100_000, 1_000_000, 10_000_000]
        .into_iter()
        .filter(|&n| n <= max)
        .collect()
}

fn limits(states: u32) -> Limits {
    Limits {
        max_states: states as usize + 1,
        max_transitions: 6 * states as usize + 6,
        max_time: None,
        ..Limits::default()
    }
}

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale/build");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for states in sizes() {
        let game = HashedRing {
            states,
            ending: false,
        };
        let limits = limits(states);
        group.throughput(Throughput::Elements(u64::from(states)));
        group.bench_with_input(BenchmarkId::from_parameter(states), &game, |b, game| {
            b.iter(|| Chain::explore(black_box(game), &limits, |_, _: &mut Vec<()>| {}))
        });
    }
    group.finish();
}

/// Ten iterations of each: the throughput is in iterations per second
/// over the whole chain.
const ITERATIONS: u32 = 10;

fn iterate(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale/iterate");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for states in sizes() {
        let ring = HashedRing {
            states,
            ending: false,
        };
        let limits = Limits {
            // Exactly ITERATIONS iterations, then NotSettled.
            max_steps: ITERATIONS,
            tolerance: 0.0,
            ..limits(states)
        };
        let chain = Chain::explore(&ring, &limits, |_, _: &mut Vec<()>| {})
            .unwrap_or_else(|e| panic!("{e}"));
        group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
        group.bench_function(BenchmarkId::new("stationary", states), |b| {
            b.iter(|| chain.stationary(&limits).is_err())
        });
        let ending = HashedRing {
            states,
            ending: true,
        };
        let chain = Chain::build(&ending, &limits, |_, _: &mut Vec<()>| {})
            .unwrap_or_else(|e| panic!("{e}"));
        group.bench_function(BenchmarkId::new("walk", states), |b| {
            b.iter(|| chain.walk(&limits, |_| {}).is_err())
        });
    }
    group.finish();
}

criterion_group!(scale, build, iterate);
criterion_main!(scale);
