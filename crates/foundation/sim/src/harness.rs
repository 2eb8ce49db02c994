use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tabula_core::{
    BoardGame, Chance, GameResult, GameRng, Seat, Status, Streams, agent_rng, game_rng,
};

use crate::chance::{ChancePath, Listed, Sampled, Sampling};
use crate::game_loop::{
    ChanceSource, Collecting, Decider, Dice, Draws, Ending, Lists, Observer, play_game,
};
use crate::{Collector, LandingTally, NoAgents, Seating, Tallied, Wants};

/// Errors of a simulation run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// A game broke the rules every `BoardGame` keeps (see
    /// [`conformance`](crate::conformance)).
    #[error("{0}")]
    Conformance(String),
    /// A game reached a decision for a seat that has no agent.
    #[error("game {game}: seat {seat} must decide but has no agent")]
    NoAgent {
        /// The game index.
        game: u64,
        /// The seat.
        seat: usize,
    },
    /// A game reached a chance point but listed no outcomes.
    #[error("game {game}: a chance point has no outcomes")]
    NoOutcomes {
        /// The game index.
        game: u64,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        message: String,
    },
    /// Zero games were asked for.
    #[error("the number of games must be at least 1")]
    NoGames,
}

/// What the harness knows about one finished playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The game's index in the run (its random stream).
    pub index: u64,
    /// Chance outcomes applied (throws of the dice).
    pub chance_steps: u32,
    /// Moves chosen by agents.
    pub decisions: u32,
    /// How it ended; `None` if it hit the step cap first.
    pub result: Option<GameResult>,
}

impl Playout {
    /// Whether the game was stopped by the step cap before it ended.
    pub fn capped(&self) -> bool {
        self.result.is_none()
    }
}

/// The outcome of a run: the merged collector and how long it took.
#[derive(Clone, Debug)]
pub struct Run<C> {
    /// All games' statistics, merged.
    pub collector: C,
    /// Games played (those of its shard, for a shard of a run).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock time of the whole run.
    pub wall_time: Duration,
}

impl<C> Run<C> {
    /// Mean real (wall-clock) time per game, in nanoseconds.
    pub fn time_per_game_ns(&self) -> f64 {
        self.wall_time.as_secs_f64() * 1e9 / self.games as f64
    }
}

/// Settings of a simulation run: how many games, which seed, how many
/// threads, and the cap on steps per game.
///
/// Named as every builder of the framework: a setter that returns the
/// changed builder is `with_` and the setting (`with_seed(7)`), and the
/// setting read back is its plain name (`seed()`).
#[derive(Clone, Debug)]
pub struct Simulation {
    games: u64,
    seed: u64,
    threads: Option<usize>,
    max_steps: u32,
    chunk: u64,
    shard: Shard,
}

/// A part of a run: shard `index` (from 0) of `of` plays the games
/// `games * index / of` up to (not including) `games * (index + 1) / of`,
/// each from its own random streams as in the whole run, so the shards'
/// collectors merged are the whole run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which part, from 0.
    pub index: u64,
    /// Parts in all.
    pub of: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// The games of this shard of a run of `games`.
    pub fn range(&self, games: u64) -> std::ops::Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.of.max(1))) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// The default cap on steps (throws plus moves) in one game.
pub const DEFAULT_MAX_STEPS: u32 = 10_000;

impl Simulation {
    /// A run of `games` games with seed 0, all cores, and a cap of
    /// [`DEFAULT_MAX_STEPS`] steps per game.
    pub fn new(games: u64) -> Simulation {
        Simulation {
            games,
            seed: 0,
            threads: None,
            max_steps: DEFAULT_MAX_STEPS,
            chunk: 4096,
            shard: Shard::WHOLE,
        }
    }

    /// Sets the seed that fixes the whole run.
    pub fn with_seed(mut self, seed: u64) -> Simulation {
        self.seed = seed;
        self
    }

