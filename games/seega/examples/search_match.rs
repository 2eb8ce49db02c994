//! A match of the old `alphabeta` against the generic alpha-beta of
//! `tabula-search` (both 20000 nodes per move) on the 5 × 5 board, seats
//! alternated: `cargo run --release -p tabula-seega --example search_match -- [GAMES] [SEED]`
//! (20 games and seed 1 by default). Prints the generic agent's score.

use tabula_search::{AlphaBeta, Budget};
use tabula_seega::search::{Legacy, play_game};
use tabula_seega::{Rules, Seega, Side, agent, agents};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(Ok(20), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse())?;
    let game = Seega::new(Rules::new(5, 30, Side::Black)?);
    let (mut wins, mut draws, mut losses, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let mut nodes = 0u64;
    for index in 0..games {
        let mut old = Legacy(Box::new(agents::AlphaBeta::new(agent::Budget::Work(
            20_000,
        ))));
        let mut new = AlphaBeta::<Seega>::new(Budget::Work(20_000));
        // The generic agent plays Black (seat 0) in even games.
        let generic_seat = (index % 2) as usize;
        let results = if generic_seat == 0 {
            play_game(&game, [&mut new, &mut old], seed, index, 10_000)
        } else {
            play_game(&game, [&mut old, &mut new], seed, index, 10_000)
        };
        nodes += new.stats().nodes;
        match results.map(|r| r.points(generic_seat)) {
            Some(p) if p > 0.75 => wins += 1,
            Some(p) if p > 0.25 => draws += 1,
            Some(_) => losses += 1,
            None => unfinished += 1,
        }
    }
    let score = wins as f64 + 0.5 * draws as f64;
    println!(
        "generic alphabeta vs old alphabeta, {games} games (seed {seed}): {wins} wins, {draws} draws, {losses} losses, {unfinished} unfinished; score {score}/{games} ({:.1}%)",
        100.0 * score / games.max(1) as f64
    );
    let _ = nodes;
    Ok(())
}
