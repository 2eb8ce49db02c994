//! A game's own simulation ([`GameBuilder::simulation`](crate::GameBuilder::simulation)):
//! the collectors it counts with, the fast path it plays them on and the
//! report it makes of them, in place of the generic ones. The verb keeps
//! the rest: its options, the run's plan (games, seed, threads, step
//! cap), progress, and `--shard` with `tabula merge`. Snakes' `simulate`
//! is the generic verb with Snakes' simulation: its landing tally, game
//! lengths and notable games, counted on the harness's bulk path
//! ([`tabula_sim::Tallied`]), reported as specification 000 asks.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_sim::{Run as SimRun, Simulation};

use crate::args::Values;
use crate::kind::Rules;
use crate::kind::SimulationPlan;
use crate::progress::Run;
use crate::{Error, Io, Report};

/// A game's own simulation.
pub trait Simulator<G: Rules>: Send + Sync + 'static {
    /// What it counts, merged over threads and the parts of a split run
    /// (its serialized form is a part file's `collector`).
    type Collector: tabula_sim::Collector<G> + Clone + Send + Sync + Serialize + DeserializeOwned;

    /// The collectors of a run of `plan`, after checking the game's own
    /// options in `values` (a refusal comes before any game is played);
    /// it may change the plan's step cap (Snakes' `--max-throws`).
    fn collectors(
        &self,
        game: &G,
        plan: &mut SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Self::Collector, Error>;

    /// Plays `sim` into `collector` on the game's fast path, reporting
    /// the games done to `tick`.
    fn run(
        &self,
        game: &G,
        sim: &Simulation,
        collector: Self::Collector,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<SimRun<Self::Collector>, Error>;

    /// The report of the run.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        game: &G,
        parameters: &G::Parameters,
        run: SimRun<Self::Collector>,
        sim: &Simulation,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn Report>, Error>;
}

/// A registration's own simulation, erased.
pub(crate) trait SimulationErased<G: Rules>: Send + Sync {
    fn run(
        &self,
        game: &G,
        p: &G::Parameters,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn Report>, Error>;
}

/// A game's [`Simulator`], as the registration holds it.
pub(crate) struct Own<S>(pub S);

impl<G: Rules, S: Simulator<G>> SimulationErased<G> for Own<S> {
    fn run(
        &self,
        game: &G,
        p: &G::Parameters,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn Report>, Error> {
        let mut plan = plan.clone();
        let empty = self.0.collectors(game, &mut plan, values, io)?;
        let mut sim = Simulation::new(plan.games)
            .with_seed(plan.seed)
            .with_max_steps(plan.max_steps);
        if let Some(t) = plan.threads {
            sim = sim.with_threads(t);
        }
        let meter = io.progress.clone();
        // A part plays its games; `tabula merge` merges the parts' instead.
        let run = crate::shard::simulation::<G, _>(
            &mut io.shard,
            sim.clone(),
            plan.shard,
            empty.clone(),
            |sim| {
                let progress = meter.start_run(&Run::new(
                    "simulation",
                    crate::shard::part_games(sim),
                    "games",
                ));
                self.0
                    .run(game, sim, empty.clone(), &|done| progress.tick(done))
            },
        )?;
        self.0.report(game, p, run, &sim, &plan, values, io)
    }
}
