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
//! **Scoring.** Entrants are ranked by [`Scoring`]: points (1 for each
//! opponent ranked below, ½ for each tied, over the opponents: win 1,
//! draw ½ in two-seat games), or points less a penalty per second of
//! thinking time (seed 004's tournament).

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;
use tabula_core::{Agent, BoardGame};
use tabula_sim::Collector;

use crate::agents::AgentError;
use crate::record::{Format, Recordable};
use crate::referee::Fault;

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
    /// (seed 004: wins minus one per second).
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
    /// The record directory could not be made or written.
    #[error("cannot write records into {dir}: {message}")]
    Record {
        /// The directory.
        dir: PathBuf,
        /// Why not.
        message: String,
    },
}

/// One entrant's totals over the tournament.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantResult {
    /// Its place, from 1, by [`Scoring`] (equal scores share a place).
    pub rank: usize,
    /// Its name.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games it ranked first alone.
    pub wins: u64,
    /// Games it ranked first together with others (draws, ties).
    pub shared_firsts: u64,
    /// Games it ranked below first.
    pub losses: u64,
    /// Games stopped by the step cap (no result).
    pub capped: u64,
    /// Its points (see [`Scoring`]).
    pub points: f64,
    /// Its mean rank over finished games.
    pub mean_rank: f64,
    /// Its mean score over finished games (the game's own score: Chance-it
    /// totals, 1/½/0 for win/draw/loss elsewhere).
    pub mean_score: f64,
    /// Games it forfeited by an illegal move.
    pub illegal: u64,
    /// Games it forfeited by panicking.
    pub panics: u64,
    /// Games it forfeited by thinking past the per-move limit.
    pub too_slow: u64,
    /// Calls of its agent.
    pub calls: u64,
    /// Time in its calls, in seconds.
    pub time_s: f64,
    /// Its longest single call, in milliseconds.
    pub longest_call_ms: f64,
    /// The ranking score: `points`, less the time penalty if one applies.
    pub score: f64,
}

/// One entrant's results within a pairing.
#[derive(Clone, Debug, Serialize)]
pub struct PairingEntrant {
    /// Its name.
    pub name: String,
    /// Games it ranked first alone.
    pub wins: u64,
    /// Games it ranked first together with others.
    pub shared_firsts: u64,
    /// Its points in this pairing.
    pub points: f64,
    /// Its mean score over finished games.
    pub mean_score: f64,
    /// The standard error of `mean_score`.
    pub score_std_error: f64,
    /// Its wins by seat: `wins_by_seat[s]` games won sitting in seat `s`.
    pub wins_by_seat: Vec<u64>,
    /// Games played by seat.
    pub games_by_seat: Vec<u64>,
    /// Games it forfeited.
    pub forfeits: u64,
}

/// One pairing's results.
#[derive(Clone, Debug, Serialize)]
pub struct PairingResult {
    /// The entrants, in the order given.
    pub entrants: Vec<PairingEntrant>,
    /// Games played.
    pub games: u64,
    /// Games in which first place was shared by all (draws).
    pub draws: u64,
    /// Games stopped by the step cap.
    pub capped: u64,
    /// Mean moves (decisions) per game.
    pub mean_moves: f64,
}

/// A forfeit, described.
#[derive(Clone, Debug, Serialize)]
pub struct FaultReport {
    /// The entrant that forfeited.
    pub entrant: String,
    /// The seat it sat in.
    pub seat: usize,
    /// The pairing (entrant names in order).
    pub pairing: Vec<String>,
    /// The game's number within the pairing.
    pub game: u64,
    /// Why.
    pub fault: Fault,
}

