//! Perfect play: negamax with alpha-beta over values win (1), draw (0) and
//! loss (-1) for the player to move, a transposition table keyed by the
//! board's canonical form under its eight symmetries.
//!
//! The player to move is implied by the number of tiles (O moves first),
//! so the board alone is the key. Boards up to 8 × 8 fit a 128-bit key (2
//! bits a cell).

use std::collections::HashMap;
use std::time::Instant;

use serde::Serialize;

use crate::NolineError;
use crate::board::{Cell, Grid};

/// The default limit on the solver's table, in MB (10^6 bytes).
pub const DEFAULT_MAX_MEMORY_MB: u64 = 1_000;

/// Bytes a hash table of `HashMap<K, V>` with room for `entries` entries
/// allocates: a power-of-two number of buckets at 7/8 load, each holding
/// one entry and one control byte (how `std`'s hashbrown lays it out).
fn table_bytes<T>(entries: usize) -> u64 {
    let buckets = if entries < 4 {
        4
    } else if entries < 8 {
        8
    } else {
        (entries.saturating_mul(8) / 7).next_power_of_two()
    };
    (buckets as u64).saturating_mul(std::mem::size_of::<T>() as u64 + 1)
}

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move loses with best play on both sides.
    Loss,
    /// Best play draws.
    Draw,
    /// The player to move wins.
    Win,
}

impl Value {
    fn from_i8(v: i8) -> Value {
        match v {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }
}

/// A symmetry of the square: (row, col, last index) to (row, col).
type Symmetry = fn(usize, usize, usize) -> (usize, usize);

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A solver with its transposition table, reusable across positions of
/// one board size.
pub struct Solver {
    dim: usize,
    symmetries: Vec<Vec<usize>>,
    order: Vec<usize>,
    table: HashMap<u128, (i8, Bound)>,
    nodes: u64,
    budget: u64,
    max_memory: u64,
    progress: Option<Reporter>,
}

/// Where and when a search reports how far it has come.
struct Reporter {
    sink: tabula_exact::Progress,
    start: Instant,
    next: std::time::Duration,
    settled: usize,
    moves: usize,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("dim", &self.dim)
            .field("positions", &self.table.len())
            .finish()
    }
}

impl Solver {
    /// A solver for `dim` × `dim` boards that searches at most `budget`
    /// positions per call.
    pub fn new(dim: usize, budget: u64) -> Result<Solver, NolineError> {
        if dim > 8 {
            return Err(NolineError::TooLarge(dim));
        }
        let n = dim * dim;
        let at = |r: usize, c: usize| r * dim + c;
        let last = dim.saturating_sub(1);
        // The eight symmetries of the square, as cell permutations.
        let maps: [Symmetry; 8] = [
            |r, c, _| (r, c),
            |r, c, l| (c, l - r),
            |r, c, l| (l - r, l - c),
            |r, c, l| (l - c, r),
            |r, c, l| (r, l - c),
            |r, c, l| (l - r, c),
            |r, c, _| (c, r),
            |r, c, l| (l - c, l - r),
        ];
        let symmetries = maps
            .iter()
            .map(|m| {
                (0..n)
                    .map(|i| {
                        let (r, c) = m(i / dim, i % dim, last);
                        at(r, c)
                    })
                    .collect()
            })
            .collect();
        // Centre first: central cells constrain more.
        let mut order: Vec<usize> = (0..n).collect();
        let centre = last as f64 / 2.0;
        order.sort_by(|&a, &b| {
            let d = |i: usize| {
                let (r, c) = ((i / dim) as f64, (i % dim) as f64);
                (r - centre).abs() + (c - centre).abs()
            };
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        });
        Ok(Solver {
            dim,
            symmetries,
            order,
            table: HashMap::new(),
            nodes: 0,
            budget,
            max_memory: DEFAULT_MAX_MEMORY_MB * 1_000_000,
            progress: None,
        })
    }

    /// Reports the search's progress to `sink` (a front end's progress
    /// display) about every [`tabula_exact::Progress::EVERY`], as
    /// [`tabula_exact::Stage::TreeSearch`]: first moves settled, positions
    /// searched, table size.
    pub fn with_progress(mut self, sink: tabula_exact::Progress) -> Solver {
        self.progress = Some(Reporter {
            sink,
            start: Instant::now(),
            next: tabula_exact::Progress::EVERY,
            settled: 0,
            moves: 0,
        });
        self
    }

    /// Reports progress if it is time (looked at every 2^16 positions).
    fn report(&mut self) {
        let (nodes, table) = (self.nodes, self.table.len());
        if let Some(r) = &mut self.progress {
            let elapsed = r.start.elapsed();
            if elapsed >= r.next {
                r.next = elapsed + tabula_exact::Progress::EVERY;
                r.sink.report(
                    elapsed,
                    &tabula_exact::Stage::TreeSearch {
                        settled: r.settled,
                        moves: r.moves,
                        positions: nodes,
                        table,
                    },
                );
            }
        }
    }

