//! A game that never ends (Monopoly's token going round the board):
//! `analyze` solves its long run, the stationary distribution of its
//! chain ([`LongRun`], [`GameBuilder::long_run`](crate::GameBuilder::long_run)),
//! and `simulate` samples it ([`LongRunSampling`],
//! [`GameBuilder::sampler`](crate::GameBuilder::sampler)). The sample is
//! laid out as independent games of equal length, each counted after a
//! warm-up of uncounted turns (so that its start does not bias the
//! long-run figures), and the exact long run is solved first, to stand
//! beside what is sampled. The game says what it counts of each game
//! ([`LongRunSampling::Tally`]) and what it reports; the framework brings
//! the options, the plan of the run, its threads and seeds, its progress,
//! and `--shard` with `tabula merge`.

use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_exact::{Chain, Limits, Stationary};
use tabula_sim::Simulation;

use crate::args::{Arguments, Values};
use crate::kind::{LongRunData, LongRunOptions, Rules};
use crate::progress::{Run, seconds_budget};
use crate::solve::{Answer, Query, Solve, Within};
use crate::{Error, Extra, Io, Report};

/// Turns each game plays before it is counted.
pub const WARMUP: u32 = 100;
/// The most counted turns in one game.
pub const MAX_TURNS_PER_GAME: u64 = 10_000;
/// The fewest games a run is split into (for the standard errors).
pub const MIN_GAMES: u64 = 100;

/// How `turns` counted turns are split into games: at least
/// [`MIN_GAMES`] games (fewer only if there are fewer turns), at most
/// [`MAX_TURNS_PER_GAME`] turns each; returns (games, turns per game).
pub fn split(turns: u64) -> (u64, u64) {
    let turns = turns.max(1);
    let games = turns.div_ceil(MAX_TURNS_PER_GAME).max(MIN_GAMES).min(turns);
    (games, turns.div_ceil(games))
}

/// The long run of a game that never ends: what to count of its events
/// and what the game reads off its chain.
pub struct LongRun<G: Rules> {
    /// Each event's marks (Monopoly marks the square a landing is on),
    /// counted per step of the chain.
    pub marks: fn(&G::Event, &mut Vec<u64>),
    /// Reads the game's figures off the chain and its stationary
    /// distribution into the report's data: keys, sections of text,
    /// pictures, its title.
    pub read: fn(&G, &G::Parameters, &Chain<G, u64>, &Stationary, &mut LongRunData),
}

/// The long-run solve of a registration, erased.
pub(crate) trait LongRunErased<G: Rules>: Send + Sync {
    fn marks(&self) -> fn(&G::Event, &mut Vec<u64>);
    /// The solve, a [`Solve`] answering [`Query::LongRun`].
    fn as_solve(&self) -> &dyn Solve<G>;
}

impl<G: Rules> LongRunErased<G> for LongRun<G>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    fn marks(&self) -> fn(&G::Event, &mut Vec<u64>) {
        self.marks
    }

    fn as_solve(&self) -> &dyn Solve<G> {
        self
    }
}

/// The framework's long run ([`Chain::stationary`]): the chain of every
/// state the game reaches, explored without asking that it end, and its
/// stationary distribution, within `--max-states` and `--max-time` (the
/// budget's seconds a phase); the game reads its figures off it.
impl<G: Rules> Solve<G> for LongRun<G>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    fn name(&self) -> &'static str {
        "long run"
    }

    fn answers(&self, _: &G, _: &G::Parameters, query: &Query<'_>) -> bool {
        matches!(query, Query::LongRun)
    }

    fn solve(
        &self,
        game: &G,
        p: &G::Parameters,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<G>, Error> {
        if !matches!(query, Query::LongRun) {
            return Err(crate::solve::unsupported(self.name(), query));
        }
        let solving = within.start_solve("exact analysis");
        let limits = Limits {
            max_states: usize::try_from(within.max_states).unwrap_or(usize::MAX),
            max_time: seconds_budget(within.budget.max_seconds),
            progress: solving.sink(),
            ..Limits::default()
        };
        let chain: Chain<G, u64> = Chain::explore(game, &limits, self.marks)?;
        let stationary: Stationary = chain.stationary(&limits)?;
        drop(solving);
        let mut data = LongRunData {
            states: chain.len(),
            iterations: stationary.iterations,
            residual: stationary.residual,
            marks_per_step: chain
                .mark_keys()
                .iter()
                .copied()
                .zip(stationary.marks.iter().copied())
                .collect(),
            title: None,
            extra: Extra::default(),
        };
        (self.read)(game, p, &chain, &stationary, &mut data);
        Ok(Answer::LongRun(data))
    }
}

