//! The rule-set plugin trait: [`Rules`], what a throw does ([`Effect`]),
//! and what a rule set sees when it decides ([`Turn`]).

use std::fmt::Debug;
use std::hash::Hash;

use crate::board::Board;

/// What a throw does to the mover's token, before ladders and chutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The token moves to this square; a ladder or chute there is then
    /// taken. A square at or past the last square finishes the game.
    Advance(u32),
    /// The throw is forfeited; the token stays.
    Forfeit,
    /// The token is put on this square (0 is the start, off the board); no
    /// ladder or chute is taken.
    SendTo(u16),
}

/// What a rule set sees of the game when it decides a throw: the board,
/// the mover, its square, whether this throw is the first of the turn,
/// and where every other token stands ("the table").
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The board.
    pub board: &'a Board,
    /// The seat throwing (0 for the first player).
    pub seat: usize,
    /// The mover's square (0 = not yet on the board). In
    /// [`Rules::after_move`], the square it came to rest on.
    pub square: u16,
    /// Whether this is the first throw of the seat's turn; `false` for a
    /// throw given by [`Rules::throws_again`].
    pub first: bool,
    /// Every seat's square by seat; the mover's entry is not kept up to
    /// date (use [`Turn::square_of`]). Empty in a one-player game.
    table: &'a [u16],
}

impl<'a> Turn<'a> {
    /// The view of `seat`'s throw from `square`, with `table` holding
    /// every seat's square (the mover's entry is ignored; an empty table
    /// is a one-player game).
    #[inline(always)]
    pub fn new(board: &'a Board, seat: usize, square: u16, first: bool, table: &'a [u16]) -> Self {
        Turn {
            board,
            seat,
            square,
            first,
            table,
        }
    }

    /// Players in the game.
    #[inline]
    pub fn players(&self) -> usize {
        self.table.len().max(self.seat + 1)
    }

    /// The square of `seat`'s token (0 = start; 0 for a seat not in the
    /// game).
    #[inline]
    pub fn square_of(&self, seat: usize) -> u16 {
        if seat == self.seat {
            self.square
        } else {
            self.table.get(seat).copied().unwrap_or(0)
        }
    }

    /// The other seats and their squares, by seat.
    pub fn others(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        (0..self.players())
            .filter(move |&s| s != self.seat)
            .map(move |s| (s, self.square_of(s)))
    }

    /// Whether `roll` is the dice's highest throw (a six with one
    /// six-sided die, twelve with two).
    #[inline]
    pub fn is_top(&self, roll: u16) -> bool {
        roll == self.board.dice().max()
    }
}

/// A rule set: how a throw moves the mover's token, and optionally whether
/// the same seat throws again and what happens to the other tokens.
///
/// `Extra` is per-token state the rule keeps between throws (a count of
/// consecutive sixes, say); rules without any use `()`. It is part of the
/// game state, so exact analysis can enumerate it: keep it small.
///
/// Only [`throw`](Rules::throw) is required. The two other hooks are
/// consulted only when the matching constant says the rule set uses them,
/// so rule sets that never throw again nor touch other tokens cost the
/// simulation loop nothing extra:
///
/// - [`THROWS_AGAIN`](Rules::THROWS_AGAIN): after each throw that does not
///   finish, [`throws_again`](Rules::throws_again) says whether the same
///   seat throws once more; that throw sees `turn.first == false`.
/// - [`INTERACTS`](Rules::INTERACTS): after each move that does not finish,
///   [`after_move`](Rules::after_move) may put other seats' tokens on
///   other squares. Exact analysis of such a rule set with several players
///   solves the joint chain of all tokens, which grows fast with the
///   number of players.
///
/// ```
/// use tabula_snakes::{Board, Rules, Effect, Turn};
///
/// /// Moves twice as far; a one throws again.
/// struct Double;
/// impl Rules for Double {
///     type Extra = ();
///     const THROWS_AGAIN: bool = true;
///     fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
///         Effect::Advance(u32::from(turn.square) + 2 * u32::from(roll))
///     }
///     fn throws_again(&self, _: &Turn<'_>, _: &(), roll: u16, _: Effect) -> bool {
///         roll == 1
///     }
/// }
/// let board = Board::classic();
/// let turn = Turn::new(&board, 0, 10, true, &[]);
/// assert_eq!(Double.throw(&turn, &mut (), 3), Effect::Advance(16));
/// assert!(Double.throws_again(&turn, &(), 1, Effect::Advance(12)));
/// ```
pub trait Rules: Send + Sync + 'static {
    /// Per-token state kept between throws.
    type Extra: Copy + Default + Eq + Hash + Debug + Send + Sync;

    /// Whether [`throws_again`](Rules::throws_again) can ever say yes.
    const THROWS_AGAIN: bool = false;

    /// Whether [`after_move`](Rules::after_move) can ever move another
    /// token.
    const INTERACTS: bool = false;

    /// Moves the mover's token (on `turn.square`, 0 = not yet on the
    /// board) by a throw of `roll`.
    fn throw(&self, turn: &Turn<'_>, extra: &mut Self::Extra, roll: u16) -> Effect;

    /// Whether the same seat throws once more after a throw of `roll` that
    /// did `effect` and did not finish the game (`turn` as [`throw`](Rules::throw)
    /// saw it; `extra` after the throw). Consulted only if
    /// [`THROWS_AGAIN`](Rules::THROWS_AGAIN). Default: never.
    #[inline(always)]
    fn throws_again(
        &self,
        turn: &Turn<'_>,
        extra: &Self::Extra,
        roll: u16,
        effect: Effect,
    ) -> bool {
        let _ = (turn, extra, roll, effect);
        false
    }

    /// After the mover came to rest on `turn.square` (ladders and chutes
    /// taken) without finishing, puts other seats' tokens elsewhere:
    /// `send(seat, square)` (0 = back to the start; a square at or past
    /// the last square is taken as the one before it, so only the mover
    /// can finish). Sent tokens take no ladder or chute and keep their
    /// `Extra`. Consulted only if [`INTERACTS`](Rules::INTERACTS) and there
    /// are several players. Default: does nothing.
    #[inline(always)]
    fn after_move(&self, turn: &Turn<'_>, send: &mut dyn FnMut(usize, u16)) {
        let _ = (turn, send);
    }

    /// Whether these rules may give another throw: for a rule type, its
    /// [`THROWS_AGAIN`](Rules::THROWS_AGAIN). A rule set known only at run
    /// time ([`RuleSet`](crate::RuleSet)) sets the constant and answers
    /// here for the rule set it stands for; the game consults
    /// [`throws_again`](Rules::throws_again) only when both say yes.
    #[inline(always)]
    fn may_throw_again(&self) -> bool {
        Self::THROWS_AGAIN
    }

    /// Whether these rules may move other tokens: for a rule type, its
    /// [`INTERACTS`](Rules::INTERACTS); see
    /// [`may_throw_again`](Rules::may_throw_again).
    #[inline(always)]
    fn may_interact(&self) -> bool {
        Self::INTERACTS
    }

    /// Whether the rules keep per-token state: for a rule type, whether
    /// [`Extra`](Rules::Extra) holds anything (is not zero-sized). A game
    /// under rules without it plays one player's throws from a table.
    #[inline(always)]
    fn has_extra(&self) -> bool {
        std::mem::size_of::<Self::Extra>() != 0
    }
}
