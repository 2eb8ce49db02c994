//! Seega: move generation and capture on a midgame position, a random
//! playout, and the nodes per second of `alphabeta` (the framework's
//! generic alpha-beta with Seega's heuristic).
//!
//! Run with `cargo bench --bench seega`; the figures are in the book's
//! "Seega" chapter. The alpha-beta group reports throughput in nodes
//! (elements) per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula::search::{AlphaBeta, Budget};
use tabula::seega::agents::pick;
use tabula::seega::{Action, Position, Rules, Seega, Side};

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
            p.slides().map(|s| p.captures(s).len()).sum::<usize>()
        })
    });
    group.bench_function("mobility_both_sides", |b| {
        b.iter(|| black_box(&p).mobility(Side::Black) + black_box(&p).mobility(Side::White))
    });
    group.bench_function("random_playout_from_midgame", |b| {
        let mut rng = tabula::core::game_rng(1, 0);
        b.iter(|| {
            let mut q = p.clone();
            while q.verdict().is_none() {
                let a = pick(q.slides(), &mut rng).map_or(Action::Blocked, Action::Move);
                q.apply(&a);
            }
            q.verdict()
        })
    });
    group.finish();

    let game = Seega::new(*p.rules());
    let seat = p.to_move().seat();
    let mut group = c.benchmark_group("seega_alphabeta");
    group.sample_size(10);
    for nodes in [20_000u64, 200_000] {
        let mut probe = AlphaBeta::<Seega>::new(Budget::Work(nodes));
        probe.best_move(&game, &p, seat);
        group.throughput(Throughput::Elements(probe.stats().nodes));
        group.bench_function(format!("search_{nodes}_nodes"), |b| {
            b.iter(|| {
                // A fresh table each time: the cost of a cold search.
                let mut ab = AlphaBeta::<Seega>::new(Budget::Work(nodes));
                ab.best_move(&game, black_box(&p), seat)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, seega);
criterion_main!(benches);
