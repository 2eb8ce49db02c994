//! Exact analysis of a board under a rule set: the chain of token states
//! solved by [`tabula_exact`], reported as text or JSON.

use std::fmt::Write;

use serde::Serialize;
use tabula_core::GameResult;
use tabula_exact::{
    Chain, ExactError, Limits, Race, Shortest as ExactShortest, Solution, TurnCounts, Turns,
};

use crate::board::{Board, Jump};
use crate::game::{Event, Snakes};
use crate::plugin::{Rules, Turn};
use crate::popularity::{Popularity, landing_note};

/// What the chain counts on each throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A landing on a square, counted as the simulation report counts
    /// them: the square a throw reaches and the square a ladder or chute
    /// leads to.
    Land(u16),
    /// A ladder or chute taken.
    Jump(Jump),
    /// A forfeited throw.
    Forfeit,
}

/// The marks of one event.
pub fn marks(event: &Event, out: &mut Vec<Mark>) {
    match *event {
        Event::Moved { to, .. } => out.push(Mark::Land(to)),
        Event::Jumped { from, to, .. } => {
            out.push(Mark::Jump(Jump { from, to }));
            out.push(Mark::Land(to));
        }
        Event::SentTo { to, .. } | Event::Bumped { to, .. } if to > 0 => out.push(Mark::Land(to)),
        Event::Forfeited { .. } => out.push(Mark::Forfeit),
        Event::SentTo { .. }
        | Event::Bumped { .. }
        | Event::Again { .. }
        | Event::Finished { .. } => {}
    }
}

/// Which shortest games `--shortest` looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Require {
    /// Any game.
    #[default]
    None,
    /// Games that slide down at least one chute.
    Chute,
    /// Games that climb at least one ladder.
    Ladder,
}

impl Require {
    fn test(self) -> Option<fn(&Mark) -> bool> {
        match self {
            Require::None => None,
            Require::Chute => Some(|m| matches!(m, Mark::Jump(j) if !j.is_ladder())),
            Require::Ladder => Some(|m| matches!(m, Mark::Jump(j) if j.is_ladder())),
        }
    }
}

/// The distribution of the number of throws.
#[derive(Clone, Debug, Serialize)]
pub struct ThrowDistribution {
    /// Expected throws.
    pub mean: f64,
    /// Variance.
    pub variance: f64,
    /// Standard deviation.
    pub std_dev: f64,
    /// Most likely number (ties: the smaller).
    pub mode: u32,
    /// Smallest number with cumulative probability at least one half.
    pub median: u32,
    /// Fewest throws possible.
    pub min: u32,
    /// `pmf[n]`: probability of exactly `n` throws, listed until the
    /// probability of more is below 1e-12.
    pub pmf: Vec<f64>,
}

/// Expected landings per game.
#[derive(Clone, Debug, Serialize)]
pub struct ExactSquares {
    /// Expected landings per game on each square (index = square; 0, the
    /// start, is never landed on), all players together.
    pub landings: Vec<f64>,
    /// Their sum over squares 1 to the one before the last.
    pub landings_before_last: f64,
    /// The square before the last with most expected landings (ties: the
    /// lowest).
    pub most_popular: u16,
    /// Its share of `landings_before_last`, as in the simulation report.
    pub most_popular_probability: f64,
    /// The square before the last with fewest expected landings (ties:
    /// the lowest).
    pub least_popular: u16,
    /// Its share of `landings_before_last`, as in the simulation report.
    pub least_popular_probability: f64,
}

/// The `players`-player game, first to finish wins.
#[derive(Clone, Debug, Serialize)]
pub struct ExactSeats {
    /// Each seat's probability of winning.
    pub win_probability: Vec<f64>,
    /// Expected throws in the whole game, all players together.
    pub total_throws_mean: f64,
    /// Their variance.
    pub total_throws_variance: f64,
    /// Most likely total (ties: the smaller).
    pub total_throws_mode: u32,
    /// Median total.
    pub total_throws_median: u32,
    /// Fewest total throws.
    pub total_throws_min: u32,
    /// Distribution of the total, listed until the tail is below 1e-12.
    pub total_throws_pmf: Vec<f64>,
}

