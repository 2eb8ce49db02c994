//! The exact long-run figures: the game's Markov chain (cards drawn
//! uniformly) and its stationary distribution.

use serde::Serialize;
use tabula_exact::{Chain, ExactError, Limits, Stationary};

use crate::game::{Event, Monopoly};

/// The long-run figures of one token, exact.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Occupancy {
    /// `turn_end[s]`: the long-run share of turns that end on square `s`
    /// (Jail counts both in jail and just visiting).
    pub turn_end: Vec<f64>,
    /// The share of turns that end in jail.
    pub in_jail: f64,
    /// The share of turns that end just visiting the Jail square.
    pub just_visiting: f64,
    /// `per_throw[s]`: the long-run share of throws after which the token
    /// rests on `s` (its cards done): the figure tables that count "per
    /// roll" give. Counted before each throw, so a token in jail counts
    /// once per throw it makes there.
    pub per_throw: Vec<f64>,
    /// `landing[s]`: the long-run share of all landings that are on `s`.
    pub landing: Vec<f64>,
    /// Landings per turn, in the long run.
    pub landings_per_turn: f64,
    /// Chance steps (throws and card draws) per turn, in the long run.
    pub steps_per_turn: f64,
    /// States of the chain.
    pub states: usize,
    /// Iterations the stationary solve took.
    pub iterations: u32,
    /// Its residual `‖πP − π‖₁`.
    pub residual: f64,
}

/// Marks a landing with its square: the marks of the chain
/// [`occupancy_of`] reads.
pub fn landings(event: &Event, marks: &mut Vec<u64>) {
    if let Event::Landed(s) = event {
        marks.push(u64::from(*s));
    }
}

/// Solves `game` (which must not have a turn budget) exactly.
pub fn occupancy(game: &Monopoly, limits: &Limits) -> Result<Occupancy, ExactError> {
    let chain = Chain::explore(game, limits, landings)?;
    let stationary = chain.stationary(limits)?;
    Ok(occupancy_of(game, &chain, &stationary))
}

/// The long-run figures of `game` read off its chain (marked by
/// [`landings`]) and the chain's stationary distribution: what
/// `tabula analyze monopoly`, the generic `analyze` of a game that never
/// ends, reports.
pub fn occupancy_of(
    game: &Monopoly,
    chain: &Chain<Monopoly, u64>,
    stationary: &Stationary,
) -> Occupancy {
    let n = game.board().len();
    let jail = usize::from(game.board().jail());
    let mut turn_end = vec![0.0; n];
    let (mut in_jail, mut turns) = (0.0, 0.0);
    let mut per_throw = vec![0.0; n];
    for (i, &p) in stationary.distribution.iter().enumerate() {
        let state = chain.state(i);
        if state.draw.is_none() {
            per_throw[usize::from(state.square)] += p;
        }
        if state.turn_ended() {
            turn_end[usize::from(state.square)] += p;
            turns += p;
            if state.jail.is_some() {
                in_jail += p;
            }
        }
    }
    for v in &mut turn_end {
        *v /= turns;
    }
    in_jail /= turns;
    let throws: f64 = per_throw.iter().sum();
    for v in &mut per_throw {
        *v /= throws;
    }
    let mut landing = vec![0.0; n];
    for (k, &square) in chain.mark_keys().iter().enumerate() {
        if let Some(share) = usize::try_from(square)
            .ok()
            .and_then(|s| landing.get_mut(s))
        {
            *share += stationary.marks[k];
        }
    }
    let per_step: f64 = landing.iter().sum();
    for v in &mut landing {
        *v /= per_step;
    }
    Occupancy {
        just_visiting: turn_end[jail] - in_jail,
        turn_end,
        in_jail,
        per_throw,
        landing,
        landings_per_turn: per_step / turns,
        steps_per_turn: 1.0 / turns,
        states: chain.len(),
        iterations: stationary.iterations,
        residual: stationary.residual,
    }
}
