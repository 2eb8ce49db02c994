//! Solves Pig for optimal play of both seats, once, in one of three ways,
//! printing the first seat's chance of winning and how long it took, so
//! that the time and peak memory of each can be measured:
//!
//! ```text
//! cargo build --release -p tabula-exact --example pig_optimal
//! /usr/bin/time -v target/release/examples/pig_optimal --hand 100
//! /usr/bin/time -v target/release/examples/pig_optimal --dense 100
//! /usr/bin/time -v target/release/examples/pig_optimal --hashed 100
//! ```
//!
//! `--hand` is the book tutorial's hand-written iteration, `--dense` the
//! framework's [`DenseOptimal::solve`] and `--hashed` its general
//! [`Optimal::solve`], both with [`WinZeroSum`]; `--compare` runs the
//! hand-written iteration and [`DenseOptimal::solve`] (under the
//! default [`Limits`]) and prints how far apart their values of every
//! state are (the slow test of Pig to 100, `tests/pig.rs`, runs it so,
//! compiled at full speed). The last argument is the
//! target score (100 by default); `--tolerance X` sets the framework's
//! [`Limits::tolerance`].

#[path = "../tests/pig_game.rs"]
mod pig_game;

use std::time::Instant;

use pig_game::{Pig, hand};
use tabula_core::BoardGame;
use tabula_exact::{DenseOptimal, ExactError, Limits, Optimal, WinZeroSum};

fn main() -> Result<(), ExactError> {
    let mut how = "--dense".to_string();
    let mut target = 100;
    let mut limits = Limits {
        max_states: 10_000_000,
        max_transitions: 100_000_000,
        max_time: None,
        ..Limits::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--hand" | "--dense" | "--hashed" | "--compare" => how = arg,
            "--tolerance" => match args.next().map(|a| a.parse()) {
                Some(Ok(t)) => limits.tolerance = t,
                _ => usage(),
            },
            a => match a.parse() {
                Ok(t) if t > 0 => target = t,
                _ => usage(),
            },
        }
    }
    let game = Pig { target };
    if how == "--compare" {
        // Under the solver's default limits (the tolerance aside), as a
        // program of a user's own would solve it.
        let limits = Limits {
            tolerance: limits.tolerance,
            ..Limits::default()
        };
        return compare(&game, &limits);
    }
    let start = Instant::now();
    let (p, about) = match how.as_str() {
        "--hand" => {
            let (win, roll) = hand::solve(target);
            let rolls = roll.iter().filter(|&&r| r).count();
            (win[0], format!("{rolls} roll states"))
        }
        "--dense" => {
            let optimal = DenseOptimal::solve(&game, &WinZeroSum, &limits)?;
            let shared = optimal.clone();
            let first = shared.best_move(&game, &game.initial_state());
            (
                optimal.value,
                format!(
                    "{} states, {} sweeps, residual {:.1e}, {:.1} MB kept, first move {first:?}",
                    optimal.len(),
                    optimal.iterations,
                    optimal.residual,
                    optimal.memory() as f64 / 1e6
                ),
            )
        }
        _ => {
            let optimal = Optimal::solve(&game, &WinZeroSum, &limits)?;
            (
                optimal.value,
                format!(
                    "{} states, {} sweeps, residual {:.1e}",
                    optimal.len(),
                    optimal.iterations,
                    optimal.residual
                ),
            )
        }
    };
    println!(
        "{how} {target}: first seat wins {p:.12} in {:.3} s ({about})",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The largest difference between the hand-written iteration's chance
/// of every state and the dense solve's.
fn compare(game: &Pig, limits: &Limits) -> Result<(), ExactError> {
    let t = game.target;
    let (win, _) = hand::solve(t);
    let solved = DenseOptimal::solve(game, &WinZeroSum, limits)?;
    let mut worst: f64 = 0.0;
    for seat in 0..2 {
        for (mine, theirs, turn) in hand::states(t) {
            let mut scores = [0; 2];
            scores[seat] = mine;
            scores[1 - seat] = theirs;
            let s = pig_game::State {
                scores,
                turn_total: turn,
                seat,
                rolling: false,
            };
            let own = solved.value_of(game, &s).unwrap_or(f64::NAN);
            // The hand-written chance is the seat to move's.
            let first = if seat == 0 { own } else { 1.0 - own };
            let at = seat * hand::cube(t) + hand::index(t, mine, theirs, turn);
            // A state the dense solve did not number (NaN) is the worst.
            let apart = (first - win[at]).abs();
            worst = if apart.is_nan() {
                f64::INFINITY
            } else {
                worst.max(apart)
            };
        }
    }
    println!(
        "first seat wins {:.15} (hand-written) and {:.15} (dense): {:.1e} apart; \
         every state within {worst:.1e}; the dense solve keeps {} states in {} bytes",
        win[0],
        solved.value,
        (win[0] - solved.value).abs(),
        solved.len(),
        solved.memory()
    );
    Ok(())
}

fn usage() -> ! {
    eprintln!("usage: pig_optimal [--hand|--dense|--hashed|--compare] [--tolerance X] [TARGET]");
    std::process::exit(1);
}
