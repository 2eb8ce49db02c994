//! Tournaments for any game: every pairing of entrants plays a number of
//! games in every seating, each game refereed ([`crate::referee`]).
//!
//! **Pairings.** For a game of `N` seats, every set of `N` entrants (in
//! the order given) is a pairing: every pair for a two-seat game.
//!
//! **Seatings.** A pairing plays in every seat permutation when there are
//! at most 24 (`N` ≤ 4), otherwise in the `N` rotations of the order given
//! (each entrant sits in each seat once: a balanced sample). Game `k` of a
//! pairing uses seating `k mod P` (`P` seatings) and the random streams of
//! deal `k / P`: the `P` seatings of one deal face the same dice, and deal
//! `d` has the same dice in every pairing (common random numbers).
//!
//! **Determinism.** The streams depend only on the seed, the deal and the
//! seat, never on the other entrants or the thread count: a pairing's
//! results are the same whatever else plays in the tournament and however
//! many threads run it (timings aside, and agents with time budgets).
//!
//! **Jobs.** The games of a pairing are cut into chunks of whole deals
//! (about a sixteenth of its games, at most 4096), fixed by the number of
//! games and seatings alone; the chunks of every pairing run in parallel
//! on a pool of the threads asked for, and are merged one by one in order,
//! so every count and sum comes out the same for any thread count. Each
//! chunk makes each entrant's agent once and tells it of every new game
//! ([`Agent::new_game`]); an agent that panics is dropped and a fresh one
//! made for the next game. `progress` hears the number of games finished
//! at least once a chunk (and every tenth of a second within one).
//!
//! **Parts.** [`Tournament::with_shard`] plays one part of the tournament:
//! the jobs whose first game falls in that share of the games numbered
//! over every pairing. Its [`RunResults::part`] holds each job's counts
//! unsummed ([`PartResults`], serializable), and a run that
//! [merges](RunOptions::merge) the parts adds every part's jobs up in the whole
//! tournament's order: the same standings and collectors as the unsplit
//! tournament, to the last bit (timings aside).
//!
//! **Forfeits and caps.** Every game is refereed ([`Referee`]) with the
//! tournament's step cap and per-move time limit: an illegal move, a panic
//! or a slow call forfeits that game only (counted per entrant and listed
//! in [`Standings::faults`]); a game stopped by the step cap counts as
//! capped, never as a draw, and gives no points.
//!
//! **Scoring.** Entrants are ranked by [`Scoring`]: points (1 for each
//! opponent ranked below, ½ for each tied, over the opponents: win 1,
//! draw ½ in two-seat games), or points less a penalty per second of
//! thinking time (specification 004's tournament). Equal scores share a rank.
//! Standard errors of mean scores come from the spread of the per-deal
//! means, since the games of one deal share their dice.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, GameRng, Seat};
//! use tabula_play::tournament::{Entrant, RunOptions, Tournament};
//! # use tabula_core::{GameResult, Status};
//! # /// Take one or two from a pile of ten; whoever takes the last wins.
//! # struct Nim;
//! # impl BoardGame for Nim {
//! #     type State = (u8, Seat); type Move = u8; type Outcome = (); type Event = ();
//! #     fn seats(&self) -> usize { 2 }
//! #     fn initial_state(&self) -> (u8, Seat) { (10, 0) }
//! #     fn status(&self, &(pile, to_move): &(u8, Seat)) -> Status {
//! #         if pile == 0 { Status::Over(GameResult::Win(1 - to_move)) } else { Status::Decision(to_move) }
//! #     }
//! #     fn apply_chance<E: FnMut(())>(&self, _: &mut (u8, Seat), _: (), _: &mut E) {}
//! #     fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Seat), take: u8, _: &mut E) { s.0 -= take; s.1 = 1 - s.1; }
//! #     fn legal_moves(&self, s: &(u8, Seat), out: &mut Vec<u8>) { out.extend(1..=s.0.min(2)) }
//! # }
//!
//! /// Leaves a multiple of three when it can.
//! struct Perfect;
//! impl Agent<Nim> for Perfect {
//!     fn choose(&mut self, _: &Nim, s: &(u8, Seat), _: Seat, _: &mut GameRng) -> u8 {
//!         if s.0 % 3 == 0 { 1 } else { s.0 % 3 }
//!     }
//! }
//! /// Always takes one.
//! struct One;
//! impl Agent<Nim> for One {
//!     fn choose(&mut self, _: &Nim, _: &(u8, Seat), _: Seat, _: &mut GameRng) -> u8 { 1 }
//! }
//!
//! let entrants = vec![
//!     Entrant { name: "perfect".into(), make: Box::new(|_: &Nim| Ok(Box::new(Perfect) as Box<dyn Agent<Nim>>)) },
//!     Entrant { name: "one".into(), make: Box::new(|_: &Nim| Ok(Box::new(One) as Box<dyn Agent<Nim>>)) },
//! ];
//! let standings = Tournament::new(10).with_seed(1).run(&Nim, &entrants, RunOptions::new())?.standings;
//! // Perfect play wins from ten stones, and from nine against one-at-a-time.
//! assert_eq!(standings.entrants[0].name, "perfect");
//! assert_eq!(standings.entrants[0].wins, 10);
//! assert_eq!(standings.pairings[0].entrants[0].wins_by_seat, vec![5, 5]);
//! # Ok::<_, tabula_play::tournament::TournamentError>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tabula_core::{Agent, BoardGame, Streams};
use tabula_sim::{Collector, Shard};