    /// Sets the number of threads (default: one per core). The results do
    /// not depend on it. The threads are started by the first run that
    /// asks for that many and kept for the process's later runs.
    pub fn with_threads(mut self, threads: usize) -> Simulation {
        self.threads = Some(threads.max(1));
        self
    }

    /// Sets the cap on steps per game; a game that reaches it is stopped and
    /// counted as capped.
    pub fn with_max_steps(mut self, max_steps: u32) -> Simulation {
        self.max_steps = max_steps.max(1);
        self
    }

    /// Plays only `shard` of the run (see [`Shard`]); the games keep
    /// their indices, and so their random streams.
    pub fn with_shard(mut self, shard: Shard) -> Simulation {
        self.shard = shard;
        self
    }

    /// The part of the run this plays.
    pub fn shard(&self) -> Shard {
        self.shard
    }

    /// Games in the run.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The step cap.
    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// Runs a game in which chance decides everything, its chance drawn
    /// from its listed outcomes ([`Listed`]; a game that samples its
    /// chance runs with [`run_sampled`](Self::run_sampled)).
    pub fn run<G, C>(&self, game: &G, collector: C) -> Result<Run<C>, SimError>
    where
        G: BoardGame,
        C: Collector<G> + Clone + Send + Sync,
    {
        self.run_on(Listed, game, || NoAgents, collector, &|_| {})
    }

