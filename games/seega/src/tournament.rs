//! The seed's tournament: a round-robin in which every pair of agents
//! plays the same number of games with each side placing first, scored
//! as the seed scores it: wins, minus one win per second of cumulative
//! execution time.
//!
//! In a pair `a` against `b`, `a` plays Black and `b` White; Black places
//! first in the even-numbered games and White in the odd ones. Every game
//! has its own random stream from the seed, so the results (not the
//! times) do not depend on the number of threads, as long as the agents
//! think within work budgets rather than time budgets.

use std::fmt::Write;
use std::path::PathBuf;
use std::time::Duration;

use rayon::prelude::*;
use serde::Serialize;
use tabula_core::{Stream, stream_rng};

use crate::board::Side;
use crate::record::RecordFormat;
use crate::referee::{GameReport, play_game};
use crate::rules::{Reason, Rules};
use crate::{SeegaError, agent};

/// What to play.
#[derive(Clone, Debug)]
pub struct Options {
    /// Board side and stalemate threshold (who places first alternates).
    pub rules: Rules,
    /// Agent names, as [`agent::build`] takes them.
    pub agents: Vec<String>,
    /// Games per pair: even, half with each side placing first.
    pub games_per_pair: u64,
    /// The seed that fixes every game.
    pub seed: u64,
    /// Worker threads (default: one per core).
    pub threads: Option<usize>,
    /// Write every game's record into this directory.
    pub record: Option<(PathBuf, RecordFormat)>,
}

/// One agent's totals.
#[derive(Clone, Debug, Serialize)]
pub struct AgentResult {
    /// Its place, from 1, by score.
    pub rank: usize,
    /// Its name.
    pub name: String,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games it lost by an illegal answer.
    pub illegal: u64,
    /// Games it lost by panicking.
    pub panics: u64,
    /// Cumulative time in its calls, in seconds.
    pub time_s: f64,
    /// The seed's score: wins − time_s.
    pub score: f64,
}

/// One pair's results.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first agent (Black).
    pub a: String,
    /// The second agent (White).
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Games `a` won when it placed first.
    pub a_wins_placing_first: u64,
    /// Games `b` won when it placed first.
    pub b_wins_placing_first: u64,
    /// Mean moves (movement phase) per game.
    pub mean_moves: f64,
}

/// A tournament's results.
#[derive(Clone, Debug, Serialize)]
pub struct Tournament {
    /// Always `"seega"`.
    pub game: &'static str,
    /// Board side.
    pub size: usize,
    /// Stalemate threshold.
    pub stalemate: u32,
    /// Games per pair.
    pub games_per_pair: u64,
    /// The seed.
    pub seed: u64,
    /// Every agent, ranked by score.
    pub agents: Vec<AgentResult>,
    /// Every pair, in the order the agents were given.
    pub pairs: Vec<PairResult>,
    /// Games lost by an illegal answer or a panic, described.
    pub faults: Vec<String>,
}

struct Job {
    pair: usize,
    a: usize,
    b: usize,
    game: u64,
    index: u64,
}

