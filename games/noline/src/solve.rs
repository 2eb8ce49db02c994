//! Perfect play: noline as bitboards ([`Bits`], boards up to 8 × 8) for
//! the framework's proof search ([`tabula_exact::proof`]: alpha-beta
//! with a transposition table of fixed memory, enhanced transposition
//! cutoffs, history move ordering).
//!
//! A position keeps each player's tiles, the cells where each would make
//! a line of three (updated move by move, so the safe cells come at the
//! cost of a mask), and its image under the square's eight symmetries
//! (the key is the least of the eight). The player to move is implied by
//! the number of tiles (O moves first). A player whose every empty cell
//! would make a line loses; the search lists only the safe cells.
//!
//! [`solve`] settles each first move (one of each symmetry class) with two
//! null-window questions: does O win after it, and if not, does O lose?
//!
//! Mirroring does not guarantee O a draw here, though it does in games
//! where completing a line wins: after O takes the centre and answers
//! every X move with its mirror image through the centre, X on `(2, 0)`
//! then `(2, 1)` makes O answer `(2, 4)` then `(2, 3)`, completing O's
//! line `(2, 2)`, `(2, 3)`, `(2, 4)` through the centre, whose mirror is
//! no line of X's. So nothing is assumed: both questions are searched.

use std::time::Instant;

use serde::Serialize;
use tabula_exact::proof::{Next, Proof, ProofSearch, Stopped};

pub use tabula_exact::proof::Value;

use crate::NolineError;
use crate::board::{Cell, Grid};

/// The default memory of the solver's table, in MB (10^6 bytes).
pub const DEFAULT_MAX_MEMORY_MB: u64 = 1_000;

/// The largest board the bitboards hold.
pub const BITS_MAX_DIM: usize = 8;

/// A symmetry of the square: (row, col, last index) to (row, col).
type Symmetry = fn(usize, usize, usize) -> (usize, usize);

/// noline on a board of up to 8 × 8 as a proof search sees it.
#[derive(Clone, Debug)]
pub struct Bits {
    dim: usize,
    /// For each cell, the other two cells of every line of three through
    /// it.
    pairs: Vec<Vec<(u8, u8)>>,
    /// For each symmetry, the cell each cell goes to.
    symmetries: [Vec<u8>; 8],
    /// Cells in search order: the centre first.
    order: Vec<u8>,
}

/// A position: each player's tiles, the cells where each would make a
/// line, and the tiles under each symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    tiles: [u64; 2],
    unsafe_cells: [u64; 2],
    images: [[u64; 2]; 8],
    filled: u8,
}

impl Node {
    /// The player to move: 0 for O, 1 for X.
    fn mover(&self) -> usize {
        usize::from(self.filled % 2)
    }
}

impl Bits {
    /// The game on a `dim` × `dim` board.
    pub fn new(dim: usize) -> Result<Bits, NolineError> {
        if dim > BITS_MAX_DIM || dim == 0 {
            return Err(NolineError::TooLarge(dim));
        }
        let n = dim * dim;
        let d = dim as isize;
        let at = |r: isize, c: isize| (0..d).contains(&r) && (0..d).contains(&c);
        let mut pairs = vec![Vec::new(); n];
        for r in 0..d {
            for c in 0..d {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells = [(r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)];
                    if cells.iter().all(|&(r, c)| at(r, c)) {
                        let [a, b, e] = cells.map(|(r, c)| (r * d + c) as u8);
                        pairs[a as usize].push((b, e));
                        pairs[b as usize].push((a, e));
                        pairs[e as usize].push((a, b));
                    }
                }
            }
        }
        let l = dim - 1;
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
        let symmetries = maps.map(|m| {
            (0..n)
                .map(|i| {
                    let (r, c) = m(i / dim, i % dim, l);
                    (r * dim + c) as u8
                })
                .collect()
        });
        // Centre first: central cells constrain more.
        let centre = l as f64 / 2.0;
        let distance = |i: u8| {
            let (r, c) = (usize::from(i) / dim, usize::from(i) % dim);
            (r as f64 - centre).abs() + (c as f64 - centre).abs()
        };
        let mut order: Vec<u8> = (0..n as u8).collect();
        order.sort_by(|&a, &b| distance(a).total_cmp(&distance(b)).then(a.cmp(&b)));
        Ok(Bits {
            dim,
            pairs,
            symmetries,
            order,
        })
    }

    /// The board side.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The empty board.
    pub fn empty(&self) -> Node {
        Node {
            tiles: [0; 2],
            unsafe_cells: [0; 2],
            images: [[0; 2]; 8],
            filled: 0,
        }
    }

    /// The position of `grid` (of this size; the player to move is O when
    /// the tiles are even), or `None` if a player already has a line.
    pub fn node(&self, grid: &Grid) -> Option<Node> {
        let mut node = self.empty();
        for (i, cell) in grid.cells().iter().enumerate() {
            let p = match cell {
                Cell::Empty => continue,
                Cell::O => 0,
                Cell::X => 1,
            };
            if node.unsafe_cells[p] & (1 << i) != 0 {
                return None;
            }
            self.put(&mut node, p, i as u8);
        }
        Some(node)
    }

    /// Puts player `p`'s tile on `cell`.
    fn put(&self, node: &mut Node, p: usize, cell: u8) {
        let mine = &mut node.tiles[p];
        *mine |= 1 << cell;
        for &(a, b) in &self.pairs[usize::from(cell)] {
            if *mine & (1 << a) != 0 {
                node.unsafe_cells[p] |= 1 << b;
            }
            if *mine & (1 << b) != 0 {
                node.unsafe_cells[p] |= 1 << a;
            }
        }
        for (image, map) in node.images.iter_mut().zip(&self.symmetries) {
            image[p] |= 1 << map[usize::from(cell)];
        }
        node.filled += 1;
    }

    /// The cells where the player to move can put a tile without making a
    /// line.
    pub fn safe(&self, node: &Node) -> u64 {
        let full = if self.dim == 8 {
            u64::MAX
        } else {
            (1 << (self.dim * self.dim)) - 1
        };
        full & !(node.tiles[0] | node.tiles[1]) & !node.unsafe_cells[node.mover()]
    }

    /// `(row, col)` of a cell.
    pub fn cell(&self, i: u8) -> (usize, usize) {
        (usize::from(i) / self.dim, usize::from(i) % self.dim)
    }
}

