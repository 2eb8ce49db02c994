//! The seed's tournament on the framework's engine
//! ([`tabula_play::tournament`]): a round robin in which every pair of
//! agents plays in both seats, each game refereed, ranked by default as
//! the seed ranks them (wins, less one per second of thinking time).
//!
//! Black (seat 0) places first. The engine plays each pair in both seat
//! orders, game `k` in order `k mod 2`, so with an even number of games
//! per pair each agent plays Black, and so places first, in half of them.
//! The engine keeps the standings; this module adds what is particular to
//! Seega (wins placing first, moves per game) and the seed's report.
//!
//! `tabula tournament seega` is the framework's generic tournament
//! ([`tabula_app::verbs`]); Seega's [`Extension`](crate::verbs::Seed) adds the
//! seed's scoring by default, the refusal of an odd number of games, the
//! movement-phase moves counted, and the seed's keys and table beside the
//! generic report's.

use std::fmt::Write;

use serde::Serialize;
use tabula_app::play::{ScoringArg, TournamentOptions};
use tabula_app::verbs::Count;
use tabula_play::tournament::{
    Entrant, RunOptions, Scoring, Standings, Tournament, TournamentError,
};
use tabula_sim::{Collector, Playout};

use crate::board::Side;
use crate::game::{Event, Seega};
use crate::rules::Position;

/// Counts the movement-phase moves (steps and passes) of the games it
/// sees.
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Moves {
    /// Steps and passes.
    pub moves: u64,
    /// Games seen.
    pub games: u64,
}

impl Collector<Seega> for Moves {
    fn event(&mut self, event: &Event) {
        if matches!(event, Event::Moved { .. } | Event::Passed { .. }) {
            self.moves += 1;
        }
    }

    fn end_game(&mut self, _: &Playout, _: &Position) {
        self.games += 1;
    }

    fn merge(&mut self, other: Moves) {
        self.moves += other.moves;
        self.games += other.games;
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        if self.games != games {
            return Err(format!(
                "moves: `games` is {}, but the seating played {games} games",
                self.games
            ));
        }
        Ok(())
    }
}

/// One agent's totals.
#[derive(Clone, Debug, Serialize)]
pub struct AgentResult {
    /// Its place, from 1, by score (equal scores share a place).
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
    /// Games it lost by thinking past `--move-time-limit`.
    pub too_slow: u64,
    /// Cumulative time in its calls, in seconds.
    pub time_s: f64,
    /// Points: 1 a win, ½ a draw.
    pub points: f64,
    /// The ranking score: points, less the time penalty with
    /// `--scoring time-penalty` (the default: one point per second).
    pub score: f64,
}

/// One pair's results.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first agent of the pair, as given.
    pub a: String,
    /// The second agent.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Games `a` won when it placed first (played Black).
    pub a_wins_placing_first: u64,
    /// Games `b` won when it placed first (played Black).
    pub b_wins_placing_first: u64,
    /// Mean moves (movement phase: steps and passes) per game.
    pub mean_moves: f64,
}

/// A tournament's results: the seed's report, and the engine's standings.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
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
    /// Games lost by an illegal answer, a panic or a slow answer,
    /// described.
    pub faults: Vec<String>,
    /// The engine's standings, in full.
    pub standings: Standings,
}

/// Plays a tournament of the registered agents `names` with the settings
/// of `tournament`, writing records if it asks for them; `progress` hears
/// the number of games finished.
pub fn run(
    game: &Seega,
    names: &[String],
    tournament: &Tournament,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<TournamentReport, TournamentError> {
    let entrants = names
        .iter()
        .map(|n| Entrant::registered(game, n))
        .collect::<Result<Vec<_>, _>>()?;
    let options = RunOptions::new()
        .collect(&|_| Moves::default())
        .progress(progress)
        .recorded();
    let out = tournament.run(game, &entrants, options)?;
    Ok(report(game, out.standings, &out.collectors))
}

/// The seed's report of the engine's standings; `moves[pairing][seating]`
/// counts each pairing's moves.
pub fn report(game: &Seega, standings: Standings, moves: &[Vec<Moves>]) -> TournamentReport {
    let agents = standings
        .entrants
        .iter()
        .map(|e| AgentResult {
            rank: e.rank,
            name: e.name.clone(),
            wins: e.wins,
            losses: e.losses,
            draws: e.shared_firsts,
            illegal: e.illegal,
            panics: e.panics,
            too_slow: e.too_slow,
            time_s: e.time_s,
            points: e.points,
            score: e.score,
        })
        .collect();
    let pairs = standings
        .pairings
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let [a, b] = p.entrants.as_slice() else {
                return None;
            };
            let m = moves.get(i).map_or(0, |s| s.iter().map(|m| m.moves).sum());
            Some(PairResult {
                a: a.name.clone(),
                b: b.name.clone(),
                games: p.games,
                a_wins: a.wins,
                b_wins: b.wins,
                draws: p.draws,
                a_wins_placing_first: a.wins_by_seat.first().copied().unwrap_or(0),
                b_wins_placing_first: b.wins_by_seat.first().copied().unwrap_or(0),
                mean_moves: m as f64 / p.games.max(1) as f64,
            })
        })
        .collect();
    let faults = standings
        .faults
        .iter()
        .map(|f| {
            format!(
                "{}, game {}: {} ({}) {}",
                f.pairing.join(" vs "),
                f.game,
                Side::from_seat(f.seat),
                f.entrant,
                f.fault
            )
        })
        .collect();
    let rules = game.rules();
    TournamentReport {
        game: "seega",
        size: rules.size(),
        stalemate: rules.stalemate(),
        games_per_pair: standings.games_per_pairing,
        seed: standings.seed,
        agents,
        pairs,
        faults,
        standings,
    }
}