/// Runs the tournament; `progress` is called with the number of games
/// finished so far.
pub fn run(options: &Options, progress: &(dyn Fn(u64) + Sync)) -> Result<Tournament, SeegaError> {
    let names = &options.agents;
    if names.len() < 2 {
        return Err(SeegaError::TooFewAgents);
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(SeegaError::AgentTwice(n.clone()));
        }
        agent::build(n)?;
    }
    let g = options.games_per_pair;
    if g == 0 || !g.is_multiple_of(2) {
        return Err(SeegaError::GamesPerPair(g));
    }
    if let Some((dir, _)) = &options.record {
        std::fs::create_dir_all(dir).map_err(|error| SeegaError::RecordDir {
            dir: dir.clone(),
            error,
        })?;
    }
    let mut jobs = Vec::new();
    let mut pair = 0;
    for a in 0..names.len() {
        for b in a + 1..names.len() {
            for game in 0..g {
                let index = jobs.len() as u64;
                jobs.push(Job {
                    pair,
                    a,
                    b,
                    game,
                    index,
                });
            }
            pair += 1;
        }
    }
    let done = std::sync::atomic::AtomicU64::new(0);
    let play = |job: &Job| -> Result<GameReport, SeegaError> {
        let first = if job.game.is_multiple_of(2) {
            Side::Black
        } else {
            Side::White
        };
        let rules = options.rules.with_first(first);
        let mut black = agent::build(&names[job.a])?;
        let mut white = agent::build(&names[job.b])?;
        let mut rng = stream_rng(options.seed, Stream::Tournament, job.index);
        let report = play_game(
            rules,
            [black.as_mut(), white.as_mut()],
            [&names[job.a], &names[job.b]],
            &mut rng,
        );
        if let Some((dir, format)) = &options.record {
            let path = dir.join(format!(
                "seega-{:03}-{}-vs-{}-{:05}.{}",
                job.pair,
                names[job.a],
                names[job.b],
                job.game,
                format.extension()
            ));
            report
                .record
                .write(&path, *format)
                .map_err(|error| SeegaError::WriteRecord {
                    path: path.clone(),
                    error,
                })?;
        }
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
        Ok(report)
    };
    let reports: Vec<GameReport> = match options.threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()?
            .install(|| jobs.par_iter().map(play).collect::<Result<_, _>>())?,
        None => jobs.par_iter().map(play).collect::<Result<_, _>>()?,
    };

    let mut agents: Vec<AgentResult> = names
        .iter()
        .map(|n| AgentResult {
            rank: 0,
            name: n.clone(),
            wins: 0,
            losses: 0,
            draws: 0,
            illegal: 0,
            panics: 0,
            time_s: 0.0,
            score: 0.0,
        })
        .collect();
    let mut time = vec![Duration::ZERO; names.len()];
    let mut pairs: Vec<PairResult> = Vec::new();
    let mut faults = Vec::new();
    let mut moves = Vec::new();
    for (job, report) in jobs.iter().zip(&reports) {
        if pairs.len() <= job.pair {
            pairs.push(PairResult {
                a: names[job.a].clone(),
                b: names[job.b].clone(),
                games: 0,
                a_wins: 0,
                b_wins: 0,
                draws: 0,
                a_wins_placing_first: 0,
                b_wins_placing_first: 0,
                mean_moves: 0.0,
            });
            moves.push(0u64);
        }
        let p = &mut pairs[job.pair];
        p.games += 1;
        moves[job.pair] += report
            .record
            .turns
            .iter()
            .filter(|t| {
                matches!(
                    t,
                    crate::record::Turn::Move { .. } | crate::record::Turn::Blocked { .. }
                )
            })
            .count() as u64;
        time[job.a] += report.time[0];
        time[job.b] += report.time[1];
        let first = report.record.first;
        match report.outcome.winner {
            None => {
                p.draws += 1;
                agents[job.a].draws += 1;
                agents[job.b].draws += 1;
            }
            Some(w) => {
                let (winner, loser) = if w == Side::Black {
                    p.a_wins += 1;
                    p.a_wins_placing_first += u64::from(first == Side::Black);
                    (job.a, job.b)
                } else {
                    p.b_wins += 1;
                    p.b_wins_placing_first += u64::from(first == Side::White);
                    (job.b, job.a)
                };
                agents[winner].wins += 1;
                agents[loser].losses += 1;
                match report.outcome.reason {
                    Reason::Illegal => agents[loser].illegal += 1,
                    Reason::Forfeit => agents[loser].panics += 1,
                    _ => {}
                }
            }
        }
        if let Some(f) = &report.fault {
            faults.push(format!(
                "{} vs {}, game {}: {f}",
                names[job.a], names[job.b], job.game
            ));
        }
    }
    for (p, m) in pairs.iter_mut().zip(moves) {
        p.mean_moves = m as f64 / p.games.max(1) as f64;
    }
    for (a, t) in agents.iter_mut().zip(time) {
        a.time_s = t.as_secs_f64();
        a.score = a.wins as f64 - a.time_s;
    }
    agents.sort_by(|x, y| y.score.total_cmp(&x.score).then(x.name.cmp(&y.name)));
    for (i, a) in agents.iter_mut().enumerate() {
        a.rank = i + 1;
    }
    Ok(Tournament {
        game: "seega",
        size: options.rules.size(),
        stalemate: options.rules.stalemate(),
        games_per_pair: g,
        seed: options.seed,
        agents,
        pairs,
        faults,
    })
}