use crate::agents::AgentError;
use crate::legality::{Paths, PlayPaths};
use crate::record::Format;
use crate::referee::{Fault, Played, Referee};

mod options;
mod parts;
mod results;
mod run;

use options::WriteRecord;
pub use options::{RunOptions, RunResults};
pub use results::{
    Chances, EntrantResult, FaultReport, Pair, PairingEntrant, PairingResult, SolveSeating,
    Standings,
};

/// Makes a fresh agent for an entrant (once per worker, and again after a
/// panic).
pub type MakeAgent<G> = Box<dyn Fn(&G) -> Result<Box<dyn Agent<G>>, AgentError> + Send + Sync>;

/// A player of the tournament: a name and a way to make its agent.
pub struct Entrant<G: BoardGame> {
    /// The name it is listed under (unique in a tournament).
    pub name: String,
    /// Makes its agent.
    pub make: MakeAgent<G>,
}

impl<G: BoardGame + 'static> Entrant<G> {
    /// The registered agent `name` ([`crate::agents::build`]), checked by
    /// building it once for `game`.
    pub fn registered(game: &G, name: &str) -> Result<Entrant<G>, AgentError> {
        crate::agents::build(game, name)?;
        let owned = name.to_string();
        Ok(Entrant {
            name: name.to_string(),
            make: Box::new(move |g| crate::agents::build(g, &owned)),
        })
    }
}

/// How entrants are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Scoring {
    /// By points (see the module docs).
    #[default]
    Points,
    /// By points less `per_second` for every second of thinking time
    /// (specification 004: wins minus one per second).
    TimePenalty {
        /// Points taken per second of an entrant's total time.
        per_second: f64,
    },
}

/// Errors of a tournament.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// Fewer entrants than the game has seats.
    #[error("a tournament of a {seats}-seat game needs at least {seats} entrants, got {got}")]
    TooFewEntrants {
        /// Seats of the game.
        seats: usize,
        /// Entrants given.
        got: usize,
    },
    /// An entrant is named twice.
    #[error("the entrant \"{0}\" is named twice")]
    Duplicate(String),
    /// Zero games per pairing.
    #[error("the number of games per pairing must be at least 1")]
    NoGames,
    /// An agent could not be made.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The thread pool could not start.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        message: String,
    },
    /// The parts given to [`RunOptions::merge`] are not every part
    /// of this tournament, once.
    #[error("{0}")]
    Parts(String),
    /// More games in all than can be counted.
    #[error(
        "{games} games for each of {pairings} pairings is more games than a tournament can count (at most {} in all); ask for fewer games",
        u64::MAX
    )]
    TooManyGames {
        /// Pairings of the tournament.
        pairings: usize,
        /// Games per pairing asked for.
        games: u64,
    },
    /// Records could not be written.
    #[error("cannot write records into {dir}: {message}")]
    Record {
        /// The directory.
        dir: PathBuf,
        /// Why not.
        message: String,
    },
}

