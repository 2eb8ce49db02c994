//! Sides, squares and their names: `c3` is column c, row 3, with row 1 at
//! the top, as the board is drawn.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_core::Seat;

use crate::SeegaError;

/// The smallest board side (specification 004: odd, at least 5).
pub const MIN_SIZE: usize = 5;
/// The largest board side: columns are named by the letters a to s.
pub const MAX_SIZE: usize = 19;
/// Squares on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A player. Black is seat 0 (the specification's piece value 1), White seat 1
/// (piece value 2). Who places first is a separate parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// Seat 0, drawn `B`.
    Black,
    /// Seat 1, drawn `W`.
    White,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The opponent.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// The seat: 0 for Black, 1 for White.
    #[inline]
    pub fn seat(self) -> Seat {
        self as Seat
    }

    /// The side sitting at `seat` (0 Black, anything else White).
    pub fn from_seat(seat: Seat) -> Side {
        if seat == 0 { Side::Black } else { Side::White }
    }

    /// The letter its pieces are drawn with.
    pub fn symbol(self) -> char {
        match self {
            Side::Black => 'B',
            Side::White => 'W',
        }
    }

    /// The specification's piece value: 1 for Black, 2 for White.
    #[inline]
    pub fn piece_value(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Black => "Black",
            Side::White => "White",
        })
    }
}

/// A square: row and column from 0, row 0 at the top (the specification's
/// `Position`). Records write it as `(row, col)` in RON and `[row, col]`
/// in JSON; people read and type it as `c3` (column letter, row from 1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(from = "(u8, u8)", into = "(u8, u8)")]
pub struct Square {
    /// Row, from 0 at the top.
    pub row: u8,
    /// Column, from 0 at the left.
    pub col: u8,
}

impl From<(u8, u8)> for Square {
    fn from((row, col): (u8, u8)) -> Square {
        Square { row, col }
    }
}

impl From<Square> for (u8, u8) {
    fn from(s: Square) -> (u8, u8) {
        (s.row, s.col)
    }
}

impl Square {
    /// The square at `row`, `col` (from 0).
    pub const fn new(row: u8, col: u8) -> Square {
        Square { row, col }
    }

    /// Parses `c3` (or `C3`): a column letter and a row number from 1.
    /// Checks the square is on a `size` board.
    pub fn parse(text: &str, size: usize) -> Result<Square, SeegaError> {
        let t = text.trim();
        // Shown back in messages: never a whole over-long answer.
        let shown = || tabula_core::text::excerpt(t);
        let mut chars = t.chars();
        let letter = chars.next().ok_or(SeegaError::NoSquare)?;
        let col = match letter.to_ascii_lowercase() {
            c @ 'a'..='z' => c as u8 - b'a',
            _ => return Err(SeegaError::NotASquare { text: shown() }),
        };
        let rest = chars.as_str();
        let row: usize = match rest.parse() {
            Ok(r) if rest.bytes().all(|b| b.is_ascii_digit()) => r,
            _ => return Err(SeegaError::NotASquare { text: shown() }),
        };
        if usize::from(col) >= size || row == 0 || row > size {
            return Err(SeegaError::OffBoard {
                text: shown(),
                size,
                last_column: (b'a' + size as u8 - 1) as char,
            });
        }
        Ok(Square::new((row - 1) as u8, col))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col < 26 {
            write!(
                f,
                "{}{}",
                (b'a' + self.col) as char,
                u32::from(self.row) + 1
            )
        } else {
            write!(f, "(row {}, col {})", self.row, self.col)
        }
    }
}

/// A move: one piece one step horizontally or vertically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slide {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it moves to.
    pub to: Square,
}

impl Slide {
    /// Parses `c2 c3`, `c2-c3` or `c2c3`.
    pub fn parse(text: &str, size: usize) -> Result<Slide, SeegaError> {
        let [from, to] = parse_pair(text, size)?;
        Ok(Slide { from, to })
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Parses two squares: `a1 b2`, `a1-b2`, `a1,b2` or `a1b2`.
pub fn parse_pair(text: &str, size: usize) -> Result<[Square; 2], SeegaError> {
    let t = text.trim();
    let parts: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .filter(|p| !p.is_empty())
        .collect();
    let two = || SeegaError::NotTwoSquares {
        text: tabula_core::text::excerpt(t),
    };
    match parts.as_slice() {
        [a, b] => Ok([Square::parse(a, size)?, Square::parse(b, size)?]),
        [one] => {
            // `a1b2`: split before the second letter.
            let i = one
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())
                .map(|(i, _)| i)
                .ok_or_else(two)?;
            match (
                Square::parse(&one[..i], size),
                Square::parse(&one[i..], size),
            ) {
                (Ok(a), Ok(b)) => Ok([a, b]),
                (Err(e @ SeegaError::OffBoard { .. }), _)
                | (_, Err(e @ SeegaError::OffBoard { .. })) => Err(e),
                _ => Err(two()),
            }
        }
        _ => Err(two()),
    }
}