impl Tournament {
    /// The results as text: the ranking, then every pair.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Seega tournament: {0}x{0} board, stalemate after {1} moves without a capture,\n\
             {2} games per pair (each side placing first in {3}), seed {4}",
            self.size,
            self.stalemate,
            self.games_per_pair,
            self.games_per_pair / 2,
            self.seed
        );
        let _ = writeln!(s);
        // Name columns as wide as the longest name (at least 14).
        let names = self.agents.iter().map(|a| a.name.len()).max().unwrap_or(0);
        let w = names.max(14);
        let _ = writeln!(
            s,
            "rank  {:<w$} {:>6}  {:>6}  {:>6}  {:>9}  {:>9}",
            "agent", "wins", "losses", "draws", "time (s)", "score"
        );
        // A score that rounds to zero is shown as 0.000, never -0.000 (no
        // wins less a fraction of a millisecond).
        let shown = |x: f64| if (x * 1000.0).round() == 0.0 { 0.0 } else { x };
        for a in &self.agents {
            let _ = writeln!(
                s,
                "{:>4}  {:<w$} {:>6}  {:>6}  {:>6}  {:>9.3}  {:>9.3}",
                a.rank,
                a.name,
                a.wins,
                a.losses,
                a.draws,
                a.time_s,
                shown(a.score)
            );
        }
        let _ = writeln!(
            s,
            "score = wins - cumulative seconds in the agent's calls (seed 004)"
        );
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "Pairs (a plays Black, b White; each places first in half the games):"
        );
        let digits = |n: u64| n.to_string().len();
        let n = self
            .pairs
            .iter()
            .map(|p| digits(p.a_wins).max(digits(p.b_wins)).max(digits(p.draws)))
            .max()
            .unwrap_or(1);
        let m = self
            .pairs
            .iter()
            .map(|p| format!("{:.1}", p.mean_moves).len())
            .max()
            .unwrap_or(1);
        for p in &self.pairs {
            let _ = writeln!(
                s,
                "  {:<w$} vs {:<w$}  a wins {:>n$} ({:>n$} placing first)  b wins {:>n$} ({:>n$} placing first)  draws {:>n$}  moves/game {:>m$.1}",
                p.a,
                p.b,
                p.a_wins,
                p.a_wins_placing_first,
                p.b_wins,
                p.b_wins_placing_first,
                p.draws,
                p.mean_moves
            );
        }
        if !self.faults.is_empty() {
            let _ = writeln!(s);
            let _ = writeln!(s, "Games lost by an illegal answer or a panic:");
            for f in &self.faults {
                let _ = writeln!(s, "  {f}");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_that_rounds_to_zero_is_not_negative_zero() {
        let agent = |rank, name: &str, score: f64| AgentResult {
            rank,
            name: name.to_string(),
            wins: 0,
            losses: 1,
            draws: 0,
            illegal: 0,
            panics: 0,
            time_s: -score,
            score,
        };
        let t = Tournament {
            game: "seega",
            size: 5,
            stalemate: 30,
            games_per_pair: 1,
            seed: 1,
            agents: vec![agent(1, "a", -0.0004), agent(2, "b", -0.0006)],
            pairs: Vec::new(),
            faults: Vec::new(),
        };
        let text = t.to_text();
        assert!(!text.contains("-0.000 "), "{text}");
        assert!(!text.contains("-0.000\n"), "{text}");
        assert!(text.contains("     0.000\n"), "{text}");
        assert!(text.contains("    -0.001\n"), "{text}");
    }
}
