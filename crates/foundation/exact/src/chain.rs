//! The chain: every state reachable from the start through the game's
//! listed chance outcomes (and policies' moves), explored by the
//! [state-graph builder](crate::explore), with each transition's cause and
//! marks.

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;
use std::time::Duration;

use tabula_core::{Agent, BoardGame, Chance, GameResult, Results, Seat, Status};

use crate::budget::{Cancel, Progress};
use crate::explore::Explorer;
use crate::{ExactError, graph};

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
    /// A switch that stops the solve from another thread (see
    /// [`Cancel`]): checked where `max_time` is, it fails with
    /// [`ExactError::Cancelled`]. `None`: it runs to its end or a limit.
    pub cancel: Option<Cancel>,
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
            cancel: None,
            tolerance: 1e-13,
        }
    }
}

/// What a transition of the chain does: a chance outcome, or a move a
/// seat's policy chose (see [`Chain::build_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause<O> {
    /// The chance outcome (a throw).
    Chance(O),
    /// A move: its id, for [`Chain::chosen`] (the seat and the move).
    Move(u32),
}

impl<O: Copy> Cause<O> {
    /// The chance outcome, or `None` for a move.
    pub fn outcome(&self) -> Option<O> {
        match *self {
            Cause::Chance(o) => Some(o),
            Cause::Move(_) => None,
        }
    }
}

/// One transition of the chain: a chance outcome or a chosen move, its
/// probability, the state it leads to and the marks its events left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transition<O> {
    /// What happens: a chance outcome or a move.
    pub cause: Cause<O>,
    /// Its probability.
    pub probability: f64,
    /// Index of the state it leads to.
    pub target: u32,
    marks_start: u32,
    marks_len: u32,
}

/// One way a game can end: its [`GameResult`] and each seat's score and
/// rank ([`BoardGame::results`]).
#[derive(Clone, Debug, PartialEq)]
pub struct End {
    /// How the game ended.
    pub result: GameResult,
    /// Each seat's score and rank.
    pub results: Results,
}

/// No end: the state goes on.
const GOES_ON: u32 = u32::MAX;

/// The Markov chain of a chance game: its reachable states (indexed from
/// 0, the initial state first), the transitions out of each, and the
/// *marks* the game's events left on each transition.
///
/// Marks are what an analysis counts: the caller turns each event into
/// zero or more marks of its own type `M` (a landing on square 12, a ladder
/// from 1 to 38, a forfeited throw), and the chain interns them, so the
/// solver can report the expected number of each per game and group
/// routes by them without knowing anything about the game.
///
/// With policies ([`Chain::build_with`]) decision states are states of
/// the chain too: each move the policy may play is a transition, so a
/// *step* is then a chance outcome or a move.
pub struct Chain<G: BoardGame, M> {
    states: Vec<G::State>,
    /// Per state: index into `ends`, or [`GOES_ON`].
    end_of: Vec<u32>,
    ends: Vec<End>,
    offsets: Vec<u32>,
    transitions: Vec<Transition<G::Outcome>>,
    moves: Vec<(Seat, G::Move)>,
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

/// A step out of the state being explored: (cause, probability, state
/// after, number of marks it left).
type Successor<G> = (
    Cause<<G as BoardGame>::Outcome>,
    f64,
    <G as BoardGame>::State,
    usize,
);

/// What a state's ending is interned by: the result and the bits of
/// each seat's score and rank.
type EndKey = (GameResult, Vec<u64>, Vec<u32>, bool);

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
    /// has no policy to follow: see [`build_with`](Self::build_with)),
    /// lists no outcomes, lists probabilities that do not sum to one, if
    /// the chain outgrows `limits`, or if some reachable state cannot
    /// reach the end of the game ([`ExactError::NeverEnds`]).
    pub fn build(
        game: &G,
        limits: &Limits,
        mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        let chain = Self::construct(game, None, limits, mark)?;
        chain.check_ends()?;
        Ok(chain)
    }