/// One group of shortest games: those using one set of ladders and chutes.
#[derive(Clone, Debug, Serialize)]
pub struct ShortestRoute {
    /// The ladders and chutes, `[from, to]`, in the order the example
    /// takes them.
    pub jumps: Vec<[u16; 2]>,
    /// Roll sequences in this group.
    pub sequences: u128,
    /// One of them.
    pub example_rolls: Vec<u16>,
    /// 0, then the square the token rests on after each of its throws.
    pub example_squares: Vec<u16>,
}

/// The shortest games of one token, found by exhaustive search.
#[derive(Clone, Debug, Serialize)]
pub struct ShortestGames {
    /// Which games count.
    pub require: Require,
    /// The fewest throws.
    pub throws: u32,
    /// Distinct roll sequences that finish in that many throws.
    pub sequences: u128,
    /// The sequences grouped by the set of ladders and chutes used ("essentially
    /// different" routes, in specification 001's words), most sequences first.
    pub routes: Vec<ShortestRoute>,
}

/// How big the solved chain was and where the walk stopped.
#[derive(Clone, Debug, Serialize)]
pub struct ChainInfo {
    /// Tokens whose positions the chain's states hold: 1 when the players
    /// are composed as a race of independent tokens, the number of players
    /// when the rules let them move each other (the joint chain).
    pub tokens: u8,
    /// Whether the race of several players was composed turn by turn (the
    /// rules throw again, so a turn can be several throws).
    pub by_turns: bool,
    /// Reachable states (square and rule state of `tokens` tokens, whose
    /// turn it is, plus the finish).
    pub states: usize,
    /// Transitions (state, throw).
    pub transitions: usize,
    /// Throws the distribution was followed for.
    pub steps: u32,
    /// Probability that a token was still on its way when the walk stopped.
    pub remaining: f64,
}

/// The exact analysis of a board under a rule set for some players.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// Always `"snakes"`.
    pub game: &'static str,
    /// The board's display name.
    pub board: String,
    /// Where the board came from.
    pub board_source: String,
    /// The rule set.
    pub rules: &'static str,
    /// Players.
    pub players: u8,
    /// Throws one player needs to finish (the one-player game).
    pub throws: ThrowDistribution,
    /// Expected landings per game of `players` players.
    pub squares: ExactSquares,
    /// The `players`-player game.
    pub seats: ExactSeats,
    /// Expected forfeited throws per game of `players` players (0 unless
    /// the rules forfeit throws, like `exact`).
    pub forfeited_throws_mean: f64,
    /// The chain.
    pub chain: ChainInfo,
    /// The shortest games, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortest: Option<ShortestGames>,
}

/// Everything [`analyze`] needs beyond the board and rules.
#[derive(Clone, Debug, Default)]
pub struct AnalysisOptions {
    /// Players.
    pub players: u8,
    /// Limits of the solver.
    pub limits: Limits,
    /// Find the shortest games too, with this requirement.
    pub shortest: Option<Require>,
}

/// Solves `board` under `rules`.
///
/// Builds the chain of one token's states from the game's own chance
/// outcomes (a state is the token's square, its rule state and whether its
/// next throw is another throw of the same turn) and walks it: that gives
/// the one-player game. For `players` players:
///
/// - if the rules do not interact ([`Rules::INTERACTS`]), the game is
///   `players` independent tokens taking turns, composed exactly from the
///   one-token chain as a race ([`tabula_exact::Race`]): of single throws
///   ([`Chain::race`]), or, when the rules throw again
///   ([`Rules::THROWS_AGAIN`]) and a turn can be several throws, of whole
///   turns ([`Chain::turns`]);
/// - otherwise (tokens move each other) it solves the joint chain of all
///   tokens, whose states grow as the number of reachable squares to the
///   power of the players: it fails with [`ExactError::TooLarge`] past
///   [`Limits::max_states`].
pub fn analyze<R: Rules>(
    board: &Board,
    rules: &R,
    options: &AnalysisOptions,
) -> Result<Analysis, ExactError> {
    Solver::new(board, rules, &options.limits)?.analyze(options.players, options.shortest)
}