    /// Runs a game with agents made by `agents` (called once per chunk of
    /// games, so agents that remember earlier games do the same on any
    /// number of threads),
    /// reporting finished games to `progress` now and then; its chance
    /// drawn from its listed outcomes ([`Listed`]).
    pub fn run_with<G, C, A, F>(
        &self,
        game: &G,
        agents: F,
        collector: C,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<C>, SimError>
    where
        G: BoardGame,
        C: Collector<G> + Clone + Send + Sync,
        A: Seating<G>,
        F: Fn() -> A + Sync,
    {
        self.run_on(Listed, game, agents, collector, progress)
    }

    /// [`run`](Self::run) for a game that samples its chance itself
    /// ([`Sampling`]).
    pub fn run_sampled<G, C>(&self, game: &G, collector: C) -> Result<Run<C>, SimError>
    where
        G: Sampling,
        C: Collector<G> + Clone + Send + Sync,
    {
        self.run_on(Sampled, game, || NoAgents, collector, &|_| {})
    }

    /// [`run_with`](Self::run_with) for a game that samples its chance
    /// itself ([`Sampling`]).
    pub fn run_sampled_with<G, C, A, F>(
        &self,
        game: &G,
        agents: F,
        collector: C,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<C>, SimError>
    where
        G: Sampling,
        C: Collector<G> + Clone + Send + Sync,
        A: Seating<G>,
        F: Fn() -> A + Sync,
    {
        self.run_on(Sampled, game, agents, collector, progress)
    }

    /// [`run_with`](Self::run_with), with the game's chance played by
    /// `chance`: the path its registration found
    /// ([`chance_path!`](crate::chance_path)), for code that plays any
    /// game.
    pub fn run_on<G, P, C, A, F>(
        &self,
        chance: P,
        game: &G,
        agents: F,
        collector: C,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<C>, SimError>
    where
        G: BoardGame,
        P: ChancePath<G>,
        C: Collector<G> + Clone + Send + Sync,
        A: Seating<G>,
        F: Fn() -> A + Sync,
    {
        self.run_path(StepByStep(chance), game, agents, collector, progress)
    }

    /// [`run_sampled`](Self::run_sampled) for a game with a speed path ([`Tallied`]):
    /// when every collector wants landings at most
    /// ([`Collector::wants`]), its runs of chance count their landings in
    /// bulk. The same games, to the same results, as [`run`](Self::run).
    pub fn run_tallied<G, C>(&self, game: &G, collector: C) -> Result<Run<C>, SimError>
    where
        G: Tallied,
        C: Collector<G> + Clone + Send + Sync,
    {
        self.run_tallied_with(game, || NoAgents, collector, &|_| {})
    }

    /// [`run_with`](Self::run_with) through the game's speed path, as
    /// [`run_tallied`](Self::run_tallied).
    pub fn run_tallied_with<G, C, A, F>(
        &self,
        game: &G,
        agents: F,
        collector: C,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<C>, SimError>
    where
        G: Tallied,
        C: Collector<G> + Clone + Send + Sync,
        A: Seating<G>,
        F: Fn() -> A + Sync,
    {
        self.run_path(Bulk, game, agents, collector, progress)
    }

    fn run_path<P, G, C, A, F>(
        &self,
        path: P,
        game: &G,
        agents: F,
        collector: C,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<C>, SimError>
    where
        P: Path<G>,
        G: BoardGame,
        C: Collector<G> + Clone + Send + Sync,
        A: Seating<G>,
        F: Fn() -> A + Sync,
    {
        let range = self.shard.range(self.games);
        if range.is_empty() {
            return Err(SimError::NoGames);
        }
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let pool = pool(threads)?;
        // At least `self.chunk` games a chunk, and 512 chunks in a long
        // run: enough to balance the threads and report progress, few
        // enough that the work done once a chunk does not show. The
        // chunks do not depend on the thread count, so neither do agents
        // that remember earlier games of their chunk.
        // At most 2^20 games a chunk, so that even a run of 2^64 games
        // reports progress within seconds.
        let chunk = ((range.end - range.start) / 512)
            .min(1 << 20)
            .max(self.chunk);
        let chunks = (range.end - range.start).div_ceil(chunk);
        // Landings counted in bulk when the game can and no collector
        // wants more (see `Tallied`): a tally beside each worker's
        // collector, added to it once at the end.
        let tally = || {
            (P::BULK && collector.wants() <= Wants::Landings && !collector.wants_steps())
                .then(LandingTally::new)
        };
        let done = AtomicU64::new(0);
        let start = Instant::now();
        // Each worker folds the chunks it runs into an accumulator of its
        // own (with its tally); a worker that starts a chunk while its own
        // is in use (waiting inside a chunk for nested parallel work)
        // folds that chunk apart. The work goes to rayon as a `dyn`
        // closure (see `parallel`), so rayon's machinery is not compiled
        // again for every game, collector and agent.
        type Held<C> = (C, Option<LandingTally>);
        let own: Vec<Mutex<Option<Held<C>>>> = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        let apart: Mutex<Vec<Held<C>>> = Mutex::new(Vec::new());
        let failed: Mutex<Option<SimError>> = Mutex::new(None);
        let chunk_run = |index: u64| -> Result<(), SimError> {
            let first = range.start + index * chunk;
            let last = (first + chunk).min(range.end);
            let slot = rayon::current_thread_index()
                .and_then(|worker| own.get(worker))
                .and_then(|slot| slot.try_lock().ok());
            match slot {
                Some(mut held) => {
                    let (acc, mut tally) =
                        held.take().unwrap_or_else(|| (collector.clone(), tally()));
                    let acc =
                        self.run_chunk(path, game, agents(), acc, tally.as_mut(), first..last)?;
                    *held = Some((acc, tally));
                }
                None => {
                    let mut tally = tally();
                    let acc = self.run_chunk(
                        path,
                        game,
                        agents(),
                        collector.clone(),
                        tally.as_mut(),
                        first..last,
                    )?;
                    lock(&apart).push((acc, tally));
                }
            }
            progress(done.fetch_add(last - first, Ordering::Relaxed) + last - first);
            Ok(())
        };
        let finished =
            crate::parallel::each_index(&pool, chunks, &|index| match chunk_run(index) {
                Ok(()) => true,
                Err(e) => {
                    lock(&failed).get_or_insert(e);
                    false
                }
            });
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        debug_assert!(finished, "a chunk stopped the run without an error");
        let mut merged = collector.clone();
        let held = own
            .into_iter()
            .filter_map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
            .chain(apart.into_inner().unwrap_or_else(|e| e.into_inner()));
        for (mut acc, tally) in held {
            if let Some(mut tally) = tally {
                tally.drain(|square, times| acc.landings(square, times));
            }
            merged.merge(acc);
        }
        Ok(Run {
            collector: merged,
            games: range.end - range.start,
            seed: self.seed,
            threads,
            wall_time: start.elapsed(),
        })
    }
}

impl Simulation {
    /// Plays games `range` into `acc`, held in a local so the compiler can
    /// keep its counters' addresses in registers, with their landings
    /// counted into `tally` where the game can.
    fn run_chunk<P, G, C, A>(
        &self,
        path: P,
        game: &G,
        mut agents: A,
        mut acc: C,
        mut tally: Option<&mut LandingTally>,
        range: std::ops::Range<u64>,
    ) -> Result<C, SimError>
    where
        P: Path<G>,
        G: BoardGame,
        C: Collector<G>,
        A: Seating<G>,
    {
        // A game that plays several games at a time when counting in bulk
        // (see `Tallied::run_games_tallied`) gets the whole chunk.
        if let Some(tally) = tally.as_deref_mut() {
            let seed = self.seed;
            let played = path.games(
                game,
                range.clone(),
                self.max_steps,
                |index| tabula_core::game_rng(seed, index),
                tally,
                |index, steps, state| {
                    agents.new_game(game);
                    acc.start_game(index);
                    let playout = Playout {
                        index,
                        chance_steps: steps,
                        decisions: 0,
                        result: match game.status(state) {
                            Status::Over(result) => Some(result),
                            _ => None,
                        },
                    };
                    agents.end_game(game, state);
                    acc.end_game(&playout, state);
                },
            );
            if played {
                return Ok(acc);
            }
        }
        // One set of streams for the chunk, seeded again for each game:
        // the agents' streams are kept from game to game, so a game
        // allocates nothing.
        let mut streams = Reseeded::new(self.seed);
        let mut lists = Lists::default();
        for index in range {
            streams.start(index);
            play(
                path,
                game,
                &mut agents,
                &mut streams,
                self.max_steps,
                &mut acc,
                tally.as_deref_mut(),
                &mut lists,
            )?;
        }
        Ok(acc)
    }
}

/// Plays one game to its end (or the step cap) from its random streams,
/// feeding `collector`: chance draws from the dice's stream by `chance`
/// (the game's [`ChancePath`]), each seat's
/// agent from its own ([`Streams`]). This is the harness's inner loop,
/// the framework's one game loop ([`play_game`]) with the agents as its
/// decider; it is generic over game, agents and collector, so it compiles
/// to straight-line code with no boxing, allocation or dynamic dispatch
/// per move. The referee and terminal play go through the same loop, so
/// with the same seed and agents they play the same game.
#[inline]
pub fn play_one<G, P, A, C>(
    chance: P,
    game: &G,
    agents: &mut A,
    streams: &mut Streams,
    max_steps: u32,
    collector: &mut C,
) -> Result<Playout, SimError>
where
    G: BoardGame,
    P: ChancePath<G>,
    A: Seating<G>,
    C: Collector<G>,
{
    let mut lists = Lists::default();
    play(
        StepByStep(chance),
        game,
        agents,
        streams,
        max_steps,
        collector,
        None,
        &mut lists,
    )
}

/// The same streams as [`Streams`] (the dice's [`game_rng`], each
/// seat's [`agent_rng`], made when first asked for), kept for a chunk of
/// games and seeded again for each: no allocation per game, and a seat's
/// stream, once made, is found with one comparison.
struct Reseeded {
    seed: u64,
    index: u64,
    dice: GameRng,
    /// The seats' streams; those from `made` on belong to earlier games.
    agents: Vec<GameRng>,
    made: usize,
}

impl Reseeded {
    fn new(seed: u64) -> Reseeded {
        Reseeded {
            seed,
            index: 0,
            dice: game_rng(seed, 0),
            agents: Vec::new(),
            made: 0,
        }
    }

    /// Starts game `index`.
    #[inline]
    fn start(&mut self, index: u64) {
        self.index = index;
        self.dice = game_rng(self.seed, index);
        self.made = 0;
    }

    /// Makes the streams of the seats up to `seat`.
    #[cold]
    #[inline(never)]
    fn make(&mut self, seat: Seat) -> &mut GameRng {
        while self.made <= seat {
            let rng = agent_rng(self.seed, self.index, self.made);
            match self.agents.get_mut(self.made) {
                Some(old) => *old = rng,
                None => self.agents.push(rng),
            }
            self.made += 1;
        }
        &mut self.agents[seat]
    }
}

impl Draws for Reseeded {
    #[inline]
    fn index(&self) -> u64 {
        self.index
    }
    #[inline]
    fn dice(&mut self) -> &mut GameRng {
        &mut self.dice
    }
    #[inline]
    fn agent(&mut self, seat: Seat) -> &mut GameRng {
        if seat < self.made {
            &mut self.agents[seat]
        } else {
            self.make(seat)
        }
    }
}

/// [`play_one`], with the chance points' landings counted into `tally`
/// where the game can, instead of reported as events.
#[inline]
#[allow(clippy::too_many_arguments)] // the inner loop's state, passed apart to stay in registers
fn play<P, G, A, C, D>(
    path: P,
    game: &G,
    agents: &mut A,
    streams: &mut D,
    max_steps: u32,
    collector: &mut C,
    tally: Option<&mut LandingTally>,
    lists: &mut Lists<G>,
) -> Result<Playout, SimError>
where
    P: Path<G>,
    G: BoardGame,
    A: Seating<G>,
    C: Collector<G>,
    D: Draws,
{
    let index = streams.index();
    collector.start_game(index);
    let ended = play_game(
        game,
        &mut Seated(agents),
        &mut Harness { path, tally },
        streams,
        max_steps,
        &mut Collecting::new::<G>(&mut *collector),
        lists,
    );
    let result = match ended.ending {
        Ending::Over(result) => Some(result),
        Ending::Capped => None,
        Ending::NoOutcomes => return Err(SimError::NoOutcomes { game: index }),
        Ending::Stopped(seat) => return Err(SimError::NoAgent { game: index, seat }),
    };
    let playout = Playout {
        index,
        chance_steps: ended.chance_steps,
        decisions: ended.decisions,
        result,
    };
    collector.end_game(&playout, &ended.state);
    Ok(playout)
}

/// The harness's agents as the loop's decider: a seat with no agent
/// stops the game (an error of the run).
struct Seated<'a, A>(&'a mut A);

impl<G: BoardGame, A: Seating<G>> Decider<G> for Seated<'_, A> {
    type Stop = Seat;

    #[inline(always)]
    fn new_game(&mut self, game: &G) -> Result<(), Seat> {
        self.0.new_game(game);
        Ok(())
    }

    #[inline(always)]
    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        _: u32,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Result<G::Move, Seat> {
        self.0
            .choose_with(game, state, seat, rng, moves)
            .ok_or(seat)
    }

    #[inline(always)]
    fn end_game(&mut self, game: &G, state: &G::State, stop: Option<&Seat>) {
        if stop.is_none() {
            self.0.end_game(game, state);
        }
    }
}

/// The harness's chance: the dice ([`Dice`]), with a run of chance
/// points counted in bulk into `tally` where the path and the game can.
struct Harness<'t, P> {
    path: P,
    tally: Option<&'t mut LandingTally>,
}

impl<G: BoardGame, P: Path<G>> ChanceSource<G, Seat> for Harness<'_, P> {
    #[inline(always)]
    fn chance<O: Observer<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        dice: &mut GameRng,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Result<u32, Seat> {
        if let Some(tally) = self.tally.as_deref_mut()
            && let Some(n) = self.path.chance(game, state, dice, limit, tally)
        {
            return Ok(n);
        }
        <Dice<P::Chance> as ChanceSource<G, Seat>>::chance(
            &mut Dice(self.path.chance_path()),
            game,
            state,
            dice,
            limit,
            observer,
            scratch,
        )
    }
}

/// Replays game `index` of a run with `seed` (and no agents), its chance
/// played by `chance` (the run's), passing every event to `on_event`:
/// how reports show a notable game roll by roll.
pub fn replay<G: BoardGame, P: ChancePath<G>>(
    chance: P,
    game: &G,
    seed: u64,
    index: u64,
    max_steps: u32,
    on_event: impl FnMut(&G::Event),
) -> Result<Playout, SimError> {
    struct Tap<F>(F);
    impl<G: BoardGame, F: FnMut(&G::Event)> Collector<G> for Tap<F> {
        fn event(&mut self, e: &G::Event) {
            (self.0)(e)
        }
        fn merge(&mut self, _: Self) {}
    }
    play_one(
        chance,
        game,
        &mut NoAgents,
        &mut Streams::new(seed, index),
        max_steps,
        &mut Tap(on_event),
    )
}

/// `mutex`'s value, also after a panic elsewhere while it was held (the
/// run then fails with that panic anyway).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The process's pool of `threads` worker threads, built on first use and
/// kept: a run does not wait for threads to start and stop. (Building a
/// pool for each run cost a two-thread run of a million Snakes games a
/// quarter of its time.)
fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, SimError> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| SimError::Threads {
                threads,
                message: e.to_string(),
            })?,
    );
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// How the harness plays a run's chance steps: step by step with events,
/// by the game's [`ChancePath`] ([`StepByStep`], any game), or, when its
/// collectors want landings at most, through the game's own bulk
/// counting ([`Bulk`], a [`Tallied`] game, sampled otherwise). Chosen at
/// compile time by the entry point, so the inner loop stays
/// monomorphized.
trait Path<G: BoardGame>: Copy + Sync {
    /// Whether this path counts landings in bulk at all.
    const BULK: bool;

