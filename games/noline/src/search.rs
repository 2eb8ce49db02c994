//! noline for the generic search agents of [`tabula_search`]: the
//! [`Heuristic`] behind the registered `greedy`, `alphabeta` and `mcts`.
//!
//! The evaluation counts *safe cells*: empty cells where a seat can put a
//! tile without making a line of three of its own. A seat with no safe
//! cell left on its turn must lose (unless the board is full), so the seat
//! with more safe cells than its opponent is ahead:
//! `(safe(me) − safe(them)) / (empty + 1)`, in `(-1, 1)`.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, game_rng};
//! use tabula_noline::Noline;
//! use tabula_search::{AlphaBeta, Heuristic};
//!
//! let game = Noline::new(3);
//! let state = game.initial_state();
//! assert_eq!(game.evaluate(&state, 0), 0.0); // nine safe cells each
//! let mut agent = AlphaBeta::default(); // 20000 nodes per move
//! let mv = agent.choose(&game, &state, 0, &mut game_rng(1, 0));
//! assert!(game.allows(&state, &mv));
//! ```

use tabula_core::rand::Rng;
use tabula_core::{BoardGame, Seat};
use tabula_search::{Heuristic, prefer_random};

use crate::board::{Cell, Grid};
use crate::game::{Noline, Place, State, tile};

/// The largest board the search agents play on: their searches copy and
/// scan the whole board at every node, so a huge board would make one
/// move take minutes.
pub const SEARCH_MAX_DIM: usize = 25;

/// Empty cells where `tile` can go without making a line of three.
pub fn safe_cells(grid: &Grid, tile: Cell) -> usize {
    let dim = grid.dim().max(1);
    grid.cells()
        .iter()
        .enumerate()
        .filter(|&(i, c)| *c == Cell::Empty && !grid.makes_line(i / dim, i % dim, tile))
        .count()
}

/// Whether `mv` would make a line of three of the tile of the seat to move.
fn suicidal(state: &State, mv: &Place) -> bool {
    state.grid.makes_line(
        usize::from(mv.row),
        usize::from(mv.col),
        tile(state.to_move),
    )
}

impl Heuristic for Noline {
    /// `(safe(seat) − safe(other)) / (empty + 1)`, see [`safe_cells`].
    fn evaluate(&self, state: &State, seat: Seat) -> f64 {
        let grid = &state.grid;
        let empty = grid.cells().len() - grid.filled();
        let mine = safe_cells(grid, tile(seat)) as f64;
        let theirs = safe_cells(grid, tile(1 - seat.min(1))) as f64;
        (mine - theirs) / (empty as f64 + 1.0)
    }

    /// The cells and the seat to move (a finished game is never searched
    /// further, so its result adds nothing).
    fn state_key(&self, state: &State) -> u64 {
        tabula_search::hash_key(&(state.grid.cells(), state.to_move, state.result))
    }

    /// The empty cells that do not make a line of the mover's own; all
    /// empty cells when every one does (the mover has lost anyway).
    fn candidate_moves(&self, state: &State, out: &mut Vec<Place>) {
        let start = out.len();
        self.legal_moves(state, out);
        let mut keep = start;
        for i in start..out.len() {
            if !suicidal(state, &out[i]) {
                out.swap(keep, i);
                keep += 1;
            }
        }
        // Kept cells stay in row order: each moves only towards the
        // front, past dropped ones.
        if keep > start {
            out.truncate(keep);
        }
    }

    /// A random move among those that do not make a line at once, else a
    /// random move.
    fn playout_move<R: Rng + ?Sized>(&self, state: &State, moves: &[Place], rng: &mut R) -> usize {
        prefer_random(moves, |mv| !suicidal(state, mv), rng)
    }
}
