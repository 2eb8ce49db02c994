//! What to type on a game's play page (`tabula serve`'s `/play/GAME`)
//! where the game lists no moves (a continuous choice): its notation in
//! words, with an example. A game registers a [`NotationHint`] with
//! `inventory::submit!`.
//!
//! ```
//! use tabula_registry::notation_hint::notation_hint;
//!
//! assert!(notation_hint("no-such-game").is_none());
//! ```

/// How a game's moves are typed, for a person with no list to pick from.
#[derive(Debug)]
pub struct NotationHint {
    /// The game's registered name.
    pub game: &'static str,
    /// The notation, in words ("the bow direction, then the sail trim,
    /// in degrees").
    pub hint: &'static str,
    /// A move as typed.
    pub example: &'static str,
}

inventory::collect!(NotationHint);

/// The hint registered for `game`, if any (the first, if several are).
pub fn notation_hint(game: &str) -> Option<&'static NotationHint> {
    inventory::iter::<NotationHint>
        .into_iter()
        .find(|h| h.game == game)
}
