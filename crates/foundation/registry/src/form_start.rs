//! What a command's form in the browser (`tabula serve`'s `/run/VERB/GAME`)
//! starts with, where the command's own defaults cannot run: a game
//! registers a [`FormStart`] with `inventory::submit!`, naming the values
//! that do (a smaller target, agents the verb takes), or, where no values
//! can, the form of the same game to offer instead.
//!
//! ```
//! use tabula_registry::form_start::{FormStart, form_start};
//!
//! // A game whose `analyze` solves only a small target exactly would
//! // register, in its own crate:
//! // inventory::submit! { FormStart {
//! //     game: "mygame", verb: "analyze",
//! //     values: &[("target", "20")],
//! //     note: "the whole game is too large; a target of 20 is solved exactly",
//! //     instead: None,
//! // } }
//! assert!(form_start("no-such-game", "analyze").is_none());
//! ```

/// How the form of `tabula VERB GAME` starts, where the command's own
/// defaults do not run.
#[derive(Debug)]
pub struct FormStart {
    /// The game's registered name.
    pub game: &'static str,
    /// The verb whose form this is.
    pub verb: &'static str,
    /// Field values (argument id, value as typed) the form is filled with
    /// in place of the command's defaults.
    pub values: &'static [(&'static str, &'static str)],
    /// Why, in words: shown on the form (and, with `instead`, on the index).
    pub note: &'static str,
    /// Where no values can make the command run (the whole game is too
    /// large for it): the verb of the same game whose form the index
    /// offers in its place.
    pub instead: Option<&'static str>,
}

inventory::collect!(FormStart);

/// The form start registered for `tabula VERB GAME`, if any (the first
/// registered, if several are).
pub fn form_start(game: &str, verb: &str) -> Option<&'static FormStart> {
    inventory::iter::<FormStart>
        .into_iter()
        .find(|s| s.game == game && s.verb == verb)
}
