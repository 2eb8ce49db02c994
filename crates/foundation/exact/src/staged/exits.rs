//! What one stage ends in when fixed policies play it: the next stages'
//! starts and finished games with their probabilities (for a turn, the
//! distribution of what it scores).

use std::fmt::Debug;
use std::hash::Hash;

use rayon::prelude::*;

use tabula_core::BoardGame;

use super::sweep::{Sweep, push_forward};
use super::template::explore;
use super::{Play, Stages, policy_probabilities};
use crate::{ExactError, Limits};

/// The states one stage can end in from `start`, with their
/// probabilities, when every seat that decides in it follows a fixed
/// policy (`plays`, one per seat): the next stages' starts and finished
/// games, in the order the stage's exploration meets them. For a turn,
/// the distribution of what it scores.
///
/// Fails as [`Staged::solve`](crate::Staged::solve) does; a seat that would maximise is
/// [`ExactError::NoPolicy`], and a stage with a cycle is
/// [`ExactError::Stages`].
pub fn stage_exits<G, S>(
    game: &G,
    stages: &S,
    start: &G::State,
    plays: &[Play<'_, G>],
    limits: &Limits,
) -> Result<Vec<(G::State, f64)>, ExactError>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Sync,
    S: Stages<G>,
{
    let mut each = stage_exits_each(game, stages, start, &[plays.to_vec()], limits)?;
    Ok(each.pop().unwrap_or_default())
}

/// The states a stage ends in, with their probabilities, for each way
/// of playing it ([`stage_exits_each`]).
pub type ExitsEach<G> = Vec<Vec<(<G as BoardGame>::State, f64)>>;

/// [`stage_exits`] for several ways of playing the same stage (one list
/// of plays per way, one play per seat): the stage is explored once, the
/// ways are played on it in parallel, and the answers come in their
/// order.
pub fn stage_exits_each<G, S>(
    game: &G,
    stages: &S,
    start: &G::State,
    each: &[Vec<Play<'_, G>>],
    limits: &Limits,
) -> Result<ExitsEach<G>, ExactError>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Sync,
    S: Stages<G>,
{
    let Some(first) = each.first() else {
        return Ok(Vec::new());
    };
    let (t, exit_states) = explore(game, stages, first, start, limits)?;
    if t.cyclic {
        return Err(ExactError::Stages {
            what: format!("the stage from {start:?} has a cycle; its exits need a solve"),
        });
    }
    each.par_iter()
        .map_init(Sweep::default, |scratch: &mut Sweep<G::Move>, plays| {
            // Every seat deciding follows a policy: a seat that maximises
            // has no moves of its own to follow here.
            if let Some(&seat) = t
                .seats
                .iter()
                .find(|&&s| plays.get(s).and_then(Play::policy).is_none())
            {
                return Err(ExactError::NoPolicy {
                    seat,
                    policies: plays.len(),
                    state: format!("{start:?}"),
                });
            }
            let mut moves = std::mem::take(&mut scratch.moves);
            let dist = push_forward(
                &t,
                &mut scratch.reach,
                &mut scratch.moves_buf,
                |node, seat, buf| {
                    let policy = plays.get(seat).and_then(Play::policy);
                    let policy = policy.ok_or_else(|| ExactError::NoPolicy {
                        seat,
                        policies: plays.len(),
                        state: format!("{start:?}"),
                    })?;
                    let state = stages.join(game, start, &t.locals[node]);
                    policy_probabilities(
                        game,
                        policy,
                        &state,
                        seat,
                        t.edges(node).len(),
                        &mut moves,
                        buf,
                    )
                },
            );
            scratch.moves = moves;
            Ok(exit_states.iter().cloned().zip(dist?).collect())
        })
        .collect()
}
