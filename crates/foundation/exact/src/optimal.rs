//! Optimal play by value iteration over a game's whole state graph:
//! chance, decision and terminal states.
//!
//! [`Optimal::solve`] explores every state reachable from the initial
//! state (through every chance outcome and every legal move), then
//! computes each state's value under an [`Objective`]: a terminal state's
//! value is the objective's [`terminal`](Objective::terminal) value, a
//! chance state's the probability-weighted mean of its outcomes', a
//! decision state's the best of its moves' (the largest for a seat that
//! [maximises](Objective::maximises), the smallest for one that
//! minimises).
//!
//! **Iteration.** Values start at 0 and are updated in place
//! (Gauss–Seidel), one strongly connected component of the graph at a
//! time (Tarjan's algorithm), each after every component it leads to, so
//! the states it leads to outside itself already have their final
//! values. A state on no cycle is settled by one update. A component with
//! cycles (a turn that can end with nothing changed) is swept, its states
//! in the post-order of a depth-first search, until the largest change in
//! a sweep, the *residual*, is at most [`Limits::tolerance`]; past
//! [`Limits::max_steps`] sweeps the solve fails with
//! [`ExactError::NotSettled`]. Where every cycle of a component passes
//! through one state that leads back (the turn passes the die back to
//! where it began), a sweep is a function of that state's value alone,
//! and the secant method on it takes a few sweeps where plain sweeps take
//! one per round of the cycle; every sweep is still a plain one, and only
//! its residual ends the component. [`iterations`](Optimal::iterations)
//! and [`residual`](Optimal::residual) are the largest over the
//! components. The residual bounds the last sweep's change, not the
//! distance to the exact values: on a cycle left with probability `q` per
//! sweep that distance is about the residual times `(1 - q) / q`.
//!
//! **Ties.** At each decision state the optimal move is the *first* in
//! [`BoardGame::legal_moves`] order whose value is within
//! [`Objective::tie_tolerance`] (by default `1e-9 · max(1, |best|)`) of
//! the best: moves that are equally good up to rounding and the
//! iteration's tolerance go to the one the game lists first.
//!
//! The result is a solved policy, an [`Agent`] (a
//! rule: [`Optimal::pick`] says its move): play it, or pass it to
//! [`Chain::build_with`](crate::Chain::build_with) as a seat's agent.
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Results, Status};
//! use tabula_exact::{Limits, Optimal, ScoreOf};
//!
//! /// Roll a die up to three times; keep the last roll.
//! struct KeepLast;
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct S { rolls_left: u8, face: u8, stopped: bool }
//! impl BoardGame for KeepLast {
//!     type State = S;
//!     type Move = bool; // roll again?
//!     type Outcome = u8;
//!     type Event = ();
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> S { S { rolls_left: 3, face: 0, stopped: false } }
//!     fn status(&self, s: &S) -> Status {
//!         if s.stopped || (s.face > 0 && s.rolls_left == 0) { Status::Over(GameResult::Win(0)) }
//!         else if s.face == 0 { Status::Chance } else { Status::Decision(0) }
//!     }
//!     fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|f| Chance { outcome: f, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, s: &mut S, f: u8, _: &mut E) {
//!         s.face = f;
//!         s.rolls_left -= 1;
//!     }
//!     fn legal_moves(&self, _: &S, out: &mut Vec<bool>) { out.extend([false, true]) }
//!     fn apply_move<E: FnMut(())>(&self, s: &mut S, again: bool, _: &mut E) {
//!         if again { s.face = 0 } else { s.stopped = true }
//!     }
//!     fn results(&self, s: &S) -> Option<Results> {
//!         matches!(self.status(s), Status::Over(_)).then(|| Results::from_scores(vec![f64::from(s.face)]))
//!     }
//! }
//!
//! let optimal = Optimal::solve(&KeepLast, &ScoreOf(0), &Limits::default())?;
//! assert!((optimal.value - 14.0 / 3.0).abs() < 1e-12);
//! // With two rolls left, keep a five but throw a four again.
//! let five = S { rolls_left: 2, face: 5, stopped: false };
//! let four = S { rolls_left: 2, face: 4, stopped: false };
//! assert_eq!(optimal.pick(&KeepLast, &five, 0, &[false, true]), 0);
//! assert_eq!(optimal.pick(&KeepLast, &four, 0, &[false, true]), 1);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use std::sync::Arc;

