//! The playability check every rule set gets ([`check_playable`]): no
//! game on a board can run forever.

use tabula_exact::{Chain, Limits};

use crate::board::Board;
use crate::game::Snakes;
use crate::plugin::Rules;

/// The most token states (square, extra, first throw of the turn or not;
/// finished ones included) a playability check explores.
pub const MAX_CHECKED_STATES: usize = 1_000_000;

/// Why a board cannot be played under a rule set: the errors of this
/// crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unplayable {
    /// No game can finish: the last square is out of reach from the start.
    #[error("the last square {size} can never be reached from the start")]
    FromTheStart {
        /// The last square.
        size: u16,
    },
    /// A token can get stuck where the last square is out of reach.
    #[error("a token can reach {what}, from where the last square {size} can never be reached")]
    Stuck {
        /// The position ("square 98", with its rule state if it has one).
        what: String,
        /// The last square.
        size: u16,
    },
}

/// Checks that the last square can be reached from the start, and from
/// every position a token can reach, so no game can run forever: the
/// framework's chain of one token playing alone ([`Chain::explore`]),
/// asked for a position from which no game ends
/// ([`Chain::never_ending`]). A position is the token's square, its
/// extra, and whether its next throw is the first of a turn (following
/// [`Rules::throws_again`]). Other tokens are not modelled: for rule sets
/// that [interact](Rules::INTERACTS) this checks the token as if it played
/// alone (a rule that can only send tokens back to squares the token alone
/// can reach keeps every game finishable). Gives up silently (the throw
/// cap still protects) past [`MAX_CHECKED_STATES`].
pub fn check_playable<R: Rules>(rules: &R, board: &Board) -> Result<(), Unplayable> {
    let game = Snakes::new(board, rules, 1);
    let limits = Limits {
        max_states: MAX_CHECKED_STATES,
        // Only the states are bounded, as they always were: a board of
        // many squares and dice of many sums has many transitions.
        max_transitions: usize::MAX,
        max_time: None,
        ..Limits::default()
    };
    let Ok(chain) = Chain::explore(&game, &limits, |_, _: &mut Vec<()>| {}) else {
        return Ok(());
    };
    let size = board.size();
    match chain.never_ending() {
        None => Ok(()),
        Some(0) => Err(Unplayable::FromTheStart { size }),
        Some(stuck) => {
            let state = chain.state(stuck);
            let (square, extra) = (state.square(0), state.extra(0));
            let what = if !rules.has_extra() || format!("{extra:?}") == "()" {
                format!("square {square}")
            } else {
                format!("square {square} (rule state {extra:?})")
            };
            Err(Unplayable::Stuck { what, size })
        }
    }
}
