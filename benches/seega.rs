//! Seega: move generation and capture on a midgame position, a random
//! playout, and alpha-beta's nodes per second.
//!
//! Run with `cargo bench --bench seega`; the figures are in the book's
//! "Seega" chapter. The alpha-beta group reports throughput in nodes
//! (elements) per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula::seega::agent::Budget;
use tabula::seega::agents::AlphaBeta;
use tabula::seega::{Action, Position, Rules, SeegaAgent, Side};

/// A 5 x 5 midgame: 9 Black and 8 White pieces.
fn midgame() -> Position {
    let rules = Rules::new(5, 30, Side::Black).expect("valid");
    Position::from_rows(
        rules,
        &[
            "B W B . W",
            "W . B W .",
            "B B + W W",
            ". W B . B",
            "B . W B W",
        ],
        Side::Black,
    )
    .expect("valid rows")
}

fn seega(c: &mut Criterion) {
    let p = midgame();
    let mut group = c.benchmark_group("seega");
    group.bench_function("steps_and_captures_midgame", |b| {
        b.iter(|| {
            let p = black_box(&p);
            p.steps().map(|s| p.captures(s).len()).sum::<usize>()
        })
    });
    group.bench_function("mobility_both_sides", |b| {
        b.iter(|| black_box(&p).mobility(Side::Black) + black_box(&p).mobility(Side::White))
    });
    group.bench_function("random_playout_from_midgame", |b| {
        let mut rng = tabula::core::game_rng(1, 0);
        let mut random = tabula::seega::agents::Random;
        b.iter(|| {
            let mut q = p.clone();
            while q.outcome().is_none() {
                let a = match random.play(&q, q.follow_up(), &mut rng) {
                    tabula::seega::Reply::Move(s) => Action::Move(s),
                    tabula::seega::Reply::Blocked => Action::Blocked,
                };
                q.apply(&a);
            }
            q.outcome()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("seega_alphabeta");
    group.sample_size(10);
    for nodes in [20_000u64, 200_000] {
        let mut probe = AlphaBeta::new(Budget::Work(nodes));
        probe.best_step(&p);
        group.throughput(Throughput::Elements(probe.stats().nodes));
        group.bench_function(format!("search_{nodes}_nodes"), |b| {
            b.iter(|| {
                // A fresh table each time: the cost of a cold search.
                let mut ab = AlphaBeta::new(Budget::Work(nodes));
                ab.best_step(black_box(&p))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, seega);
criterion_main!(benches);
