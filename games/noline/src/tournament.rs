//! Tournaments: every pair of agents on one board size, played by the
//! framework's engine ([`tabula_play::tournament`]: both seatings of every
//! deal, refereed, seeded the same for any thread count). This module
//! keeps noline's own view of the results, one line per pair.

use std::fmt::Write;

use serde::Serialize;
use tabula_play::tournament::{Entrant, Standings};

use crate::NolineError;
use crate::game::Noline;

/// The step cap of a game on a `dim` board: every move fills a cell, so a
/// game ends within `dim * dim` moves and is always played to its end.
pub fn max_steps(dim: usize) -> u32 {
    u32::try_from(dim.saturating_mul(dim)).unwrap_or(u32::MAX)
}

/// One pair's results; `a` is player O (first) in the pair's even-numbered
/// games (the first of each deal) and X in the others.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first agent.
    pub a: String,
    /// The second agent.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won (a forfeit by `b` included).
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Games `a` lost (the same as `b_wins`).
    pub a_losses: u64,
    /// Draws.
    pub draws: u64,
    /// `a`'s wins as O.
    pub a_wins_as_o: u64,
    /// `a`'s wins as X.
    pub a_wins_as_x: u64,
    /// Games stopped by the step cap before they ended (counted neither
    /// as wins nor as draws; 0 unless the cap is lowered below `dim *
    /// dim`).
    pub capped: u64,
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

/// Plays every pair of `entrants` on a `dim` board with `engine` (games
/// per pair, seed, threads, scoring, records), writing records if the
/// engine has a record directory.
pub fn run(
    dim: usize,
    entrants: &[Entrant<Noline>],
    engine: &tabula_play::tournament::Tournament,
    recorded: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tournament, NolineError> {
    let game = Noline::new(dim);
    let none = |_: &tabula_play::tournament::GameId| ();
    let (standings, _) = if recorded {
        engine.run_recorded(&game, entrants, &none, progress)?
    } else {
        engine.run_with(&game, entrants, &none, progress)?
    };
    let pairs = standings
        .pairings
        .iter()
        .filter_map(|p| {
            let [a, b] = p.entrants.as_slice() else {
                return None;
            };
            let seat = |e: &tabula_play::tournament::PairingEntrant, s: usize| {
                e.wins_by_seat.get(s).copied().unwrap_or(0)
            };
            Some(PairResult {
                a: a.name.clone(),
                b: b.name.clone(),
                games: p.games,
                a_wins: a.wins,
                b_wins: b.wins,
                a_losses: b.wins,
                draws: p.draws,
                a_wins_as_o: seat(a, 0),
                a_wins_as_x: seat(a, 1),
                capped: p.capped,
            })
        })
        .collect();
    Ok(Tournament {
        game: "noline",
        dim,
        games: standings.games_per_pairing,
        seed: standings.seed,
        pairs,
        standings,
    })
}

impl Tournament {
    /// The results as text: a line per pair, then the engine's standings.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "noline tournament: {0}x{0} board, {1} games per pair (seats alternated), seed {2}",
            self.dim, self.games, self.seed
        );
        // Columns as wide as their widest entry, so every pair's line
        // lines up whatever the agents' names and the counts.
        let width = |f: &dyn Fn(&PairResult) -> usize| self.pairs.iter().map(f).max().unwrap_or(0);
        let digits = |n: u64| n.to_string().len();
        let wa = width(&|p| p.a.len());
        let wb = width(&|p| p.b.len());
        let n = width(&|p| digits(p.a_wins).max(digits(p.b_wins)).max(digits(p.draws)));
        let no = width(&|p| digits(p.a_wins_as_o));
        let nx = width(&|p| digits(p.a_wins_as_x));
        for p in &self.pairs {
            let _ = writeln!(
                s,
                "  {:<wa$} vs {:<wb$}   {:<wa$} wins {:>n$} ({:>no$} as O, {:>nx$} as X)   {:<wb$} wins {:>n$}   draws {:>n$}",
                p.a, p.b, p.a, p.a_wins, p.a_wins_as_o, p.a_wins_as_x, p.b, p.b_wins, p.draws
            );
            if p.capped > 0 {
                let _ = writeln!(
                    s,
                    "    capped {}: games stopped by the step cap, counted neither as wins nor as draws",
                    p.capped
                );
            }
        }
        let _ = writeln!(s);
        s.push_str(&tabula_app::play::standings_text(&self.standings));
        s
    }
}