/// What identifies one game of a tournament, for collectors and records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The pairing's index.
    pub pairing: usize,
    /// The game's number within the pairing.
    pub game: u64,
    /// Its deal: the index of its random streams (`game / seatings`).
    pub deal: u64,
    /// The entrant (index into the tournament's entrants) in each seat.
    pub seating: Vec<usize>,
}

/// The settings of a tournament.
#[derive(Clone, Debug)]
pub struct Tournament {
    games: u64,
    seed: u64,
    threads: Option<usize>,
    max_steps: u32,
    move_time_limit: Option<Duration>,
    scoring: Scoring,
    record: Option<(PathBuf, Format)>,
    /// The part to play, if the tournament is split (into one part or more).
    shard: Option<Shard>,
}

/// Writes one game's record: its id, its pairing's entrants, the game.
type Writer<'a, G> = dyn Fn(&GameId, &[usize], &Played<G>) -> Result<(), String> + Sync + 'a;

fn record_error(dir: &Path, message: String) -> TournamentError {
    TournamentError::Record {
        dir: dir.to_path_buf(),
        message,
    }
}

/// An entrant's name as part of a file name: letters, digits, `_`, `-`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        "_".to_string()
    } else {
        stem
    }
}

fn mean(sum: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The standard error of a mean, from the sample variance (0 below two
/// samples).
fn std_error(sum: f64, squares: f64, n: u64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n = n as f64;
    let variance = ((squares - sum * sum / n) / (n - 1.0)).max(0.0);
    (variance / n).sqrt()
}

/// Every `k`-subset of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(pick.clone());
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The seatings of a pairing of `n`: `seating[seat]` is the position (in
/// the pairing) of the entrant in that seat. Every permutation in
/// lexicographic order for `n` ≤ 4, otherwise the `n` rotations.
fn seatings(n: usize) -> Vec<Vec<usize>> {
    if n > 4 {
        return (0..n)
            .map(|r| (0..n).map(|s| (s + r) % n).collect())
            .collect();
    }
    fn permute(rest: &mut Vec<usize>, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            prefix.push(x);
            permute(rest, prefix, out);
            prefix.pop();
            rest.insert(i, x);
        }
    }
    let mut out = Vec::new();
    permute(&mut (0..n).collect(), &mut Vec::new(), &mut out);
    out
}

/// Games per job: whole deals, about a sixteenth of a pairing's games, at
/// most 4096 games (or one deal), so that agents that are costly to make
/// (a solved strategy) are made a few dozen times, not once per game. It
/// depends only on the games and the seatings, so the jobs are the same
/// for any thread count.
fn chunk_size(games: u64, seatings: u64) -> u64 {
    let seatings = seatings.max(1);
    let deals = games.div_ceil(seatings);
    deals.div_ceil(16).clamp(1, (4096 / seatings).max(1)) * seatings
}

/// One entrant's counts within a pairing (or over the tournament).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Tally {
    games: u64,
    finished: u64,
    wins: u64,
    shared_firsts: u64,
    losses: u64,
    capped: u64,
    points: f64,
    rank_sum: u64,
    /// Scores of the games ended by the rules (not by a forfeit), and
    /// how many.
    score_sum: f64,
    scored: u64,
    /// Sums of the mean score per deal, of its square, and deals.
    deal_sum: f64,
    deal_squares: f64,
    deals: u64,
    illegal: u64,
    panics: u64,
    too_slow: u64,
    calls: u64,
    time: Duration,
    longest: Duration,
    wins_by_seat: Vec<u64>,
    games_by_seat: Vec<u64>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            games: 0,
            finished: 0,
            wins: 0,
            shared_firsts: 0,
            losses: 0,
            capped: 0,
            points: 0.0,
            rank_sum: 0,
            score_sum: 0.0,
            scored: 0,
            deal_sum: 0.0,
            deal_squares: 0.0,
            deals: 0,
            illegal: 0,
            panics: 0,
            too_slow: 0,
            calls: 0,
            time: Duration::ZERO,
            longest: Duration::ZERO,
            wins_by_seat: vec![0; seats],
            games_by_seat: vec![0; seats],
        }
    }

    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.finished += o.finished;
        self.wins += o.wins;
        self.shared_firsts += o.shared_firsts;
        self.losses += o.losses;
        self.capped += o.capped;
        self.points += o.points;
        self.rank_sum += o.rank_sum;
        self.score_sum += o.score_sum;
        self.scored += o.scored;
        self.deal_sum += o.deal_sum;
        self.deal_squares += o.deal_squares;
        self.deals += o.deals;
        self.illegal += o.illegal;
        self.panics += o.panics;
        self.too_slow += o.too_slow;
        self.calls += o.calls;
        self.time = self.time.saturating_add(o.time);
        self.longest = self.longest.max(o.longest);
        for (a, b) in self.wins_by_seat.iter_mut().zip(&o.wins_by_seat) {
            *a += b;
        }
        for (a, b) in self.games_by_seat.iter_mut().zip(&o.games_by_seat) {
            *a += b;
        }
    }
}