/// One board under one rule set, its one-token chain built once, for
/// several questions: the analysis for some number of players
/// ([`Solver::analyze`], what [`analyze`] gives) and each seat's chance
/// to win for other numbers ([`Solver::win_chances`]), as the board
/// designer asks them on every edit. The race of whole turns under rules
/// that throw again ([`Chain::turns`]) is walked once too, for every
/// number of players.
pub struct Solver<'a, R: Rules> {
    board: &'a Board,
    rules: &'a R,
    limits: Limits,
    chain: Chain<Snakes<'a, R>, Mark>,
    turns: std::sync::OnceLock<Result<Turns, ExactError>>,
    counts: std::sync::OnceLock<Result<TurnCounts, ExactError>>,
    duel: std::sync::OnceLock<Result<Option<(Race, ChainInfo)>, ExactError>>,
}

impl<R: Rules> std::fmt::Debug for Solver<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("board", &self.board.name())
            .field("chain", &self.chain)
            .finish_non_exhaustive()
    }
}

impl<'a, R: Rules> Solver<'a, R> {
    /// Builds the one-token chain of `board` under `rules` within `limits`.
    pub fn new(board: &'a Board, rules: &'a R, limits: &Limits) -> Result<Self, ExactError> {
        let chain = Chain::build(&Snakes::new(board, rules, 1), limits, marks)?;
        Ok(Solver {
            board,
            rules,
            limits: limits.clone(),
            chain,
            turns: std::sync::OnceLock::new(),
            counts: std::sync::OnceLock::new(),
            duel: std::sync::OnceLock::new(),
        })
    }

    /// Whether these rules let tokens move each other, so that several
    /// players are solved as the joint chain of all tokens.
    pub fn joint(&self) -> bool {
        R::INTERACTS && self.rules.may_interact()
    }

    /// Whether a turn can be several throws.
    fn again(&self) -> bool {
        R::THROWS_AGAIN && self.rules.may_throw_again()
    }

    /// The one-token chain's states.
    pub fn token_states(&self) -> usize {
        self.chain.len()
    }

