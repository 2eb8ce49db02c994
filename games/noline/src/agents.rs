//! Agents: who chooses the moves. The seed's two computer players
//! (`type1`, `type2`), `random`, `perfect`, and the generic search agents
//! `greedy`, `alphabeta` and `mcts` of [`tabula_search`] (on the
//! evaluation of [`crate::search`]); registered in the
//! framework's agent registry ([`tabula_play::agents`]), so
//! `tabula_play::agents::build(&Noline::new(3), "type1")` makes one.

use std::sync::{Arc, Mutex};

use tabula_core::rand::RngExt;
use tabula_core::{Agent, GameRng, Policy, Seat};
use tabula_play::agents::{AgentEntry, BuildFn};

use tabula_search::{AlphaBeta, Budget, BudgetError, Greedy, Mcts, defaults};

use crate::NolineError;
use crate::game::{Noline, Place, State};
use crate::search::SEARCH_MAX_DIM;
use crate::solve::{Solver, Value, mover};

/// The seed's computer players: for n = 0, 1, 2, ... try cell
/// k = n(s + 2) mod s² (row k / s, column k mod s) and take the first
/// empty one; `type2` counts from the opposite corner, cell s² − 1 − k.
/// The counter n carries on from move to move within a game.
#[derive(Clone, Debug, Default)]
pub struct Sequence {
    backwards: bool,
    n: u64,
}

impl Sequence {
    /// The seed's type 1 (`backwards = false`) or type 2.
    pub fn new(backwards: bool) -> Sequence {
        Sequence { backwards, n: 0 }
    }

    /// The next cell it takes on `grid`, advancing its counter.
    pub fn next_move(&mut self, grid: &crate::board::Grid) -> Option<Place> {
        let s = grid.dim() as u64;
        let cells = s * s;
        for _ in 0..cells {
            let k = (self.n % cells) * (s + 2) % cells;
            self.n += 1;
            let k = if self.backwards { cells - 1 - k } else { k };
            let (r, c) = ((k / s) as usize, (k % s) as usize);
            if grid.is_free(r, c) {
                return Some(Place {
                    row: r as u16,
                    col: c as u16,
                });
            }
        }
        None
    }
}

impl Agent<Noline> for Sequence {
    fn choose(&mut self, _: &Noline, state: &State, _: Seat, _: &mut GameRng) -> Place {
        self.next_move(&state.grid)
            .unwrap_or(Place { row: 0, col: 0 })
    }

    fn new_game(&mut self, _: &Noline, _: Seat) {
        self.n = 0;
    }
}

/// A uniformly random empty cell.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Agent<Noline> for Random {
    fn choose(&mut self, _: &Noline, state: &State, _: Seat, rng: &mut GameRng) -> Place {
        // The i-th empty cell in row order (the order of `legal_moves`),
        // found without building the list.
        let cells = state.grid.cells();
        let dim = state.grid.dim().max(1);
        let empty = || {
            cells
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == crate::Cell::Empty)
        };
        let i = rng.random_range(0..empty().count().max(1));
        empty()
            .nth(i)
            .map_or(Place { row: 0, col: 0 }, |(k, _)| Place {
                row: (k / dim) as u16,
                col: (k % dim) as u16,
            })
    }

    /// Uniform over the empty cells: a policy exact analysis can fold in.
    fn policy(&self) -> Option<&dyn Policy<Noline>> {
        Some(self)
    }
}

impl Policy<Noline> for Random {
    fn probabilities(&self, _: &Noline, _: &State, _: Seat, moves: &[Place], out: &mut Vec<f64>) {
        let p = 1.0 / moves.len().max(1) as f64;
        out.extend(moves.iter().map(|_| p));
    }
}

/// Perfect play: the move with the best game-theoretic value (win, else
/// draw, else loss; the first such cell in row order), from an exact
/// search with a transposition table shared by every game of a run.
/// Boards up to 8 × 8, within a search budget; past it, the first cell
/// that does not lose at once.
#[derive(Clone, Debug)]
pub struct Perfect {
    solver: Arc<Mutex<Solver>>,
}

/// The largest board `perfect` plays on: 5 x 5 is beyond the solver in
/// minutes, so a tournament there would not finish.
pub const PERFECT_MAX_DIM: usize = 4;

