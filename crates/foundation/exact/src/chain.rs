//! Building the chain: every state reachable from the start through the
//! game's listed chance outcomes.

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;
use std::time::Duration;

use tabula_core::{BoardGame, Chance, GameResult, Status};

use crate::ExactError;
use crate::budget::{Clock, Progress, Stage};

/// How far an analysis may go before it gives up with a clear error
/// instead of a hang or running out of memory: states, transitions and
/// steps bound the memory and the work, `max_time` the wall-clock time.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The most states the chain may have.
    pub max_states: usize,
    /// The most transitions (state, outcome pairs) the chain may have.
    pub max_transitions: usize,
    /// The most chance steps a distribution is followed for.
    pub max_steps: u32,
    /// The walk stops once the probability that the game is still running
    /// is below this. The truncation error of any expectation is at most
    /// this times the expected remaining length from the worst state.
    pub tail: f64,
    /// The most (state, route) pairs a shortest-route search may track.
    pub max_routes: usize,
    /// The most wall-clock time each of [`Chain::build`], [`Chain::walk`]
    /// (and so [`Chain::solve`] and [`Chain::race`]) and
    /// [`Chain::shortest`] may take; `None` for no limit. Past it they
    /// fail with [`ExactError::OutOfTime`].
    pub max_time: Option<Duration>,
    /// Where long solves report how far they got (see [`Progress`]).
    pub progress: Option<Progress>,
    /// Iterative solvers ([`Chain::stationary`]) stop once their residual
    /// is at most this.
    pub tolerance: f64,
}

impl Limits {
    /// The default time budget of each phase of a solve.
    pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(60);
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 2_000_000,
            max_transitions: 20_000_000,
            max_steps: 1_000_000,
            tail: 1e-18,
            max_routes: 2_000_000,
            max_time: Some(Limits::DEFAULT_MAX_TIME),
            progress: None,
            tolerance: 1e-13,
        }
    }
}

/// One transition of the chain: a chance outcome, its probability, the
/// state it leads to and the marks its events left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transition<O> {
    /// The chance outcome (a throw).
    pub outcome: O,
    /// Its probability.
    pub probability: f64,
    /// Index of the state it leads to.
    pub target: u32,
    marks_start: u32,
    marks_len: u32,
}

/// The Markov chain of a chance game: its reachable states (indexed from
/// 0, the initial state first), the transitions out of each, and the
/// *marks* the game's events left on each transition.
///
/// Marks are what an analysis counts: the caller turns each event into
/// zero or more marks of its own type `M` (a landing on square 12, a ladder
/// from 1 to 38, a forfeited throw), and the chain interns them, so the
/// solver can report the expected number of each per game and group
/// routes by them without knowing anything about the game.
pub struct Chain<G: BoardGame, M> {
    states: Vec<G::State>,
    results: Vec<Option<GameResult>>,
    offsets: Vec<u32>,
    transitions: Vec<Transition<G::Outcome>>,
    marks: Vec<u32>,
    mark_keys: Vec<M>,
}

impl<G: BoardGame, M> std::fmt::Debug for Chain<G, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chain")
            .field("states", &self.states.len())
            .field("transitions", &self.transitions.len())
            .field("marks", &self.mark_keys.len())
            .finish()
    }
}

