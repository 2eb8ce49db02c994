//! The state-graph builder: every exact solver that needs a game's
//! states explores them here, once. [`Explorer::explore`] numbers the
//! states reachable from a start breadth first (the start is state 0,
//! and states are numbered in the order they are first reached), keeps
//! each state's outgoing edges in compressed rows, holds the graph to
//! [`Limits::max_states`] and [`Limits::max_transitions`], keeps to
//! [`Limits::max_time`] and reports [`Stage::Building`] to
//! [`Limits::progress`].
//!
//! What a state leads to, and what an edge records, is the caller's:
//! [`Chain`](crate::Chain) follows chance outcomes and policies and
//! records each transition's step and marks, [`Optimal`](crate::Optimal)
//! every outcome and move with its probability, and a
//! [`Staged`](crate::Staged) solve one stage of the game, stopping at the
//! states that begin the next. The states one step away are listed by
//! [`graph`](crate::graph)'s helpers.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use crate::budget::{Clock, Stage};
use crate::{ExactError, Limits, graph};

/// What the limits of a graph are called in its errors: its states and
/// its edges ("states", "transitions").
pub(crate) type Names = (&'static str, &'static str);

/// A state graph being explored, and once explored: its states by
/// number, where each is, and each state's edges (`E`: what the caller
/// records of an edge, its target's number among it).
pub(crate) struct Explorer<S, E> {
    /// The states, by number; 0 is the start.
    pub(crate) states: Vec<S>,
    /// Where each state is in `states`.
    pub(crate) index: StateIndex,
    /// Per state explored: its first edge in `edges`; then one past the
    /// last edge.
    pub(crate) offsets: Vec<u32>,
    /// The edges, state by state.
    pub(crate) edges: Vec<E>,
    max_states: usize,
    max_edges: usize,
    names: Names,
}

impl<S: Hash + Eq + Clone, E> Explorer<S, E> {
    /// Explores every state reachable from `start`, breadth first:
    /// `visit(explorer, i, state)` is called once for each state, in the
    /// order of their numbers, and adds its edges with
    /// [`edge`](Self::edge) (a state that adds none is a dead end: a
    /// finished game, or where the caller stops).
    ///
    /// Fails with [`ExactError::TooLarge`] past the limits (named by
    /// `names`), [`ExactError::OutOfTime`] past [`Limits::max_time`], or
    /// with what `visit` fails with.
    pub(crate) fn explore(
        start: S,
        limits: &Limits,
        names: Names,
        mut visit: impl FnMut(&mut Self, usize, S) -> Result<(), ExactError>,
    ) -> Result<Self, ExactError> {
        let mut ex = Explorer {
            states: vec![start],
            index: StateIndex::new(),
            offsets: vec![0],
            edges: Vec::new(),
            max_states: limits.max_states,
            max_edges: limits.max_transitions,
            names,
        };
        ex.index.insert(&ex.states, 0);
        let mut clock = Clock::start(limits, 256);
        // States are explored in number order, so state i's edges are
        // appended while it is the i-th explored.
        let mut i = 0;
        while i < ex.states.len() {
            clock.tick(|| Stage::Building {
                states: ex.states.len(),
                transitions: ex.edges.len(),
            })?;
            let state = ex.states[i].clone();
            visit(&mut ex, i, state)?;
            ex.offsets.push(ex.edges.len() as u32);
            i += 1;
        }
        Ok(ex)
    }

    /// Adds an edge from the state being visited to `next`, numbering
    /// `next` (to be visited in its turn) if it is new: the edge is
    /// `edge(number of next)`. Whether `next` was new.
    pub(crate) fn edge(
        &mut self,
        next: S,
        edge: impl FnOnce(u32) -> E,
    ) -> Result<bool, ExactError> {
        let (target, new) = match self.index.find(&self.states, &next) {
            Some(t) => (t, false),
            None => {
                let t = self.states.len();
                graph::room(t, self.max_states, self.names.0)?;
                self.states.push(next);
                self.index.insert(&self.states, t as u32);
                (t as u32, true)
            }
        };
        graph::room(self.edges.len(), self.max_edges, self.names.1)?;
        self.edges.push(edge(target));
        Ok(new)
    }