use std::fmt::Debug;
use std::hash::Hash;

use tabula_core::{Agent, BoardGame, Chance, GameRng, Seat, Status};

use crate::budget::{Clock, Stage};
use crate::explore::{Explorer, StateIndex};
use crate::{ExactError, Limits, Objective};

/// What a state of the graph is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Node {
    /// Finished, with its value.
    Over(f64),
    Chance,
    /// A decision, maximising or not.
    Decision(bool),
}

/// Optimal play of a game under an [`Objective`]: every reachable state's
/// value and the optimal move at each decision (see the [module
/// docs](self) for the iteration and the tie rule). Cloning it shares
/// the solve (no state or value is copied), so one solve serves every
/// agent that plays it.
pub struct Optimal<G: BoardGame> {
    /// The value of the initial state under optimal play.
    pub value: f64,
    /// The most sweeps a strongly connected component took.
    pub iterations: u32,
    /// The largest change of a value in the last sweep of a component
    /// with cycles (0 without): at most [`Limits::tolerance`].
    pub residual: f64,
    table: Arc<Table<G::State>>,
}

/// What a solve leaves, shared by every clone.
struct Table<S> {
    states: Vec<S>,
    index: StateIndex,
    values: Vec<f64>,
    /// Per state: the optimal move's index in the legal moves, or
    /// `u32::MAX` where nobody decides.
    best: Vec<u32>,
}

impl<G: BoardGame> Clone for Optimal<G> {
    /// Another handle on the same solve.
    fn clone(&self) -> Self {
        Optimal {
            value: self.value,
            iterations: self.iterations,
            residual: self.residual,
            table: Arc::clone(&self.table),
        }
    }
}

impl<G: BoardGame> Debug for Optimal<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Optimal")
            .field("value", &self.value)
            .field("iterations", &self.iterations)
            .field("residual", &self.residual)
            .field("states", &self.table.states.len())
            .finish()
    }
}

impl<G> Optimal<G>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug,
{
    /// Explores the game's state graph (at most [`Limits::max_states`]
    /// states, [`Limits::max_transitions`] edges) and computes optimal
    /// values and moves under `objective` by value iteration.
    ///
    /// Fails with [`ExactError::TooLarge`] if the graph outgrows the
    /// limits, [`ExactError::Probabilities`] for chance outcomes that do
    /// not sum to one, [`ExactError::NoMoves`] for a decision with no
    /// legal move, [`ExactError::NotSettled`] if the values of a
    /// component do not settle within [`Limits::max_steps`] sweeps and
    /// [`ExactError::OutOfTime`] past [`Limits::max_time`].
    pub fn solve(
        game: &G,
        objective: &impl Objective<G>,
        limits: &Limits,
    ) -> Result<Optimal<G>, ExactError> {
        let graph = Graph::explore(game, objective, limits)?;
        let (order, ends) = graph.components();
        let n = graph.nodes.len();
        let mut values: Vec<f64> = graph
            .nodes
            .iter()
            .map(|node| match node {
                Node::Over(v) => *v,
                _ => 0.0,
            })
            .collect();
        // Where each state is in `order`.
        let mut at = vec![0u32; n];
        for (k, &s) in order.iter().enumerate() {
            at[s as usize] = k as u32;
        }
        let mut clock = Clock::start(limits, 1024);
        let mut residual: f64 = 0.0;
        let mut iterations = 0;
        let mut start = 0;
        for &end in &ends {
            let end = end as usize;
            let component = &order[start..end];
            // The states of the component that a state leads back to
            // (itself or one later in the order), up to two.
            let mut feedback: Vec<u32> = Vec::new();
            let mut cyclic = false;
            for (k, &s) in component.iter().enumerate() {
                for &t in graph.targets(s as usize) {
                    let p = at[t as usize] as usize;
                    if p >= start + k && p < end {
                        cyclic = true;
                        if feedback.len() < 2 && !feedback.contains(&t) {
                            feedback.push(t);
                        }
                    }
                }
            }
            let (sweeps, last) = settle(
                &graph,
                component,
                &feedback,
                cyclic,
                &mut values,
                limits,
                &mut clock,
            )?;
            iterations = iterations.max(sweeps);
            if cyclic {
                residual = residual.max(last);
            }
            clock.tick(|| Stage::Blocks {
                solved: end,
                states: n,
            })?;
            start = end;
        }
        drop(at);
        let mut best = vec![u32::MAX; n];
        let mut moves: Vec<f64> = Vec::new();
        for (s, b) in best.iter_mut().enumerate() {
            if let Node::Decision(max) = graph.nodes[s] {
                moves.clear();
                moves.extend(graph.targets(s).iter().map(|&t| values[t as usize]));
                let top = if max {
                    moves.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                } else {
                    moves.iter().copied().fold(f64::INFINITY, f64::min)
                };
                let tolerance = objective.tie_tolerance(top);
                *b = moves
                    .iter()
                    .position(|&v| (v - top).abs() <= tolerance)
                    .unwrap_or(0) as u32;
            }
        }
        Ok(Optimal {
            value: values[0],
            iterations,
            residual,
            table: Arc::new(Table {
                states: graph.graph.states,
                index: graph.graph.index,
                values,
                best,
            }),
        })
    }
}

