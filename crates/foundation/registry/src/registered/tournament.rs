//! The tournament of a variant: the game's set-up applied, its exact
//! solver beside the sampled results, its tally of each seating.

use serde::Serialize;
use tabula_play::tournament::{Chances, Entrant, GameId, Standings};

use super::Built;
use crate::kind::Rules;
use crate::kind::{TournamentRun, Variant as _};
use crate::play::{ScoringArg, TournamentArgs};
use crate::tally::{MaybeTallying, Tally};
use crate::{Error, Io};

pub(super) fn run<G: Rules, P: tabula_play::PlayPaths<G> + Default>(
    v: &Built<G>,
    mut t: TournamentArgs,
    io: &mut Io<'_>,
) -> Result<TournamentRun, Error> {
    let (game, p, caps) = (&*v.game, &v.p, &*v.caps);
    if let Some(configure) = caps.tournament.configure {
        configure(game, &mut t.options);
    }
    if let Some(check) = caps.tournament.check {
        check(game, p, t.games)?;
    }
    let entrants = t.entrants(game)?;
    let asked = crate::args::Values::new();
    let within = crate::solve::Within::new(
        t.options.max_states,
        crate::exact::Budget::default(),
        &asked,
    );
    // The one place exact answers come from: the game's solvers, then
    // the generic ones.
    let solve = |names: &[&str]| -> Result<Vec<Chances>, String> {
        let names: Vec<String> = names.iter().map(ToString::to_string).collect();
        let query = crate::solve::Query::Distribution {
            agents: &names,
            lengths: false,
        };
        match v.ask(&query, &within) {
            Some(Ok(crate::solve::Answered::Distribution(d))) => Ok(match d.solution {
                Some(_) => d.chances,
                // A game's own method's chances: the expected totals
                // are not the standings'.
                None => d
                    .chances
                    .into_iter()
                    .map(|c| Chances { score: None, ..c })
                    .collect(),
            }),
            Some(Ok(_)) => Err("the solver gave no chances".into()),
            Some(Err(e)) => Err(e.to_string()),
            None => Err("the game's state is not hashable, so it is not solved".into()),
        }
    };
    let solvable = caps.found.exact.is_some() || !caps.solvers.is_empty();
    let exact = (t.options.exact && solvable).then_some(&solve as crate::play::ExactSolver<'_>);
    let run = Run {
        paths: P::default(),
        t: &t,
        game,
        entrants: &entrants,
        exact,
    };
    // One collector type whether or not the game tallies (compiled once).
    let rule = caps.tally;
    let (standings, tallies) = run.play(io, &|id: &GameId| MaybeTallying::<G>::new(id, rule))?;
    let tallies: Vec<Vec<Tally>> = match rule {
        None => Vec::new(),
        Some(_) => tallies
            .into_iter()
            .map(|t| {
                t.into_iter()
                    .map(|t| t.0.map(|t| t.tally).unwrap_or_default())
                    .collect()
            })
            .collect(),
    };
    Ok(TournamentRun {
        games: t.games,
        seed: t.seed,
        standings,
        tallies,
    })
}

/// What one run of a tournament needs, whatever it collects.
struct Run<'a, G: Rules, P> {
    /// The game's paths, for its referee.
    paths: P,
    t: &'a TournamentArgs,
    game: &'a G,
    entrants: &'a [Entrant<G>],
    exact: Option<crate::play::ExactSolver<'a>>,
}

impl<G: Rules, P: tabula_play::PlayPaths<G>> Run<'_, G, P> {
    /// Plays the tournament, collecting what `collector` makes for each
    /// seating.
    #[allow(clippy::type_complexity)]
    fn play<C>(
        &self,
        io: &mut Io<'_>,
        collector: &(dyn Fn(&GameId) -> C + Sync),
    ) -> Result<(Standings, Vec<Vec<C>>), Error>
    where
        C: tabula_sim::Collector<G> + Send + Clone + Serialize + serde::de::DeserializeOwned,
    {
        self.t.options.run(
            &mut io.shard,
            &*io.progress,
            self.game,
            self.entrants,
            self.t.engine(),
            ScoringArg::Points,
            collector,
            self.exact,
            self.paths,
        )
    }
}