    /// Limits the transposition table to `bytes` (default
    /// [`DEFAULT_MAX_MEMORY_MB`] MB): a search that would grow it further
    /// stops with [`NolineError::Memory`] instead of allocating.
    pub fn with_max_memory(mut self, bytes: u64) -> Solver {
        self.max_memory = bytes;
        self
    }

    /// Positions searched so far (all calls).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    fn key(&self, grid: &Grid) -> u128 {
        let cells = grid.cells();
        self.symmetries
            .iter()
            .map(|perm| {
                perm.iter().fold(0u128, |k, &i| {
                    (k << 2)
                        | match cells[i] {
                            Cell::Empty => 0,
                            Cell::O => 1,
                            Cell::X => 2,
                        }
                })
            })
            .min()
            .unwrap_or(0)
    }

    /// Makes room for one more table entry within the memory limit.
    fn reserve_one(&mut self) -> Result<(), NolineError> {
        let len = self.table.len();
        if len < self.table.capacity() {
            return Ok(());
        }
        // Growing doubles the table; the old one lives until it is copied.
        type Entry = (u128, (i8, Bound));
        let old = table_bytes::<Entry>(self.table.capacity());
        let new = table_bytes::<Entry>(len.saturating_add(1));
        let needed = old.saturating_add(new);
        if needed > self.max_memory {
            return Err(NolineError::Memory {
                limit_mb: self.max_memory / 1_000_000,
                positions: len,
                needed_mb: needed.div_ceil(1_000_000),
            });
        }
        self.table.try_reserve(1).map_err(|_| NolineError::Memory {
            limit_mb: self.max_memory / 1_000_000,
            positions: len,
            needed_mb: needed.div_ceil(1_000_000),
        })
    }

    /// The value of `grid` for the player to move (O if the tile count is
    /// even).
    pub fn value(&mut self, grid: &mut Grid) -> Result<Value, NolineError> {
        let start = self.nodes;
        self.negamax(grid, -1, 1, start).map(Value::from_i8)
    }

    /// The value of each legal move for the player to move, as the value
    /// for that player after making it.
    pub fn move_values(
        &mut self,
        grid: &mut Grid,
    ) -> Result<Vec<(usize, usize, Value)>, NolineError> {
        let me = mover(grid);
        let dim = self.dim;
        let mut out = Vec::new();
        let free = (0..dim * dim)
            .filter(|&i| grid.is_free(i / dim, i % dim))
            .count();
        if let Some(r) = &mut self.progress {
            (r.settled, r.moves) = (0, free);
        }
        for i in 0..dim * dim {
            let (r, c) = (i / dim, i % dim);
            if !grid.is_free(r, c) {
                continue;
            }
            if let Some(p) = &mut self.progress {
                p.settled = out.len();
            }
            let v = if grid.place(r, c, me) {
                -1
            } else if grid.is_full() {
                0
            } else {
                let start = self.nodes;
                -self.negamax(grid, -1, 1, start)?
            };
            grid.clear(r, c);
            out.push((r, c, Value::from_i8(v)));
        }
        Ok(out)
    }

    fn negamax(
        &mut self,
        grid: &mut Grid,
        mut alpha: i8,
        mut beta: i8,
        start: u64,
    ) -> Result<i8, NolineError> {
        self.nodes += 1;
        if self.nodes - start > self.budget {
            return Err(NolineError::Budget(self.budget));
        }
        if self.nodes & 0xFFFF == 0 {
            self.report();
        }
        let key = self.key(grid);
        if let Some(&(v, bound)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return Ok(v),
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return Ok(v);
            }
        }
        let original_alpha = alpha;
        let me = mover(grid);
        let dim = self.dim;
        let mut best = -1i8;
        let mut any_safe = false;
        for k in 0..self.order.len() {
            let i = self.order[k];
            let (r, c) = (i / dim, i % dim);
            if !grid.is_free(r, c) || grid.makes_line(r, c, me) {
                continue;
            }
            any_safe = true;
            grid.place(r, c, me);
            let v = if grid.is_full() {
                0
            } else {
                -self.negamax(grid, -beta, -alpha, start)?
            };
            grid.clear(r, c);
            if v > best {
                best = v;
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        // With no safe cell every move makes a line: the mover loses.
        if !any_safe {
            best = -1;
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.reserve_one()?;
        self.table.insert(key, (best, bound));
        Ok(best)
    }
}

/// The tile of the player to move.
pub fn mover(grid: &Grid) -> Cell {
    if grid.filled().is_multiple_of(2) {
        Cell::O
    } else {
        Cell::X
    }
}

/// The game solved from the empty board.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// Side length.
    pub dim: usize,
    /// The value for O, who moves first.
    pub value: Value,
    /// What that means: "first player (O) wins", ...
    pub verdict: String,
    /// Every first move with its value for O.
    pub first_moves: Vec<FirstMove>,
    /// The first moves that achieve the value.
    pub best_first_moves: Vec<[usize; 2]>,
    /// Positions searched.
    pub nodes: u64,
    /// Positions kept in the transposition table.
    pub table_positions: usize,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// A first move and its value for O.
#[derive(Clone, Debug, Serialize)]
pub struct FirstMove {
    /// Row.
    pub row: usize,
    /// Column.
    pub col: usize,
    /// The value for O after it.
    pub value: Value,
}

/// Solves the game on a `dim` board from the empty board, within
/// [`DEFAULT_MAX_MEMORY_MB`].
pub fn solve(dim: usize, budget: u64) -> Result<Solution, NolineError> {
    solve_within(dim, budget, DEFAULT_MAX_MEMORY_MB * 1_000_000)
}

/// [`solve`] with the transposition table limited to `max_memory` bytes.
pub fn solve_within(dim: usize, budget: u64, max_memory: u64) -> Result<Solution, NolineError> {
    solve_reporting(dim, budget, max_memory, None)
}

/// [`solve_within`], telling `progress` (if any) how far it has come.
pub fn solve_reporting(
    dim: usize,
    budget: u64,
    max_memory: u64,
    progress: Option<tabula_exact::Progress>,
) -> Result<Solution, NolineError> {
    let t = Instant::now();
    let mut solver = Solver::new(dim, budget)?.with_max_memory(max_memory);
    if let Some(sink) = progress {
        solver = solver.with_progress(sink);
    }
    let mut grid = Grid::new(dim);
    let moves = solver.move_values(&mut grid)?;
    let value = moves.iter().map(|m| m.2).max().unwrap_or(Value::Draw);
    let verdict = match value {
        Value::Win => "the first player (O) wins",
        Value::Draw => "a draw",
        Value::Loss => "the second player (X) wins",
    }
    .to_string();
    Ok(Solution {
        dim,
        value,
        verdict,
        best_first_moves: moves
            .iter()
            .filter(|m| m.2 == value)
            .map(|m| [m.0, m.1])
            .collect(),
        first_moves: moves
            .into_iter()
            .map(|(row, col, value)| FirstMove { row, col, value })
            .collect(),
        nodes: solver.nodes(),
        table_positions: solver.table_len(),
        seconds: t.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_search_reports_its_progress() {
        use std::sync::{Arc, Mutex};
        let seen: Arc<Mutex<Vec<tabula_exact::Stage>>> = Arc::default();
        let sink = {
            let seen = seen.clone();
            tabula_exact::Progress::new(move |_, stage| {
                if let Ok(mut seen) = seen.lock() {
                    seen.push(*stage);
                }
            })
        };
        // Past half a second of searching on 5 x 5, then out of budget.
        let t = Instant::now();
        let err = solve_reporting(5, 3_000_000, u64::MAX, Some(sink)).unwrap_err();
        assert!(matches!(err, NolineError::Budget(_)), "{err}");
        let seen = seen.lock().expect("lock");
        if t.elapsed() > tabula_exact::Progress::EVERY * 2 {
            assert!(!seen.is_empty());
        }
        for stage in seen.iter() {
            let tabula_exact::Stage::TreeSearch {
                moves, positions, ..
            } = *stage
            else {
                panic!("{stage:?}")
            };
            assert_eq!(moves, 25);
            assert!(positions > 0 && positions % 0x10000 == 0, "{stage}");
        }
    }

    #[test]
    fn a_small_memory_limit_stops_the_search_with_a_clear_error() {
        let err = solve_within(5, u64::MAX, 2_000_000).unwrap_err();
        match err {
            NolineError::Memory {
                limit_mb,
                positions,
                needed_mb,
            } => {
                assert_eq!(limit_mb, 2);
                assert!(positions > 1000);
                assert!(needed_mb > 2);
            }
            other => panic!("{other}"),
        }
        // 3x3 fits easily.
        assert!(solve_within(3, u64::MAX, 2_000_000).is_ok());
    }

    #[test]
    fn table_size_estimate_matches_hashbrown_growth() {
        let mut t: HashMap<u128, (i8, Bound)> = HashMap::new();
        for i in 0..10_000u128 {
            if t.len() == t.capacity() {
                let before = t.capacity();
                t.reserve(1);
                // Power-of-two buckets at 7/8 load (3/4 below 8 buckets).
                let buckets = table_bytes::<(u128, (i8, Bound))>(before + 1) / 33;
                assert!(
                    t.capacity() <= buckets as usize,
                    "{} {}",
                    t.capacity(),
                    buckets
                );
            }
            t.insert(i, (0, Bound::Exact));
        }
    }
}
