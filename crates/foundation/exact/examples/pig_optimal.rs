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
//! [`Optimal::solve`], both with [`WinZeroSum`]. The last argument is the
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
            "--hand" | "--dense" | "--hashed" => how = arg,
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

fn usage() -> ! {
    eprintln!("usage: pig_optimal [--hand|--dense|--hashed] [--tolerance X] [TARGET]");
    std::process::exit(1);
}
