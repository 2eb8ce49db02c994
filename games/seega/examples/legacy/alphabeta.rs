//! The old `alphabeta` (Seega's own, before the generic agents of
//! `tabula-search`), kept only as a baseline for the strength match and
//! the benchmark: iterative-deepening negamax with alpha-beta pruning and a
//! transposition table, within a per-move budget of nodes or time.
//!
//! **Evaluation** (from the side to move's point of view, in
//! hundredths of a piece): `100 × (own pieces − enemy pieces) +
//! 2 × (own legal steps − enemy legal steps)`. Material decides the game
//! at the stalemate threshold, so it dominates; mobility breaks ties
//! between equal material, because a side with few steps is close to
//! being blocked or forced into captures. A won game scores ±1,000,000,
//! less the distance to the end, so nearer wins are preferred.
//!
//! **Search**: a follow-up capture is the same side moving again, so the
//! window is passed on without negation; a pass is a move like any other.
//! Moves are ordered by the transposition table's best move, then by
//! pieces captured. When the budget runs out mid-iteration, the best move
//! of the last finished depth is played.
//!
//! **Placement** is not searched (a 5 × 5 placement phase has about 10^17
//! orders): it takes the safest squares, see
//! [`safe_placement`](tabula_seega::agents::safe_placement).

use std::time::Instant;

use tabula_core::GameRng;
use tabula_search::Budget;
use tabula_seega::agents::safe_placement;
use tabula_seega::{Action, Position, Reply, SeegaAgent, Side, Square, Step};

/// Transposition table entries (a power of two), about 1.5 MB.
const TABLE_SIZE: usize = 1 << 16;

/// The score of a won game (less the plies to reach it).
pub const WIN: i32 = 1_000_000;

const MAX_DEPTH: u32 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: i32,
    depth: u8,
    bound: Bound,
    best: Option<Step>,
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Its value for the side to move.
    pub value: i32,
}

/// The alpha-beta agent. See the [module documentation](self) for the
/// evaluation and the search.
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    budget: Budget,
    table: Vec<Option<Entry>>,
    buffers: Vec<Vec<(i32, Step)>>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    last: SearchStats,
}

impl AlphaBeta {
    /// An agent thinking within `budget` per move (nodes, or time).
    pub fn new(budget: Budget) -> AlphaBeta {
        AlphaBeta {
            budget,
            table: vec![None; TABLE_SIZE],
            buffers: Vec::new(),
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            stopped: false,
            last: SearchStats::default(),
        }
    }

    /// What the last call to [`best_step`](Self::best_step) did.
    pub fn stats(&self) -> SearchStats {
        self.last
    }

    /// The static evaluation of `position` for the side to move.
    pub fn evaluate(position: &Position) -> i32 {
        let me = position.to_move();
        let material = position.pieces(me) as i32 - position.pieces(me.other()) as i32;
        let mobility = position.mobility(me) as i32 - position.mobility(me.other()) as i32;
        100 * material + 2 * mobility
    }

