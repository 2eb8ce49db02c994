//! Seega for the generic search agents of [`tabula_search`], which are
//! Seega's built-in agents ([`agents`](crate::agents)): the
//! [`Heuristic`] they search with (an evaluation by material, then
//! mobility; the placement pairs worth searching; captures first, in move
//! ordering and in playouts) and the placement helpers it rests on.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, game_rng};
//! use tabula_search::AlphaBeta;
//! use tabula_seega::{Rules, Seega, Side};
//!
//! let game = Seega::new(Rules::new(5, 30, Side::Black)?);
//! let mut agent = AlphaBeta::default(); // 20000 nodes per move
//! let mut rng = game_rng(1, 0);
//! let mv = agent.choose(&game, &game.initial_state(), 0, &mut rng);
//! println!("{mv:?}");
//! # Ok::<_, tabula_seega::SeegaError>(())
//! ```

use tabula_core::rand::{Rng, RngExt};
use tabula_core::{BoardGame, GameRng, Seat};
use tabula_search::{Heuristic, prefer_random};

use crate::board::{Side, Square};
use crate::game::Seega;
use crate::rules::{Action, Phase, Position};

/// Squares of the placement candidates: the pairs among this many of the
/// safest free squares (see [`placement_score`]).
pub const PLACEMENT_SQUARES: usize = 4;

/// The evaluation in hundredths of a piece that maps to ½ (see
/// [`Heuristic::evaluate`] below).
pub const EVALUATION_SCALE: f64 = 1000.0;

/// The evaluation for `side`, in hundredths of a piece:
/// `100 × (own pieces − enemy pieces) + 2 × (own slides − enemy slides)`.
/// Material decides the game at the stalemate threshold, so it dominates;
/// mobility breaks ties, because a side with few slides is close to being
/// blocked or forced into a bad exchange.
pub fn material_and_mobility(position: &Position, side: Side) -> i32 {
    let material = position.pieces(side) as i32 - position.pieces(side.other()) as i32;
    let mobility = position.mobility(side) as i32 - position.mobility(side.other()) as i32;
    100 * material + 2 * mobility
}

impl Heuristic for Seega {
    /// [`material_and_mobility`] `x` squashed into `(-1, 1)` as
    /// `x / (EVALUATION_SCALE + |x|)`: odd and increasing, so search ranks
    /// positions as `x` does.
    fn evaluate(&self, state: &Position, seat: Seat) -> f64 {
        let x = f64::from(material_and_mobility(state, Side::from_seat(seat)));
        x / (EVALUATION_SCALE + x.abs())
    }

    fn state_key(&self, state: &Position) -> u64 {
        state.key()
    }

    /// While placing, the pairs among the [`PLACEMENT_SQUARES`] safest free
    /// squares (best first, ties in board order) instead of every pair,
    /// each pair's squares in board order as the legal moves list them
    /// ([`Action::normalized`]); while moving, every legal action.
    fn candidate_moves(&self, state: &Position, out: &mut Vec<Action>) {
        if state.verdict().is_none() && state.phase() == Phase::Placement {
            let mut free: Vec<Square> = state.placements().collect();
            // Stable: ties keep board order.
            free.sort_by_key(|&s| std::cmp::Reverse(placement_score(state, s)));
            free.truncate(PLACEMENT_SQUARES);
            for (i, &a) in free.iter().enumerate() {
                for &b in &free[i + 1..] {
                    out.push(Action::Place([a, b]).normalized());
                }
            }
        } else {
            self.legal_moves(state, out);
        }
    }

    /// Pieces captured: captures first.
    fn move_order_hint(&self, state: &Position, mv: &Action) -> i32 {
        match mv {
            Action::Move(slide) => state.captures(*slide).len() as i32,
            _ => 0,
        }
    }

    /// A capturing slide when there is one (at random among them), else a
    /// random move.
    fn playout_move<R: Rng + ?Sized>(
        &self,
        state: &Position,
        moves: &[Action],
        rng: &mut R,
    ) -> usize {
        prefer_random(
            moves,
            |m| matches!(m, Action::Move(slide) if state.captures_any(*slide)),
            rng,
        )
    }
}

/// A uniformly random item of a cloneable iterator, without collecting
/// it: count, draw, walk again.
pub fn pick<I: Iterator + Clone>(items: I, rng: &mut GameRng) -> Option<I::Item> {
    let n = items.clone().count();
    if n == 0 {
        return None;
    }
    items.into_iter().nth(rng.random_range(0..n))
}

/// How safe and useful a free square is for one's own piece at placement:
/// a corner can never be captured (4), an edge square only along the edge
/// (2), an inner square from both lines (0); a square next to the centre
/// adds 1, because the first moves go into the centre.
pub fn placement_score(position: &Position, s: Square) -> u32 {
    let last = (position.size() - 1) as u8;
    let edge_row = s.row == 0 || s.row == last;
    let edge_col = s.col == 0 || s.col == last;
    let c = position.centre();
    let next_to_centre = s.row.abs_diff(c.row) + s.col.abs_diff(c.col) == 1;
    let base = match (edge_row, edge_col) {
        (true, true) => 4,
        (true, false) | (false, true) => 2,
        (false, false) => 0,
    };
    base + u32::from(next_to_centre)
}

/// The two free squares with the best [`placement_score`], ties broken at
/// random: a sensible placement for an agent of one's own (the search
/// agents consider the pairs among the safest squares instead, see
/// [`PLACEMENT_SQUARES`]).
pub fn safe_placement(position: &Position, rng: &mut GameRng) -> [Square; 2] {
    let best = |exclude: Option<Square>, rng: &mut GameRng| {
        let free = position.placements().filter(move |&s| Some(s) != exclude);
        let top = free
            .clone()
            .map(|s| placement_score(position, s))
            .max()
            .unwrap_or(0);
        pick(free.filter(|&s| placement_score(position, s) == top), rng)
    };
    let a = best(None, rng).unwrap_or(Square::new(0, 0));
    let b = best(Some(a), rng).unwrap_or(a);
    [a, b]
}
