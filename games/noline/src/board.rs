//! The grid: tiles, placing them, and the line check.

/// A cell's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    /// No tile.
    #[default]
    Empty,
    /// Player O's tile.
    O,
    /// Player X's tile.
    X,
}

impl Cell {
    /// The character the board shows: `.`, `O` or `X`.
    pub fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::O => 'O',
            Cell::X => 'X',
        }
    }
}

/// The largest side length tabula accepts (a board of 9,999 × 9,999 cells
/// is about 100 MB).
pub const MAX_DIM: usize = 9_999;

/// A square grid of cells, `dim` on a side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    dim: usize,
    cells: Vec<Cell>,
    filled: usize,
}

/// The four directions a line can run in: row, column, both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Grid {
    /// An empty grid.
    pub fn new(dim: usize) -> Grid {
        Grid {
            dim,
            cells: vec![Cell::Empty; dim * dim],
            filled: 0,
        }
    }

    /// Side length.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The cell at `(row, col)`, `None` off the board.
    pub fn get(&self, row: usize, col: usize) -> Option<Cell> {
        (row < self.dim && col < self.dim).then(|| self.cells[row * self.dim + col])
    }

    /// Whether `(row, col)` is on the board and empty.
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        self.get(row, col) == Some(Cell::Empty)
    }

    /// Whether every cell has a tile.
    pub fn is_full(&self) -> bool {
        self.filled == self.cells.len()
    }

    /// Tiles placed.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Places `tile` on a free cell; returns whether it formed a line of
    /// three or more of that tile through `(row, col)`. Looks only at the
    /// two cells each way in each direction: O(1) whatever the size.
    pub fn place(&mut self, row: usize, col: usize, tile: Cell) -> bool {
        let i = row * self.dim + col;
        if self.cells[i] == Cell::Empty {
            self.filled += 1;
        }
        self.cells[i] = tile;
        self.makes_line(row, col, tile)
    }

    /// Takes the tile off `(row, col)` (for search).
    pub fn clear(&mut self, row: usize, col: usize) {
        let i = row * self.dim + col;
        if self.cells[i] != Cell::Empty {
            self.filled -= 1;
        }
        self.cells[i] = Cell::Empty;
    }

    /// Whether `tile` on `(row, col)` is part of a line of three or more
    /// adjacent `tile`s.
    pub fn makes_line(&self, row: usize, col: usize, tile: Cell) -> bool {
        let run = |dr: isize, dc: isize| {
            let mut n = 0;
            let (mut r, mut c) = (row as isize, col as isize);
            for _ in 0..2 {
                r += dr;
                c += dc;
                if r < 0 || c < 0 || self.get(r as usize, c as usize) != Some(tile) {
                    break;
                }
                n += 1;
            }
            n
        };
        DIRECTIONS
            .iter()
            .any(|&(dr, dc)| 1 + run(dr, dc) + run(-dr, -dc) >= 3)
    }

    /// The board as the specification prints it: a line of `dim` dashes, the rows,
    /// a line of `dim` equals signs.
    pub fn render(&self) -> String {
        let mut s = String::with_capacity((self.dim + 1) * (self.dim + 2));
        s.extend(std::iter::repeat_n('-', self.dim));
        s.push('\n');
        for row in self.cells.chunks(self.dim.max(1)) {
            s.extend(row.iter().map(|c| c.symbol()));
            s.push('\n');
        }
        s.extend(std::iter::repeat_n('=', self.dim));
        s.push('\n');
        s
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// What `scanf(" %d %d", &r, &c)` extracts from a line: two integers,
/// each after optional white space, with an optional sign. Anything after
/// the second integer is ignored, as scanf ignores it. Values beyond the
/// range of an `int` are refused.
pub fn scan_two_ints(line: &[u8]) -> Option<(i64, i64)> {
    let mut i = 0;
    let mut int = || -> Option<i64> {
        while i < line.len() && is_space(line[i]) {
            i += 1;
        }
        let negative = match line.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut v: i64 = 0;
        while i < line.len() && line[i].is_ascii_digit() {
            v = v
                .saturating_mul(10)
                .saturating_add(i64::from(line[i] - b'0'));
            i += 1;
        }
        if i == start {
            return None;
        }
        let v = if negative { -v } else { v };
        (i64::from(i32::MIN)..=i64::from(i32::MAX))
            .contains(&v)
            .then_some(v)
    };
    let a = int()?;
    let b = int()?;
    Some((a, b))
}
