//! The generic search agents of `tabula-search` that Seega's `alphabeta`
//! and `mcts` are, on two Seega positions: alpha-beta in nodes per
//! second, MCTS in playouts per second (criterion's throughput in
//! elements).
//!
//! `cargo bench --bench search -- --warm-up-time 1 --measurement-time 3`
//!
//! Seega's own search from before the generic agents is gone from the
//! tree (the tag `seega-legacy-search` keeps it). Its recorded figure, the
//! baseline to compare with: alpha-beta at 20,000 nodes on the midgame
//! position, 4.73 and 4.67 M nodes per second in two runs, against 4.38
//! and 4.46 M for the generic one in the same session (one thread pinned
//! with `taskset -c 1`, 2026-11-26). The generic search must stay within
//! 1.5 times its time per node: at or above about 3.1 M nodes per second
//! on that machine.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_core::{BoardGame, game_rng};
use tabula_search::{AlphaBeta, Budget, Mcts};
use tabula_seega::agents::safe_placement;
use tabula_seega::{Action, Phase, Position, Rules, Seega, Side};

const NODES: u64 = 20_000;
const PLAYOUTS: u64 = 1_000;

/// The benchmark positions: a 5 × 5 midgame, and the first position of
/// the movement phase after safe placements.
fn positions() -> Vec<(&'static str, Position)> {
    let rules = Rules::new(5, 30, Side::Black).expect("valid");
    let midgame = Position::from_rows(
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
    .expect("valid rows");
    let mut opening = Position::new(rules);
    let mut rng = game_rng(1, 0);
    while opening.phase() == Phase::Placement {
        let at = safe_placement(&opening, &mut rng);
        opening.apply(&Action::Place(at));
    }
    vec![("midgame", midgame), ("opening", opening)]
}

fn search(c: &mut Criterion) {
    let game = Seega::new(Rules::new(5, 30, Side::Black).expect("valid"));
    let mut group = c.benchmark_group("seega_search_alphabeta");
    group.sample_size(10);
    for (name, p) in positions() {
        let seat = p.to_move().seat();
        let mut new = AlphaBeta::<Seega>::new(Budget::Work(NODES));
        new.best_move(&game, &p, seat);
        group.throughput(Throughput::Elements(new.stats().nodes));
        group.bench_function(format!("generic_{name}"), |b| {
            b.iter(|| {
                let mut ab = AlphaBeta::<Seega>::new(Budget::Work(NODES));
                ab.best_move(&game, black_box(&p), seat)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("seega_search_mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    for (name, p) in positions() {
        let seat = p.to_move().seat();
        group.bench_function(format!("generic_{name}"), |b| {
            let mut rng = game_rng(2, 0);
            b.iter(|| {
                let mut m = Mcts::<Seega>::new(Budget::Work(PLAYOUTS));
                m.best_move(&game, black_box(&p), seat, &mut rng)
            })
        });
    }
    group.finish();
    let _ = game.initial_state();
}

criterion_group!(benches, search);
criterion_main!(benches);
