//! Chance-it: the exact analyses and a tournament's games.
//!
//! Run with `cargo bench --bench chance_it`; the figures are in the
//! book's "Chance-it" chapter.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::chance_it::analysis::Analysis;
use tabula::chance_it::{Config, Optimal, Strategy, WinOptimal, strategy, win};

fn chance_it(c: &mut Criterion) {
    let config = Config::specification();
    let mut group = c.benchmark_group("chance_it");
    group.sample_size(10);
    group.bench_function("optimal_turn_dp", |b| {
        b.iter(|| Optimal::new(black_box(config.dice())))
    });
    group.bench_function("win_optimal_backward_induction", |b| {
        b.iter(|| WinOptimal::new(black_box(&config)))
    });
    // The longest game win-optimal is solved for (about 240,000 turns).
    let longest = config
        .with(None, Some(u32::from(win::MAX_ROUNDS)), None)
        .expect("a valid game");
    group.bench_function("win_optimal_backward_induction_100_rounds", |b| {
        b.iter(|| WinOptimal::new(black_box(&longest)))
    });
    let w = Strategy::from(std::sync::Arc::new(
        WinOptimal::new(&config).expect("two players"),
    ));
    let tapering = strategy::build("tapering", &config).expect("built in");
    group.bench_function("exact_outcome_tapering_vs_win_optimal", |b| {
        b.iter(|| win::exact_outcome(black_box(&config), &tapering, &w))
    });
    // `tabula tournament chance-it`, run in this process, its report
    // thrown away.
    let args = [
        "tabula",
        "tournament",
        "chance-it",
        "--agents",
        "tapering,optimal",
        "--games",
        "10000",
        "--seed",
        "1",
        "--threads",
        "2",
        "--format",
        "json",
    ];
    group.bench_function("tournament_10000_games_2_threads", |b| {
        b.iter(|| tabula::cli::run_args(black_box(args), &mut std::io::sink()))
    });
    group.finish();
}

/// What `tabula analyze chance-it` computes (every strategy's turn, the
/// optimal turn, win-optimal and its chances against every strategy), at
/// the specification's 10 rounds, at 100, and with 3d6 at its most rounds (14).
/// The book's Chance-it chapter compares them with the hand-written
/// solver the game was first written with (0.05 s, 4.2 s and 4.5 s on
/// quiet cores); `benches/chance-it-vs-hand-written.sh` runs the two
/// alternately, for a comparison on a busy machine.
fn analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("chance_it_analysis");
    group.sample_size(10);
    let seed = Config::specification();
    let games = [
        ("10_rounds", seed),
        (
            "100_rounds",
            seed.with(None, Some(100), None).expect("a valid game"),
        ),
        (
            "3d6_14_rounds",
            seed.with(tabula::core::Dice::new(3, 6).ok(), Some(14), None)
                .expect("a valid game"),
        ),
    ];
    for (name, config) in games {
        group.bench_function(name, |b| b.iter(|| Analysis::of(black_box(&config))));
    }
    group.finish();
}

criterion_group!(benches, chance_it, analysis);
criterion_main!(benches);
