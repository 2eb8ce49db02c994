//! `AlphaBeta`: iterative-deepening alpha-beta with a transposition table,
//! and chance points by expectimax with *-minimax (Star1) pruning.

use tabula_core::{Agent, BoardGame, Chance, GameRng, Seat, Status};

use crate::budget::{Budget, Clock};
use crate::heuristic::{Heuristic, WIN, evaluation, moves, points};

/// Nodes per move when no budget is given.
pub const DEFAULT_BUDGET: Budget = Budget::Work(20_000);

/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// Transposition table entries (a power of two).
const TABLE_SIZE: usize = 1 << 16;

/// What a won game loses per ply to its end, so nearer wins score more.
const PLY_COST: f64 = 1e-5;

/// Values at or beyond this are forced results: deeper search changes
/// nothing.
const FORCED: f64 = WIN - (MAX_DEPTH as f64 + 2.0) * PLY_COST;

const NO_MOVE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: f64,
    depth: u8,
    bound: Bound,
    /// The index of the best move in the state's list of moves.
    best: u32,
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Nodes searched: decisions, chance points and evaluated leaves
    /// (finished games are not counted).
    pub nodes: u64,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Its value for the seat that chose, in `[-WIN, WIN]`.
    pub value: f64,
}

/// Alpha-beta search, with expectimax at chance points.
///
/// **Values** are for one seat; the other seat's value is its negation
/// (zero sum). A finished game is worth `±WIN` less a hundred-thousandth per ply
/// to reach it (draws 0, in general `(2 × points − 1) × WIN`), and a
/// position at the depth limit its [`Heuristic::evaluate`].
///
/// **More than two seats** are searched *paranoid* (Sturtevant and Korf):
/// the seat choosing maximizes its own value, and every other seat is
/// taken to play against it, minimizing that value together. That makes
/// the game a two-sided one again, so the pruning above applies
/// unchanged. It is cautious, not a model of what the others want;
/// [`Mcts`](crate::Mcts) models each seat's own interest instead.
///
/// **Decisions** search the [`candidate_moves`](Heuristic::candidate_moves)
/// by negamax with alpha-beta pruning. A seat that decides again (a
/// multi-move turn, a follow-up capture) keeps the window un-negated;
/// seats never have to alternate. Moves are ordered by the transposition
/// table's best move (keyed by [`Heuristic::state_key`]), then by
/// [`Heuristic::move_order_hint`]. A decision with no move at all is
/// evaluated as a leaf.
///
/// **Chance points** take the expectation over their outcomes, with
/// Ballard's Star1 pruning: the evaluation bounds (`±WIN`) bound the
/// outcomes not searched yet, so a chance point stops as soon as its
/// value is sure to fall outside the window. A chance point counts as a
/// ply of depth, like a decision. A chance point with no outcome listed
/// is evaluated as a leaf.
///
/// **Budget**: iterative deepening until the budget (nodes, or time) runs
/// out; the best move of the last finished depth is played.
///
/// # Panics
///
/// [`choose`](Agent::choose) panics at a state with no legal move.
pub struct AlphaBeta<G: BoardGame> {
    budget: Budget,
    max_depth: u32,
    table: Vec<Option<Entry>>,
    moves: Vec<Vec<G::Move>>,
    order: Vec<Vec<(i32, u32)>>,
    outcomes: Vec<Vec<Chance<G::Outcome>>>,
    nodes: u64,
    clock: Clock,
    stopped: bool,
    last: SearchStats,
    /// With more than two seats, the seat the search is for: every other
    /// seat plays against it (paranoid search).
    paranoid: Option<Seat>,
}

impl<G: BoardGame> std::fmt::Debug for AlphaBeta<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("budget", &self.budget)
            .field("max_depth", &self.max_depth)
            .field("last", &self.last)
            .finish()
    }
}

impl<G: Heuristic> Default for AlphaBeta<G> {
    fn default() -> Self {
        AlphaBeta::new(DEFAULT_BUDGET)
    }
}

impl<G: Heuristic> AlphaBeta<G> {
    /// An agent thinking within `budget` per move (nodes, or time).
    pub fn new(budget: Budget) -> AlphaBeta<G> {
        AlphaBeta {
            budget,
            max_depth: MAX_DEPTH,
            table: vec![None; TABLE_SIZE],
            moves: Vec::new(),
            order: Vec::new(),
            outcomes: Vec::new(),
            nodes: 0,
            clock: Clock::start(budget),
            stopped: false,
            last: SearchStats::default(),
            paranoid: None,
        }
    }

