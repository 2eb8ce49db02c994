//! The strength match of issue 15: Seega's old `alphabeta` (its own search
//! from before the generic agents, kept in `examples/legacy` only as this
//! baseline) against the generic alpha-beta of `tabula-search` that
//! `alphabeta` is now, both 20000 nodes per move, on the 5 × 5 board,
//! seats alternated, each game refereed by the framework:
//! `cargo run --release -p tabula-seega --example search_match -- [GAMES] [SEED]`
//! (200 games and seed 1 by default). Prints the generic agent's score.

mod legacy;

use tabula_core::{Agent, Streams};
use tabula_play::referee::Referee;
use tabula_search::{AlphaBeta, Budget};
use tabula_seega::agent::Adapted;
use tabula_seega::{Rules, Seega, Side};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(Ok(200), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse())?;
    let game = Seega::new(Rules::new(5, 30, Side::Black)?);
    let (mut wins, mut draws, mut losses, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    for index in 0..games {
        let old: Box<dyn Agent<Seega>> =
            Box::new(Adapted(legacy::AlphaBeta::new(Budget::Work(20_000))));
        let new: Box<dyn Agent<Seega>> = Box::new(AlphaBeta::<Seega>::new(Budget::Work(20_000)));
        // The generic agent plays Black (seat 0) in even games.
        let generic_seat = (index % 2) as usize;
        let mut agents = if generic_seat == 0 {
            vec![new, old]
        } else {
            vec![old, new]
        };
        let played =
            Referee::new().play(&game, &mut agents, &mut Streams::new(seed, index), &mut ());
        if let Some(f) = &played.forfeit {
            return Err(format!("game {index}: a forfeit: {f:?}").into());
        }
        match played.results.map(|r| r.points(generic_seat)) {
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
    Ok(())
}