/// A tournament's results.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// Seats of the game.
    pub seats: usize,
    /// Games per pairing.
    pub games_per_pairing: u64,
    /// Seatings per pairing (see the module docs).
    pub seatings: usize,
    /// The seed that fixes every game.
    pub seed: u64,
    /// Threads used (the results do not depend on it).
    pub threads: usize,
    /// How entrants are ranked.
    pub scoring: Scoring,
    /// Every entrant, ranked.
    pub entrants: Vec<EntrantResult>,
    /// Every pairing, in order.
    pub pairings: Vec<PairingResult>,
    /// Every forfeit.
    pub faults: Vec<FaultReport>,
    /// Wall-clock time of the whole tournament, in seconds.
    pub wall_time_s: f64,
}

/// What identifies one game of a tournament, for collectors and records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The pairing's index.
    pub pairing: usize,
    /// The game's number within the pairing.
    pub game: u64,
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
}

impl Tournament {
    /// `games` games per pairing, seed 0, all cores, the harness's step
    /// cap, no time limit, scoring by points, no records.
    pub fn new(games: u64) -> Tournament {
        Tournament {
            games,
            seed: 0,
            threads: None,
            max_steps: tabula_sim::DEFAULT_MAX_STEPS,
            move_time_limit: None,
            scoring: Scoring::Points,
            record: None,
        }
    }

    /// Sets the seed.
    pub fn seed(mut self, seed: u64) -> Tournament {
        self.seed = seed;
        self
    }

    /// Sets the number of worker threads (default: one per core).
    pub fn threads(mut self, threads: Option<usize>) -> Tournament {
        self.threads = threads.map(|t| t.max(1));
        self
    }

    /// Sets the step cap per game.
    pub fn max_steps(mut self, max_steps: u32) -> Tournament {
        self.max_steps = max_steps.max(1);
        self
    }

    /// Sets a per-move time limit: a slower call forfeits the game.
    pub fn move_time_limit(mut self, limit: Option<Duration>) -> Tournament {
        self.move_time_limit = limit;
        self
    }

    /// Sets how entrants are ranked.
    pub fn scoring(mut self, scoring: Scoring) -> Tournament {
        self.scoring = scoring;
        self
    }

    /// Writes every game's record into `dir` (created if missing) in
    /// `format`; only [`run_recorded`](Self::run_recorded) writes them.
    pub fn record(mut self, dir: Option<PathBuf>, format: Format) -> Tournament {
        self.record = dir.map(|d| (d, format));
        self
    }

    /// Plays the tournament. `progress` is called with the number of games
    /// finished so far, now and then.
    pub fn run<G>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Standings, TournamentError>
    where
        G: BoardGame + 'static,
        G::Move: PartialEq,
    {
        self.run_with(game, entrants, &|_: &GameId| (), progress)
            .map(|(s, _)| s)
    }

    /// Plays the tournament, also feeding each game's events to a
    /// collector made by `collector` for its [`GameId`]; returns the
    /// standings and every pairing's collectors merged per seating
    /// (`[pairing][seating]`), so a game can add statistics of its own.
    #[allow(clippy::type_complexity)]
    pub fn run_with<G, C>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
        collector: &(dyn Fn(&GameId) -> C + Sync),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<(Standings, Vec<Vec<C>>), TournamentError>
    where
        G: BoardGame + 'static,
        G::Move: PartialEq,
        C: Collector<G> + Send,
    {
        let _ = (
            game,
            entrants,
            collector,
            progress,
            &self.record,
            self.games,
            self.seed,
        );
        let _ = (
            self.threads,
            self.max_steps,
            self.move_time_limit,
            self.scoring,
        );
        todo!("the tournament engine")
    }

    /// Like [`run_with`](Self::run_with), and writes every game's record
    /// into the directory set by [`record`](Self::record).
    #[allow(clippy::type_complexity)]
    pub fn run_recorded<G, C>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
        collector: &(dyn Fn(&GameId) -> C + Sync),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<(Standings, Vec<Vec<C>>), TournamentError>
    where
        G: Recordable + 'static,
        C: Collector<G> + Send,
    {
        let _ = (game, entrants, collector, progress);
        todo!("the tournament engine, with records")
    }
}
