//! Tournaments: every pair of agents plays on one board size, seats
//! alternated.

use std::fmt::Write;

use serde::Serialize;
use tabula_core::rand::Rng;
use tabula_core::{Agent, GameResult, Stream, stream_rng};
use tabula_sim::{Playout, Simulation};

use crate::game::{Noline, State};
use crate::{NolineError, agents};

/// Wins of each seat, draws, and games stopped by the step cap.
#[derive(Clone, Debug, Default)]
struct Tally {
    wins: [u64; 2],
    draws: u64,
    capped: u64,
}

impl tabula_sim::Collector<Noline> for Tally {
    fn end_game(&mut self, playout: &Playout, _: &State) {
        match playout.result {
            Some(GameResult::Win(s)) if s < 2 => self.wins[s] += 1,
            Some(_) => self.draws += 1,
            None => self.capped += 1,
        }
    }
    fn merge(&mut self, other: Self) {
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.capped += other.capped;
    }
}

/// The step cap of a game on a `dim` board: every move fills a cell, so a
/// game ends within `dim * dim` moves and is always played to its end.
pub fn max_steps(dim: usize) -> u32 {
    u32::try_from(dim.saturating_mul(dim)).unwrap_or(u32::MAX)
}

/// One pair's results; `a` was player O (first) in the first half of the
/// games (rounded up) and X in the rest.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first agent.
    pub a: String,
    /// The second agent.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Games `a` lost (the same as `b_wins`).
    pub a_losses: u64,
    /// Draws.
    pub draws: u64,
    /// `a`'s wins as O and as X.
    pub a_wins_as_o: u64,
    /// `a`'s wins as X.
    pub a_wins_as_x: u64,
    /// Games stopped by the step cap before they ended (counted neither
    /// as wins nor as draws; 0 unless the cap is lowered, since a game
    /// ends within `dim * dim` moves).
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
}

fn half(
    dim: usize,
    first: &'static agents::AgentEntry,
    second: &'static agents::AgentEntry,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Tally, NolineError> {
    if games == 0 {
        return Ok(Tally::default());
    }
    // Check both build before the run.
    (first.build)(dim)?;
    (second.build)(dim)?;
    let game = Noline::new(dim);
    let mut sim = Simulation::new(games).seed(seed).max_steps(max_steps(dim));
    if let Some(t) = threads {
        sim = sim.threads(t);
    }
    let run = sim.run_with(
        &game,
        || -> Vec<Box<dyn Agent<Noline>>> {
            [first, second]
                .iter()
                .filter_map(|e| (e.build)(dim).ok())
                .collect()
        },
        Tally::default(),
        &|_| {},
    )?;
    Ok(run.collector)
}

/// Plays every pair of `names` for `games` games on a `dim` board.
pub fn run(
    dim: usize,
    names: &[String],
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Tournament, NolineError> {
    let entries = names
        .iter()
        .map(|n| agents::find(n).map_err(NolineError::from))
        .collect::<Result<Vec<_>, _>>()?;
    let mut pairs = Vec::new();
    let mut index = 0u64;
    for i in 0..entries.len() {
        for j in i + 1..entries.len() {
            let seed_of = |k: u64| stream_rng(seed, Stream::Tournament, 2 * index + k).next_u64();
            let first = games.div_ceil(2);
            let x = half(dim, entries[i], entries[j], first, seed_of(0), threads)?;
            let y = half(
                dim,
                entries[j],
                entries[i],
                games - first,
                seed_of(1),
                threads,
            )?;
            index += 1;
            pairs.push(PairResult {
                a: names[i].clone(),
                b: names[j].clone(),
                games,
                a_wins: x.wins[0] + y.wins[1],
                b_wins: x.wins[1] + y.wins[0],
                a_losses: x.wins[1] + y.wins[0],
                draws: x.draws + y.draws,
                a_wins_as_o: x.wins[0],
                a_wins_as_x: y.wins[1],
                capped: x.capped + y.capped,
            });
        }
    }
    Ok(Tournament {
        game: "noline",
        dim,
        games,
        seed,
        pairs,
    })
}

impl Tournament {
    /// The results as text.
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
        s
    }
}
