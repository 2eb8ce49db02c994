//! How a game's moves, chance outcomes, seats and positions read as text
//! ([`Notation`]): what terminal play asks and shows, and what replay's
//! messages name.

use tabula_core::{BoardGame, Seat};

/// Typed text that is not a move: what the player is told (what a move
/// looks like, what is off the board) before being asked again.
///
/// ```
/// use tabula_play::notation::MoveError;
///
/// let e = MoveError::from("a move is two numbers, ROW COL");
/// assert_eq!(e.to_string(), "a move is two numbers, ROW COL");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
#[non_exhaustive]
pub struct MoveError {
    /// What is wrong, in words for the player.
    pub message: String,
}

impl MoveError {
    /// The error with this message.
    pub fn new(message: impl Into<String>) -> MoveError {
        MoveError {
            message: message.into(),
        }
    }
}

impl From<String> for MoveError {
    fn from(message: String) -> MoveError {
        MoveError::new(message)
    }
}

impl From<&str> for MoveError {
    fn from(message: &str) -> MoveError {
        MoveError::new(message)
    }
}

/// How a game's moves, chance outcomes, seats and positions read: at a
/// terminal, and in replay's account of a record. Replay names a move or
/// an outcome that is not legal where a record has it, so
/// [`format_move`](Self::format_move) and
/// [`format_outcome`](Self::format_outcome) must not assume legality; a
/// seat is always one of the game's.
pub trait Notation: BoardGame {
    /// A move as a player types it (`c2 c3`).
    fn format_move(&self, state: &Self::State, mv: &Self::Move) -> String;

    /// Reads a typed move. The error is shown to the player, who is asked
    /// again; a move that parses but is not legal is caught by
    /// [`play`](crate::terminal::play).
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveError>;

    /// The position, as lines of text.
    fn render(&self, state: &Self::State) -> String;

    /// A chance outcome, as text. The default is its `Debug` form.
    fn format_outcome(&self, state: &Self::State, outcome: &Self::Outcome) -> String {
        let _ = state;
        format!("{outcome:?}")
    }

    /// A seat's name. The default is "seat 1", "seat 2", ...
    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {}", seat + 1)
    }

    /// How to type a move, shown by `help`. The default says nothing more
    /// than the list of legal moves.
    fn move_help(&self) -> String {
        String::new()
    }

    /// The move a record's `mv` means at `state`, if any, in the game's
    /// own form (`scratch` a buffer of moves): the default is `mv` as
    /// written. A game whose move may be written several ways
    /// (Backgammon's turn, its hops in any order) answers the legal move
    /// it means, which replay shows and plays in its place. Replay checks
    /// the answer with the game's check path either way.
    fn recorded_move(
        &self,
        state: &Self::State,
        mv: &Self::Move,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move>
    where
        Self::Move: PartialEq,
    {
        let _ = (state, scratch);
        Some(mv.clone())
    }
}
