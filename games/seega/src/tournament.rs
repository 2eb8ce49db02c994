//! The specification's tournament on the framework's engine
//! ([`tabula_play::tournament`]): a round robin in which every pair of
//! agents plays in both seats, each game refereed, ranked by default as
//! the specification ranks them (wins, less one per second of thinking time).
//!
//! Black (seat 0) places first. The engine plays each pair in both seat
//! orders, game `k` in order `k mod 2`, so with an even number of games
//! per pair each agent plays Black, and so places first, in half of them.
//! The engine keeps the standings; this module adds what is particular to
//! Seega (wins placing first, moves per game) to the framework's one
//! tournament report.
//!
//! `tabula tournament seega` is the framework's generic tournament
//! (`tabula-verbs`); Seega's registration adds the specification's scoring by
//! default, the refusal of an odd number of games, the movement-phase moves
//! tallied, and the specification's keys and table beside the
//! generic report's ([`TournamentReport`]). From code, a tournament is the
//! framework's one entry point,
//! [`Tournament::run`](tabula_play::tournament::Tournament::run) with
//! [`RunOptions`](tabula_play::tournament::RunOptions).

use std::fmt::Write;

use serde::Serialize;
use tabula_play::tournament::{Scoring, Standings};
use tabula_registry::play::{ScoringArg, TournamentOptions};
use tabula_registry::tally::{Tally, TallyRule};
use tabula_verbs::TournamentReport;

use crate::board::Side;
use crate::game::{Event, Seega};

/// One agent's line of the specification's table, and its object under `agents`.
#[derive(Clone, Debug, Serialize)]
struct AgentLine {
    /// Its place, from 1, by score (equal scores share a place).
    rank: usize,
    /// Its name.
    name: String,
    /// Games won.
    wins: u64,
    /// Games lost.
    losses: u64,
    /// Games drawn.
    draws: u64,
    /// Games it lost by an illegal answer.
    illegal: u64,
    /// Games it lost by panicking.
    panics: u64,
    /// Games it lost by thinking past `--move-time-limit`.
    too_slow: u64,
    /// Cumulative time in its calls, in seconds.
    time_s: f64,
    /// Points: 1 a win, ½ a draw.
    points: f64,
    /// The ranking score: points, less the time penalty with
    /// `--scoring time-penalty` (the default: one point per second).
    score: f64,
}

/// One pair's line of the specification's table: what the generic pair does not
/// say (wins placing first, moves of the movement phase).
#[derive(Clone, Debug)]
struct PairLine {
    a: String,
    b: String,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
    /// Games `a` won when it placed first (played Black).
    a_wins_placing_first: u64,
    /// Games `b` won when it placed first (played Black).
    b_wins_placing_first: u64,
    /// Mean moves (movement phase: slides and passes) per game.
    mean_moves: f64,
}