impl<G> Optimal<G>
where
    G: BoardGame,
    G::State: Hash + Eq,
{
    /// Number of states explored; state 0 is the initial state.
    pub fn len(&self) -> usize {
        self.table.states.len()
    }

    /// Whether no state was explored (never: there is the initial one).
    pub fn is_empty(&self) -> bool {
        self.table.states.is_empty()
    }

    /// The state with index `i`.
    pub fn state(&self, i: usize) -> &G::State {
        &self.table.states[i]
    }

    /// Every state's value, indexed like [`state`](Self::state).
    pub fn values(&self) -> &[f64] {
        &self.table.values
    }

    /// The value of `state` under optimal play, or `None` if it is not
    /// reachable from the initial state.
    pub fn value_of(&self, state: &G::State) -> Option<f64> {
        let t = &self.table;
        t.index.find(&t.states, state).map(|i| t.values[i as usize])
    }

    /// The index in the legal moves of the optimal move at `state`, or
    /// `None` if `state` is not a reachable decision state.
    pub fn best_move(&self, state: &G::State) -> Option<usize> {
        let t = &self.table;
        match t.index.find(&t.states, state).map(|i| t.best[i as usize]) {
            Some(u32::MAX) | None => None,
            Some(b) => Some(b as usize),
        }
    }
}

impl<G> Optimal<G>
where
    G: BoardGame,
    G::State: Hash + Eq + Sync,
{
    /// The optimal strategy: at a reachable decision state, the optimal
    /// move (by its index in `moves`, the legal moves, which must be
    /// listed as [`BoardGame::legal_moves`] lists them); at a state the
    /// solve never reached, the first move.
    pub fn pick(&self, _: &G, state: &G::State, _: Seat, moves: &[G::Move]) -> usize {
        self.best_move(state)
            .filter(|&b| b < moves.len())
            .unwrap_or(0)
    }
}

crate::solved_agent!(
    /// The optimal strategy as an agent: a rule, which plays
    /// [`Optimal::pick`]'s move (and gives it probability 1).
    impl[G] Agent<G> for Optimal<G>
    where
        G: BoardGame,
        G::State: Hash + Eq + Sync,
);

/// The secant method on the one state that every cycle of a set of
/// states swept together passes through, if there is one (`feedback`
/// holds it alone): a sweep's new value for it is then a function g of
/// its old value x alone (monotone, and a contraction where the game
/// ends), and the secant method on g(x) - x finds the fixed point in a
/// few sweeps where plain sweeps take one per round of the cycle. Every
/// sweep is still a plain Gauss–Seidel sweep, and only its residual ends
/// the loop; between two, [`after`](Secant::after) moves that state's
/// value to the secant's estimate. [`Optimal`] and
/// [`DenseOptimal`](crate::DenseOptimal) settle their cycles with it.
pub(crate) struct Secant {
    /// The state, if there is one.
    single: Option<usize>,
    /// Whether the method is still used (it stops where it does not
    /// converge fast).
    on: bool,
    /// The state's value before the sweep.
    x: Option<f64>,
    /// The last (x, g(x) - x).
    last: Option<(f64, f64)>,
}

