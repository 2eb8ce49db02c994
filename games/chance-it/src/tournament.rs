//! Tournaments: every pair of strategies plays many games, seats
//! alternated, with exact winning chances beside the sampled ones.

use std::fmt::Write;
use std::sync::Arc;

use serde::Serialize;
use tabula_core::rand::Rng;
use tabula_core::{Agent, GameResult, Stream, stream_rng};
use tabula_sim::{Collector, Playout, Simulation};

use crate::config::Config;
use crate::game::{ChanceIt, Event, State};
use crate::strategy::{self, Depends, Strategy, StrategyAgent};
use crate::turn::Values;
use crate::{ChanceItError, win};

/// Wins, ties and totals of the two seats over many games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatTally {
    /// Games.
    pub games: u64,
    /// Wins of each seat.
    pub wins: [u64; 2],
    /// Ties.
    pub ties: u64,
    /// Games stopped by the harness's step cap before they ended (neither
    /// wins nor ties).
    pub capped: u64,
    /// Sum of each seat's total.
    pub sum: [u64; 2],
    /// Sum of squares of each seat's total.
    pub sum_sq: [u128; 2],
    /// Each seat's turns by score: `turn_scores[seat][score]` turns
    /// scored `score` (0 for a bust).
    pub turn_scores: [Vec<u64>; 2],
}

impl Collector<ChanceIt> for SeatTally {
    fn event(&mut self, event: &Event) {
        if let Event::Scored { seat, score, .. } = *event
            && let Some(counts) = self.turn_scores.get_mut(usize::from(seat))
        {
            add_count(counts, usize::from(score), 1);
        }
    }

    fn end_game(&mut self, playout: &Playout, state: &State) {
        self.games += 1;
        match playout.result {
            Some(GameResult::Win(s)) if s < 2 => self.wins[s] += 1,
            Some(_) => self.ties += 1,
            None => self.capped += 1,
        }
        for s in 0..2 {
            let t = u64::from(state.totals()[s]);
            self.sum[s] += t;
            self.sum_sq[s] += u128::from(t * t);
        }
    }

    fn merge(&mut self, other: Self) {
        self.games += other.games;
        self.ties += other.ties;
        self.capped += other.capped;
        for s in 0..2 {
            self.wins[s] += other.wins[s];
            self.sum[s] += other.sum[s];
            self.sum_sq[s] += other.sum_sq[s];
        }
        for (mine, theirs) in self.turn_scores.iter_mut().zip(&other.turn_scores) {
            for (score, &n) in theirs.iter().enumerate() {
                add_count(mine, score, n);
            }
        }
    }
}

/// Adds `n` to `counts[index]`, growing `counts` as needed.
fn add_count(counts: &mut Vec<u64>, index: usize, n: u64) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += n;
}

/// One pair's results: `a` and `b` each took the first seat in half the
/// games.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first strategy's name.
    pub a: String,
    /// The second strategy's name.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Ties.
    pub ties: u64,
    /// Games stopped by the step cap before they ended, counted neither as
    /// wins nor as ties (0 in practice: the cap is 2^32 - 1 steps).
    pub capped: u64,
    /// `a`'s share of wins, with its standard error.
    pub a_win_rate: f64,
    /// Standard error of `a_win_rate`.
    pub a_win_rate_std_error: f64,
    /// `a`'s mean total.
    pub a_mean_total: f64,
    /// Its standard error.
    pub a_total_std_error: f64,
    /// `b`'s mean total.
    pub b_mean_total: f64,
    /// Its standard error.
    pub b_total_std_error: f64,
    /// `a`'s exact probability of winning with seats alternated (the mean
    /// of its chances in the first and second seat); `null` when a
    /// strategy depends on more than the score difference.
    pub a_win_probability_exact: Option<f64>,
    /// `b`'s, likewise.
    pub b_win_probability_exact: Option<f64>,
    /// The exact probability of a tie, likewise.
    pub tie_probability_exact: Option<f64>,
}

/// A tournament's results.
#[derive(Clone, Debug, Serialize)]
pub struct Tournament {
    /// Always `"chance-it"`.
    pub game: &'static str,
    /// Games per pair.
    pub games: u64,
    /// The seed that fixes every game.
    pub seed: u64,
    /// Rounds per game.
    pub rounds: u16,
    /// The dice, as `[count, faces]`.
    pub dice: [u8; 2],
    /// Threads used (the numbers do not depend on it).
    pub threads: usize,
    /// Every pair.
    pub pairs: Vec<PairResult>,
    /// Each strategy's turns over all its games, in the order named.
    pub strategies: Vec<StrategyTurns>,
}