impl Proof for Bits {
    type Node = Node;
    type Move = u8;

    fn moves(&self, node: &Node, out: &mut Vec<u8>) {
        let safe = self.safe(node);
        out.extend(self.order.iter().filter(|&&i| safe & (1 << i) != 0));
    }

    /// No safe cell on a board with room left: every move makes a line.
    fn stuck(&self, node: &Node) -> Value {
        if usize::from(node.filled) == self.dim * self.dim {
            Value::Draw
        } else {
            Value::Loss
        }
    }

    fn play(&self, node: &Node, cell: u8) -> Next<Node> {
        let p = node.mover();
        if node.unsafe_cells[p] & (1 << cell) != 0 {
            return Next::Over(Value::Loss);
        }
        let mut next = *node;
        self.put(&mut next, p, cell);
        if usize::from(next.filled) == self.dim * self.dim {
            Next::Over(Value::Draw)
        } else {
            Next::Continue(next)
        }
    }

    fn key(&self, node: &Node) -> u128 {
        node.images
            .iter()
            .map(|[o, x]| u128::from(*o) << 64 | u128::from(*x))
            .min()
            .unwrap_or(0)
    }

    fn slot(&self, cell: u8) -> usize {
        usize::from(cell)
    }

    fn slots(&self) -> usize {
        self.dim * self.dim
    }
}

/// The proof search of noline positions on one board size.
pub type Solver = ProofSearch<Bits>;

/// A solver for `dim` boards whose table takes at most `max_memory`
/// bytes.
pub fn solver(dim: usize, max_memory: u64) -> Result<Solver, NolineError> {
    Ok(ProofSearch::new(Bits::new(dim)?, max_memory))
}

/// The game from the empty board, as far as the search settled it.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// Side length.
    pub dim: usize,
    /// The value for O, who moves first; `null` if not settled.
    pub value: Option<Value>,
    /// What that means: "the first player (O) wins", ...
    pub verdict: String,
    /// Whether every first move's value is settled.
    pub settled: bool,
    /// Every first move with its value for O, as far as settled.
    pub first_moves: Vec<FirstMove>,
    /// The first moves that achieve the value (when settled).
    pub best_first_moves: Vec<[usize; 2]>,
    /// Positions searched.
    pub nodes: u64,
    /// Positions kept in the transposition table.
    pub table_positions: usize,
    /// Memory of the table, in MB.
    pub table_mb: f64,
    /// Table entries replaced for want of room.
    pub replaced: u64,
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
    /// The value for O after it; `null` if not settled.
    pub value: Option<Value>,
    /// The least it can be.
    pub at_least: Value,
    /// The most it can be.
    pub at_most: Value,
}

/// Solves the game on a `dim` board from the empty board, searching at
/// most `max_nodes` positions, within [`DEFAULT_MAX_MEMORY_MB`].
pub fn solve(dim: usize, max_nodes: u64) -> Result<Solution, NolineError> {
    solve_reporting(dim, max_nodes, DEFAULT_MAX_MEMORY_MB * 1_000_000, None)
}