    fn terminal(position: &Position, ply: u32) -> Option<i32> {
        let o = position.outcome()?;
        Some(match o.winner {
            None => 0,
            Some(w) if w == position.to_move() => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
        })
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.limit {
            self.stopped = true;
        } else if let Some(d) = self.deadline
            && self.nodes.is_multiple_of(256)
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The child's value from the mover's point of view: a follow-up
    /// capture or a finished game keeps the same side to move.
    fn child_value(
        &mut self,
        child: &Position,
        me: Side,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if child.to_move() == me || child.outcome().is_some() {
            let v = self.search(child, depth, alpha, beta, ply);
            if child.outcome().is_some() && child.to_move() != me {
                -v
            } else {
                v
            }
        } else {
            -self.search(child, depth, -beta, -alpha, ply)
        }
    }

    fn search(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if let Some(v) = Self::terminal(pos, ply) {
            return v;
        }
        self.nodes += 1;
        if depth == 0 {
            return Self::evaluate(pos);
        }
        if self.out_of_budget() {
            return 0;
        }
        let key = pos.key();
        let slot = (key as usize) & (TABLE_SIZE - 1);
        let mut hint = None;
        if let Some(e) = self.table[slot]
            && e.key == key
        {
            hint = e.best;
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
        }
        let me = pos.to_move();
        let original_alpha = alpha;
        let mut moves = self.ordered(pos, ply, hint);
        if moves.is_empty() {
            // Blocked: pass.
            self.buffers[ply as usize] = moves;
            let mut child = pos.clone();
            child.apply(&Action::Blocked);
            return self.child_value(&child, me, depth - 1, alpha, beta, ply + 1);
        }
        let mut best_value = -WIN - 1;
        let mut best = None;
        for &(_, step) in &moves {
            let mut child = pos.clone();
            child.apply(&Action::Move(step));
            let v = self.child_value(&child, me, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                break;
            }
            if v > best_value {
                best_value = v;
                best = Some(step);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        moves.clear();
        self.buffers[ply as usize] = moves;
        if !self.stopped {
            let bound = if best_value <= original_alpha {
                Bound::Upper
            } else if best_value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table[slot] = Some(Entry {
                key,
                value: best_value,
                depth: depth.min(255) as u8,
                bound,
                best,
            });
        }
        best_value
    }

    /// The legal steps, best first: the hint, then by pieces captured.
    /// Uses a buffer kept per ply, so search allocates nothing once warm.
    fn ordered(&mut self, pos: &Position, ply: u32, hint: Option<Step>) -> Vec<(i32, Step)> {
        let ply = ply as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        moves.extend(pos.steps().map(|s| {
            let score = if Some(s) == hint {
                i32::MAX
            } else {
                pos.captures(s).len() as i32
            };
            (score, s)
        }));
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        moves
    }

    /// The best step for the side to move within the budget, or `None`
    /// when it has none.
    pub fn best_step(&mut self, pos: &Position) -> Option<Step> {
        self.nodes = 0;
        self.stopped = false;
        match self.budget {
            Budget::Work(n) => {
                self.limit = n;
                self.deadline = None;
            }
            Budget::Time(t) => {
                self.limit = u64::MAX;
                self.deadline = Some(Instant::now() + t);
            }
        }
        let me = pos.to_move();
        let mut root: Vec<Step> = pos.steps().collect();
        let first = *root.first()?;
        self.last = SearchStats::default();
        if root.len() == 1 {
            return Some(first);
        }
        // Captures first at depth 1.
        root.sort_by_key(|&s| std::cmp::Reverse(pos.captures(s).len()));
        let mut chosen = root[0];
        for depth in 1..=MAX_DEPTH {
            let (mut alpha, beta) = (-WIN - 1, WIN + 1);
            let mut best = None;
            for &step in &root {
                let mut child = pos.clone();
                child.apply(&Action::Move(step));
                let v = self.child_value(&child, me, depth - 1, alpha, beta, 1);
                if self.stopped {
                    break;
                }
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, step));
                    alpha = alpha.max(v);
                }
            }
            if self.stopped {
                break;
            }
            if let Some((v, step)) = best {
                chosen = step;
                self.last = SearchStats {
                    nodes: self.nodes,
                    depth,
                    value: v,
                };
                // Search the best move first next time.
                if let Some(i) = root.iter().position(|&s| s == step) {
                    root[..=i].rotate_right(1);
                }
                if v.abs() >= WIN - MAX_DEPTH as i32 * 4 {
                    break; // a forced result: deeper search changes nothing
                }
            }
        }
        self.last.nodes = self.nodes;
        Some(chosen)
    }
}

impl SeegaAgent for AlphaBeta {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        safe_placement(position, rng)
    }

    fn play(&mut self, position: &Position, _: Option<Square>, _: &mut GameRng) -> Reply {
        self.best_step(position).map_or(Reply::Blocked, Reply::Move)
    }
}
