//! `simulate` for a game that never ends (Monopoly's token going round
//! the board): its long run sampled. The run is laid out as independent
//! games of equal length, each counted after a warm-up of uncounted turns
//! (so that its start does not bias the long-run figures), and the exact
//! long run (the stationary distribution of the game's chain, as
//! `analyze` solves it) is solved first, to stand beside what is
//! sampled. The game says what it counts of each game
//! ([`LongRunSampling::Tally`]) and what it reports; the verb brings the
//! options, the plan of the run, its threads and seeds, its progress, and
//! `--shard` with `tabula merge`.

use super::*;
use crate::progress::{Run, seconds_budget};
use crate::{Command, Io, Kind, Report};
use serde::de::DeserializeOwned;
use tabula_exact::{Chain, Limits, Stationary};

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

/// What a game that never ends gives the generic `simulate` to sample its
/// long run: what it counts of each game and what it reports. Name it in
/// [`register_game!`](crate::register_game)'s `sampler:`, which registers
/// `simulate` as [`SampleLongRun`]. The game is one of chance alone (no
/// agents are seated), and its [`Extension::long_run_marks`] mark its
/// chain, as for `analyze`.
pub trait LongRunSampling<G: Rules + Clone>: Sync + 'static {
    /// What is counted of the games, merged over threads and over the
    /// parts of a split run (its serialized form is a part file's
    /// `collector`).
    type Tally: tabula_sim::Collector<G> + Clone + Send + Sync + Serialize + DeserializeOwned;

    /// More options of `simulate` (Monopoly's `--shuffled-decks`). The
    /// default adds none.
    fn arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// More of `simulate --help`: what the figures are, an example. The
    /// default says nothing more.
    fn help(&self) -> &'static str {
        ""
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

/// `tabula simulate GAME` for a game that never ends: its long run
/// sampled beside the exact one.
pub struct SampleLongRun<G: 'static, S: 'static, P: 'static> {
    defaults: Defaults,
    extension: &'static dyn Extension<G>,
    sampling: &'static S,
    paths: fn() -> P,
}

impl<G, S, P> SampleLongRun<G, S, P> {
    /// The verb with these defaults, the game's extension (its
    /// [`long_run_marks`](Extension::long_run_marks)), its sampling, and
    /// its paths (as for [`Simulate::new`](super::Simulate::new)).
    pub const fn new(
        defaults: Defaults,
        extension: &'static dyn Extension<G>,
        sampling: &'static S,
        paths: fn() -> P,
    ) -> Self {
        SampleLongRun {
            defaults,
            extension,
            sampling,
            paths,
        }
    }
}

crate::arguments! {
    /// The options of the long-run `simulate` besides the game's.
    #[derive(Clone, Debug)]
    struct SampleOptions {
        /// Turns to count (after each game's warm-up).
        #[arg(long, default_value_t = 1_000_000, range = 1..=10_000_000_000)]
        turns: u64,
        /// Seed that fixes the whole run.
        #[arg(long, default_value_t = crate::DEFAULT_SEED)]
        seed: u64,
        /// Worker threads [default: one per core]; the numbers do not depend on it.
        #[arg(long, range = 1..=1024)]
        threads: Option<u16>,
        /// Give up past this many states of the chain.
        #[arg(long, default_value_t = 100_000, range = 1..=100_000_000)]
        max_states: u64,
        /// Time budget of each phase of the exact solve, in seconds. 0: no limit.
        #[arg(long, default_value_t = 60, value_name = "SECONDS")]
        max_time: u64,
        /// Play only part K of N of the run's games (K from 1), for another
        /// machine to play the rest; `tabula merge` combines the parts' JSON
        /// outputs into the whole run's report.
        #[arg(long, value_name = "K/N")]
        shard: Option<ShardArg>,
    }
}

/// The generic help of the long-run `simulate`.
const HELP: &str = "The game never ends, so its long run is sampled: about --turns turns, split into independent games \
(at least 100, at most 10,000 counted turns each), each counted after a warm-up of 100 turns; standard errors come from \
the spread between games. The exact long run (the stationary distribution of the game's chain, as analyze solves it) \
stands beside the sampled figures.\n\
--shard K/N plays part K of N of the run's games; tabula merge combines the parts' --format json outputs into \
exactly the whole run's report.";

impl<G, S, P> Command for SampleLongRun<G, S, P>
where
    G: Rules + Clone,
    G::State: Hash + Eq + std::fmt::Debug,
    S: LongRunSampling<G>,
    P: tabula_play::PlayPaths<G>,
{
    fn verb(&self) -> &'static str {
        "simulate"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        Kind::Report { pictures: true }
    }

    fn arguments(&self) -> Arguments {
        let command = Arguments::new();
        let help = match self.sampling.help() {
            "" => HELP.to_string(),
            more => format!("{HELP}\n{more}"),
        };
        let command =
            SampleOptions::augment(with_parameters::<G::Parameters>(command)).after_help(help);
        self.sampling.arguments(command)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let (game, p) = game::<G>(values)?;
        let o = SampleOptions::from_values(values)?;
        let marks = self.extension.long_run_marks().unwrap_or(|_, _| {});
        let solving = io.progress.start_solve("exact analysis");
        let limits = Limits {
            max_states: usize::try_from(o.max_states).unwrap_or(usize::MAX),
            max_time: seconds_budget(o.max_time),
            progress: solving.sink(),
            ..Limits::default()
        };
        let chain: Chain<G, u64> = Chain::explore(&game, &limits, marks)?;
        let stationary = chain.stationary(&limits)?;
        drop(solving);
        let sampled = self.sampling.sampled(&game, values)?;
        let plan = LongRunPlan::new(o.turns, o.seed);
        let sim = plan.simulation(o.threads.map(usize::from));
        let playing = self.sampling.with_turns(&sampled, plan.budget());
        let tally = self.sampling.tally(&playing, plan.warmup);
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
                (self.paths)(),
                &playing,
                || tabula_sim::NoAgents,
                tally,
                &tick,
            )?)
        })?;
        let report =
            self.sampling
                .report(&sampled, &p, &chain, &stationary, &run.collector, &plan)?;
        Ok(Some(report))
    }
}
