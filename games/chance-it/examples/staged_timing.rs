//! Times win-optimal's solve by the game's hand-written backward
//! induction and by the framework's staged solver, and checks they agree:
//! `cargo run --release -p tabula-chance-it --example staged_timing -- 10`.
use std::time::Instant;

use tabula_chance_it::stages::WinOptimalStaged;
use tabula_chance_it::{Config, WinOptimal};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: u32 = std::env::args().nth(1).map_or(Ok(10), |a| a.parse())?;
    let config = Config::seed().with(None, Some(rounds), None)?;
    let t = Instant::now();
    let hand = WinOptimal::new(&config)?;
    let hand_time = t.elapsed();
    let t = Instant::now();
    let generic = WinOptimalStaged::new(&config)?;
    let generic_time = t.elapsed();
    let (h, g) = (hand.self_play(), generic.self_play());
    let diff = (0..3).map(|k| (h[k] - g[k]).abs()).fold(0.0, f64::max);
    println!(
        "{rounds} rounds, 2d6: {} (turn, difference) starts, {} states in the turns' graphs",
        generic.turn_starts(),
        generic.turn_states()
    );
    println!("  hand-written: {hand_time:.2?}, self-play {h:?}");
    println!("  staged:       {generic_time:.2?}, self-play {g:?}");
    println!("  largest difference {diff:.1e}");
    Ok(())
}