/// A pairing's counts of games.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct PairingTally {
    games: u64,
    draws: u64,
    capped: u64,
    moves: u64,
}

impl PairingTally {
    fn add(&mut self, o: &PairingTally) {
        self.games += o.games;
        self.draws += o.draws;
        self.capped += o.capped;
        self.moves += o.moves;
    }
}

/// What one job (a chunk of a pairing's games) found: its counts, its
/// forfeits and its collectors, whole (a part of a split tournament
/// carries them to the merge).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
struct Job<C> {
    pairing: usize,
    /// By position in the pairing.
    tallies: Vec<Tally>,
    games: PairingTally,
    /// By seating.
    collectors: Vec<Option<C>>,
    faults: Vec<FaultReport>,
    /// The current deal's score sum and scored games, by position
    /// (closed, so empty, once the job is done).
    #[serde(skip)]
    deal: Vec<(f64, u64)>,
}

/// The results of one part of a tournament split with
/// [`Tournament::with_shard`], whole, for [`RunOptions::merge`]: every
/// job it played, counted but not yet summed (so the merge adds them up
/// in the same order as the unsplit tournament, to the last bit).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
pub struct PartResults<C> {
    first_job: usize,
    jobs: Vec<Job<C>>,
    threads: usize,
    wall_time_s: f64,
}

impl<C> PartResults<C> {
    /// The part as JSON, as `serde_json::to_value` writes it. The frame
    /// (jobs, tallies, faults) is written by code compiled once here, with
    /// each collector turned into JSON first: a game compiles only its
    /// collectors' serde, not the whole part's.
    pub fn to_json(&self) -> Result<serde_json::Value, serde_json::Error>
    where
        C: Serialize,
    {
        self.as_json_frame()?.to_value()
    }

    /// The part from the JSON [`to_json`](Self::to_json) wrote, as
    /// `serde_json::from_value` reads it: the frame by code compiled once
    /// here, then each collector.
    pub fn from_json(value: serde_json::Value) -> Result<Self, serde_json::Error>
    where
        C: serde::de::DeserializeOwned,
    {
        let frame = PartResults::<serde_json::Value>::from_value(value)?;
        let mut jobs = Vec::with_capacity(frame.jobs.len());
        for job in frame.jobs {
            let collectors = job
                .collectors
                .into_iter()
                .map(|c| c.map(serde_json::from_value).transpose())
                .collect::<Result<_, _>>()?;
            jobs.push(Job {
                pairing: job.pairing,
                tallies: job.tallies,
                games: job.games,
                collectors,
                faults: job.faults,
                deal: job.deal,
            });
        }
        Ok(PartResults {
            first_job: frame.first_job,
            jobs,
            threads: frame.threads,
            wall_time_s: frame.wall_time_s,
        })
    }

    /// The part with its collectors as JSON.
    fn as_json_frame(&self) -> Result<PartResults<serde_json::Value>, serde_json::Error>
    where
        C: Serialize,
    {
        let mut jobs = Vec::with_capacity(self.jobs.len());
        for job in &self.jobs {
            jobs.push(Job {
                pairing: job.pairing,
                tallies: job.tallies.clone(),
                games: job.games.clone(),
                collectors: job
                    .collectors
                    .iter()
                    .map(|c| c.as_ref().map(serde_json::to_value).transpose())
                    .collect::<Result<_, _>>()?,
                faults: job.faults.clone(),
                deal: job.deal.clone(),
            });
        }
        Ok(PartResults {
            first_job: self.first_job,
            jobs,
            threads: self.threads,
            wall_time_s: self.wall_time_s,
        })
    }
}