    /// The same agent, deepening no further than `depth` plies (at least
    /// 1, at most [`MAX_DEPTH`]).
    pub fn with_max_depth(mut self, depth: u32) -> AlphaBeta<G> {
        self.max_depth = depth.clamp(1, MAX_DEPTH);
        self
    }

    /// What the last call to [`best_move`](Self::best_move) did.
    pub fn stats(&self) -> SearchStats {
        self.last
    }

    /// Forgets the transposition table.
    pub fn clear(&mut self) {
        self.table.fill(None);
    }

    /// The best move for `seat` at `state` within the budget, or `None`
    /// when there is no legal move. A single candidate is answered with
    /// no search.
    pub fn best_move(&mut self, game: &G, state: &G::State, seat: Seat) -> Option<G::Move> {
        self.nodes = 0;
        self.stopped = false;
        self.clock = Clock::start(self.budget);
        self.last = SearchStats::default();
        let seat = match game.status(state) {
            Status::Decision(s) => s,
            _ => seat,
        };
        let paranoid = (game.seats() > 2).then_some(seat);
        if paranoid != self.paranoid {
            // The table's values are for the sides of another search.
            self.clear();
            self.paranoid = paranoid;
        }
        let mut root = Vec::new();
        moves(game, state, &mut root);
        if root.len() <= 1 {
            return root.pop();
        }
        let mut order: Vec<(i32, u32)> = root
            .iter()
            .enumerate()
            .map(|(i, mv)| (game.move_order_hint(state, mv), i as u32))
            .collect();
        order.sort_by_key(|o| std::cmp::Reverse(o.0));
        let mut chosen = order[0].1;
        for depth in 1..=self.max_depth {
            let (mut alpha, beta) = (-WIN - 1.0, WIN + 1.0);
            let mut best: Option<(f64, u32)> = None;
            for &(_, i) in &order {
                let mut child = state.clone();
                game.apply_move(&mut child, root[i as usize].clone(), &mut |_| {});
                let v = self.search(game, &child, seat, depth - 1, alpha, beta, 1);
                if self.stopped {
                    break;
                }
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, i));
                    alpha = alpha.max(v);
                }
            }
            if self.stopped {
                break;
            }
            if let Some((v, i)) = best {
                chosen = i;
                self.last = SearchStats {
                    nodes: self.nodes,
                    depth,
                    value: v,
                };
                // Search the best move first next time.
                if let Some(at) = order.iter().position(|o| o.1 == i) {
                    order[..=at].rotate_right(1);
                }
                if v.abs() >= FORCED {
                    break;
                }
            }
        }
        self.last.nodes = self.nodes;
        Some(root.swap_remove(chosen as usize))
    }

    /// A value for `view`'s side, given `value(seat)` for one seat: its
    /// own with two seats; with more, the searching seat's, negated for
    /// the side of the others.
    #[inline(always)]
    fn value_for(&self, view: Seat, value: impl Fn(Seat) -> f64) -> f64 {
        match self.paranoid {
            Some(me) if view != me => -value(me),
            _ => value(view),
        }
    }

    /// Whether `a` and `b` play on the same side: the same seat with two
    /// seats; with more, both the searching seat or both others.
    #[inline(always)]
    fn same_side(&self, a: Seat, b: Seat) -> bool {
        match self.paranoid {
            Some(me) => (a == me) == (b == me),
            None => a == b,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.clock.spent(self.nodes, 256) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of `state` for `view`, searched `depth` plies deep within
    /// the window `(alpha, beta)` (fail-soft).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &G,
        state: &G::State,
        view: Seat,
        depth: u32,
        alpha: f64,
        beta: f64,
        ply: u32,
    ) -> f64 {
        let status = game.status(state);
        if let Status::Over(result) = status {
            let worth = WIN - f64::from(ply) * PLY_COST;
            return self.value_for(view, |seat| {
                (2.0 * points(game, state, result, seat) - 1.0) * worth
            });
        }
        self.nodes += 1;
        if depth == 0 {
            return self.value_for(view, |seat| evaluation(game, state, seat));
        }
        if self.out_of_budget() {
            return 0.0;
        }
        match status {
            Status::Decision(s) if self.same_side(s, view) => {
                self.decide(game, state, s, depth, alpha, beta, ply)
            }
            Status::Decision(s) => -self.decide(game, state, s, depth, -beta, -alpha, ply),
            _ => self.chance(game, state, view, depth, alpha, beta, ply),
        }
    }

    /// A decision of `me`, valued for `me`.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        me: Seat,
        depth: u32,
        mut alpha: f64,
        beta: f64,
        ply: u32,
    ) -> f64 {
        let key = game.state_key(state);
        let slot = (key as usize) & (TABLE_SIZE - 1);
        let mut hint = NO_MOVE;
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
        let p = ply as usize;
        if self.moves.len() <= p {
            self.moves.resize_with(p + 1, Vec::new);
            self.order.resize_with(p + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.moves[p]);
        moves(game, state, &mut list);
        if list.is_empty() {
            self.moves[p] = list;
            return self.value_for(me, |seat| evaluation(game, state, seat));
        }
        let mut order = std::mem::take(&mut self.order[p]);
        order.clear();
        order.extend(list.iter().enumerate().map(|(i, mv)| {
            let i = i as u32;
            let score = if i == hint {
                i32::MAX
            } else {
                game.move_order_hint(state, mv)
            };
            (score, i)
        }));
        order.sort_by_key(|o| std::cmp::Reverse(o.0));
        let original_alpha = alpha;
        let mut best_value = f64::NEG_INFINITY;
        let mut best = NO_MOVE;
        for &(_, i) in &order {
            let mut child = state.clone();
            game.apply_move(&mut child, list[i as usize].clone(), &mut |_| {});
            let v = self.search(game, &child, me, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                break;
            }
            if v > best_value {
                best_value = v;
                best = i;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.moves[p] = list;
        self.order[p] = order;
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

    /// A chance point, valued for `view`: the expectation over its
    /// outcomes, with Star1 cutoffs.
    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        game: &G,
        state: &G::State,
        view: Seat,
        depth: u32,
        alpha: f64,
        beta: f64,
        ply: u32,
    ) -> f64 {
        let p = ply as usize;
        if self.outcomes.len() <= p {
            self.outcomes.resize_with(p + 1, Vec::new);
        }
        let mut outcomes = std::mem::take(&mut self.outcomes[p]);
        outcomes.clear();
        game.chance_outcomes(state, &mut outcomes);
        if outcomes.is_empty() {
            self.outcomes[p] = outcomes;
            return self.value_for(view, |seat| evaluation(game, state, seat));
        }
        let (lo, hi) = (-WIN, WIN);
        // The probability-weighted sum of the outcomes searched so far,
        // and their probability.
        let (mut sum, mut done) = (0.0, 0.0);
        let mut value = None;
        for c in &outcomes {
            let q = c.probability;
            if q <= 0.0 {
                continue;
            }
            let rest = (1.0 - done - q).max(0.0);
            // The window this outcome's value must hit for the chance
            // point to land inside (alpha, beta).
            let a = (alpha - sum - rest * hi) / q;
            let b = (beta - sum - rest * lo) / q;
            if a >= hi {
                value = Some(sum + (1.0 - done) * hi);
                break;
            }
            if b <= lo {
                value = Some(sum + (1.0 - done) * lo);
                break;
            }
            let mut child = state.clone();
            game.apply_chance(&mut child, c.outcome, &mut |_| {});
            let v = self.search(game, &child, view, depth - 1, a.max(lo), b.min(hi), ply + 1);
            if self.stopped {
                break;
            }
            let upper = sum + q * v + rest * hi;
            if upper <= alpha {
                value = Some(upper);
                break;
            }
            let lower = sum + q * v + rest * lo;
            if lower >= beta {
                value = Some(lower);
                break;
            }
            sum += q * v;
            done += q;
        }
        self.outcomes[p] = outcomes;
        value.unwrap_or(sum)
    }
}

impl<G: Heuristic> Agent<G> for AlphaBeta<G> {
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, _: &mut GameRng) -> G::Move {
        self.best_move(game, state, seat)
            .expect("a decision state has a legal move")
    }
}
