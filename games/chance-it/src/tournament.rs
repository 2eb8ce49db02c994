//! Tournaments: every pair of strategies plays many games on the
//! framework's engine ([`tabula_play::tournament`], run by
//! [`TournamentOptions::run`]), seats alternated, with this game's exact
//! winning chances beside the sampled ones and each strategy's turn scores
//! counted by a collector of its own. [`run`] is the library's
//! tournament; `tabula tournament chance-it` is the framework's generic
//! one, to which [`Exact`](crate::extension::Exact) adds this module's
//! pair keys ([`PairResult`]), turn scores ([`StrategyTurns`],
//! [`turn_scores_text`]) and pictures.
//!
//! Game `k` of a pair seats the pair in order `k mod 2` and plays the dice
//! of deal `k / 2`, which are the same in every pair and do not depend on
//! the other strategies in the tournament (common random numbers); each
//! strategy draws its random choices from its own seat's stream.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use serde::Serialize;
use tabula_app::play::{ScoringArg, TournamentOptions};
use tabula_play::tournament::{
    Chances, Entrant, FaultReport, GameId, Pair, PairingResult, Standings, Tournament as Engine,
};
use tabula_sim::Collector;

use crate::config::Config;
use crate::game::{ChanceIt, Event};
use crate::strategy::{self, Depends, Strategy, StrategyAgent};
use crate::win;

/// Each seat's turns by score in the games of one seating: the collector
/// a tournament feeds every game's events to.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TurnCounts {
    /// The entrant (index among those named) in each seat.
    pub seating: Vec<usize>,
    /// `by_seat[seat][score]`: turns of `seat` that scored `score` (0 for
    /// a bust).
    pub by_seat: Vec<Vec<u64>>,
}

impl TurnCounts {
    /// The counts of the games of `id`'s seating.
    pub fn of(id: &GameId) -> TurnCounts {
        TurnCounts {
            seating: id.seating.clone(),
            by_seat: vec![Vec::new(); id.seating.len()],
        }
    }
}

impl Collector<ChanceIt> for TurnCounts {
    fn event(&mut self, event: &Event) {
        if let Event::Scored { seat, score, .. } = *event
            && let Some(counts) = self.by_seat.get_mut(usize::from(seat))
        {
            add_count(counts, usize::from(score), 1);
        }
    }

    fn merge(&mut self, other: Self) {
        if self.seating.is_empty() {
            self.seating = other.seating;
        }
        if self.by_seat.len() < other.by_seat.len() {
            self.by_seat.resize(other.by_seat.len(), Vec::new());
        }
        for (mine, theirs) in self.by_seat.iter_mut().zip(&other.by_seat) {
            for (score, &n) in theirs.iter().enumerate() {
                add_count(mine, score, n);
            }
        }
    }

    /// Every seat takes a turn in each round: the seats' turns differ by
    /// at most one a game (a game ended by a forfeit).
    fn check_count(&self, games: u64) -> Result<(), String> {
        let turns: Vec<u128> = self
            .by_seat
            .iter()
            .map(|c| c.iter().map(|&n| u128::from(n)).sum())
            .collect();
        let (least, most) = (
            turns.iter().copied().min().unwrap_or(0),
            turns.iter().copied().max().unwrap_or(0),
        );
        if most - least > u128::from(games) {
            return Err(format!(
                "turn counts: the seats took {turns:?} turns in {games} games, more apart than one a game"
            ));
        }
        Ok(())
    }
}

/// Adds `n` to `counts[index]`, growing `counts` as needed.
pub(crate) fn add_count(counts: &mut Vec<u64>, index: usize, n: u64) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += n;
}

/// One pair's results: `a` and `b` each took the first seat in half the
/// games (`a` in one more when the number is odd). The framework's
/// [`Pair`] under this game's names (ties, totals).
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
    /// `a`'s share of wins.
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
    /// of its chances in the first and second seat, weighted by their
    /// games); `null` when a strategy depends on more than the score
    /// difference.
    pub a_win_probability_exact: Option<f64>,
    /// `b`'s, likewise.
    pub b_win_probability_exact: Option<f64>,
    /// The exact probability of a tie, likewise.
    pub tie_probability_exact: Option<f64>,
}