impl PartResults<serde_json::Value> {
    /// Not generic: compiled once, in this crate.
    fn to_value(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }

    /// Not generic: compiled once, in this crate.
    fn from_value(value: serde_json::Value) -> Result<Self, serde_json::Error> {
        serde_json::from_value(value)
    }
}

/// A tournament's pairings, seatings and jobs. The jobs are computed,
/// not stored: a tournament of many games keeps its plan small.
struct Plan {
    pairings: Vec<Vec<usize>>,
    seatings: Vec<Vec<usize>>,
    /// Games per job (the last job of a pairing may have fewer).
    per_chunk: u64,
    /// Jobs per pairing.
    chunks: u64,
    /// Games per pairing.
    games: u64,
}

impl Plan {
    /// How many jobs there are: each pairing's, pairing by pairing.
    fn job_count(&self) -> usize {
        usize::try_from(
            (self.pairings.len() as u128 * u128::from(self.chunks)).min(usize::MAX as u128),
        )
        .unwrap_or(usize::MAX)
    }

    /// Job `j`'s pairing and games (in the pairing).
    fn job(&self, j: usize) -> (usize, std::ops::Range<u64>) {
        let chunks = self.chunks.max(1);
        let p = (j as u64 / chunks) as usize;
        let first = (j as u64 % chunks) * self.per_chunk;
        (
            p,
            first..first.saturating_add(self.per_chunk).min(self.games),
        )
    }

    /// Job `j`'s first game, numbered over the whole tournament.
    fn global_start(&self, j: usize) -> u64 {
        let (p, range) = self.job(j);
        (p as u64)
            .saturating_mul(self.games)
            .saturating_add(range.start)
    }

    /// One past job `j`'s last game, numbered over the whole tournament.
    fn global_end(&self, j: usize) -> u64 {
        let (p, range) = self.job(j);
        (p as u64)
            .saturating_mul(self.games)
            .saturating_add(range.end)
    }

    /// The jobs of `shard`: those whose first game falls in its part of
    /// the tournament's games.
    fn part(&self, shard: Shard) -> std::ops::Range<usize> {
        let total = (self.pairings.len() as u64).saturating_mul(self.games);
        let games = shard.range(total);
        // The first job starting at `at` or later: job starts grow with
        // the job's index, so a binary search finds it.
        let first = |at: u64| {
            let (mut lo, mut hi) = (0usize, self.job_count());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if self.global_start(mid) >= at {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            lo
        };
        let start = first(games.start);
        let end = first(games.end);
        start..end.max(start)
    }
}

/// Every job's results summed, in job order.
struct Fold<C> {
    /// `[pairing][position]`.
    totals: Vec<Vec<Tally>>,
    games: Vec<PairingTally>,
    /// `[pairing][seating]`.
    merged: Vec<Vec<Option<C>>>,
    faults: Vec<FaultReport>,
}

impl<C> Fold<C> {
    fn new(plan: &Plan) -> Fold<C> {
        let seats = plan.pairings.first().map_or(0, Vec::len);
        Fold {
            totals: plan
                .pairings
                .iter()
                .map(|_| vec![Tally::new(seats); seats])
                .collect(),
            games: vec![PairingTally::default(); plan.pairings.len()],
            merged: plan
                .pairings
                .iter()
                .map(|_| plan.seatings.iter().map(|_| None).collect())
                .collect(),
            faults: Vec::new(),
        }
    }