impl Secant {
    /// The method for a set of states whose cycles lead back to
    /// `feedback` (up to two states; it works with one).
    pub(crate) fn new(feedback: &[u32]) -> Secant {
        let single = match feedback {
            [f] => Some(*f as usize),
            _ => None,
        };
        Secant {
            single,
            on: single.is_some(),
            x: None,
            last: None,
        }
    }

    /// Before a sweep: notes the state's value.
    pub(crate) fn before(&mut self, values: &[f64]) {
        self.x = self.single.map(|f| values[f]);
    }

    /// After a sweep that did not settle: moves the state's value to
    /// where the secant through the last two sweeps says g(x) = x.
    pub(crate) fn after(&mut self, values: &mut [f64]) {
        if let (Some(f), Some(x), true) = (self.single, self.x, self.on) {
            let h = values[f] - x;
            if let Some((x0, h0)) = self.last {
                if h.abs() > 0.5 * h0.abs() {
                    // Not converging fast: plain sweeps from here.
                    self.on = false;
                } else {
                    let slope = (h - h0) / (x - x0);
                    let next = x - h / slope;
                    if slope < 0.0 && next.is_finite() {
                        values[f] = next;
                    }
                }
            }
            self.last = Some((x, h));
        }
    }
}

/// Sweeps the states of one strongly connected component, in order,
/// until the largest change in a sweep is at most the tolerance (one
/// sweep if no state leads back to itself or an earlier one in the
/// order): the sweeps made and the last residual. With one state to lead
/// back to, the [`Secant`] method speeds it up.
fn settle<S: Hash + Eq + Clone + Debug>(
    graph: &Graph<S>,
    component: &[u32],
    feedback: &[u32],
    cyclic: bool,
    values: &mut [f64],
    limits: &Limits,
    clock: &mut Clock<'_>,
) -> Result<(u32, f64), ExactError> {
    let mut secant = Secant::new(feedback);
    let mut sweeps = 0;
    let mut residual = f64::INFINITY;
    loop {
        if sweeps >= limits.max_steps {
            return Err(ExactError::NotSettled {
                iterations: sweeps,
                residual,
            });
        }
        sweeps += 1;
        secant.before(values);
        residual = 0.0;
        for &s in component {
            let s = s as usize;
            let targets = graph.targets(s);
            let v = match graph.nodes[s] {
                Node::Over(v) => v,
                Node::Chance => {
                    graph
                        .probabilities(s)
                        .iter()
                        .zip(targets)
                        .map(|(&p, &t)| p * values[t as usize])
                        .sum::<f64>()
                        + graph.step
                }
                Node::Decision(max) => {
                    let it = targets.iter().map(|&t| values[t as usize]);
                    if max {
                        it.fold(f64::NEG_INFINITY, f64::max)
                    } else {
                        it.fold(f64::INFINITY, f64::min)
                    }
                }
            };
            residual = f64::max(residual, (v - values[s]).abs());
            values[s] = v;
        }
        if !cyclic || residual <= limits.tolerance {
            return Ok((sweeps, residual));
        }
        secant.after(values);
        clock.tick(|| Stage::Settling {
            iteration: sweeps,
            residual,
        })?;
    }
}

/// The explored state graph: its states and edges (each edge's target)
/// from the [builder](crate::explore), with what each state is and each
/// edge's probability (1 for a move).
pub(crate) struct Graph<S> {
    pub(crate) graph: Explorer<S, u32>,
    pub(crate) nodes: Vec<Node>,
    probabilities: Vec<f64>,
    /// What each chance step adds ([`Objective::chance_step`]).
    step: f64,
}