    /// The edges of state `s`.
    pub(crate) fn edges_of(&self, s: usize) -> &[E] {
        &self.edges[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }
}

/// Where each state is in a list of states: open addressing over slots
/// of 8 bytes (the state's hash's low half, its index plus one; 0 for an
/// empty slot), at most half full. The states themselves are in the list
/// only, not again as keys.
pub(crate) struct StateIndex {
    slots: Vec<u64>,
    len: usize,
}

impl StateIndex {
    fn new() -> StateIndex {
        StateIndex {
            slots: vec![0; 16],
            len: 0,
        }
    }

    fn hash<S: Hash>(state: &S) -> u64 {
        let mut h = FxHasher::default();
        state.hash(&mut h);
        h.finish()
    }

    /// The first slot to probe for a hash (Fibonacci hashing: the high
    /// bits of the product).
    fn home(&self, hash: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The index in `states` of `state`, if it is there.
    pub(crate) fn find<S: Hash + Eq>(&self, states: &[S], state: &S) -> Option<u32> {
        let hash = Self::hash(state);
        let tag = hash & 0xFFFF_FFFF;
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let at = (slot & 0xFFFF_FFFF) as u32 - 1;
                if states[at as usize] == *state {
                    return Some(at);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Records that `states[at]` (not yet recorded) is at `at`.
    fn insert<S: Hash>(&mut self, states: &[S], at: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            let grown = vec![0; 2 * self.slots.len()];
            let slots = std::mem::replace(&mut self.slots, grown);
            for slot in slots.into_iter().filter(|&s| s != 0) {
                let at = (slot & 0xFFFF_FFFF) as u32 - 1;
                self.place(Self::hash(&states[at as usize]), at);
            }
        }
        self.place(Self::hash(&states[at as usize]), at);
        self.len += 1;
    }

    fn place(&mut self, hash: u64, at: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = ((hash & 0xFFFF_FFFF) << 32) | (u64::from(at) + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph of `x → 2x, 2x + 1` below `n`, explored from 1.
    fn doubling(n: u32, limits: &Limits) -> Result<Explorer<u32, u32>, ExactError> {
        Explorer::explore(1u32, limits, ("states", "transitions"), |ex, i, x| {
            assert_eq!(ex.states[i], x);
            for next in [2 * x, 2 * x + 1, x] {
                if next < n {
                    ex.edge(next, |t| t)?;
                }
            }
            Ok(())
        })
    }

    #[test]
    fn numbers_breadth_first_and_keeps_each_states_edges() {
        let ex = doubling(8, &Limits::default()).expect("small");
        // Breadth first from 1: 1, then 2 and 3, then 4 to 7.
        assert_eq!(ex.states, (1..8).collect::<Vec<u32>>());
        assert_eq!(ex.edges_of(0), &[1, 2, 0]);
        assert_eq!(ex.edges_of(2), &[5, 6, 2]);
        assert_eq!(ex.edges_of(6), &[6]);
        assert_eq!(ex.offsets.len(), 8);
        for (i, x) in ex.states.iter().enumerate() {
            assert_eq!(ex.index.find(&ex.states, x), Some(i as u32));
        }
        assert_eq!(ex.index.find(&ex.states, &9), None);
    }

    #[test]
    fn refuses_a_graph_past_its_limits() {
        let limits = Limits {
            max_states: 5,
            ..Limits::default()
        };
        let err = doubling(1000, &limits).err();
        let states = ExactError::TooLarge {
            what: "states",
            limit: 5,
        };
        assert_eq!(err, Some(states));
        let limits = Limits {
            max_transitions: 10,
            ..Limits::default()
        };
        let err = doubling(1000, &limits).err();
        let transitions = ExactError::TooLarge {
            what: "transitions",
            limit: 10,
        };
        assert_eq!(err, Some(transitions));
    }
}
