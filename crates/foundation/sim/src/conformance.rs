//! A conformance check every game should pass: random playouts in which
//! every chance point lists outcomes with probabilities that sum to one,
//! sampling only ever gives a listed outcome, applying anything to a clone
//! leaves the original untouched, and every playout ends; and the game
//! the harness plays for a seed by the game's [`ChancePath`]
//! ([`ChancePath::run`]: its listed outcomes, or its own
//! [`Sampling`](crate::Sampling)) is the one played when each outcome is
//! watched ([`ChancePath::run_observed`]), whose outcomes replay to the
//! same end: the fast path and the plain one play the same game from the
//! same stream.
//!
//! ```
//! use tabula_sim::{Listed, conformance::check_chance_game};
//! # use tabula_core::{BoardGame, Chance, GameResult, Status};
//! # struct Coin;
//! # impl BoardGame for Coin {
//! #     type State = bool; type Move = std::convert::Infallible; type Outcome = bool; type Event = ();
//! #     fn seats(&self) -> usize { 1 }
//! #     fn initial_state(&self) -> bool { false }
//! #     fn status(&self, s: &bool) -> Status { if *s { Status::Over(GameResult::Win(0)) } else { Status::Chance } }
//! #     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) {
//! #         out.push(Chance { outcome: true, probability: 0.5 });
//! #         out.push(Chance { outcome: false, probability: 0.5 });
//! #     }
//! #     fn apply_chance<E: FnMut(())>(&self, s: &mut bool, o: bool, _: &mut E) { *s = o }
//! #     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Self::Move, _: &mut E) { match m {} }
//! # }
//! check_chance_game(Listed, &Coin, 100, 1, 10_000)?;
//! # Ok::<_, tabula_sim::SimError>(())
//! ```

use tabula_core::rand::Rng;
use tabula_core::{BoardGame, Status, game_rng};

use crate::SimError;
use crate::chance::{ChanceObserver, ChancePath};

/// Plays `playouts` random games of a game decided by chance alone (no
/// agents), its chance by `chance` (the game's path:
/// [`chance_path!`](crate::chance_path) finds it), checking every chance
/// point; then plays game `index` of `seed` for each playout both as the
/// harness does ([`ChancePath::run`]) and watched outcome by outcome
/// ([`ChancePath::run_observed`]), and checks that they are one game: the
/// same outcomes played, the same events reported, the same final state,
/// the random stream left at the same place, and the watched outcomes,
/// applied one by one, reach that state. Returns what went wrong first.
pub fn check_chance_game<G, C>(
    chance: C,
    game: &G,
    playouts: u64,
    seed: u64,
    max_steps: u32,
) -> Result<(), SimError>
where
    G: BoardGame,
    C: ChancePath<G>,
    G::State: PartialEq + std::fmt::Debug,
    G::Outcome: PartialEq,
{
    let mut outcomes = Vec::new();
    for index in 0..playouts {
        let mut rng = game_rng(seed, index);
        let mut state = game.initial_state();
        let mut steps = 0;
        loop {
            match game.status(&state) {
                Status::Over(_) => break,
                Status::Decision(seat) => {
                    return Err(SimError::Conformance(format!(
                        "game {index}: seat {seat} must decide in a chance-only game"
                    )));
                }
                Status::Chance => {}
            }
            if steps >= max_steps {
                return Err(SimError::Conformance(format!(
                    "game {index}: still running after {max_steps} steps"
                )));
            }
            outcomes.clear();
            game.chance_outcomes(&state, &mut outcomes);
            if outcomes.is_empty() {
                return Err(SimError::Conformance(format!(
                    "game {index}: a chance point lists no outcomes"
                )));
            }
            let total: f64 = outcomes.iter().map(|c| c.probability).sum();
            if (total - 1.0).abs() > 1e-9
                || outcomes
                    .iter()
                    .any(|c| c.probability.is_nan() || c.probability <= 0.0)
            {
                return Err(SimError::Conformance(format!(
                    "game {index}: outcome probabilities sum to {total}"
                )));
            }
            let Some(outcome) = chance.sample(game, &state, &mut rng, &mut Vec::new()) else {
                return Err(SimError::Conformance(format!(
                    "game {index}: sampling gave no outcome"
                )));
            };
            if !outcomes.iter().any(|c| c.outcome == outcome) {
                return Err(SimError::Conformance(format!(
                    "game {index}: sampled {outcome:?}, which is not listed"
                )));
            }
            let before = state.clone();
            let mut copy = state.clone();
            game.apply_chance(&mut copy, outcome, &mut |_| {});
            if state != before {
                return Err(SimError::Conformance(format!(
                    "game {index}: applying to a clone changed the original"
                )));
            }
            state = copy;
            steps += 1;
        }
        one_game_watched_or_not(chance, game, seed, index, max_steps)?;
    }
    Ok(())
}

/// Sees a run of chance: the outcomes shown and the events reported.
struct Watched<O> {
    outcomes: Vec<O>,
    events: u64,
}

impl<G: BoardGame> ChanceObserver<G> for Watched<G::Outcome> {
    fn outcome(&mut self, _: &G::State, outcome: &G::Outcome) {
        self.outcomes.push(*outcome);
    }
    fn event(&mut self, _: G::Event) {
        self.events += 1;
    }
}

/// Game `index` of `seed` played by [`ChancePath::run`] and by
/// [`ChancePath::run_observed`]: one game (see [`check_chance_game`]).
fn one_game_watched_or_not<G, C>(
    chance: C,
    game: &G,
    seed: u64,
    index: u64,
    max_steps: u32,
) -> Result<(), SimError>
where
    G: BoardGame,
    C: ChancePath<G>,
    G::State: PartialEq + std::fmt::Debug,
{
    let mut scratch = Vec::new();
    let (mut quiet, mut rng) = (game.initial_state(), game_rng(seed, index));
    let mut events = 0u64;
    let played = chance.run(
        game,
        &mut quiet,
        &mut rng,
        max_steps,
        &mut |_| events += 1,
        &mut scratch,
    );
    let next = rng.next_u64();
    let (mut seen, mut rng) = (game.initial_state(), game_rng(seed, index));
    let mut watched = Watched {
        outcomes: Vec::new(),
        events: 0,
    };
    let observed = chance.run_observed(
        game,
        &mut seen,
        &mut rng,
        max_steps,
        &mut watched,
        &mut scratch,
    );
    if (observed, &seen, watched.events, rng.next_u64()) != (played, &quiet, events, next) {
        return Err(SimError::Conformance(format!(
            "game {index}: played as the harness plays it, {played} outcomes, {events} events, \
             to {quiet:?}; watched, {observed} outcomes, {} events, to {seen:?}: \
             run_chance and run_chance_observed must draw the same outcomes",
            watched.events
        )));
    }
    if watched.outcomes.len() != observed as usize {
        return Err(SimError::Conformance(format!(
            "game {index}: run_chance_observed played {observed} outcomes and showed {}",
            watched.outcomes.len()
        )));
    }
    let mut replayed = game.initial_state();
    for outcome in watched.outcomes {
        game.apply_chance(&mut replayed, outcome, &mut |_| {});
    }
    if replayed != seen {
        return Err(SimError::Conformance(format!(
            "game {index}: the outcomes shown replay to {replayed:?}, not {seen:?}"
        )));
    }
    Ok(())
}