    /// Like [`build`](Self::build), for a game with decisions: at each
    /// decision state of seat `s`, `policies[s]` gives a probability for
    /// each legal move ([`Agent::probabilities`]: each seat's agent must be a
    /// rule), and each move with a
    /// probability above zero becomes a transition
    /// ([`Cause::Move`]) with that probability. The chain is then a Markov
    /// chain like any other, so [`solve`](Self::solve) (length in steps,
    /// results, each seat's win, tie, score and rank:
    /// [`Solution::seats`](crate::Solution::seats)), [`walk`](Self::walk)
    /// and [`shortest`](Self::shortest) work unchanged; a step is a chance
    /// outcome or a move.
    ///
    /// Fails also with [`ExactError::NoPolicy`] if a deciding seat has no
    /// agent, [`ExactError::NotARule`] if a seat's agent gives no
    /// probabilities, [`ExactError::NoMoves`] if a decision state lists no legal
    /// move, and [`ExactError::Policy`] if a policy's probabilities are
    /// not a distribution over the moves (one per move, none negative,
    /// summing to one within 1e-9).
    pub fn build_with(
        game: &G,
        policies: &[&dyn Agent<G>],
        limits: &Limits,
        mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        let chain = Self::construct(game, Some(policies), limits, mark)?;
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
        mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        Self::construct(game, None, limits, mark)
    }

    /// [`explore`](Self::explore) with policies folded in, as
    /// [`build_with`](Self::build_with) does.
    pub fn explore_with(
        game: &G,
        policies: &[&dyn Agent<G>],
        limits: &Limits,
        mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        Self::construct(game, Some(policies), limits, mark)
    }

    fn construct(
        game: &G,
        policies: Option<&[&dyn Agent<G>]>,
        limits: &Limits,
        mut mark: impl FnMut(&G::Event, &mut Vec<M>),
    ) -> Result<Self, ExactError> {
        let mut end_of: Vec<u32> = Vec::new();
        let mut ends: Vec<End> = Vec::new();
        let mut moves: Vec<(Seat, G::Move)> = Vec::new();
        let mut marks: Vec<u32> = Vec::new();
        let mut mark_keys: Vec<M> = Vec::new();
        let mut mark_index: HashMap<M, u32> = HashMap::new();
        let mut end_index: HashMap<EndKey, u32> = HashMap::new();
        let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
        let mut legal: Vec<G::Move> = Vec::new();
        let mut chances: Vec<f64> = Vec::new();
        let mut found: Vec<M> = Vec::new();
        // Each (cause, probability, state after, marks left) out of the
        // state explored, the marks in `pending`.
        let mut successors: Vec<Successor<G>> = Vec::new();
        let mut pending: Vec<M> = Vec::new();
        let names = ("states", "transitions");
        let graph = Explorer::explore(game.initial_state(), limits, names, |graph, _, state| {
            successors.clear();
            pending.clear();
            match game.status(&state) {
                Status::Over(result) => {
                    let results = game
                        .results(&state)
                        .unwrap_or_else(|| Results::of(result, game.seats()));
                    let key: EndKey = (
                        result,
                        results.scores().iter().map(|s| s.to_bits()).collect(),
                        results.ranks().to_vec(),
                        results.nobody_won(),
                    );
                    let id = match end_index.get(&key) {
                        Some(&id) => id,
                        None => {
                            let id = ends.len() as u32;
                            end_index.insert(key, id);
                            ends.push(End { result, results });
                            id
                        }
                    };
                    end_of.push(id);
                }
                Status::Decision(seat) => {
                    let Some(policies) = policies else {
                        return Err(ExactError::Decision {
                            seat,
                            state: format!("{state:?}"),
                        });
                    };
                    let Some(policy) = policies.get(seat) else {
                        return Err(ExactError::NoPolicy {
                            seat,
                            policies: policies.len(),
                            state: format!("{state:?}"),
                        });
                    };
                    end_of.push(GOES_ON);
                    graph::legal_moves(game, &state, seat, &mut legal)?;
                    graph::policy_probabilities(
                        game,
                        *policy,
                        &state,
                        seat,
                        &legal,
                        None,
                        &mut chances,
                    )?;
                    for (mv, &p) in legal.drain(..).zip(&chances) {
                        if p == 0.0 {
                            continue;
                        }
                        let mut next = state.clone();
                        found.clear();
                        game.apply_move(&mut next, mv.clone(), &mut |e| mark(&e, &mut found));
                        let id = moves.len() as u32;
                        moves.push((seat, mv));
                        successors.push((Cause::Move(id), p, next, found.len()));
                        pending.append(&mut found);
                    }
                }
                Status::Chance => {
                    end_of.push(GOES_ON);
                    outcomes.clear();
                    game.chance_outcomes(&state, &mut outcomes);
                    graph::check_chances(&state, &outcomes)?;
                    for c in &outcomes {
                        let mut next = state.clone();
                        found.clear();
                        game.apply_chance(&mut next, c.outcome, &mut |e| mark(&e, &mut found));
                        successors.push((
                            Cause::Chance(c.outcome),
                            c.probability,
                            next,
                            found.len(),
                        ));
                        pending.append(&mut found);
                    }
                }
            }
            let mut left = pending.drain(..);
            for (cause, probability, next, count) in successors.drain(..) {
                graph.edge(next, |target| {
                    let marks_start = marks.len() as u32;
                    for m in left.by_ref().take(count) {
                        let id = match mark_index.get(&m) {
                            Some(&id) => id,
                            None => {
                                let id = mark_keys.len() as u32;
                                mark_index.insert(m.clone(), id);
                                mark_keys.push(m);
                                id
                            }
                        };
                        marks.push(id);
                    }
                    Transition {
                        cause,
                        probability,
                        target,
                        marks_start,
                        marks_len: marks.len() as u32 - marks_start,
                    }
                })?;
            }
            Ok(())
        })?;
        Ok(Chain {
            states: graph.states,
            end_of,
            ends,
            offsets: graph.offsets,
            transitions: graph.edges,
            moves,
            marks,
            mark_keys,
        })
    }

