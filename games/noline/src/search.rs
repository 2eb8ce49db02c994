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

use tabula_core::rand::{Rng, RngExt};
use tabula_core::{BoardGame, Seat};
use tabula_search::Heuristic;

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
        // One pass, choosing among the safe moves seen so far with equal
        // chances (reservoir sampling).
        let mut seen = 0u32;
        let mut chosen = None;
        for (i, mv) in moves.iter().enumerate() {
            if !suicidal(state, mv) {
                seen += 1;
                if seen == 1 || rng.random_range(0..seen) == 0 {
                    chosen = Some(i);
                }
            }
        }
        chosen.unwrap_or_else(|| rng.random_range(0..moves.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Value, solve};
    use tabula_core::{Agent, Streams};
    use tabula_play::referee::Referee;

    fn agent(game: &Noline, name: &str) -> Box<dyn Agent<Noline>> {
        tabula_play::agents::build(game, name).unwrap()
    }

    fn place(game: &Noline, state: &mut State, cells: &[(u16, u16)]) {
        for &(row, col) in cells {
            game.apply_move(state, Place { row, col }, &mut |_| {});
        }
    }

    /// Plays `games` refereed games of `a` (seat 0, O) against `b`, after
    /// checking that none was forfeited: each seat's points and losses.
    fn play(game: &Noline, a: &str, b: &str, games: u64, seed: u64) -> ([f64; 2], [u64; 2]) {
        let referee = Referee::new().keep_steps(false);
        let mut agents = vec![agent(game, a), agent(game, b)];
        let (mut points, mut losses) = ([0.0; 2], [0; 2]);
        for index in 0..games {
            let mut streams = Streams::new(seed, index);
            let played = referee.play(game, &mut agents, &mut streams, &mut ());
            assert!(played.forfeit.is_none(), "{a} v {b}: {:?}", played.forfeit);
            let results = played.results.expect("noline games end");
            for seat in 0..2 {
                let p = results.points(seat);
                points[seat] += p;
                losses[seat] += u64::from(p == 0.0);
            }
        }
        (points, losses)
    }

    #[test]
    fn the_evaluation_counts_safe_cells() {
        let game = Noline::new(3);
        let mut state = game.initial_state();
        assert_eq!(game.evaluate(&state, 0), 0.0);
        // O O . / . . . / . . X, X to move: (0, 2) is not safe for O.
        place(&game, &mut state, &[(0, 0), (2, 2), (0, 1)]);
        assert_eq!(safe_cells(&state.grid, Cell::O), 5);
        assert_eq!(safe_cells(&state.grid, Cell::X), 6);
        assert_eq!(game.evaluate(&state, 1), 1.0 / 7.0);
        assert_eq!(game.evaluate(&state, 0), -1.0 / 7.0);
    }

    #[test]
    fn candidates_drop_suicidal_cells_unless_all_are() {
        let game = Noline::new(3);
        let mut state = game.initial_state();
        place(&game, &mut state, &[(0, 0), (2, 2), (0, 1)]);
        // X to move: O's threat at (0, 2) is safe for X.
        let mut out = Vec::new();
        game.candidate_moves(&state, &mut out);
        assert_eq!(out.len(), 6);
        place(&game, &mut state, &[(1, 1)]);
        // O to move: (0, 2) makes O's top row.
        out.clear();
        game.candidate_moves(&state, &mut out);
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        legal.retain(|m| *m != Place { row: 0, col: 2 });
        assert_eq!(out, legal, "the safe cells, in row order");
        // O O . / X X O / O X X, O to move: the last cell makes a line,
        // and is all there is.
        let mut state = game.initial_state();
        let cells = [
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 1),
            (2, 0),
            (2, 2),
        ];
        place(&game, &mut state, &cells);
        out.clear();
        game.candidate_moves(&state, &mut out);
        assert_eq!(out, vec![Place { row: 0, col: 2 }]);
    }

    #[test]
    fn every_search_agent_plays_legal_games() {
        for dim in [3, 5] {
            let game = Noline::new(dim);
            for name in ["greedy", "alphabeta-2000", "mcts-200", "alphabeta-5ms"] {
                play(&game, name, "random", 6, 1);
                play(&game, "random", name, 6, 2);
            }
        }
    }

    #[test]
    fn search_agents_refuse_huge_boards() {
        let game = Noline::new(SEARCH_MAX_DIM + 2);
        for name in ["greedy", "alphabeta", "mcts"] {
            let e = tabula_play::agents::build(&game, name).err().unwrap();
            assert!(e.to_string().contains("25x25"), "{e}");
        }
    }

    /// 3x3 is a draw with best play (the solver says so), so a searcher
    /// that sees to the end never loses, whichever seat it takes.
    #[test]
    fn alphabeta_never_loses_to_random_on_3x3() {
        assert_eq!(solve(3, 10_000_000).unwrap().value, Some(Value::Draw));
        let game = Noline::new(3);
        let (_, losses) = play(&game, "alphabeta", "random", 100, 7);
        assert_eq!(losses[0], 0, "as O");
        let (_, losses) = play(&game, "random", "alphabeta", 100, 8);
        assert_eq!(losses[1], 0, "as X");
    }

    /// MCTS against random over 200 games, 100 in each seat. Were they
    /// even, the mean score would be 0.5 with a standard error of at most
    /// 0.5/sqrt(200), about 0.035; above 0.5 + 4 standard errors a false
    /// pass has a chance under 1 in 30000.
    #[test]
    fn mcts_beats_random_clearly() {
        let game = Noline::new(3);
        let n = 100;
        let (first, _) = play(&game, "mcts", "random", n, 11);
        let (second, _) = play(&game, "random", "mcts", n, 12);
        let score = (first[0] + second[1]) / (2 * n) as f64;
        let se = 0.5 / ((2 * n) as f64).sqrt();
        assert!(score > 0.5 + 4.0 * se, "{score}");
    }
}