    /// The race of whole turns, walked once.
    fn turns(&self) -> Result<&Turns, ExactError> {
        self.turns
            .get_or_init(|| self.chain.turns(&self.limits, |s| !s.again()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Two tokens that meet, solved as a duel over the pairs of their
    /// one-token states ([`Chain::duel`]), when the rules keep its
    /// promises (checked here: a throw moves the mover alike wherever
    /// the other token is, and what a token coming to rest does to the
    /// other depends only on their two squares); `None` when they do
    /// not, and the joint chain is solved instead.
    fn duel(&self) -> Result<Option<&(Race, ChainInfo)>, ExactError> {
        self.duel
            .get_or_init(|| self.solve_duel())
            .as_ref()
            .map(Option::as_ref)
            .map_err(Clone::clone)
    }

    fn solve_duel(&self) -> Result<Option<(Race, ChainInfo)>, ExactError> {
        let (board, rules, chain) = (self.board, self.rules, &self.chain);
        let again = self.again();
        let rolls: Vec<u16> = board
            .dice()
            .distribution()
            .iter()
            .map(|&(r, _)| r)
            .collect();
        // The states a waiting token can be in: (square, rule state).
        let mut waiting = std::collections::HashMap::new();
        let mut transient = Vec::new();
        for i in 0..chain.len() {
            if chain.result(i).is_some() {
                continue;
            }
            transient.push(i);
            let st = chain.state(i);
            if !st.again() {
                waiting.insert((st.square(0), st.extra(0)), i);
            }
        }
        let squares: std::collections::BTreeSet<u16> = waiting.keys().map(|k| k.0).collect();
        // The mover's throw: the same alone as beside the other token,
        // from either seat.
        for &i in &transient {
            let st = chain.state(i);
            let (square, extra, first) = (st.square(0), st.extra(0), !st.again());
            for &roll in &rolls {
                let alone = Turn::new(board, 0, square, first, &[]);
                let mut e0 = extra;
                let f0 = rules.throw(&alone, &mut e0, roll);
                let a0 = again && rules.throws_again(&alone, &e0, roll, f0);
                for &q in &squares {
                    for (seat, table) in [(0, [square, q]), (1, [q, square])] {
                        let turn = Turn::new(board, seat, square, first, &table);
                        let mut e = extra;
                        let f = rules.throw(&turn, &mut e, roll);
                        if f != f0
                            || e != e0
                            || (again && rules.throws_again(&turn, &e, roll, f) != a0)
                        {
                            return Ok(None);
                        }
                    }
                }
            }
        }
        // What a mover at rest does to the other token: the same from
        // either seat, on the first throw of a turn or another.
        let last = board.size().saturating_sub(1);
        let mut rule = std::collections::HashMap::new();
        for &rest in &transient {
            let q = chain.state(rest).square(0);
            for (&(b, extra), &j) in &waiting {
                let mut sent = None;
                for first in [true, false] {
                    for (seat, table) in [(0, [q, b]), (1, [b, q])] {
                        let turn = Turn::new(board, seat, q, first, &table);
                        let mut to = None;
                        rules.after_move(&turn, &mut |s, t| {
                            if s != seat {
                                to = Some(t.min(last));
                            }
                        });
                        match sent {
                            None => sent = Some(to),
                            Some(before) if before != to => return Ok(None),
                            Some(_) => {}
                        }
                    }
                }
                let to = sent.flatten();
                let target = match to {
                    None => j,
                    Some(t) => match waiting.get(&(t, extra)) {
                        Some(&k) => k,
                        None => return Ok(None),
                    },
                };
                let mark = match to {
                    Some(t) if t > 0 => {
                        match chain.mark_keys().iter().position(|m| *m == Mark::Land(t)) {
                            Some(m) => Some(m as u32),
                            None => return Ok(None),
                        }
                    }
                    _ => None,
                };
                rule.insert((rest, j), (target, mark));
            }
        }
        let race = chain.duel(
            &self.limits,
            |s| !s.again(),
            |rest, j| rule.get(&(rest, j)).copied().unwrap_or((j, None)),
        )?;
        let info = ChainInfo {
            tokens: 2,
            by_turns: false,
            states: 2 * transient.len() * waiting.len(),
            transitions: 2 * waiting.len() * chain.transition_count(),
            steps: race.walked.steps,
            remaining: race.walked.remaining,
        };
        Ok(Some((race, info)))
    }

    /// The joint chain of `players` tokens, solved.
    fn joint_solution(
        &self,
        players: u8,
    ) -> Result<(Chain<Snakes<'a, R>, Mark>, Solution), ExactError> {
        let all = Chain::build(
            &Snakes::new(self.board, self.rules, players),
            &self.limits,
            marks,
        )?;
        let whole = all.solve(&self.limits)?;
        Ok((all, whole))
    }

    /// Solves and keeps what [`win_chances`](Self::win_chances) of
    /// `players` players will need, where that is a walk of its own that
    /// is kept (a duel of two tokens that move each other, the turns of a
    /// race of several throws a turn), so that it can run beside other
    /// work; its error, if any, is kept for that call.
    pub fn prepare_win_chances(&self, players: u8) {
        if players < 2 {
            return;
        }
        if self.joint() {
            if players == 2 {
                let _ = self.duel();
            }
        } else if self.again() {
            let _ = self
                .counts
                .get_or_init(|| self.chain.turn_counts(&self.limits, |s| !s.again()));
        }
    }

    /// Each seat's chance to win with `players` players (1 or more).
    pub fn win_chances(&self, players: u8) -> Result<Vec<f64>, ExactError> {
        let k = usize::from(players.max(1));
        if k == 1 {
            return Ok(vec![1.0]);
        }
        if self.joint() {
            if k == 2
                && let Some((race, _)) = self.duel()?
            {
                return Ok(race.win_probability.clone());
            }
            let (_, whole) = self.joint_solution(players)?;
            return Ok(wins_of(&whole, k));
        }
        if self.again() {
            // The race walked with its steps, if it was; else only turns.
            if let Some(Ok(turns)) = self.turns.get() {
                return Ok(turns.win_probability(k));
            }
            let counts = self
                .counts
                .get_or_init(|| self.chain.turn_counts(&self.limits, |s| !s.again()))
                .as_ref()
                .map_err(Clone::clone)?;
            return Ok(counts.win_probability(k));
        }
        Ok(self.chain.race(k, &self.limits)?.win_probability)
    }

    /// The analysis for `players` players, with the shortest games if
    /// `shortest` asks for them: what [`analyze`] gives.
    pub fn analyze(&self, players: u8, shortest: Option<Require>) -> Result<Analysis, ExactError> {
        let players = players.max(1);
        let (chain, limits) = (&self.chain, &self.limits);
        // Players that race alone, a throw a turn: one walk gives the
        // one-token game and the race. Otherwise the race's walk (of
        // turns, a duel or a joint chain), the longest part of every page
        // edit under such house rules, runs beside the one-token walk, on
        // another core when there is one.
        let (solo, race, shortest) = if players == 1 || !(self.joint() || self.again()) {
            let (both, shortest) = rayon::join(
                || chain.solve_and_race(usize::from(players), limits),
                || self.shortest_games(shortest),
            );
            let (solo, race) = both?;
            (solo, Raced::Composed(race, None), shortest?)
        } else {
            let (alone, race) = rayon::join(
                || Ok::<_, ExactError>((chain.solve(limits)?, self.shortest_games(shortest)?)),
                || self.race_of(players),
            );
            let (solo, shortest) = alone?;
            (solo, race?, shortest)
        };
        let (seats, (landings, forfeits), relative_error, info) = match race {
            Raced::Composed(race, info) => {
                let counted = count_marks(self.chain.mark_keys(), &race.marks, self.size());
                (seats_of(&race), counted, race.relative_error, info)
            }
            Raced::Joint(seats, counted, relative_error, info) => {
                (seats, counted, relative_error, info)
            }
        };
        // The one-token chain's, counted in turns when a turn can be
        // several throws.
        let info = info.unwrap_or_else(|| ChainInfo {
            tokens: 1,
            by_turns: players > 1 && self.again(),
            states: self.chain.len(),
            transitions: self.chain.transition_count(),
            steps: solo.walked.steps,
            remaining: solo.walked.remaining,
        });
        self.analysis(
            players,
            solo,
            seats,
            landings,
            forfeits,
            relative_error,
            info,
            shortest,
        )
    }

    fn size(&self) -> usize {
        usize::from(self.board.size())
    }

    /// The shortest games, if asked for.
    fn shortest_games(
        &self,
        shortest: Option<Require>,
    ) -> Result<Option<ShortestGames>, ExactError> {
        let Some(require) = shortest else {
            return Ok(None);
        };
        let chain = &self.chain;
        let test = require.test();
        let found = chain.shortest(
            &self.limits,
            |m| matches!(m, Mark::Jump(_)),
            test.as_ref().map(|f| f as &dyn Fn(&Mark) -> bool),
        )?;
        Ok(Some(shortest_games(chain, require, found)))
    }

    /// The game of `players` players: a race composed from the one-token
    /// chain, a duel, or the joint chain (`None` info: the one-token
    /// chain's, filled in from its walk).
    fn race_of(&self, players: u8) -> Result<Raced, ExactError> {
        let (chain, limits) = (&self.chain, &self.limits);
        let joint = players > 1 && self.joint();
        let size = self.size();
        if joint
            && players == 2
            && let Some((race, info)) = self.duel()?
        {
            return Ok(Raced::Composed(race.clone(), Some(info.clone())));
        }
        if joint {
            let (all, whole) = self.joint_solution(players)?;
            let seats = ExactSeats {
                win_probability: wins_of(&whole, usize::from(players)),
                total_throws_mean: whole.mean,
                total_throws_variance: whole.variance,
                total_throws_mode: whole.mode,
                total_throws_median: whole.median,
                total_throws_min: whole.min,
                total_throws_pmf: whole.pmf.clone(),
            };
            let info = ChainInfo {
                tokens: players,
                by_turns: false,
                states: all.len(),
                transitions: all.transition_count(),
                steps: whole.walked.steps,
                remaining: whole.walked.remaining,
            };
            let counted = count_marks(all.mark_keys(), &whole.marks, size);
            return Ok(Raced::Joint(
                seats,
                counted,
                whole.walked.relative_error,
                Some(info),
            ));
        }
        if self.again() && players > 1 {
            // A turn can be several throws: the race counts turns.
            return Ok(Raced::Composed(
                self.turns()?.race(usize::from(players)),
                None,
            ));
        }
        Ok(Raced::Composed(
            chain.race(usize::from(players), limits)?,
            None,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn analysis(
        &self,
        players: u8,
        solo: Solution,
        seats: ExactSeats,
        landings: Vec<f64>,
        forfeits: f64,
        relative_error: f64,
        info: ChainInfo,
        shortest: Option<ShortestGames>,
    ) -> Result<Analysis, ExactError> {
        let board = self.board;
        let p = Popularity::of(&landings, relative_error);
        let (most, least, total) = (p.most, p.least, p.total);
        let share = |s: usize| p.share(&landings, s);
        Ok(Analysis {
            game: "snakes",
            board: board.name().to_string(),
            board_source: board.source().to_string(),
            rules: "",
            players,
            throws: ThrowDistribution {
                mean: solo.mean,
                variance: solo.variance,
                std_dev: solo.variance.sqrt(),
                mode: solo.mode,
                median: solo.median,
                min: solo.min,
                pmf: solo.pmf,
            },
            squares: ExactSquares {
                most_popular: most as u16,
                most_popular_probability: share(most),
                least_popular: least as u16,
                least_popular_probability: share(least),
                landings_before_last: total,
                landings,
            },
            seats,
            forfeited_throws_mean: forfeits,
            chain: info,
            shortest,
        })
    }
}

/// The game of several players as [`Solver::race_of`] solved it.
enum Raced {
    /// Composed from the one-token chain (a race or a duel): the chain
    /// info if it is not the one-token chain's.
    Composed(Race, Option<ChainInfo>),
    /// The joint chain: its seats, counted marks, rounding bound and info.
    Joint(ExactSeats, (Vec<f64>, f64), f64, Option<ChainInfo>),
}

/// The several-player game's numbers from a race.
fn seats_of(race: &Race) -> ExactSeats {
    ExactSeats {
        win_probability: race.win_probability.clone(),
        total_throws_mean: race.total_mean,
        total_throws_variance: race.total_variance,
        total_throws_mode: race.total_mode,
        total_throws_median: race.total_median,
        total_throws_min: race.total_min,
        total_throws_pmf: race.total_pmf.clone(),
    }
}

/// Each seat's chance to win, from a joint chain's solution.
fn wins_of(whole: &Solution, players: usize) -> Vec<f64> {
    let mut win_probability = vec![0.0; players];
    for &(r, p) in &whole.results {
        if let GameResult::Win(s) = r
            && let Some(w) = win_probability.get_mut(s)
        {
            *w += p;
        }
    }
    win_probability
}

/// Expected landings per square (0 to `size`) and forfeited throws, from
/// the expected count of each mark.
fn count_marks(keys: &[Mark], expected: &[f64], size: usize) -> (Vec<f64>, f64) {
    let mut landings = vec![0.0; size + 1];
    let mut forfeits = 0.0;
    for (m, &e) in keys.iter().zip(expected) {
        match *m {
            Mark::Land(s) => {
                if let Some(l) = landings.get_mut(usize::from(s)) {
                    *l += e;
                }
            }
            Mark::Forfeit => forfeits += e,
            Mark::Jump(_) => {}
        }
    }
    (landings, forfeits)
}

fn shortest_games<R: Rules>(
    chain: &Chain<Snakes<'_, R>, Mark>,
    require: Require,
    found: Option<ExactShortest<u16>>,
) -> ShortestGames {
    let Some(found) = found else {
        return ShortestGames {
            require,
            throws: 0,
            sequences: 0,
            routes: Vec::new(),
        };
    };
    let routes = found
        .routes
        .iter()
        .map(|r| ShortestRoute {
            jumps: r
                .marks
                .iter()
                .filter_map(|&m| match chain.mark(m) {
                    Mark::Jump(j) => Some([j.from, j.to]),
                    _ => None,
                })
                .collect(),
            sequences: r.sequences,
            // Snakes has no decisions: every step is a throw.
            example_rolls: r
                .example
                .iter()
                .filter_map(|(step, _)| step.outcome())
                .collect(),
            example_squares: std::iter::once(0)
                .chain(
                    r.example
                        .iter()
                        .map(|&(_, s)| chain.state(s as usize).square(0)),
                )
                .collect(),
        })
        .collect();
    ShortestGames {
        require,
        throws: found.steps,
        sequences: found.sequences,
        routes,
    }
}

impl Analysis {
    /// The analysis as one JSON object (keys documented in the book).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The analysis as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let last = self.squares.landings.len().saturating_sub(1);
        let _ = writeln!(
            s,
            "Snakes and Ladders: {} ({} squares), rules {}",
            self.board, last, self.rules
        );
        if self.chain.tokens > 1 {
            let _ = writeln!(
                s,
                "Exact analysis: a Markov chain of {} joint states of all {} tokens and {} transitions, followed for {} throws (the game still running with probability {:.1e}).",
                self.chain.states,
                self.chain.tokens,
                self.chain.transitions,
                self.chain.steps,
                self.chain.remaining
            );
        } else {
            let _ = writeln!(
                s,
                "Exact analysis: a Markov chain of {} token states and {} transitions, followed for {} throws (a token still on its way with probability {:.1e}).",
                self.chain.states, self.chain.transitions, self.chain.steps, self.chain.remaining
            );
        }
        let t = &self.throws;
        let _ = writeln!(s, "\nThrows one player needs to finish");
        let _ = writeln!(s, "  mean          {:>14.10}", t.mean);
        let _ = writeln!(
            s,
            "  variance      {:>14.10}   (standard deviation {:.6})",
            t.variance, t.std_dev
        );
        let _ = writeln!(s, "  minimum       {:>3}", t.min);
        let mode_p = t.pmf.get(t.mode as usize).copied().unwrap_or(0.0);
        let _ = writeln!(
            s,
            "  most likely   {:>3}   (probability {mode_p:.6})",
            t.mode
        );
        let _ = writeln!(s, "  median        {:>3}", t.median);
        let _ = writeln!(
            s,
            "  distribution (probability of exactly n throws; listed to n = {} in the JSON output, where the tail falls below 1e-12):",
            t.pmf.len().saturating_sub(1)
        );
        let mut cdf = 0.0;
        let shown = t.pmf.len().min(usize::from(t.min as u16) + 40);
        for (n, &p) in t.pmf.iter().enumerate().take(shown) {
            cdf += p;
            if p > 0.0 {
                let _ = writeln!(s, "    {n:>4}  {p:.8}  cumulative {cdf:.8}");
            }
        }
        if shown < t.pmf.len() {
            let _ = writeln!(
                s,
                "    ...   (probability of more than {} throws: {:.8})",
                shown - 1,
                (1.0 - cdf).max(0.0)
            );
        }
        let q = &self.squares;
        let _ = writeln!(
            s,
            "\nExpected landings per game{} (a ladder's foot or chute's head and where it leads both count)",
            if self.players > 1 {
                format!(", all {} players together", self.players)
            } else {
                String::new()
            }
        );
        let most_label = format!("most popular (other than {last})");
        let width = most_label.len();
        let _ = writeln!(
            s,
            "  {most_label:<width$} {:>5}   {:.6} landings, probability of landing {:.6}",
            q.most_popular,
            q.landings[usize::from(q.most_popular)],
            q.most_popular_probability
        );
        let _ = writeln!(
            s,
            "  {:<width$} {:>5}   {:.6} landings, probability of landing {:.7}",
            "least popular",
            q.least_popular,
            q.landings[usize::from(q.least_popular)],
            q.least_popular_probability
        );
        let _ = writeln!(s, "{}", landing_note(last));
        let _ = writeln!(s, "  per square (landings per game):");
        let columns = 10;
        for row in q.landings[1..].chunks(columns).enumerate() {
            let (r, cells) = row;
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:7.4}")).collect();
            let _ = writeln!(
                s,
                "    {:>4}-{:<4} {}",
                r * columns + 1,
                (r * columns + cells.len()).min(last),
                cells.join(" ")
            );
        }
        if self.forfeited_throws_mean > 0.0 {
            let _ = writeln!(
                s,
                "\nForfeited throws per game: {:.10}",
                self.forfeited_throws_mean
            );
        }
        // One player: the whole game is the throws above, and one player
        // always wins, so the several-player section would only repeat them.
        if self.players > 1 {
            let p = &self.seats;
            let _ = writeln!(
                s,
                "\n{} players {}, the first to finish winning",
                self.players,
                if self.chain.tokens > 1 {
                    "taking turns (solved as the joint chain of all tokens)"
                } else if self.chain.by_turns {
                    "taking turns of one throw or more (a race of independent tokens, turn by turn)"
                } else {
                    "taking single throws in turn"
                }
            );
            let _ = writeln!(
                s,
                "  total throws  mean {:.10}, standard deviation {:.6}, most likely {}, median {}, minimum {}",
                p.total_throws_mean,
                p.total_throws_variance.sqrt(),
                p.total_throws_mode,
                p.total_throws_median,
                p.total_throws_min
            );
            for (i, w) in p.win_probability.iter().enumerate() {
                let _ = writeln!(s, "  player {}  wins with probability {w:.10}", i + 1);
            }
        }
        if let Some(sh) = &self.shortest {
            s.push('\n');
            s.push_str(&sh.to_text());
        }
        s
    }
}

impl ShortestGames {
    /// The shortest games as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let what = match self.require {
            Require::None => "Shortest games",
            Require::Chute => "Shortest games that slide down at least one chute",
            Require::Ladder => "Shortest games that climb at least one ladder",
        };
        if self.routes.is_empty() {
            let _ = writeln!(s, "{what}: none (no game can finish that way).");
            return s;
        }
        let _ = writeln!(
            s,
            "{what} (exhaustive search, one token): {} throws, {} roll sequences, {} essentially different route{} (by the set of ladders and chutes used)",
            self.throws,
            self.sequences,
            self.routes.len(),
            if self.routes.len() == 1 { "" } else { "s" }
        );
        for (i, r) in self.routes.iter().enumerate() {
            let jumps: Vec<String> = r
                .jumps
                .iter()
                .map(|[f, t]| format!("{} {f}->{t}", if t > f { "ladder" } else { "chute" }))
                .collect();
            let rolls: Vec<String> = r.example_rolls.iter().map(u16::to_string).collect();
            let squares: Vec<String> = r.example_squares.iter().map(u16::to_string).collect();
            let _ = writeln!(
                s,
                "  {:>2}. {}: {} sequence{}",
                i + 1,
                if jumps.is_empty() {
                    "no ladders or chutes".to_string()
                } else {
                    jumps.join(", ")
                },
                r.sequences,
                if r.sequences == 1 { "" } else { "s" }
            );
            let _ = writeln!(
                s,
                "      e.g. rolls {}, squares {}",
                rolls.join(","),
                squares.join(",")
            );
        }
        s
    }
}
