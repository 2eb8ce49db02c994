//! Exact analysis of the classic board: everything `tabula analyze snakes
//! --shortest --require chute` computes, for one player.
//!
//! Run with `cargo bench --bench exact`; the figures are in the book's
//! "Exact answers" chapter.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::exact::{Chain, Limits};
use tabula::snakes::analysis::{self, marks};
use tabula::snakes::{AnalysisOptions, Board, ExactFinish, Overshoot, Require, Snakes};

fn classic(c: &mut Criterion) {
    let board = Board::classic();
    let mut group = c.benchmark_group("exact_classic");
    for require in [Require::None, Require::Chute] {
        let options = AnalysisOptions {
            players: 1,
            shortest: Some(require),
            ..Default::default()
        };
        group.bench_function(
            format!("full_analysis_exact_rule_shortest_{require:?}"),
            |b| b.iter(|| analysis::analyze(black_box(&board), &ExactFinish, &options)),
        );
    }
    let options = AnalysisOptions {
        players: 1,
        shortest: Some(Require::Chute),
        ..Default::default()
    };
    group.bench_function("full_analysis_overshoot_shortest_Chute", |b| {
        b.iter(|| analysis::analyze(black_box(&board), &Overshoot, &options))
    });
    let limits = Limits::default();
    let game = Snakes::new(&board, &ExactFinish, 1);
    group.bench_function("parts/build_chain", |b| {
        b.iter(|| Chain::build(black_box(&game), &limits, marks))
    });
    let chain = Chain::build(&game, &limits, marks).expect("classic board solves");
    group.bench_function("parts/solve", |b| {
        b.iter(|| chain.solve(black_box(&limits)))
    });
    group.bench_function("parts/shortest", |b| {
        b.iter(|| {
            chain.shortest(
                black_box(&limits),
                |m| matches!(m, analysis::Mark::Jump(_)),
                None,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, classic);
criterion_main!(benches);