impl From<Pair> for PairResult {
    fn from(p: Pair) -> PairResult {
        PairResult {
            a: p.a,
            b: p.b,
            games: p.games,
            a_wins: p.a_wins,
            b_wins: p.b_wins,
            ties: p.draws,
            capped: p.capped,
            a_win_rate: p.a_win_rate,
            a_win_rate_std_error: p.a_win_rate_std_error,
            a_mean_total: p.a_mean_score,
            a_total_std_error: p.a_score_std_error,
            b_mean_total: p.b_mean_score,
            b_total_std_error: p.b_score_std_error,
            a_win_probability_exact: p.a_win_probability_exact,
            b_win_probability_exact: p.b_win_probability_exact,
            tie_probability_exact: p.draw_probability_exact,
        }
    }
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
    /// Every group of strategies as the framework's engine reports it:
    /// each one's wins (first alone), shared firsts, points, mean total
    /// with its standard error, wins and games by seat. The only results
    /// of games of more than two players.
    pub pairings: Vec<PairingResult>,
    /// Every forfeit (a strategy that panicked or answered too late loses
    /// that game only), in order.
    pub forfeits: Vec<FaultReport>,
    /// The framework's standings: every strategy ranked by points (1 a
    /// win, ½ a tie), its time, calls and forfeits, and every pair's
    /// results by seat. Not in the JSON: its timings vary from run to run.
    #[serde(skip)]
    pub standings: Standings,
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

/// Runs a tournament: every pair of `names` plays `games` games, `a` in
/// the first seat in the even-numbered games and `b` in the others (see
/// the module docs), with exact chances from [`win::exact_outcome`].
/// With more players, every group of that many strategies plays in every
/// seating, reported in [`Tournament::pairings`] (and
/// [`Tournament::pairs`] stays empty). The library's tournament; `tabula
/// tournament chance-it` is the framework's generic one, to which
/// [`Exact`](crate::extension::Exact) adds the same keys, turn scores
/// and pictures.
pub fn run(
    config: &Config,
    names: &[String],
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Tournament, tabula_app::Error> {
    let engine = Engine::new(games).seed(seed).threads(threads);
    let mut shard = tabula_app::shard::ShardContext::default();
    let options = TournamentOptions::default();
    let mut built = HashMap::new();
    for n in names {
        built.insert(n.as_str(), strategy::build(n, config)?);
    }
    let exact = |seated: &[&str]| -> Result<Vec<Chances>, String> {
        let [first, second] = seated else {
            return Err("exact chances are solved for two players".into());
        };
        let strategy = |name: &str| -> Result<Arc<dyn Strategy>, String> {
            built
                .get(name)
                .cloned()
                .ok_or(format!("no strategy {name:?}"))
        };
        let [a, b, tie] = win::exact_outcome(config, &*strategy(first)?, &*strategy(second)?)
            .ok_or("a strategy looks at more than the score difference, so the pair is not solved exactly")?;
        let chances = |win| Chances {
            win,
            shared_first: tie,
            score: None,
        };
        Ok(vec![chances(a), chances(b)])
    };
    let entrants: Vec<Entrant<ChanceIt>> = names
        .iter()
        .map(|name| {
            let s = built[name.as_str()].clone();
            Entrant {
                name: name.clone(),
                make: Box::new(move |_| Ok(Box::new(StrategyAgent::new(s.clone())))),
            }
        })
        .collect();
    let game = ChanceIt::new(*config);
    let (standings, counts) = options.run(
        &mut shard,
        &game,
        &entrants,
        engine,
        ScoringArg::Points,
        &TurnCounts::of,
        Some(&exact),
    )?;
    let mut turn_scores = vec![Vec::new(); names.len()];
    for c in counts.iter().flatten() {
        for (seat, seat_counts) in c.by_seat.iter().enumerate() {
            if let Some(&e) = c.seating.get(seat) {
                for (score, &n) in seat_counts.iter().enumerate() {
                    add_count(&mut turn_scores[e], score, n);
                }
            }
        }
    }
    let strategies: Vec<_> = names
        .iter()
        .map(|n| Some(built[n.as_str()].clone()))
        .collect();
    Ok(Tournament {
        game: "chance-it",
        games: standings.games_per_pairing,
        seed: standings.seed,
        rounds: config.rounds(),
        dice: [config.dice().count(), config.dice().faces()],
        threads: standings.threads,
        pairs: standings
            .pairs()
            .into_iter()
            .map(PairResult::from)
            .collect(),
        strategies: strategy_turns(config, names, &strategies, turn_scores),
        forfeits: standings.faults.clone(),
        pairings: standings.pairings.clone(),
        standings,
    })
}

/// Each strategy's turn scores, with the exact distribution where the
/// strategy decides on the turn alone.
pub(crate) fn strategy_turns(
    config: &Config,
    names: &[String],
    built: &[Option<Arc<dyn Strategy>>],
    turn_scores: Vec<Vec<u64>>,
) -> Vec<StrategyTurns> {
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
                turn_score_exact: s
                    .as_ref()
                    .filter(|s| s.depends() == Depends::Turn)
                    .and_then(|s| {
                        crate::stages::turn_distribution(config, &**s, 0, 0, &[0, 0]).ok()
                    }),
            }
        })
        .collect()
}

impl Tournament {
    /// The results as text: the framework's standings (every pair with
    /// its exact chances), then each strategy's turn scores.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Chance-it tournament: {} rounds, {}d{}; mean score = mean total",
            self.rounds, self.dice[0], self.dice[1],
        );
        s.push_str(&tabula_app::play::standings_text(&self.standings));
        s.push('\n');
        s.push_str(&turn_scores_text(&self.strategies));
        s
    }
}

/// Each strategy's turn scores as text: its turns, its mean turn score
/// and its share of turns scoring 0, each sampled and exact.
pub fn turn_scores_text(strategies: &[StrategyTurns]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Turn scores over all games");
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
    for t in strategies {
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
