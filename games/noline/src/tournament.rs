//! Tournaments: every pair of agents on one board size, played by the
//! framework's engine ([`tabula_play::tournament`]: both seatings of every
//! deal, refereed, seeded the same for any thread count) and reported as
//! the framework reports any two-seat game ([`Pair`], the standings).

use serde::Serialize;
use tabula_app::play::{ScoringArg, TournamentOptions};
use tabula_play::tournament::{Entrant, GameId, Pair, Standings, Tournament as Engine};

use crate::game::Noline;

/// The step cap of a game on a `dim` board: every move fills a cell, so a
/// game ends within `dim * dim` moves and is always played to its end.
pub fn max_steps(dim: usize) -> u32 {
    u32::try_from(dim.saturating_mul(dim)).unwrap_or(u32::MAX)
}

/// A tournament's results.
#[derive(Clone, Debug, Serialize)]
pub struct Tournament {
    /// Always `"noline"`.
    pub game: &'static str,
    /// Board side.
    pub dim: usize,
    /// Games per pair.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Every pair.
    pub pairs: Vec<PairResult>,
    /// The engine's standings: ranks, points, forfeits, thinking time.
    pub standings: Standings,
}

/// One pair's results: `a` is O (first) in the pair's even-numbered games
/// (the first of each deal) and X in the others.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The framework's view of the pair.
    #[serde(flatten)]
    pub pair: Pair,
    /// `a`'s wins as O.
    pub a_wins_as_o: u64,
    /// `a`'s wins as X.
    pub a_wins_as_x: u64,
}

impl From<Pair> for PairResult {
    fn from(pair: Pair) -> PairResult {
        let seat = |s: usize| pair.a_wins_by_seat.get(s).copied().unwrap_or(0);
        PairResult {
            a_wins_as_o: seat(0),
            a_wins_as_x: seat(1),
            pair,
        }
    }
}

impl std::ops::Deref for PairResult {
    type Target = Pair;

    fn deref(&self) -> &Pair {
        &self.pair
    }
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
    let game = Noline::new(dim);
    let none = |_: &GameId| ();
    let (standings, _) = options.run(&game, entrants, engine, ScoringArg::Points, &none, None)?;
    Ok(Tournament {
        game: "noline",
        dim,
        games: standings.games_per_pairing,
        seed: standings.seed,
        pairs: standings
            .pairs()
            .into_iter()
            .map(PairResult::from)
            .collect(),
        standings,
    })
}

impl Tournament {
    /// The results as text: the framework's standings, every pair with
    /// its wins by seat (seat 1 is O).
    pub fn to_text(&self) -> String {
        format!(
            "noline tournament: {0}x{0} board, seat 1 is O (moves first)\n{1}",
            self.dim,
            tabula_app::play::standings_text(&self.standings)
        )
    }
}