/// The specification's lines of the standings: its agents, its pairs (the moves
/// of `moves[pairing][seating]`) and its forfeits, described.
fn lines(
    standings: &Standings,
    moves: &[Vec<Tally>],
) -> (Vec<AgentLine>, Vec<PairLine>, Vec<String>) {
    let agents = standings
        .entrants
        .iter()
        .map(|e| AgentLine {
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
            let m: u64 = moves.get(i).map_or(0, |s| s.iter().map(Tally::total).sum());
            Some(PairLine {
                a: a.name.clone(),
                b: b.name.clone(),
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
    (agents, pairs, faults)
}

/// The specification's table: the ranking, then every pair, then the forfeits.
fn text(
    game: &Seega,
    standings: &Standings,
    agents: &[AgentLine],
    pairs: &[PairLine],
    faults: &[String],
) -> String {
    let rules = game.rules();
    let games = standings.games_per_pairing;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Seega tournament: {0}x{0} board, stalemate after {1} moves without a capture,\n\
         {2} games per pair (each agent placing first in {3}), seed {4}",
        rules.size(),
        rules.stalemate(),
        games,
        games / 2,
        standings.seed
    );
    let _ = writeln!(s);
    // Name columns as wide as the longest name (at least 14).
    let names = agents.iter().map(|a| a.name.len()).max().unwrap_or(0);
    let w = names.max(14);
    let _ = writeln!(
        s,
        "rank  {:<w$} {:>6}  {:>6}  {:>6}  {:>9}  {:>9}",
        "agent", "wins", "losses", "draws", "time (s)", "score"
    );
    for a in agents {
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
    let _ = match standings.scoring {
        Scoring::TimePenalty { per_second } => writeln!(
            s,
            "score = wins + draws/2 - {per_second} per cumulative second in the agent's calls (specification 004)"
        ),
        _ => writeln!(s, "score = wins + draws/2"),
    };
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "Pairs (each agent plays Black, and so places first, in half the games):"
    );
    let digits = |n: u64| n.to_string().len();
    let n = pairs
        .iter()
        .map(|p| digits(p.a_wins).max(digits(p.b_wins)).max(digits(p.draws)))
        .max()
        .unwrap_or(1);
    let m = pairs
        .iter()
        .map(|p| format!("{:.1}", p.mean_moves).len())
        .max()
        .unwrap_or(1);
    for p in pairs {
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
    if !faults.is_empty() {
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "Games lost by an illegal answer, a panic or a slow answer:"
        );
        for f in faults {
            let _ = writeln!(s, "  {f}");
        }
    }
    s
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
pub(crate) const HELP: &str = "Seega (specification 004): every pair of agents plays --games games (an even number), each agent playing Black, and so placing first, in half of them.\n\
Ranked by default by the specification's score: wins (draws count a half) minus one per second of cumulative execution time in the agent's calls (--scoring points ranks by wins alone).\n\
An illegal answer or a panic loses that game; the tournament goes on.\n\
Agents: see `tabula list`; random, greedy, alphabeta and mcts are the framework's search agents with Seega's heuristic; alphabeta[-BUDGET], mcts[-BUDGET] take a budget of nodes or playouts per move (alphabeta-50000, at most 10000000) or time (mcts-20ms, at most 60000ms).\n\
An mcts search tree stops growing at 64 MB (the agent then answers); alphabeta's table has a fixed size.\n\
With work budgets (the default) the results depend only on --seed; times vary from run to run, and are fairest with --threads 1.\n\
Example: tabula tournament seega --agents random,greedy,alphabeta,mcts --games 20 --seed 1";

/// The movement phase's moves (slides and passes), tallied in each
/// seating of a tournament: the seat that moved, all of one value.
pub(crate) const MOVES: TallyRule<Event> = TallyRule {
    name: "moves",
    of: |event| match event {
        Event::Moved { side, .. } | Event::Passed { side } => Some((side.seat(), 0)),
        _ => None,
    },
    spread: None,
};

/// The specification's tournament options: ranked by its score unless `--scoring`
/// says otherwise.
pub(crate) fn options(options: &mut TournamentOptions) {
    options.scoring.get_or_insert(ScoringArg::TimePenalty);
}

/// Refuses an odd number of games per pair.
pub(crate) fn check(games: u64) -> Result<(), tabula_registry::Error> {
    if games.is_multiple_of(2) {
        Ok(())
    } else {
        Err(format!(
            "games per pair must be even, so each agent places first equally often, not {games}"
        )
        .into())
    }
}

/// Adds the specification's columns and table to the one tournament report: its
/// keys (`size`, `stalemate`, `games_per_pair`, `agents`, `faults`),
/// each pair's wins placing first, `mean_moves` counting the movement
/// phase's moves (the tally of [`MOVES`]), and its table as a section of
/// text.
pub(crate) fn extend(game: &Seega, _: &crate::Rules, report: &mut TournamentReport) {
    let (agents, pairs, faults) = lines(&report.standings, &report.tallies);
    let section = text(game, &report.standings, &agents, &pairs, &faults);
    let rules = game.rules();
    let keys = &mut report.extra.keys;
    keys.insert("size".into(), rules.size().into());
    keys.insert("stalemate".into(), rules.stalemate().into());
    keys.insert(
        "games_per_pair".into(),
        report.standings.games_per_pairing.into(),
    );
    keys.insert("agents".into(), to_value(&agents));
    keys.insert("faults".into(), to_value(&faults));
    report.extra.pair_keys = report
        .pairs
        .iter_mut()
        .map(|pair| {
            let mut keys = serde_json::Map::new();
            if let Some(own) = pairs.iter().find(|p| p.a == pair.a && p.b == pair.b) {
                keys.insert(
                    "a_wins_placing_first".into(),
                    own.a_wins_placing_first.into(),
                );
                keys.insert(
                    "b_wins_placing_first".into(),
                    own.b_wins_placing_first.into(),
                );
                // The specification's report counts the movement phase's moves.
                pair.mean_moves = own.mean_moves;
            }
            keys
        })
        .collect();
    report.extra.sections.push(section);
}

fn to_value<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
