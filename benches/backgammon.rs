//! Backgammon: whole-turn move generation per position (positions met in
//! random play, every roll), and one uniformly random game per iteration,
//! as the simulation harness plays it (the dice drawn by the game's
//! `sample_chance`, a uniform pick among the legal turns).
//!
//! Run with `cargo bench --bench backgammon`; the side-by-side with
//! OpenSpiel is `benches/backgammon-openspiel.sh`; the figures are in the
//! book's "Backgammon" and "Performance" chapters.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::RngExt;
use tabula::backgammon::{Backgammon, State, Turn};
use tabula::core::{BoardGame, Status, game_rng};
use tabula::sim::Sampling;

/// The decision states of `games` random games (seed 1).
fn positions(game: &Backgammon, games: u64) -> Vec<State> {
    let mut out = Vec::new();
    let (mut turns, mut scratch) = (Vec::new(), Vec::new());
    for g in 0..games {
        let mut rng = game_rng(1, g);
        let mut s = game.initial_state();
        loop {
            match game.status(&s) {
                Status::Over(_) => break,
                Status::Chance => {
                    let roll = game
                        .sample_chance(&s, &mut rng, &mut scratch)
                        .expect("a roll");
                    game.apply_chance(&mut s, roll, &mut |_| {});
                }
                Status::Decision(_) => {
                    out.push(s);
                    turns.clear();
                    game.legal_moves(&s, &mut turns);
                    let t = turns[rng.random_range(0..turns.len())];
                    game.apply_move(&mut s, t, &mut |_| {});
                }
            }
        }
    }
    out
}

/// One random game from the start; its number of turns.
fn playout(game: &Backgammon, rng: &mut tabula::core::GameRng, turns: &mut Vec<Turn>) -> u32 {
    let mut scratch = Vec::new();
    let mut s = game.initial_state();
    let mut n = 0;
    loop {
        match game.status(&s) {
            Status::Over(_) => return n,
            Status::Chance => {
                let roll = game.sample_chance(&s, rng, &mut scratch).expect("a roll");
                game.apply_chance(&mut s, roll, &mut |_| {});
            }
            Status::Decision(_) => {
                turns.clear();
                game.legal_moves(&s, turns);
                let t = turns[rng.random_range(0..turns.len())];
                game.apply_move(&mut s, t, &mut |_| {});
                n += 1;
            }
        }
    }
}

fn backgammon(c: &mut Criterion) {
    let game = Backgammon::default();
    let states = positions(&game, 20);
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("legal_turns_per_position", |b| {
        let mut turns = Vec::new();
        b.iter(|| {
            let mut total = 0;
            for s in &states {
                turns.clear();
                game.legal_moves(black_box(s), &mut turns);
                total += turns.len();
            }
            total
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game", |b| {
        let mut rng = game_rng(2, 0);
        let mut turns = Vec::new();
        b.iter(|| playout(&game, &mut rng, &mut turns))
    });
    group.finish();
}

criterion_group!(benches, backgammon);
criterion_main!(benches);
