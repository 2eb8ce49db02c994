//! The simulation harness with all report collectors on the classic board,
//! beside a hand-written single-purpose loop over the same board and RNG.
//!
//! Run with `cargo bench --bench harness`; throughput is in games/s.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula::core::{game_rng, rand::RngExt};
use tabula::sim::{LengthOf, Lengths, Occupancy, Simulation, Wins};
use tabula::snakes::{Board, Overshoot, Snakes};

const GAMES: u64 = 1_000_000;

/// What the report collects, written out by hand for one board: the
/// baseline the harness is measured against.
struct HandStats {
    histogram: [u64; 1024],
    first_game: [u64; 1024],
    landings: [u64; 101],
    sum: u64,
    sum_sq: u64,
}

fn hand_written(board: &Board, seed: u64, games: u64) -> HandStats {
    let mut next = [0u8; 101];
    for (s, n) in next.iter_mut().enumerate() {
        *n = board.jump_from(s as u16).unwrap_or(s as u16) as u8;
    }
    let mut st = HandStats {
        histogram: [0; 1024],
        first_game: [u64::MAX; 1024],
        landings: [0; 101],
        sum: 0,
        sum_sq: 0,
    };
    for i in 0..games {
        let mut rng = game_rng(seed, i);
        let mut pos = 0usize;
        let mut throws = 0u64;
        while pos < 100 {
            let roll = rng.random_range(1..=black_box(6u32)) as usize;
            throws += 1;
            let landed = (pos + roll).min(100);
            st.landings[landed] += 1;
            let to = next[landed] as usize;
            if to != landed {
                st.landings[to] += 1;
            }
            pos = to;
        }
        let t = (throws as usize).min(1023);
        st.histogram[t] += 1;
        st.first_game[t] = st.first_game[t].min(i);
        st.sum += throws;
        st.sum_sq += throws * throws;
    }
    st
}

fn bench(c: &mut Criterion) {
    let board = Board::classic();
    let game = Snakes::new(&board, &Overshoot, 1);
    let collectors = || {
        (
            Lengths::new(LengthOf::ChanceSteps),
            Occupancy::new(101),
            Wins::new(1),
        )
    };
    let mut group = c.benchmark_group("classic");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function("hand_written_1_thread", |b| {
        b.iter(|| black_box(hand_written(&board, black_box(7), GAMES)))
    });
    group.bench_function("hand_written_2_threads", |b| {
        b.iter(|| {
            std::thread::scope(|scope| {
                let a = scope.spawn(|| hand_written(&board, 7, GAMES / 2));
                let b = scope.spawn(|| hand_written(&board, 8, GAMES / 2));
                black_box((a.join().is_ok(), b.join().is_ok()))
            })
        })
    });
    for threads in [1, 2] {
        let sim = Simulation::new(GAMES).seed(7).threads(threads);
        group.bench_function(format!("harness_all_collectors_{threads}_threads"), |b| {
            b.iter_batched(
                collectors,
                |c| black_box(sim.run(&game, c)),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches, parts);

fn bench_parts(c: &mut Criterion) {
    let board = Board::classic();
    let game = Snakes::new(&board, &Overshoot, 1);
    let mut group = c.benchmark_group("parts");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    let sim = Simulation::new(GAMES).seed(7).threads(1);
    group.bench_function("lengths_only", |b| {
        b.iter(|| black_box(sim.run(&game, Lengths::new(LengthOf::ChanceSteps))))
    });
    group.bench_function("occupancy_only", |b| {
        b.iter(|| {
            black_box(sim.run(
                &game,
                (Lengths::new(LengthOf::ChanceSteps), Occupancy::new(101)),
            ))
        })
    });
    group.finish();
}
criterion_group!(parts, bench_parts);