impl<G, M> Chain<G, M>
where
    G: BoardGame,
    G::State: Hash + Eq + Debug,
    M: Hash + Eq + Clone,
{
    /// Explores every state reachable from the game's initial state,
    /// following each listed chance outcome. `mark` turns an event into
    /// marks (push them to the vector).
    ///
    /// Fails if a reachable state waits for a player's decision (the chain
    /// has no policy to follow), lists no outcomes, lists probabilities
    /// that do not sum to one, or if the chain outgrows `limits`.
    pub fn build(
        game: &G,
        limits: &Limits,
        mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        let chain = Self::explore(game, limits, mark)?;
        chain.check_ends()?;
        Ok(chain)
    }

    /// Explores every state reachable from the game's initial state like
    /// [`build`](Self::build), but without requiring that the game can
    /// end: the chain of a game that never ends (a token going round a
    /// board for ever), for [`stationary`](Self::stationary). A chain
    /// explored this way may also hold terminal states; [`walk`](Self::walk)
    /// and [`solve`](Self::solve) then fail to settle if some state cannot
    /// reach one (use [`build`](Self::build) to be told up front).
    ///
    /// Fails like [`build`](Self::build), except for
    /// [`ExactError::NeverEnds`].
    pub fn explore(
        game: &G,
        limits: &Limits,
        mut mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        let mut chain: Chain<G, M> = Chain {
            states: Vec::new(),
            results: Vec::new(),
            offsets: vec![0],
            transitions: Vec::new(),
            marks: Vec::new(),
            mark_keys: Vec::new(),
        };
        let mut index: HashMap<G::State, u32> = HashMap::new();
        let mut mark_index: HashMap<M, u32> = HashMap::new();
        let start = game.initial_state();
        index.insert(start.clone(), 0);
        chain.states.push(start);
        let mut queue = VecDeque::from([0u32]);
        let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
        let mut found: Vec<M> = Vec::new();
        let mut clock = Clock::start(limits, 256);
        // States are explored in index order (BFS), so the transitions of
        // state i are appended while it is the i-th to be explored.
        while let Some(i) = queue.pop_front() {
            clock.tick(|| Stage::Building {
                states: chain.states.len(),
                transitions: chain.transitions.len(),
            })?;
            let state = chain.states[i as usize].clone();
            match game.status(&state) {
                Status::Over(result) => chain.results.push(Some(result)),
                Status::Decision(seat) => {
                    return Err(ExactError::Decision {
                        seat,
                        state: format!("{state:?}"),
                    });
                }
                Status::Chance => {
                    chain.results.push(None);
                    outcomes.clear();
                    game.chance_outcomes(&state, &mut outcomes);
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
                    for c in &outcomes {
                        let mut next = state.clone();
                        found.clear();
                        game.apply_chance(&mut next, c.outcome, &mut |e| mark(&e, &mut found));
                        let target = match index.get(&next) {
                            Some(&t) => t,
                            None => {
                                let t = chain.states.len();
                                if t >= limits.max_states {
                                    return Err(ExactError::TooLarge {
                                        what: "states",
                                        limit: limits.max_states,
                                    });
                                }
                                index.insert(next.clone(), t as u32);
                                chain.states.push(next);
                                queue.push_back(t as u32);
                                t as u32
                            }
                        };
                        if chain.transitions.len() >= limits.max_transitions {
                            return Err(ExactError::TooLarge {
                                what: "transitions",
                                limit: limits.max_transitions,
                            });
                        }
                        let marks_start = chain.marks.len() as u32;
                        for m in found.drain(..) {
                            let id = match mark_index.get(&m) {
                                Some(&id) => id,
                                None => {
                                    let id = chain.mark_keys.len() as u32;
                                    mark_index.insert(m.clone(), id);
                                    chain.mark_keys.push(m);
                                    id
                                }
                            };
                            chain.marks.push(id);
                        }
                        chain.transitions.push(Transition {
                            outcome: c.outcome,
                            probability: c.probability,
                            target,
                            marks_start,
                            marks_len: chain.marks.len() as u32 - marks_start,
                        });
                    }
                }
            }
            chain.offsets.push(chain.transitions.len() as u32);
        }
        Ok(chain)
    }

    /// Fails if some reachable state cannot reach the end of the game:
    /// a game could then run forever and no distribution exists.
    fn check_ends(&self) -> Result<(), ExactError> {
        let n = self.states.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for s in 0..n {
            for t in self.transitions(s) {
                preds[t.target as usize].push(s as u32);
            }
        }
        let mut ends = vec![false; n];
        let mut queue: VecDeque<u32> = VecDeque::new();
        for (s, r) in self.results.iter().enumerate() {
            if r.is_some() {
                ends[s] = true;
                queue.push_back(s as u32);
            }
        }
        while let Some(s) = queue.pop_front() {
            for &p in &preds[s as usize] {
                if !ends[p as usize] {
                    ends[p as usize] = true;
                    queue.push_back(p);
                }
            }
        }
        match ends.iter().position(|&e| !e) {
            None => Ok(()),
            Some(s) => Err(ExactError::NeverEnds {
                state: format!("{:?}", self.states[s]),
            }),
        }
    }
}

impl<G: BoardGame, M> Chain<G, M> {
    /// Number of states; state 0 is the initial state.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the chain has no states (never: it has the initial state).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The game state with index `i`.
    pub fn state(&self, i: usize) -> &G::State {
        &self.states[i]
    }

    /// How the game ended in state `i`, or `None` if it goes on.
    pub fn result(&self, i: usize) -> Option<GameResult> {
        self.results[i]
    }

    /// The transitions out of state `i` (none for a finished game).
    pub fn transitions(&self, i: usize) -> &[Transition<G::Outcome>] {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        &self.transitions[a..b]
    }

    /// Index of state `i`'s first transition in
    /// [`all_transitions`](Self::all_transitions).
    pub fn first_transition(&self, i: usize) -> usize {
        self.offsets[i] as usize
    }

    /// Every transition, state by state.
    pub fn all_transitions(&self) -> &[Transition<G::Outcome>] {
        &self.transitions
    }

    /// The mark ids a transition left (see [`mark`](Self::mark)).
    pub fn marks_of(&self, t: &Transition<G::Outcome>) -> &[u32] {
        let a = t.marks_start as usize;
        &self.marks[a..a + t.marks_len as usize]
    }

    /// The mark with id `id`.
    pub fn mark(&self, id: u32) -> &M {
        &self.mark_keys[id as usize]
    }

    /// Every distinct mark, by id.
    pub fn mark_keys(&self) -> &[M] {
        &self.mark_keys
    }

    /// Number of transitions in the whole chain.
    pub fn transition_count(&self) -> usize {
        self.transitions.len()
    }
}