    /// Fails if some reachable state cannot reach the end of the game:
    /// a game could then run forever and no distribution exists.
    fn check_ends(&self) -> Result<(), ExactError> {
        match self.never_ending() {
            None => Ok(()),
            Some(s) => Err(ExactError::NeverEnds {
                state: format!("{:?}", self.states[s]),
            }),
        }
    }
}

impl<G: BoardGame, M> Chain<G, M> {
    /// The first state (by index, so 0 if the game cannot end from its
    /// start) from which no ending can be reached, or `None` if the game
    /// can end from every state. [`build`](Self::build) fails on such a
    /// state ([`ExactError::NeverEnds`]); a chain from
    /// [`explore`](Self::explore) may hold one, and this finds it: a
    /// game's check that every reachable position can still finish.
    pub fn never_ending(&self) -> Option<usize> {
        let n = self.states.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for s in 0..n {
            for t in self.transitions(s) {
                preds[t.target as usize].push(s as u32);
            }
        }
        let mut ends: Vec<bool> = self.end_of.iter().map(|&e| e != GOES_ON).collect();
        let mut queue: VecDeque<u32> = (0..n as u32).filter(|&s| ends[s as usize]).collect();
        while let Some(s) = queue.pop_front() {
            for &p in &preds[s as usize] {
                if !ends[p as usize] {
                    ends[p as usize] = true;
                    queue.push_back(p);
                }
            }
        }
        ends.iter().position(|&e| !e)
    }

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
        self.end(i).map(|e| e.result)
    }

    /// How the game ended in state `i`, with each seat's score and rank,
    /// or `None` if it goes on.
    pub fn end(&self, i: usize) -> Option<&End> {
        self.end_id(i).map(|e| &self.ends[e])
    }

    /// The index in [`ends`](Self::ends) of how the game ended in state
    /// `i`, or `None` if it goes on.
    pub fn end_id(&self, i: usize) -> Option<usize> {
        match self.end_of[i] {
            GOES_ON => None,
            e => Some(e as usize),
        }
    }

    /// Every distinct way the game ends (result, scores and ranks), in
    /// order of the first state that ends that way.
    pub fn ends(&self) -> &[End] {
        &self.ends
    }

    /// The seat and move of a [`Cause::Move`] with id `id`.
    pub fn chosen(&self, id: u32) -> (Seat, &G::Move) {
        let (seat, mv) = &self.moves[id as usize];
        (*seat, mv)
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
