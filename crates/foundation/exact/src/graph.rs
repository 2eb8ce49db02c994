//! The steps out of one state, as every exact solver takes them: the
//! states one step from a state (each chance outcome, checked to be a
//! distribution, or each legal move, of which there must be some), a
//! policy's probabilities checked to be a distribution over the moves,
//! and the limits on a graph's size. The [state-graph
//! builder](crate::explore) ([`Chain`](crate::Chain),
//! [`Optimal`](crate::Optimal), [`Staged`](crate::Staged)) and
//! [`DenseOptimal`](crate::DenseOptimal) step with these.

use std::fmt::Debug;

use tabula_core::{Agent, BoardGame, Chance, Seat, Status};

use crate::ExactError;

/// The states one step from `state`, whose status is `status`, onto
/// `out` with their probabilities (1 for a move): every chance outcome,
/// or every legal move; nothing for a finished game. `outcomes` and
/// `moves` are scratch.
pub(crate) fn successors<G: BoardGame>(
    game: &G,
    state: &G::State,
    status: Status,
    outcomes: &mut Vec<Chance<G::Outcome>>,
    moves: &mut Vec<G::Move>,
    out: &mut Vec<(f64, G::State)>,
) -> Result<(), ExactError>
where
    G::State: Debug,
{
    match status {
        Status::Over(_) => {}
        Status::Chance => {
            outcomes.clear();
            game.chance_outcomes(state, outcomes);
            check_chances(state, outcomes)?;
            for c in outcomes.iter() {
                let mut next = state.clone();
                game.apply_chance(&mut next, c.outcome, &mut |_| {});
                out.push((c.probability, next));
            }
        }
        Status::Decision(seat) => {
            legal_moves(game, state, seat, moves)?;
            for m in moves.drain(..) {
                let mut next = state.clone();
                game.apply_move(&mut next, m, &mut |_| {});
                out.push((1.0, next));
            }
        }
    }
    Ok(())
}

/// The legal moves of `seat` at `state` into `moves` (cleared first):
/// [`ExactError::NoMoves`] if there are none.
pub(crate) fn legal_moves<G: BoardGame>(
    game: &G,
    state: &G::State,
    seat: Seat,
    moves: &mut Vec<G::Move>,
) -> Result<(), ExactError>
where
    G::State: Debug,
{
    moves.clear();
    game.legal_moves(state, moves);
    if moves.is_empty() {
        return Err(ExactError::NoMoves {
            seat,
            state: format!("{state:?}"),
        });
    }
    Ok(())
}

/// Chance outcomes must be a probability distribution: some, none
/// negative or NaN, summing to one.
pub(crate) fn check_chances<S: Debug, O>(
    state: &S,
    outcomes: &[Chance<O>],
) -> Result<(), ExactError> {
    let total: f64 = outcomes.iter().map(|c| c.probability).sum();
    if outcomes.is_empty()
        || (total - 1.0).abs() > 1e-9
        || outcomes
            .iter()
            .any(|c| c.probability.is_nan() || c.probability < 0.0)
    {
        return Err(ExactError::Probabilities {
            state: format!("{state:?}"),
            total,
        });
    }
    Ok(())
}

/// A rule's probabilities for `moves`, the legal moves at `state`,
/// into `out` (cleared first), checked: given at all (the agent is a
/// rule, [`Agent::probabilities`]), one per move (and `count` of them,
/// where given), none negative or NaN, summing to one.
pub(crate) fn policy_probabilities<G: BoardGame>(
    game: &G,
    policy: &dyn Agent<G>,
    state: &G::State,
    seat: Seat,
    moves: &[G::Move],
    count: Option<usize>,
    out: &mut Vec<f64>,
) -> Result<(), ExactError>
where
    G::State: Debug,
{
    out.clear();
    if !policy.probabilities(game, state, seat, moves, out) {
        return Err(ExactError::NotARule {
            seat,
            state: format!("{state:?}"),
        });
    }
    let total: f64 = out.iter().sum();
    if out.len() != moves.len()
        || count.is_some_and(|c| c != moves.len())
        || (total - 1.0).abs() > 1e-9
        || out.iter().any(|p| p.is_nan() || *p < 0.0)
    {
        return Err(ExactError::Policy {
            seat,
            state: format!("{state:?}"),
            moves: moves.len(),
            probabilities: out.clone(),
        });
    }
    Ok(())
}

/// [`ExactError::TooLarge`] when a graph that holds `used` of `what`
/// would hold one more than `limit`.
pub(crate) fn room(used: usize, limit: usize, what: &'static str) -> Result<(), ExactError> {
    if used >= limit {
        return Err(ExactError::TooLarge { what, limit });
    }
    Ok(())
}