    /// Adds the next job's results.
    fn add<G: BoardGame>(&mut self, out: Job<C>)
    where
        C: Collector<G>,
    {
        let p = out.pairing;
        for (total, part) in self.totals[p].iter_mut().zip(&out.tallies) {
            total.add(part);
        }
        self.games[p].add(&out.games);
        for (slot, c) in self.merged[p].iter_mut().zip(out.collectors) {
            match (slot.as_mut(), c) {
                (Some(acc), Some(c)) => acc.merge(c),
                (None, Some(c)) => *slot = Some(c),
                (_, None) => {}
            }
        }
        self.faults.extend(out.faults);
    }
}

impl<C> Job<C> {
    /// Closes the current deal: its mean scores join the tallies.
    fn end_deal(&mut self) {
        for (t, (sum, n)) in self.tallies.iter_mut().zip(&mut self.deal) {
            if *n > 0 {
                let mean = *sum / *n as f64;
                t.deal_sum += mean;
                t.deal_squares += mean * mean;
                t.deals += 1;
            }
            (*sum, *n) = (0.0, 0);
        }
    }
}

/// Everything a job needs, shared by all jobs.
struct Context<'a, G: BoardGame, C, P> {
    /// The game's paths, for its referee.
    paths: P,
    game: &'a G,
    entrants: &'a [Entrant<G>],
    pairings: &'a [Vec<usize>],
    seatings: &'a [Vec<usize>],
    seed: u64,
    referee: Referee,
    collector: &'a (dyn Fn(&GameId) -> C + Sync),
    progress: &'a (dyn Fn(u64) + Sync),
    write: Option<&'a Writer<'a, G>>,
    record_dir: PathBuf,
    done: AtomicU64,
}

/// How often a job reports progress, at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