/// What a game that never ends gives `simulate` to sample its long run:
/// what it counts of each game and what it reports. The game is one of
/// chance alone (no agents are seated), and its [`LongRun`] marks its
/// chain, as for `analyze`.
pub trait LongRunSampling<G: Rules + Clone>: Send + Sync + 'static {
    /// What is counted of the games, merged over threads and over the
    /// parts of a split run (its serialized form is a part file's
    /// `collector`).
    type Tally: tabula_sim::Collector<G> + Clone + Send + Sync + Serialize + DeserializeOwned;

    /// How the games' chance is played: [`tabula_sim::Sampled`] for a
    /// game that samples its own chance ([`tabula_sim::Sampling`]), as
    /// every other run of the game does, else [`tabula_sim::Listed`].
    /// A seed's figures depend on it.
    type Chance: tabula_sim::ChancePath<G> + Default;

    /// More options of `simulate` (Monopoly's `--shuffled-decks`) and
    /// more of its help. The default adds none.
    fn arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// The game to sample, as the game's own options ask, from the one
    /// solved exactly (Monopoly draws its cards from shuffled decks). The
    /// default samples the game solved.
    fn sampled(&self, game: &G, values: &Values) -> Result<G, Error> {
        let _ = values;
        Ok(game.clone())
    }

    /// The game ending itself after `turns` turns, its own unit of time
    /// (a turn of Monopoly: throws until no double, cards drawn).
    fn with_turns(&self, game: &G, turns: u32) -> G;

    /// A fresh tally for the games of `game`, each counted after its
    /// first `warmup` turns.
    fn tally(&self, game: &G, warmup: u32) -> Self::Tally;

    /// The report: the exact long run (`chain`, `stationary`) beside what
    /// `tally` counted in the run `plan` laid out; an error if the tally
    /// cannot be read (games stopped by the step cap, say).
    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        game: &G,
        parameters: &G::Parameters,
        chain: &Chain<G, u64>,
        stationary: &Stationary,
        tally: &Self::Tally,
        plan: &LongRunPlan,
    ) -> Result<Box<dyn Report>, Error>;
}

/// How a long-run sample is laid out: [`split`] into games, each
/// ending itself after its warm-up and counted turns.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LongRunPlan {
    /// The run's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Counted turns per game.
    pub turns_per_game: u64,
    /// Uncounted turns at the start of each game.
    pub warmup: u32,
    /// The counted turns asked for (`--turns`).
    pub turns_asked: u64,
    /// The step cap of each game: a guard far above any real game.
    pub max_steps: u32,
}

impl LongRunPlan {
    /// The run of about `turns` counted turns from `seed`.
    pub fn new(turns: u64, seed: u64) -> LongRunPlan {
        let (games, turns_per_game) = split(turns);
        let budget = u32::try_from(u64::from(WARMUP) + turns_per_game).unwrap_or(u32::MAX);
        LongRunPlan {
            seed,
            games,
            turns_per_game,
            warmup: WARMUP,
            turns_asked: turns,
            // The game ends itself after its turn budget; the step cap is
            // only a guard, far above any real game (a turn of Monopoly is
            // at most three throws and a few card draws).
            max_steps: budget.saturating_mul(64),
        }
    }

    /// The turns each game plays: its warm-up and its counted turns (for
    /// [`LongRunSampling::with_turns`]).
    pub fn budget(&self) -> u32 {
        u32::try_from(u64::from(self.warmup) + self.turns_per_game).unwrap_or(u32::MAX)
    }

    /// The simulation that plays the run, on `threads` threads (default:
    /// one per core; the figures do not depend on it).
    pub fn simulation(&self, threads: Option<usize>) -> Simulation {
        let sim = Simulation::new(self.games)
            .with_seed(self.seed)
            .with_max_steps(self.max_steps);
        match threads {
            Some(t) => sim.with_threads(t),
            None => sim,
        }
    }
}

/// A registration's sampling, erased.
pub(crate) trait SamplerErased<G: Rules>: Send + Sync {
    fn arguments(&self, command: Arguments) -> Arguments;
    fn run(
        &self,
        game: &G,
        p: &G::Parameters,
        marks: fn(&G::Event, &mut Vec<u64>),
        o: &LongRunOptions,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn Report>, Error>;
}

/// A game's [`LongRunSampling`], as the registration holds it.
pub(crate) struct Sampler<S>(pub S);

impl<G, S> SamplerErased<G> for Sampler<S>
where
    G: Rules + Clone,
    G::State: Hash + Eq + std::fmt::Debug,
    S: LongRunSampling<G>,
{
    fn arguments(&self, command: Arguments) -> Arguments {
        self.0.arguments(command)
    }

    fn run(
        &self,
        game: &G,
        p: &G::Parameters,
        marks: fn(&G::Event, &mut Vec<u64>),
        o: &LongRunOptions,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn Report>, Error> {
        let solving = io.progress.start_solve("exact analysis");
        let limits = Limits {
            max_states: usize::try_from(o.max_states).unwrap_or(usize::MAX),
            max_time: seconds_budget(o.max_time),
            progress: solving.sink(),
            ..Limits::default()
        };
        let chain: Chain<G, u64> = Chain::explore(game, &limits, marks)?;
        let stationary = chain.stationary(&limits)?;
        drop(solving);
        let sampled = self.0.sampled(game, values)?;
        let plan = LongRunPlan::new(o.turns, o.seed);
        let sim = plan.simulation(o.threads);
        let playing = self.0.with_turns(&sampled, plan.budget());
        let tally = self.0.tally(&playing, plan.warmup);
        // A part plays its games; `tabula merge` merges the parts' instead.
        let empty = tally.clone();
        let meter = io.progress.clone();
        let run = crate::shard::simulation::<G, _>(&mut io.shard, sim, o.shard, empty, |sim| {
            let progress = meter.start_run(&Run::new(
                "simulation",
                crate::shard::part_games(sim),
                "games",
            ));
            let tick = |done| progress.tick(done);
            Ok(sim.run_on(
                S::Chance::default(),
                &playing,
                || tabula_sim::NoAgents,
                tally,
                &tick,
            )?)
        })?;
        self.0
            .report(&sampled, p, &chain, &stationary, &run.collector, &plan)
    }
}