    /// How chance is played step by step.
    type Chance: ChancePath<G>;

    /// Its value.
    fn chance_path(self) -> Self::Chance;

    fn chance<R: tabula_core::rand::Rng + ?Sized>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        tally: &mut LandingTally,
    ) -> Option<u32>;

    fn games<R, S, F>(
        self,
        game: &G,
        games: std::ops::Range<u64>,
        limit: u32,
        stream: S,
        tally: &mut LandingTally,
        end: F,
    ) -> bool
    where
        R: tabula_core::rand::Rng,
        S: FnMut(u64) -> R,
        F: FnMut(u64, u32, &G::State);
}

/// Every game, step by step, its chance by `C`.
#[derive(Clone, Copy)]
struct StepByStep<C>(C);

impl<G: BoardGame, C: ChancePath<G>> Path<G> for StepByStep<C> {
    const BULK: bool = false;

    type Chance = C;

    #[inline(always)]
    fn chance_path(self) -> C {
        self.0
    }

    #[inline(always)]
    fn chance<R: tabula_core::rand::Rng + ?Sized>(
        self,
        _: &G,
        _: &mut G::State,
        _: &mut R,
        _: u32,
        _: &mut LandingTally,
    ) -> Option<u32> {
        None
    }

    #[inline(always)]
    fn games<R, S, F>(
        self,
        _: &G,
        _: std::ops::Range<u64>,
        _: u32,
        _: S,
        _: &mut LandingTally,
        _: F,
    ) -> bool
    where
        R: tabula_core::rand::Rng,
        S: FnMut(u64) -> R,
        F: FnMut(u64, u32, &G::State),
    {
        false
    }
}