/// One strategy's turn scores over all its games in a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyTurns {
    /// The strategy.
    pub name: String,
    /// Turns it played.
    pub turns: u64,
    /// Turns by score: `turn_scores[s]` turns scored `s` (0 for a bust).
    pub turn_scores: Vec<u64>,
    /// Its mean turn score.
    pub mean_turn_score: f64,
    /// The exact distribution of its turn score (index = score), for a
    /// strategy that decides on the turn alone; `null` for one that
    /// looks at the round or the totals, whose turns differ game by game.
    pub turn_score_exact: Option<Vec<f64>>,
}

fn mean_se(sum: u64, sum_sq: u128, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, f64::NAN);
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    if n < 2 {
        return (mean, f64::NAN);
    }
    let var = ((sum_sq as f64) - nf * mean * mean) / (nf - 1.0);
    (mean, (var.max(0.0) / nf).sqrt())
}

/// Plays `games` games (first seat, then the other) between two
/// strategies: the tally with `first` in seat 0.
fn play_half(
    config: &Config,
    first: &Arc<dyn Strategy>,
    second: &Arc<dyn Strategy>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<SeatTally, ChanceItError> {
    if games == 0 {
        return Ok(SeatTally::default());
    }
    let game = ChanceIt::new(*config);
    let mut sim = Simulation::new(games).seed(seed).max_steps(u32::MAX);
    if let Some(t) = threads {
        sim = sim.threads(t);
    }
    let run = sim.run_with(
        &game,
        || -> Vec<Box<dyn Agent<ChanceIt>>> {
            vec![
                Box::new(StrategyAgent::new(first.clone())),
                Box::new(StrategyAgent::new(second.clone())),
            ]
        },
        SeatTally::default(),
        &|_| {},
    )?;
    Ok(run.collector)
}

/// Runs a tournament: every pair of `names` plays `games` games, `a` in
/// the first seat for the first half (rounded up) and `b` for the rest,
/// each half from its own stream of `seed`. Two players.
pub fn run(
    config: &Config,
    names: &[String],
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Tournament, ChanceItError> {
    if config.players() != 2 {
        return Err(ChanceItError::TournamentPlayers(config.players()));
    }
    let mut built = Vec::new();
    for n in names {
        built.push(strategy::build(n, config)?);
    }
    let mut pairs = Vec::new();
    let mut turn_scores = vec![Vec::new(); built.len()];
    let mut index = 0;
    for i in 0..built.len() {
        for j in i + 1..built.len() {
            let (a, b) = (&built[i], &built[j]);
            let seed_of =
                |order: u64| stream_rng(seed, Stream::Tournament, 2 * index + order).next_u64();
            let first_half = games.div_ceil(2);
            let x = play_half(config, a, b, first_half, seed_of(0), threads)?;
            let y = play_half(config, b, a, games - first_half, seed_of(1), threads)?;
            index += 1;
            for (counts, seat_counts) in [
                (i, &x.turn_scores[0]),
                (i, &y.turn_scores[1]),
                (j, &x.turn_scores[1]),
                (j, &y.turn_scores[0]),
            ] {
                for (score, &n) in seat_counts.iter().enumerate() {
                    add_count(&mut turn_scores[counts], score, n);
                }
            }
            let a_wins = x.wins[0] + y.wins[1];
            let b_wins = x.wins[1] + y.wins[0];
            let (a_mean, a_se) = mean_se(x.sum[0] + y.sum[1], x.sum_sq[0] + y.sum_sq[1], games);
            let (b_mean, b_se) = mean_se(x.sum[1] + y.sum[0], x.sum_sq[1] + y.sum_sq[0], games);
            let rate = a_wins as f64 / games as f64;
            let exact = match (
                win::exact_outcome(config, &**a, &**b),
                win::exact_outcome(config, &**b, &**a),
            ) {
                (Some(ab), Some(ba)) => Some([
                    (ab[0] + ba[1]) / 2.0,
                    (ab[1] + ba[0]) / 2.0,
                    (ab[2] + ba[2]) / 2.0,
                ]),
                _ => None,
            };
            pairs.push(PairResult {
                a: names[i].clone(),
                b: names[j].clone(),
                games,
                a_wins,
                b_wins,
                ties: x.ties + y.ties,
                capped: x.capped + y.capped,
                a_win_rate: rate,
                a_win_rate_std_error: (rate * (1.0 - rate) / games as f64).sqrt(),
                a_mean_total: a_mean,
                a_total_std_error: a_se,
                b_mean_total: b_mean,
                b_total_std_error: b_se,
                a_win_probability_exact: exact.map(|e| e[0]),
                b_win_probability_exact: exact.map(|e| e[1]),
                tie_probability_exact: exact.map(|e| e[2]),
            });
        }
    }
    Ok(Tournament {
        game: "chance-it",
        games,
        seed,
        rounds: config.rounds(),
        dice: [config.dice().count(), config.dice().faces()],
        threads: threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        pairs,
        strategies: strategy_turns(config, names, &built, turn_scores),
    })
}

/// Each strategy's turn scores, with the exact distribution where the
/// strategy decides on the turn alone.
fn strategy_turns(
    config: &Config,
    names: &[String],
    built: &[Arc<dyn Strategy>],
    turn_scores: Vec<Vec<u64>>,
) -> Vec<StrategyTurns> {
    let values = Values::new(config.dice());
    names
        .iter()
        .zip(built)
        .zip(turn_scores)
        .map(|((name, s), counts)| {
            let turns: u64 = counts.iter().sum();
            let total: u64 = counts.iter().enumerate().map(|(v, &n)| v as u64 * n).sum();
            StrategyTurns {
                name: name.clone(),
                turns,
                mean_turn_score: if turns == 0 {
                    f64::NAN
                } else {
                    total as f64 / turns as f64
                },
                turn_scores: counts,
                turn_score_exact: (s.depends() == Depends::Turn)
                    .then(|| values.strategy_distribution(config, &**s, 0, 0, &[0, 0])),
            }
        })
        .collect()
}

impl Tournament {
    /// The results as text, one block per pair.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Chance-it tournament: {} games per pair (seats alternated), {} rounds, {}d{}, seed {}",
            self.games, self.rounds, self.dice[0], self.dice[1], self.seed
        );
        for p in &self.pairs {
            let _ = writeln!(s, "\n{} vs {}", p.a, p.b);
            let _ = writeln!(
                s,
                "  wins      {:<12} {:>8}   {:<12} {:>8}   ties {}",
                p.a, p.a_wins, p.b, p.b_wins, p.ties
            );
            if p.capped > 0 {
                let _ = writeln!(
                    s,
                    "  capped {}: games stopped by the step cap, counted neither as wins nor as ties",
                    p.capped
                );
            }
            let exact = match p.a_win_probability_exact {
                Some(e) => format!(", exact {e:.4}"),
                None => String::new(),
            };
            let _ = writeln!(
                s,
                "  {} wins {:.4} +/- {:.4} of games{exact}",
                p.a, p.a_win_rate, p.a_win_rate_std_error
            );
            if let (Some(b), Some(t)) = (p.b_win_probability_exact, p.tie_probability_exact) {
                let games = p.games as f64;
                let _ = writeln!(
                    s,
                    "  {} wins {:.4}, exact {b:.4}; ties {:.4}, exact {t:.4}",
                    p.b,
                    p.b_wins as f64 / games,
                    p.ties as f64 / games
                );
            }
            let _ = writeln!(
                s,
                "  mean total  {} {:.2} +/- {:.2}   {} {:.2} +/- {:.2}",
                p.a, p.a_mean_total, p.a_total_std_error, p.b, p.b_mean_total, p.b_total_std_error
            );
        }
        let _ = writeln!(s, "\nTurn scores over all games");
        // Two header lines: what each pair of columns measures, then
        // which of the pair is sampled and which exact.
        let _ = writeln!(
            s,
            "  {:<16} {:>10} {:>17} {:>17}",
            "", "", "mean turn score", "share scoring 0"
        );
        let _ = writeln!(
            s,
            "  {:<16} {:>10} {:>8} {:>8} {:>8} {:>8}",
            "strategy", "turns", "sampled", "exact", "sampled", "exact"
        );
        for t in &self.strategies {
            let zero = t.turn_scores.first().copied().unwrap_or(0) as f64 / t.turns.max(1) as f64;
            let (exact_mean, exact_zero) = match &t.turn_score_exact {
                Some(d) => {
                    let (m, z) = crate::turn::summarize(d);
                    (format!("{m:.3}"), format!("{z:.4}"))
                }
                None => ("-".into(), "-".into()),
            };
            let _ = writeln!(
                s,
                "  {:<16} {:>10} {:>8.3} {exact_mean:>8} {zero:>8.4} {exact_zero:>8}",
                t.name, t.turns, t.mean_turn_score
            );
        }
        s
    }
}
