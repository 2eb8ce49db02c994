//! Agents: who chooses the moves. The specification's two computer players
//! (`type1`, `type2`), `perfect`, and the generic agents `random`,
//! `greedy`, `alphabeta` and `mcts` of [`tabula_search`] (on the
//! evaluation of [`crate::search`]); registered in the
//! framework's agent registry ([`tabula_play::agents`]), so
//! `tabula_play::agents::build(&Noline::new(3), "type1")` makes one.

use std::sync::{Arc, Mutex};

use tabula_core::{Agent, GameRng, Seat};
use tabula_play::agents::{AgentEntry, BuildFn};

use crate::NolineError;
use crate::game::{Noline, Place, State};
use crate::search::SEARCH_MAX_DIM;
use crate::solve::{self, Solver, Value, mover};
use tabula_exact::proof::{Next, Proof};

/// The specification's computer players: for n = 0, 1, 2, ... try cell
/// k = n(s + 2) mod s² (row k / s, column k mod s) and take the first
/// empty one; `type2` counts from the opposite corner, cell s² − 1 − k.
/// The counter n carries on from move to move within a game.
#[derive(Clone, Debug, Default)]
pub struct Sequence {
    backwards: bool,
    n: u64,
}

impl Sequence {
    /// The specification's type 1 (`backwards = false`) or type 2.
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

/// Perfect play: the move with the best game-theoretic value (win, else
/// draw, else loss; the first such cell in the solver's order, centre
/// first), from the proof search of [`crate::solve`] with a table shared
/// by every game of the process. Boards up to [`PERFECT_MAX_DIM`], within a search budget
/// per question; past it, the first safe cell.
#[derive(Clone, Debug)]
pub struct Perfect {
    solver: Arc<Mutex<Solver>>,
}

/// The largest board `perfect` plays on: 5 x 5 is solved in seconds
/// (see the book); 7 x 7 is beyond the solver.
pub const PERFECT_MAX_DIM: usize = 5;

/// Positions the perfect agent may search per question.
pub const PERFECT_BUDGET: u64 = 200_000_000;

/// The memory of the perfect agents' table, in bytes (one table per
/// board size for the whole process).
pub const PERFECT_MEMORY: u64 = 512 << 20;

impl Perfect {
    /// A perfect player for `dim` boards: boards up to [`PERFECT_MAX_DIM`].
    pub fn new(dim: usize) -> Result<Perfect, NolineError> {
        if dim > PERFECT_MAX_DIM {
            return Err(NolineError::PerfectTooLarge(dim));
        }
        let solver = shared_table(dim)?;
        Ok(Perfect { solver })
    }

    /// The proof table `perfect` plays from, for `dim` boards: a fresh
    /// one, within the agent's budget ([`PERFECT_BUDGET`] positions a
    /// question, [`PERFECT_MEMORY`] bytes). What noline's registered
    /// proof search makes when asked for its solved play `perfect`.
    pub fn table(dim: usize) -> Result<Mutex<Solver>, NolineError> {
        if dim > PERFECT_MAX_DIM {
            return Err(NolineError::PerfectTooLarge(dim));
        }
        let mut solver = solve::solver(dim, PERFECT_MEMORY)?;
        solver.set_max_nodes(PERFECT_BUDGET);
        Ok(Mutex::new(solver))
    }

    /// The best cell at `grid` for the player to move: one that wins,
    /// else one that draws at least, else the first safe cell; `None`
    /// if the search does not settle it.
    fn best(&self, grid: &crate::board::Grid) -> Option<u8> {
        let mut solver = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        let bits = solver.game().clone();
        let node = bits.node(grid)?;
        let mut cells = Vec::new();
        bits.moves(&node, &mut cells);
        // The opponent's question after each move: does it reach `v`?
        let mut reaches = |c: u8, v: Value| match bits.play(&node, c) {
            Next::Over(mine) => Some(mine.flip() >= v),
            Next::Continue(child) => solver.at_least(&child, v).ok(),
        };
        for &c in &cells {
            if !reaches(c, Value::Draw)? {
                return Some(c);
            }
        }
        for &c in &cells {
            if !reaches(c, Value::Win)? {
                return Some(c);
            }
        }
        cells.first().copied()
    }
}

/// The name of perfect play's solved table, in the one cache.
pub const PERFECT: &str = "perfect";

/// One table per board size for the whole process: asked of the game's
/// registration ([`tabula_registry::solved_play`]: the proof search
/// noline registers makes it, and the framework keeps it in its one cache
/// of solved play, keyed by the game, its parameters, `perfect` and the
/// seats). Without the registration (the feature `commands` off) it is
/// made here, into the same cache under the same key.
fn shared_table(dim: usize) -> Result<Arc<Mutex<Solver>>, NolineError> {
    #[cfg(feature = "commands")]
    {
        tabula_registry::solved_play::<Noline, Mutex<Solver>>(&Noline::new(dim), PERFECT).map_err(
            |e| match e.downcast::<NolineError>() {
                Ok(e) => *e,
                Err(e) => NolineError::Solved(e.to_string()),
            },
        )
    }
    #[cfg(not(feature = "commands"))]
    {
        let name = <Noline as tabula_play::record::Recordable>::NAME;
        let key = tabula_exact::SolvedKey::new(
            name,
            &tabula_core::params::spec(name, &crate::Dim { dim }),
            PERFECT,
            2,
        );
        tabula_exact::solved(key, || Perfect::table(dim))
    }
}

impl Agent<Noline> for Perfect {
    fn choose(&mut self, _: &Noline, state: &State, _: Seat, _: &mut GameRng) -> Place {
        let grid = &state.grid;
        let dim = grid.dim();
        let pick = match self.best(grid) {
            Some(c) => Some((usize::from(c) / dim, usize::from(c) % dim)),
            // Over budget: the first cell that does not make a line.
            None => {
                let me = mover(grid);
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
        summary: "specification 002's player type 1: tries cells k = n(s+2) mod s^2 for n = 0, 1, 2, ...",
        build: &BuildFn::<Noline>(|_, _| Ok(Box::new(Sequence::new(false)))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "type2",
        parameter: None,
        summary: "specification 002's player type 2: the same sequence from the opposite corner, backwards",
        build: &BuildFn::<Noline>(|_, _| Ok(Box::new(Sequence::new(true)))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "perfect",
        parameter: None,
        summary: "exact game-tree search (the framework's proof search on bitboards, the board's 8 symmetries); boards up to 5x5",
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

// ANCHOR: search_agents
tabula_search::register_search_agents! {
    game: Noline,
    check: searchable,
    random: "a uniformly random empty cell",
    greedy: "the cell leaving it the most safe cells against the opponent's (generic search, one move ahead)",
    alphabeta: "generic iterative-deepening alpha-beta on the safe-cell count; BUDGET nodes (default 20000) or Nms per move",
    mcts: "generic Monte Carlo tree search (UCT, playouts avoiding lines); BUDGET playouts (default 1000) or Nms per move",
}
// ANCHOR_END: search_agents