impl<G, C, P> Context<'_, G, C, P>
where
    G: BoardGame + 'static,
    G::Move: PartialEq,
    C: Collector<G> + Send,
    P: PlayPaths<G>,
{
    /// Plays games `range` of pairing `p`, making each entrant's agent
    /// once (and again after it panics).
    fn job(&self, p: usize, range: std::ops::Range<u64>) -> Result<Job<C>, TournamentError> {
        let game = self.game;
        let members = &self.pairings[p];
        let seats = members.len();
        let count = self.seatings.len() as u64;
        let make = |pos: usize| (self.entrants[members[pos]].make)(game);
        let mut agents: Vec<Option<Box<dyn Agent<G>>>> = (0..seats)
            .map(|pos| make(pos).map(Some))
            .collect::<Result<_, _>>()?;
        let mut out = Job {
            pairing: p,
            tallies: vec![Tally::new(seats); seats],
            games: PairingTally::default(),
            collectors: self.seatings.iter().map(|_| None).collect(),
            faults: Vec::new(),
            deal: vec![(0.0, 0); seats],
        };
        let mut reported = Instant::now();
        let mut unreported = 0u64;
        let last = range.end.saturating_sub(1);
        for k in range {
            let s = (k % count) as usize;
            if s == 0 {
                out.end_deal();
            }
            let seating = &self.seatings[s];
            let mut seated: Vec<Box<dyn Agent<G>>> = Vec::with_capacity(seats);
            for &pos in seating {
                seated.push(match agents[pos].take() {
                    Some(agent) => agent,
                    None => make(pos)?,
                });
            }
            let id = GameId {
                pairing: p,
                game: k,
                deal: k / count,
                seating: seating.iter().map(|&pos| members[pos]).collect(),
            };
            let mut collector = (self.collector)(&id);
            let mut streams = Streams::new(self.seed, id.deal);
            let played =
                self.referee
                    .play_on(self.paths, game, &mut seated, &mut streams, &mut collector);
            let panicked = |seat: usize| {
                played
                    .forfeit
                    .as_ref()
                    .is_some_and(|f| f.seat == seat && matches!(f.fault, Fault::Panic(_)))
                    || played.panicked_after.iter().any(|(s, _)| *s == seat)
            };
            for (seat, agent) in seated.into_iter().enumerate() {
                if !panicked(seat) {
                    agents[seating[seat]] = Some(agent);
                }
            }
            self.count(&mut out, &id, seating, &played);
            if let Some(write) = self.write {
                write(&id, members, &played).map_err(|message| TournamentError::Record {
                    dir: self.record_dir.clone(),
                    message,
                })?;
            }
            match &mut out.collectors[s] {
                Some(acc) => acc.merge(collector),
                slot => *slot = Some(collector),
            }
            unreported += 1;
            if k == last || reported.elapsed() >= PROGRESS_EVERY {
                let done = self.done.fetch_add(unreported, Ordering::Relaxed) + unreported;
                (self.progress)(done);
                unreported = 0;
                reported = Instant::now();
            }
        }
        out.end_deal();
        Ok(out)
    }

    /// Counts one game into its job.
    fn count(&self, out: &mut Job<C>, id: &GameId, seating: &[usize], played: &Played<G>) {
        for (seat, &pos) in seating.iter().enumerate() {
            let t = &mut out.tallies[pos];
            t.games += 1;
            t.games_by_seat[seat] += 1;
            t.calls += played.calls.get(seat).copied().unwrap_or(0);
            let time = played.time.get(seat).copied().unwrap_or_default();
            t.time += time;
            t.longest = t
                .longest
                .max(played.longest.get(seat).copied().unwrap_or_default());
            let Some(r) = &played.results else {
                t.capped += 1;
                continue;
            };
            t.finished += 1;
            let rank = r.rank(seat);
            match r.outcome(seat) {
                tabula_core::Outcome::Won => {
                    t.wins += 1;
                    t.wins_by_seat[seat] += 1;
                }
                tabula_core::Outcome::Drawn => t.shared_firsts += 1,
                tabula_core::Outcome::Lost => t.losses += 1,
            }
            t.points += r.points(seat);
            t.rank_sum += u64::from(rank);
            if played.forfeit.is_none() {
                // A forfeit's 1 and 0 are not scores of the game's own.
                let score = r.score(seat);
                t.score_sum += score;
                t.scored += 1;
                out.deal[pos].0 += score;
                out.deal[pos].1 += 1;
            }
        }
        out.games.games += 1;
        out.games.moves += u64::from(played.decisions);
        match &played.results {
            None => out.games.capped += 1,
            Some(r) if r.winners().count() == seating.len() && seating.len() > 1 => {
                out.games.draws += 1;
            }
            Some(_) => {}
        }
        if let Some(f) = &played.forfeit
            && let Some(&pos) = seating.get(f.seat)
        {
            let t = &mut out.tallies[pos];
            match f.fault {
                Fault::Illegal(_) => t.illegal += 1,
                Fault::Panic(_) => t.panics += 1,
                Fault::TooSlow { .. } => t.too_slow += 1,
            }
            let members = &self.pairings[id.pairing];
            out.faults.push(FaultReport {
                entrant: self.entrants[members[pos]].name.clone(),
                seat: f.seat,
                pairing: members
                    .iter()
                    .map(|&e| self.entrants[e].name.clone())
                    .collect(),
                game: id.game,
                fault: f.fault.clone(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_and_seatings() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
        assert!(combinations(2, 3).is_empty());
        assert_eq!(seatings(2), vec![vec![0, 1], vec![1, 0]]);
        assert_eq!(seatings(3).len(), 6);
        assert_eq!(seatings(4).len(), 24);
        assert_eq!(seatings(5).len(), 5);
        assert_eq!(seatings(5)[1], vec![1, 2, 3, 4, 0]);
        // Every seating of three is a permutation, and they differ.
        let three = seatings(3);
        for s in &three {
            let mut sorted = s.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2]);
        }
        for (i, a) in three.iter().enumerate() {
            assert!(three[..i].iter().all(|b| b != a));
        }
    }

    #[test]
    fn chunks_are_whole_deals() {
        assert_eq!(chunk_size(1, 2), 2);
        // 100 deals, a sixteenth of them rounded up: 7 deals.
        assert_eq!(chunk_size(200, 2), 14);
        assert_eq!(chunk_size(1_000_000, 2), 4096);
        // 4096 / 6 = 682 deals.
        assert_eq!(chunk_size(1_000_000, 6), 4092);
        assert_eq!(chunk_size(10, 24), 24);
    }

    #[test]
    fn file_stems() {
        assert_eq!(file_stem("alphabeta-50ms"), "alphabeta-50ms");
        assert_eq!(file_stem("a b/c.d"), "a_b_c_d");
        assert_eq!(file_stem(""), "_");
    }

    #[test]
    fn standard_errors() {
        // Scores 1, 2, 3: sample variance 1, standard error 1/sqrt(3).
        let se = std_error(6.0, 14.0, 3);
        assert!((se - 1.0 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(std_error(1.0, 1.0, 1), 0.0);
    }
}
