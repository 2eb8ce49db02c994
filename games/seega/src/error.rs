//! [`SeegaError`]: everything that can go wrong in this crate, in one
//! enum.

use crate::board::{MAX_SIZE, MIN_SIZE};

/// Errors of the Seega game: parameters the rules refuse, squares and
/// moves that do not parse, and what agent plugins report. (Budgets are
/// [`tabula_search::Budget`]s, with their own errors.)
///
/// An agent plugin whose `build` refuses its parameter returns
/// [`SeegaError::Plugin`] with its message; `Err(format!(..).into())` and
/// `?` on a `Result<_, String>` make one:
///
/// ```
/// use tabula_seega::SeegaError;
///
/// fn depth(arg: Option<&str>) -> Result<u32, SeegaError> {
///     let depth: u32 = arg.unwrap_or("3").parse().map_err(|_| "the depth is a whole number")?;
///     if depth > 9 {
///         return Err(format!("the depth is at most 9, not {depth}").into());
///     }
///     Ok(depth)
/// }
/// assert_eq!(depth(Some("12")).unwrap_err().to_string(), "the depth is at most 9, not 12");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SeegaError {
    /// The board side is even, too small or too large.
    #[error("the board size must be odd, from {MIN_SIZE} to {MAX_SIZE}, not {0}")]
    BoardSize(usize),
    /// A zero stalemate threshold would end every game before it starts.
    #[error("the stalemate threshold must be at least 1 move")]
    Stalemate,
    /// An empty answer where a square was expected.
    #[error("a square is a column letter and a row number, like c3")]
    NoSquare,
    /// Text that is not a column letter and a row number.
    #[error("{text:?} is not a square: write a column letter and a row number, like c3")]
    NotASquare {
        /// The text (at most an excerpt of it).
        text: String,
    },
    /// A square that is not on the board.
    #[error("{text} is off the {size}x{size} board (columns a to {last_column}, rows 1 to {size})")]
    OffBoard {
        /// The square as written (at most an excerpt of it).
        text: String,
        /// The board side.
        size: usize,
        /// The board's last column letter.
        last_column: char,
    },
    /// Text that is not two squares.
    #[error("expected two squares, like c2 c3, not {text:?}")]
    NotTwoSquares {
        /// The text (at most an excerpt of it).
        text: String,
    },
    /// A position given as rows has the wrong number of rows.
    #[error("expected {expected} rows, got {found}")]
    RowCount {
        /// The board side.
        expected: usize,
        /// The rows given.
        found: usize,
    },
    /// A row of a position has the wrong number of squares.
    #[error("row {row} has {found} squares, not {expected}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// The squares in it.
        found: usize,
        /// The board side.
        expected: usize,
    },
    /// A character of a position's row that is no piece and no empty
    /// square.
    #[error("{0:?} is not B, W, '.' or '+'")]
    NotAPiece(char),
    /// Anything else a plugin (an agent of your own) reports, as its
    /// message: `"...".into()` or `format!(..).into()` make one.
    #[error("{0}")]
    Plugin(String),
}

impl From<String> for SeegaError {
    fn from(message: String) -> SeegaError {
        SeegaError::Plugin(message)
    }
}

impl From<&str> for SeegaError {
    fn from(message: &str) -> SeegaError {
        SeegaError::Plugin(message.to_string())
    }
}