/// [`solve`] with the table limited to `max_memory` bytes, telling
/// `progress` (if any) how far it has come. What the budget of positions
/// does not settle is reported as bounds, not as an error.
pub fn solve_reporting(
    dim: usize,
    max_nodes: u64,
    max_memory: u64,
    progress: Option<tabula_exact::Progress>,
) -> Result<Solution, NolineError> {
    let t = Instant::now();
    let mut search = solver(dim, max_memory)?;
    if let Some(sink) = progress {
        search = search.with_progress(sink);
    }
    let bits = search.game().clone();
    let root = bits.empty();
    let mut cells = Vec::new();
    bits.moves(&root, &mut cells);
    // One question per symmetry class of first moves.
    let mut classes: Vec<(u128, Node, Vec<u8>)> = Vec::new();
    for &c in &cells {
        let Next::Continue(child) = bits.play(&root, c) else {
            continue;
        };
        let key = bits.key(&child);
        match classes.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, members)) => members.push(c),
            None => classes.push((key, child, vec![c])),
        }
    }
    let mut values: Vec<(Value, Value)> = Vec::new();
    let mut left = max_nodes;
    for (settled, (_, child, _)) in classes.iter().enumerate() {
        search.set_settled(settled, classes.len());
        let mut bounds = (Value::Loss, Value::Win);
        // Does O win? (X, to move, does not reach a draw.)
        bounds = ask(&mut search, child, Value::Draw, &mut left, bounds, true);
        // Does O lose? (X reaches a win.)
        if bounds.0 < bounds.1 {
            bounds = ask(&mut search, child, Value::Win, &mut left, bounds, false);
        }
        values.push(bounds);
    }
    let mut first_moves: Vec<FirstMove> = classes
        .iter()
        .zip(&values)
        .flat_map(|((_, _, members), &(lo, hi))| {
            let bits = &bits;
            members.iter().map(move |&c| {
                let (row, col) = bits.cell(c);
                FirstMove {
                    row,
                    col,
                    value: (lo == hi).then_some(lo),
                    at_least: lo,
                    at_most: hi,
                }
            })
        })
        .collect();
    first_moves.sort_by_key(|m| (m.row, m.col));
    let settled = values.iter().all(|(lo, hi)| lo == hi);
    let lower = values.iter().map(|b| b.0).max().unwrap_or(Value::Loss);
    let upper = values.iter().map(|b| b.1).max().unwrap_or(Value::Loss);
    let value = (lower == upper).then_some(lower);
    let verdict = match value {
        Some(Value::Win) => "the first player (O) wins".to_string(),
        Some(Value::Draw) => "a draw".to_string(),
        Some(Value::Loss) => "the second player (X) wins".to_string(),
        None if lower == Value::Draw => format!(
            "not settled within {max_nodes} positions: O draws at least, and whether O wins is open"
        ),
        None => format!("not settled within {max_nodes} positions"),
    };
    Ok(Solution {
        dim,
        value,
        verdict,
        settled,
        best_first_moves: match value {
            Some(v) => first_moves
                .iter()
                .filter(|m| m.value == Some(v))
                .map(|m| [m.row, m.col])
                .collect(),
            None => Vec::new(),
        },
        first_moves,
        nodes: search.nodes(),
        table_positions: search.table_len(),
        table_mb: search.table_bytes() as f64 / 1e6,
        replaced: search.replaced(),
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Asks whether X, to move at `child`, reaches `v`, within what is left
/// of the budget, narrowing O's `bounds`: `o_wins` asks with `v` a draw
/// (no: O wins; yes: O at most draws), otherwise with `v` a win (yes: O
/// loses; no: O at least draws).
fn ask(
    search: &mut Solver,
    child: &Node,
    v: Value,
    left: &mut u64,
    (lo, hi): (Value, Value),
    o_wins: bool,
) -> (Value, Value) {
    if *left == 0 {
        return (lo, hi);
    }
    let before = search.nodes();
    search.set_max_nodes(*left);
    let answer: Result<bool, Stopped> = search.at_least(child, v);
    *left = left.saturating_sub(search.nodes() - before);
    match (answer, o_wins) {
        (Ok(false), true) => (Value::Win, Value::Win),
        (Ok(true), true) => (lo, hi.min(Value::Draw)),
        (Ok(true), false) => (Value::Loss, Value::Loss),
        (Ok(false), false) => (lo.max(Value::Draw), hi),
        (Err(_), _) => (lo, hi),
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
