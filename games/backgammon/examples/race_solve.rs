//! Solves the two-sided bear-off of up to N checkers a side once and
//! reports the time, the memory the solve keeps and a few values; the
//! book's figures for the race come from here:
//!
//! ```text
//! cargo run --release -p tabula-backgammon --example race_solve -- 11
//! cargo run --release -p tabula-backgammon --example race_solve -- 6 --compare
//! ```
//!
//! `--generating` solves with the solver generating every state's turns
//! (no table); `--compare` solves both ways and prints the largest
//! difference between their values; `--threads N` solves from the table
//! on N threads (default 1; 0: every core).

use std::time::Instant;

use tabula_backgammon::bearoff::Home;
use tabula_backgammon::race::{Race, RaceDb};
use tabula_core::BoardGame;
use tabula_exact::{DenseOptimal, Limits, WinZeroSum};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut checkers = 6u8;
    let (mut generating, mut compare) = (false, false);
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--generating" => generating = true,
            "--compare" => compare = true,
            "--threads" => {
                let n = args.next().unwrap_or_default();
                threads = n
                    .parse()
                    .map_err(|_| format!("--threads {n:?}: a number"))?;
            }
            n => {
                checkers = n
                    .parse()
                    .map_err(|_| format!("{n:?}: a number of checkers"))?
            }
        }
    }
    if generating || compare {
        let race = Race::generating(checkers);
        let positions = race.positions();
        let start = Instant::now();
        let limits = Limits {
            max_states: usize::MAX,
            max_time: None,
            ..Limits::default()
        };
        let slow = DenseOptimal::solve(&race, &WinZeroSum, &limits)?;
        report("generating", positions, start, slow.memory());
        if compare {
            let start = Instant::now();
            let db = Race::new(checkers).solve_threads(threads)?;
            report("table", positions, start, db.memory());
            let worst = slow
                .values()
                .iter()
                .zip(db.optimal().values())
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            println!("largest difference between the two: {worst:e}");
            sample(&db);
        }
    } else {
        let start = Instant::now();
        let race = Race::new(checkers);
        println!("table built in {:.2} s", start.elapsed().as_secs_f64());
        let positions = race.positions();
        let db = race.solve_threads(threads)?;
        report("table", positions, start, db.memory());
        sample(&db);
    }
    Ok(())
}

fn report(how: &str, positions: usize, start: Instant, memory: usize) {
    let seconds = start.elapsed().as_secs_f64();
    let states = 2 * positions * positions;
    println!(
        "{how}: {positions} positions a side, {states} states, {seconds:.2} s \
         ({:.3} µs a state), {:.1} MiB kept",
        seconds * 1e6 / states as f64,
        memory as f64 / (1 << 20) as f64
    );
}

fn sample(db: &RaceDb) {
    // GNU Backgammon's manual example (X on 5 and 2 points, O on 3 and
    // 2): 67.1%.
    let x = Home([0, 1, 0, 0, 1, 0]);
    let o = Home([0, 1, 1, 0, 0, 0]);
    if let Some(p) = db.win(&x, &o) {
        println!("gnubg manual example: {p:.6}");
    }
    let n = db.game().positions();
    let full = db.game().initial_state().homes[0];
    if let Some(p) = db.win(&full, &full) {
        println!("both sides' fullest position, first to roll: {p:.9} ({n} positions)");
    }
}
