//! Tournaments: every pair of agents on one board size, played by the
//! framework's engine ([`tabula_play::tournament`]: both seatings of every
//! deal, refereed, seeded the same for any thread count) and reported as
//! the framework reports a two-seat game ([`SeatedReport`]: each pair's
//! wins as O and as X, the standings).

use tabula_app::play::{ScoringArg, SeatedReport, TournamentOptions};
use tabula_play::tournament::{Entrant, GameId, Tournament as Engine};

use crate::game::Noline;

/// The step cap of a game on a `dim` board: every move fills a cell, so a
/// game ends within `dim * dim` moves and is always played to its end.
pub fn max_steps(dim: usize) -> u32 {
    u32::try_from(dim.saturating_mul(dim)).unwrap_or(u32::MAX)
}

/// A tournament's results: `{"game": "noline", "dim", "games", "seed",
/// "pairs", "standings"}`, each pair with `a_wins_as_o` and `a_wins_as_x`.
pub type Tournament = SeatedReport<Board>;

/// The board a tournament was played on.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Board {
    /// Board side.
    pub dim: usize,
}

/// Plays every pair of `entrants` on a `dim` board with `engine` (games
/// per pair, seed, threads) and the `options` every tournament has. Unless
/// the options lower the step cap, every game is played to its end.
pub fn run(
    dim: usize,
    entrants: &[Entrant<Noline>],
    engine: Engine,
    options: &TournamentOptions,
) -> Result<Tournament, tabula_app::Error> {
    let mut options = options.clone();
    if options.max_steps == tabula_sim::DEFAULT_MAX_STEPS {
        options.max_steps = options.max_steps.max(max_steps(dim));
    }
    let none = |_: &GameId| ();
    let (standings, _) = options.run(
        &Noline::new(dim),
        entrants,
        engine,
        ScoringArg::Points,
        &none,
        None,
    )?;
    Ok(
        SeatedReport::new("noline", Board { dim }, standings, &["o", "x"])
            .named(format!("noline {dim}x{dim}"), "seat 1 is O (moves first)"),
    )
}
