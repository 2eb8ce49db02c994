//! The old `mcts` (Seega's own, before the generic agents of
//! `tabula-search`), kept only as a baseline for the benchmark: Monte
//! Carlo tree search (UCT) over the movement phase.
//!
//! Each playout walks down the tree by the UCB1 rule (exploration constant
//! √2), adds one level of children, and finishes the game with a fast
//! policy: a capturing step when there is one (chosen at random), else a
//! random step. A playout that has not ended after 200 moves is scored by
//! material. Wins count 1, draws ½. The move played is the most visited.
//! A follow-up capture is the same side moving again, and the tree keeps
//! track of who moved at each node, so the statistics stay right.
//!
//! Placement is not searched: see
//! [`safe_placement`](tabula_seega::agents::safe_placement).

use std::time::Instant;

use tabula_core::GameRng;
use tabula_core::rand::RngExt;
use tabula_search::Budget;
use tabula_seega::agents::safe_placement;
use tabula_seega::{Action, Position, Reply, SeegaAgent, Side, Square, Step};

/// Moves a playout may run before material decides it.
pub const PLAYOUT_MOVES: u32 = 40;

const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// The most memory the search tree of one agent may take, in bytes. When
/// the tree is full the search stops and the agent answers with what it
/// has, whatever its budget.
pub const MAX_TREE_BYTES: usize = 64 << 20;

/// Room kept for one expansion: more than the steps of any position (at
/// most 4 per piece, fewer than 361 pieces).
const EXPANSION_ROOM: usize = 4 * 19 * 19 + 1;

#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    /// The side that made `action`.
    mover: Side,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// Wins of `mover` (draws count ½).
    wins: f64,
}

/// The MCTS agent. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Mcts {
    budget: Budget,
    nodes: Vec<Node>,
    path: Vec<u32>,
    steps: Vec<Step>,
    captures: Vec<Step>,
}

impl Mcts {
    /// An agent with this many playouts (or this much time) per move.
    pub fn new(budget: Budget) -> Mcts {
        Mcts {
            budget,
            nodes: Vec::new(),
            path: Vec::new(),
            steps: Vec::new(),
            captures: Vec::new(),
        }
    }

    /// The most nodes the tree may hold.
    pub fn max_tree_nodes() -> usize {
        MAX_TREE_BYTES / std::mem::size_of::<Node>()
    }

    /// Makes sure one more expansion fits within [`MAX_TREE_BYTES`]; false
    /// if the tree is full.
    fn make_room(&mut self) -> bool {
        let max = Self::max_tree_nodes();
        let needed = self.nodes.len() + EXPANSION_ROOM;
        if needed > max {
            return false;
        }
        if needed > self.nodes.capacity() {
            // Grow by doubling, but never past the limit.
            let want = (self.nodes.capacity() * 2).clamp(needed, max);
            self.nodes.reserve_exact(want - self.nodes.len());
        }
        true
    }

    /// Nodes in the search tree of the last answer.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    fn expand(&mut self, index: usize, pos: &Position) {
        let first = self.nodes.len() as u32;
        let mover = pos.to_move();
        let before = self.nodes.len();
        for step in pos.steps() {
            self.nodes.push(Node {
                action: Action::Move(step),
                mover,
                first_child: 0,
                children: 0,
                expanded: false,
                visits: 0,
                wins: 0.0,
            });
        }
        if self.nodes.len() == before {
            self.nodes.push(Node {
                action: Action::Blocked,
                mover,
                first_child: 0,
                children: 0,
                expanded: false,
                visits: 0,
                wins: 0.0,
            });
        }
        let children = (self.nodes.len() - before) as u32;
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.children = children;
        node.expanded = true;
    }

    fn select(&self, index: usize, rng: &mut GameRng) -> usize {
        let node = &self.nodes[index];
        let start = node.first_child as usize;
        let end = start + node.children as usize;
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = start;
        let mut best_score = f64::NEG_INFINITY;
        for i in start..end {
            let c = &self.nodes[i];
            let score = if c.visits == 0 {
                // Unvisited children first, in random order.
                1e9 + rng.random::<f64>()
            } else {
                let n = f64::from(c.visits);
                c.wins / n + EXPLORATION * (log_n / n).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Plays the game out with the capture-first policy; the winner, if
    /// any. `steps` and `captures` are reused buffers.
    fn playout(
        pos: &mut Position,
        rng: &mut GameRng,
        steps: &mut Vec<Step>,
        captures: &mut Vec<Step>,
    ) -> Option<Side> {
        for _ in 0..PLAYOUT_MOVES {
            if let Some(o) = pos.outcome() {
                return o.winner;
            }
            steps.clear();
            captures.clear();
            for s in pos.steps() {
                if pos.captures_any(s) {
                    captures.push(s);
                } else {
                    steps.push(s);
                }
            }
            let pool = if captures.is_empty() {
                &*steps
            } else {
                &*captures
            };
            if pool.is_empty() {
                pos.apply(&Action::Blocked);
            } else {
                let s = pool[rng.random_range(0..pool.len())];
                pos.apply(&Action::Move(s));
            }
        }
        if let Some(o) = pos.outcome() {
            return o.winner;
        }
        let (b, w) = (pos.pieces(Side::Black), pos.pieces(Side::White));
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(Side::Black),
            std::cmp::Ordering::Less => Some(Side::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The most visited step after the budget's playouts, or `None` when
    /// the side to move has no step.
    pub fn best_step(&mut self, root: &Position, rng: &mut GameRng) -> Option<Step> {
        let first = root.steps().next()?;
        if root.steps().nth(1).is_none() {
            return Some(first);
        }
        self.nodes.clear();
        self.nodes.push(Node {
            action: Action::Blocked,
            mover: root.to_move().other(),
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
        });
        let (limit, deadline) = match self.budget {
            Budget::Work(n) => (n, None),
            Budget::Time(t) => (u64::MAX, Some(Instant::now() + t)),
        };
        let mut done = 0u64;
        while done < limit {
            if let Some(d) = deadline
                && done.is_multiple_of(16)
                && Instant::now() >= d
            {
                break;
            }
            done += 1;
            let mut pos = root.clone();
            self.path.clear();
            let mut index = 0usize;
            self.path.push(0);
            // Selection.
            while self.nodes[index].expanded && pos.outcome().is_none() {
                index = self.select(index, rng);
                pos.apply(&self.nodes[index].action);
                self.path.push(index as u32);
            }
            // Expansion, while the tree has room.
            if pos.outcome().is_none() {
                if !self.make_room() {
                    break;
                }
                self.expand(index, &pos);
                index = self.select(index, rng);
                pos.apply(&self.nodes[index].action);
                self.path.push(index as u32);
            }
            let winner = Self::playout(&mut pos, rng, &mut self.steps, &mut self.captures);
            for &i in &self.path {
                let node = &mut self.nodes[i as usize];
                node.visits += 1;
                node.wins += match winner {
                    None => 0.5,
                    Some(w) if w == node.mover => 1.0,
                    Some(_) => 0.0,
                };
            }
        }
        let root_node = self.nodes[0];
        let start = root_node.first_child as usize;
        let end = start + root_node.children as usize;
        let best = (start..end).max_by_key(|&i| self.nodes[i].visits)?;
        match self.nodes[best].action {
            Action::Move(s) => Some(s),
            _ => Some(first),
        }
    }
}

impl SeegaAgent for Mcts {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        safe_placement(position, rng)
    }

    fn play(&mut self, position: &Position, _: Option<Square>, rng: &mut GameRng) -> Reply {
        self.best_step(position, rng)
            .map_or(Reply::Blocked, Reply::Move)
    }
}
