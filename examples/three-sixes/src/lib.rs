//! A rule set written outside `games/snakes`, as a user would write one in
//! their own crate: play as under `overshoot`, but a third six in a row
//! sends the token back to the start.
//!
//! The sixes are the token's own throws in a row, across turns: there is
//! no extra throw for a six. (The built-in house rule `sixes-home` is the
//! other reading: a six throws again, and a third six in one turn goes
//! home.)
//!
//! Linking this crate is all it takes; the rule set is then known by name
//! to every tool:
//!
//! ```
//! use tabula_example_three_sixes as _; // link the plugin
//! use tabula_snakes::{Board, Setup};
//! let setup = Setup::new(Board::classic(), Some("three-sixes"), 1)?;
//! assert_eq!(setup.rules.name, "three-sixes");
//! # Ok::<_, tabula_snakes::SnakesError>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: plugin
use tabula_snakes::{Effect, RuleSet, Rules, Turn};

/// Overshoot, but three sixes in a row send the token back to the start.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreeSixes;

impl Rules for ThreeSixes {
    /// Sixes thrown in a row so far (0, 1 or 2): part of the game state.
    type Extra = u8;

    fn throw(&self, turn: &Turn<'_>, sixes: &mut u8, roll: u16) -> Effect {
        if roll != 6 {
            *sixes = 0;
            return Effect::Advance(u32::from(turn.square) + u32::from(roll));
        }
        *sixes += 1;
        if *sixes == 3 {
            *sixes = 0;
            Effect::SendTo(0)
        } else {
            Effect::Advance(u32::from(turn.square) + 6)
        }
    }
}

inventory::submit! {
    RuleSet {
        name: "three-sixes",
        summary: "overshoot, but a third six in a row (across turns; no extra throws) sends the token back to the start (example plugin)",
        rules: &ThreeSixes,
    }
}
// ANCHOR_END: plugin