/// A [`Tallied`] game's own bulk counting.
#[derive(Clone, Copy)]
struct Bulk;

impl<G: Tallied> Path<G> for Bulk {
    const BULK: bool = true;

    type Chance = Sampled;

    #[inline(always)]
    fn chance_path(self) -> Sampled {
        Sampled
    }

    #[inline(always)]
    fn chance<R: tabula_core::rand::Rng + ?Sized>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        tally: &mut LandingTally,
    ) -> Option<u32> {
        game.run_chance_tallied(state, rng, limit, tally)
    }

    #[inline(always)]
    fn games<R, S, F>(
        self,
        game: &G,
        games: std::ops::Range<u64>,
        limit: u32,
        stream: S,
        tally: &mut LandingTally,
        end: F,
    ) -> bool
    where
        R: tabula_core::rand::Rng,
        S: FnMut(u64) -> R,
        F: FnMut(u64, u32, &G::State),
    {
        game.run_games_tallied(games, limit, stream, tally, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Wins;
    use tabula_core::{GameRng, Seat};

    /// One decision: the move names the winner.
    struct Pick;

    impl BoardGame for Pick {
        type State = u8;
        type Move = u8;
        type Outcome = ();
        type Event = ();
        fn seats(&self) -> usize {
            2
        }
        fn initial_state(&self) -> u8 {
            0
        }
        fn status(&self, s: &u8) -> Status {
            match *s {
                0 => Status::Decision(0),
                w => Status::Over(GameResult::Win(usize::from(w - 1))),
            }
        }
        fn apply_chance<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
        fn apply_move<E: FnMut(())>(&self, s: &mut u8, m: u8, _: &mut E) {
            *s = m
        }
        fn legal_moves(&self, _: &u8, out: &mut Vec<u8>) {
            out.extend([1, 2])
        }
    }

    /// Remembers its games: seat 0 wins its first 100, seat 1 the rest.
    struct Learner(u64);

    impl Seating<Pick> for Learner {
        fn choose(&mut self, _: &Pick, _: &u8, _: Seat, _: &mut GameRng) -> Option<u8> {
            Some(if self.0 < 100 { 1 } else { 2 })
        }
        fn end_game(&mut self, _: &Pick, _: &u8) {
            self.0 += 1
        }
    }

    #[test]
    fn agents_that_remember_their_games_play_the_same_on_any_thread_count() {
        // Long enough for chunks above the smallest size: they must still
        // not depend on the thread count.
        let wins = |threads| {
            Simulation::new(3_000_000)
                .with_seed(1)
                .with_threads(threads)
                .run_with(&Pick, || Learner(0), Wins::new(2), &|_| {})
                .map(|run| run.collector.wins().to_vec())
        };
        let one = wins(1).unwrap();
        assert!(
            one[0] > 100,
            "several chunks, each with fresh agents: {one:?}"
        );
        for threads in [2, 3] {
            assert_eq!(wins(threads).unwrap(), one, "{threads} threads");
        }
    }

    /// Agents whose making waits on parallel work of its own (as a solve
    /// does): a worker waiting in that work starts other chunks meanwhile,
    /// which fold apart from its own. Every game is still counted once.
    /// (Whether a worker takes a chunk while it waits is up to rayon's
    /// scheduling: in two of three runs of this test some did, 8 and 9
    /// chunks; the counts must be right either way.)
    #[test]
    fn chunks_started_while_a_worker_waits_are_each_counted_once() {
        let busy = |n: u64| (0..n).fold(0u64, |a, i| a.wrapping_mul(31).wrapping_add(i));
        let wins = |threads| {
            let mut sim = Simulation::new(200_000).with_seed(2).with_threads(threads);
            sim.chunk = 100;
            sim.run_with(
                &Pick,
                || {
                    // The first half sleeps, so another worker takes the
                    // second, and this one, waiting for it, takes chunks.
                    let ((), b) = rayon::join(
                        || std::thread::sleep(Duration::from_micros(300)),
                        || busy(300_000),
                    );
                    std::hint::black_box(b);
                    Learner(0)
                },
                Wins::new(2),
                &|_| {},
            )
            .map(|run| run.collector.wins().to_vec())
        };
        let one = wins(1).unwrap();
        assert_eq!(one.iter().sum::<u64>(), 200_000);
        for threads in [2, 4, 4, 4, 4] {
            assert_eq!(wins(threads).unwrap(), one, "{threads} threads");
        }
    }
}
