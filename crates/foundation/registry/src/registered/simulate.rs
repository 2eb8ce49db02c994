//! The generic simulation of a variant: the named agents in the seats,
//! the harness's threads, the generic collectors (each seat's standing,
//! game lengths), a split run's part or merge.

use std::sync::Arc;

use tabula_core::Agent;
use tabula_sim::{LengthOf, Lengths, Simulation, Standing};

use super::Built;
use crate::kind::Rules;
use crate::kind::{SeatFigures, SimulationData, SimulationPlan};
use crate::progress::Run;
use crate::{Error, Io};

type Collectors<G> = (Standing<G>, Lengths, Lengths, Lengths);

pub(super) fn run<G: Rules, P: tabula_play::PlayPaths<G> + Default>(
    v: &Built<G>,
    plan: &SimulationPlan,
    io: &mut Io<'_>,
) -> Result<SimulationData, Error> {
    let game: Arc<G> = v.game.clone();
    let mut sim = Simulation::new(plan.games)
        .with_seed(plan.seed)
        .with_max_steps(plan.max_steps);
    if let Some(t) = plan.threads {
        sim = sim.with_threads(t);
    }
    let collectors: Collectors<G> = (
        Standing::new(game.clone()),
        Lengths::new(LengthOf::Steps),
        Lengths::new(LengthOf::ChanceSteps),
        Lengths::new(LengthOf::Decisions),
    );
    let names = &plan.agents;
    let make = || -> Vec<Box<dyn Agent<G>>> {
        names
            .iter()
            // Each was built once before the run ([`Variant::check_agents`]),
            // so this cannot fail but for a builder that fails at random;
            // such a seat plays nothing and the harness reports that it
            // has no agent.
            .filter_map(|n| tabula_play::agents::build(&*game, n).ok())
            .collect()
    };
    let empty = collectors.clone();
    let meter = io.progress.clone();
    let run = crate::shard::simulation::<G, _>(&mut io.shard, sim, plan.shard, empty, |sim| {
        let progress = meter.start_run(&Run::new(
            "simulation",
            crate::shard::part_games(sim),
            "games",
        ));
        let run = sim.run_on(P::default(), &*game, make, collectors, &|d| {
            progress.tick(d)
        })?;
        drop(progress);
        Ok(run)
    })?;
    let (standing, steps, chance, moves) = run.collector;
    let seats = (0..game.seats())
        .map(|s| SeatFigures {
            wins: standing.seat(s).wins,
            ties: standing.seat(s).ties,
            win_share: standing.win_share(s),
            mean_score: standing.mean_score(s),
            mean_rank: standing.mean_rank(s),
        })
        .collect();
    let has_moves = moves.max().unwrap_or(0) > 0;
    Ok(SimulationData {
        games: run.games,
        seed: run.seed,
        threads: run.threads,
        wall_time: run.wall_time,
        finished: standing.finished(),
        capped: standing.capped(),
        seats,
        steps: steps.summary(),
        chance_steps: chance.summary(),
        moves: if has_moves { moves.summary() } else { None },
    })
}