/// Positions the perfect agent may search per move.
pub const PERFECT_BUDGET: u64 = 50_000_000;

impl Perfect {
    /// A perfect player for `dim` boards: boards up to [`PERFECT_MAX_DIM`],
    /// where the search settles every move in moments.
    pub fn new(dim: usize) -> Result<Perfect, NolineError> {
        if dim > PERFECT_MAX_DIM {
            return Err(NolineError::PerfectTooLarge(dim));
        }
        let solver = Solver::new(dim, PERFECT_BUDGET)?;
        Ok(Perfect {
            solver: Arc::new(Mutex::new(solver)),
        })
    }
}

impl Agent<Noline> for Perfect {
    fn choose(&mut self, _: &Noline, state: &State, _: Seat, _: &mut GameRng) -> Place {
        let mut grid = state.grid.clone();
        let values = self
            .solver
            .lock()
            .ok()
            .and_then(|mut s| s.move_values(&mut grid).ok());
        let pick = match values {
            Some(v) => {
                let best = v.iter().map(|m| m.2).max().unwrap_or(Value::Loss);
                v.into_iter().find(|m| m.2 == best).map(|m| (m.0, m.1))
            }
            None => {
                // Over budget: the first cell that does not make a line.
                let me = mover(&grid);
                let dim = grid.dim();
                (0..dim * dim)
                    .map(|i| (i / dim, i % dim))
                    .find(|&(r, c)| grid.is_free(r, c) && !grid.makes_line(r, c, me))
                    .or_else(|| {
                        (0..dim * dim)
                            .map(|i| (i / dim, i % dim))
                            .find(|&(r, c)| grid.is_free(r, c))
                    })
            }
        };
        let (r, c) = pick.unwrap_or((0, 0));
        Place {
            row: r as u16,
            col: c as u16,
        }
    }
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "type1",
        parameter: None,
        summary: "seed 002's player type 1: tries cells k = n(s+2) mod s^2 for n = 0, 1, 2, ...",
        build: &BuildFn::<Noline>(|_, _| Ok(Box::new(Sequence::new(false)))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "type2",
        parameter: None,
        summary: "seed 002's player type 2: the same sequence from the opposite corner, backwards",
        build: &BuildFn::<Noline>(|_, _| Ok(Box::new(Sequence::new(true)))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "random",
        parameter: None,
        summary: "a uniformly random empty cell",
        build: &BuildFn::<Noline>(|_, _| Ok(Box::new(Random))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "perfect",
        parameter: None,
        summary: "exact game-tree search (alpha-beta, transposition table, the board's 8 symmetries); 3x3 boards",
        build: &BuildFn::<Noline>(|game, _| Ok(Box::new(Perfect::new(game.dim())?))),
    }
}

/// Fails on a board beyond [`SEARCH_MAX_DIM`].
fn searchable(game: &Noline) -> Result<(), NolineError> {
    if game.dim() > SEARCH_MAX_DIM {
        return Err(NolineError::SearchTooLarge(game.dim()));
    }
    Ok(())
}

/// The budget written after the agent's name, or `default`.
fn budget(arg: Option<&str>, default: Budget) -> Result<Budget, BudgetError> {
    arg.map_or(Ok(default), Budget::parse)
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "greedy",
        parameter: None,
        summary: "the cell leaving it the most safe cells against the opponent's (generic search, one move ahead)",
        build: &BuildFn::<Noline>(|game, _| {
            searchable(game)?;
            Ok(Box::new(Greedy))
        }),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "alphabeta",
        parameter: Some("BUDGET"),
        summary: "generic iterative-deepening alpha-beta on the safe-cell count; BUDGET nodes (default 20000) or Nms per move",
        build: &BuildFn::<Noline>(|game, arg| {
            searchable(game)?;
            Ok(Box::new(AlphaBeta::<Noline>::new(budget(arg, defaults::ALPHABETA)?)))
        }),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "mcts",
        parameter: Some("BUDGET"),
        summary: "generic Monte Carlo tree search (UCT, playouts avoiding lines); BUDGET playouts (default 1000) or Nms per move",
        build: &BuildFn::<Noline>(|game, arg| {
            searchable(game)?;
            Ok(Box::new(Mcts::<Noline>::new(budget(arg, defaults::MCTS)?)))
        }),
    }
}
