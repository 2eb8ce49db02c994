//! A rule set of your own, registered by name: link this crate into a
//! program and `--rules no-ones` works like a built-in rule set.

// ANCHOR: plugin
use tabula::snakes::{Effect, RuleSet, Rules, Turn};

/// Overshoot, but a 1 is forfeited: the token stays.
pub struct NoOnes;

impl Rules for NoOnes {
    type Extra = ();
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        if roll == 1 {
            Effect::Forfeit
        } else {
            Effect::Advance(u32::from(turn.square) + u32::from(roll))
        }
    }
}

tabula::core::inventory::submit! {
    RuleSet {
        name: "no-ones",
        summary: "overshoot, but a throw of 1 is forfeited",
        rules: &NoOnes,
    }
}
// ANCHOR_END: plugin
