//! Jail rules, as plugins: a [`JailRule`] registered with `inventory`
//! under a unique name, found by name ([`find`], [`all`]). Two ship with
//! the game: `pay` and `doubles`.
//!
//! A rule sees each throw made by a token in jail and says what happens
//! ([`Release`]). A token in jail throws once per turn.

use tabula_core::CoreError;
use tabula_core::registry::{self, Named};

/// What a throw made in jail does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Release {
    /// The token stays in jail; its turn ends.
    Stay,
    /// The token is out and the throw is an ordinary throw: it moves, a
    /// double throws again and counts towards three doubles.
    Throw,
    /// The token is out and moves by the throw, and its turn then ends
    /// even if the throw was a double.
    MoveOnly,
}

/// How a token gets out of jail.
pub trait Jail: Send + Sync {
    /// What a throw does for a token in jail that has already failed
    /// `tries` times (0 on its first turn in jail); `double` says whether
    /// the two dice show the same face.
    fn release(&self, tries: u8, double: bool) -> Release;
}

/// A registered jail rule.
pub struct JailRule {
    /// Unique name, used on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// The rule.
    pub rule: &'static dyn Jail,
}

impl std::fmt::Debug for JailRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JailRule")
            .field("name", &self.name)
            .finish()
    }
}

impl Named for JailRule {
    fn name(&self) -> &'static str {
        self.name
    }
}

inventory::collect!(JailRule);

/// The rule used when none is named.
pub const DEFAULT: &str = "doubles";

/// All registered jail rules, sorted by name.
pub fn all() -> Result<Vec<&'static JailRule>, CoreError> {
    registry::sorted_unique("jail rule", inventory::iter::<JailRule>)
}

/// The jail rule registered as `name`; the error lists the known names.
pub fn find(name: &str) -> Result<&'static JailRule, CoreError> {
    registry::find("jail rule", &all()?, name)
}

/// Pay the fine at the start of the next turn and throw as usual.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pay;

impl Jail for Pay {
    fn release(&self, _: u8, _: bool) -> Release {
        Release::Throw
    }
}

/// Stay and try for a double, up to three turns: a double moves the token
/// out by that throw (with no throw again); on the third failed try the
/// token pays and moves by that throw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Doubles;

impl Jail for Doubles {
    fn release(&self, tries: u8, double: bool) -> Release {
        if double || tries >= 2 {
            Release::MoveOnly
        } else {
            Release::Stay
        }
    }
}

inventory::submit! {
    JailRule {
        name: "pay",
        summary: "pay the fine on the next turn and throw as usual (a double throws again)",
        rule: &Pay,
    }
}

inventory::submit! {
    JailRule {
        name: "doubles",
        summary: "stay up to three turns trying for a double; a double, or the third failed try (then pay), moves out by that throw",
        rule: &Doubles,
    }
}