impl<S: Hash + Eq + Clone + Debug> Graph<S> {
    pub(crate) fn explore<G: BoardGame<State = S>>(
        game: &G,
        objective: &impl Objective<G>,
        limits: &Limits,
    ) -> Result<Graph<S>, ExactError> {
        let mut nodes = Vec::new();
        let mut probabilities = Vec::new();
        let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
        let mut moves: Vec<G::Move> = Vec::new();
        let mut next_states: Vec<(f64, S)> = Vec::new();
        let names = ("states", "transitions");
        let graph = Explorer::explore(game.initial_state(), limits, names, |graph, _, state| {
            let status = game.status(&state);
            nodes.push(match status {
                Status::Over(result) => Node::Over(objective.terminal(game, &state, result)),
                Status::Chance => Node::Chance,
                Status::Decision(seat) => Node::Decision(objective.maximises(seat)),
            });
            crate::graph::successors(
                game,
                &state,
                status,
                &mut outcomes,
                &mut moves,
                &mut next_states,
            )?;
            for (p, next) in next_states.drain(..) {
                graph.edge(next, |target| target)?;
                probabilities.push(p);
            }
            Ok(())
        })?;
        Ok(Graph {
            graph,
            nodes,
            probabilities,
            step: objective.chance_step(),
        })
    }

    /// The states `s` leads to.
    pub(crate) fn targets(&self, s: usize) -> &[u32] {
        self.graph.edges_of(s)
    }

    /// The probabilities of the edges from `s` (1 for a move).
    pub(crate) fn probabilities(&self, s: usize) -> &[f64] {
        let offsets = &self.graph.offsets;
        &self.probabilities[offsets[s] as usize..offsets[s + 1] as usize]
    }

    /// The strongly connected components of the graph (Tarjan's
    /// algorithm, from the initial state): every state, grouped by
    /// component, each component after every one it leads to, its states
    /// in the post-order of the depth-first search (each after the states
    /// it leads to, but for those leading back); and where each component
    /// ends in that list.
    pub(crate) fn components(&self) -> (Vec<u32>, Vec<u32>) {
        const NONE: u32 = u32::MAX;
        let n = self.nodes.len();
        // Discovery number, then the lowest reachable on the stack.
        let mut number = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut component = vec![NONE; n];
        let mut stack: Vec<u32> = Vec::new();
        // (state, index of the next edge to follow)
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut finished: Vec<u32> = Vec::with_capacity(n);
        let mut components = 0u32;
        let mut next = 0u32;
        for root in 0..n as u32 {
            if number[root as usize] != NONE {
                continue;
            }
            number[root as usize] = next;
            low[root as usize] = next;
            next += 1;
            stack.push(root);
            calls.push((root, 0));
            while let Some(top) = calls.last_mut() {
                let (s, k) = *top;
                let edges = self.targets(s as usize);
                if (k as usize) < edges.len() {
                    top.1 += 1;
                    let t = edges[k as usize];
                    if number[t as usize] == NONE {
                        number[t as usize] = next;
                        low[t as usize] = next;
                        next += 1;
                        stack.push(t);
                        calls.push((t, 0));
                    } else if component[t as usize] == NONE {
                        // On the stack: part of a cycle through s.
                        low[s as usize] = low[s as usize].min(number[t as usize]);
                    }
                    continue;
                }
                calls.pop();
                finished.push(s);
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[s as usize]);
                }
                if low[s as usize] == number[s as usize] {
                    while let Some(t) = stack.pop() {
                        component[t as usize] = components;
                        if t == s {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        drop((number, low, stack));
        // Group the finished states by component, keeping their order.
        let mut ends = vec![0u32; components as usize];
        for &c in &component {
            ends[c as usize] += 1;
        }
        let mut total = 0;
        for e in ends.iter_mut() {
            total += *e;
            *e = total;
        }
        let mut fill: Vec<u32> = std::iter::once(0)
            .chain(ends.iter().copied())
            .take(components as usize)
            .collect();
        let mut order = vec![0u32; n];
        for &s in &finished {
            let c = component[s as usize] as usize;
            order[fill[c] as usize] = s;
            fill[c] += 1;
        }
        (order, ends)
    }
}
