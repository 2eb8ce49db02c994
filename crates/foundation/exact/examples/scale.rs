//! Builds and solves the synthetic ring of the `scale` benchmark
//! (`benches/scale/synthetic.rs` at the repository root) once at
//! a size given on the command line, printing how long each phase took,
//! so its peak memory can be measured:
//!
//! ```text
//! cargo build --release -p tabula-exact --example scale
//! /usr/bin/time -v target/release/examples/scale 10000000
//! ```

#[path = "../../../../benches/scale/synthetic.rs"]
mod synthetic;

use std::time::Instant;

use synthetic::HashedRing;
use tabula_exact::{Chain, ExactError, Limits};

fn main() -> Result<(), ExactError> {
    let states: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 1_000_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: scale [STATES]  (a positive number of states)");
            std::process::exit(1);
        }
    };
    let limits = Limits {
        max_states: states as usize + 1,
        max_transitions: 6 * states as usize + 6,
        max_time: None,
        tolerance: 1e-10,
        ..Limits::default()
    };
    let game = HashedRing {
        states,
        ending: false,
    };
    let start = Instant::now();
    let chain = Chain::explore(&game, &limits, |_, _: &mut Vec<()>| {})?;
    let built = start.elapsed().as_secs_f64();
    println!(
        "built {} states, {} transitions in {built:.2} s: {:.3e} states/s",
        chain.len(),
        chain.transition_count(),
        chain.len() as f64 / built
    );
    let start = Instant::now();
    let long_run = chain.stationary(&limits)?;
    let solved = start.elapsed().as_secs_f64();
    println!(
        "stationary: {} iterations, residual {:.2e}, in {solved:.2} s: {:.2} iterations/s",
        long_run.iterations,
        long_run.residual,
        f64::from(long_run.iterations.max(1)) / solved
    );
    Ok(())
}