impl TournamentReport {
    /// The results as text: the ranking, then every pair.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Seega tournament: {0}x{0} board, stalemate after {1} moves without a capture,\n\
             {2} games per pair (each agent placing first in {3}), seed {4}",
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
        let _ = match self.standings.scoring {
            Scoring::TimePenalty { per_second } => writeln!(
                s,
                "score = wins + draws/2 - {per_second} per cumulative second in the agent's calls (seed 004)"
            ),
            _ => writeln!(s, "score = wins + draws/2"),
        };
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "Pairs (each agent plays Black, and so places first, in half the games):"
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
            let _ = writeln!(
                s,
                "Games lost by an illegal answer, a panic or a slow answer:"
            );
            for f in &self.faults {
                let _ = writeln!(s, "  {f}");
            }
        }
        s
    }
}

/// A score as the table shows it: one that rounds to zero is 0.000, never
/// -0.000 (no wins less a fraction of a millisecond).
///
/// ```
/// use tabula_seega::tournament::shown;
///
/// assert_eq!(format!("{:.3}", shown(-0.0004)), "0.000");
/// assert_eq!(format!("{:.3}", shown(-0.0006)), "-0.001");
/// assert_eq!(format!("{:.3}", shown(2.5)), "2.500");
/// ```
pub fn shown(x: f64) -> f64 {
    if (x * 1000.0).round() == 0.0 { 0.0 } else { x }
}

/// More of `tabula tournament seega --help`.
pub(crate) const HELP: &str = "Seega (seed 004): every pair of agents plays --games games (an even number), each agent playing Black, and so placing first, in half of them.\n\
Ranked by default by the seed's score: wins (draws count a half) minus one per second of cumulative execution time in the agent's calls (--scoring points ranks by wins alone).\n\
An illegal answer or a panic loses that game; the tournament goes on.\n\
Agents: see `tabula list`; random, greedy, alphabeta and mcts are the framework's search agents with Seega's heuristic; alphabeta[-BUDGET], mcts[-BUDGET] take a budget of nodes or playouts per move (alphabeta-50000, at most 10000000) or time (mcts-20ms, at most 60000ms).\n\
An mcts search tree stops growing at 64 MB (the agent then answers); alphabeta's table has a fixed size.\n\
With work budgets (the default) the results depend only on --seed; times vary from run to run, and are fairest with --threads 1.\n\
Example: tabula tournament seega --agents random,greedy,alphabeta,mcts --games 20 --seed 1";

/// A movement-phase move: a step or a pass.
pub(crate) fn movement_move(event: &Event) -> u64 {
    u64::from(matches!(event, Event::Moved { .. } | Event::Passed { .. }))
}

/// The seed's tournament options: ranked by its score unless `--scoring`
/// says otherwise.
pub(crate) fn options(options: &mut TournamentOptions) {
    options.scoring.get_or_insert(ScoringArg::TimePenalty);
}

/// Refuses an odd number of games per pair.
pub(crate) fn check(games: u64) -> Result<(), tabula_app::Error> {
    if games.is_multiple_of(2) {
        Ok(())
    } else {
        Err(format!(
            "games per pair must be even, so each agent places first equally often, not {games}"
        )
        .into())
    }
}

/// Adds the seed's report to the generic one: its keys, each pair's
/// wins placing first, `mean_moves` counting the movement phase's moves
/// (`counts`, as [`Count`]s of [`movement_move`]), and its table.
pub(crate) fn extend(
    game: &Seega,
    counts: &[Vec<Count>],
    report: &mut tabula_app::verbs::TournamentReport,
) {
    let moves: Vec<Vec<Moves>> = counts
        .iter()
        .map(|seatings| {
            seatings
                .iter()
                .map(|c| Moves {
                    moves: c.total,
                    games: c.games,
                })
                .collect()
        })
        .collect();
    let seed = self::report(game, report.standings.clone(), &moves);
    let keys = &mut report.extra.keys;
    keys.insert("size".into(), seed.size.into());
    keys.insert("stalemate".into(), seed.stalemate.into());
    keys.insert("games_per_pair".into(), seed.games_per_pair.into());
    keys.insert("agents".into(), to_value(&seed.agents));
    keys.insert("faults".into(), to_value(&seed.faults));
    report.extra.pair_keys = report
        .pairs
        .iter_mut()
        .map(|pair| {
            let mut keys = serde_json::Map::new();
            if let Some(own) = seed.pairs.iter().find(|p| p.a == pair.a && p.b == pair.b) {
                keys.insert(
                    "a_wins_placing_first".into(),
                    own.a_wins_placing_first.into(),
                );
                keys.insert(
                    "b_wins_placing_first".into(),
                    own.b_wins_placing_first.into(),
                );
                // The seed's report counts the movement phase's moves.
                pair.mean_moves = own.mean_moves;
            }
            keys
        })
        .collect();
    report.extra.sections.push(seed.to_text());
}

fn to_value<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
