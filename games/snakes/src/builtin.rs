//! The built-in rule sets: `overshoot` (specification 000), `exact` (specification 001),
//! `bounce`, and three house rules built on `overshoot`: `six-again`,
//! `sixes-home` and `bump`.

use crate::plugin::{Effect, Rules, Turn};
use crate::registry::RuleSet;

/// Specification 000: a throw that reaches or passes the last square finishes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overshoot;

impl Rules for Overshoot {
    type Extra = ();
    #[inline]
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        Effect::Advance(u32::from(turn.square) + u32::from(roll))
    }
}

/// Specification 001: the last square must be reached exactly; a throw that would
/// pass it is forfeited and the token stays.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactFinish;

impl Rules for ExactFinish {
    type Extra = ();
    #[inline]
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        let to = u32::from(turn.square) + u32::from(roll);
        if to > u32::from(turn.board.size()) {
            Effect::Forfeit
        } else {
            Effect::Advance(to)
        }
    }
}

/// The last square must be reached exactly; the excess of a throw that
/// passes it bounces back (on 100, 97 + 5 ends on 98).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bounce;

impl Rules for Bounce {
    type Extra = ();
    #[inline]
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        let size = i64::from(turn.board.size());
        let mut to = i64::from(turn.square) + i64::from(roll);
        // Reflect off the last square (and, for huge throws on tiny
        // boards, off the start) until the token is on the board.
        while to > size || to < 0 {
            to = if to > size { 2 * size - to } else { -to };
        }
        Effect::Advance(to as u32)
    }
}

/// House rule: moves as under [`Overshoot`] (reaching or passing the last
/// square wins), and a throw of the dice's highest total (a six with one
/// six-sided die, twelve with two) gives the same player another throw,
/// as many times as it comes up. The game's length still counts every
/// throw.
#[derive(Clone, Copy, Debug, Default)]
pub struct SixAgain;

impl Rules for SixAgain {
    type Extra = ();
    const THROWS_AGAIN: bool = true;
    #[inline]
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        Effect::Advance(u32::from(turn.square) + u32::from(roll))
    }
    #[inline]
    fn throws_again(&self, turn: &Turn<'_>, _: &(), roll: u16, _: Effect) -> bool {
        turn.is_top(roll)
    }
}

/// House rule: [`SixAgain`] (overshoot; a six throws again), but the third
/// six in one turn does not move the token: it goes back to the start (0)
/// and the turn ends. Sixes in different turns never add up (compare the
/// example plugin `three-sixes`, which counts sixes in a row across
/// turns and gives no extra throws).
#[derive(Clone, Copy, Debug, Default)]
pub struct SixesHome;

impl Rules for SixesHome {
    /// Sixes thrown so far in this turn (0, 1 or 2); 0 between turns.
    type Extra = u8;
    const THROWS_AGAIN: bool = true;
    #[inline]
    fn throw(&self, turn: &Turn<'_>, sixes: &mut u8, roll: u16) -> Effect {
        let before = if turn.first { 0 } else { *sixes };
        if !turn.is_top(roll) {
            *sixes = 0;
            return Effect::Advance(u32::from(turn.square) + u32::from(roll));
        }
        if before >= 2 {
            *sixes = 0;
            Effect::SendTo(0)
        } else {
            *sixes = before + 1;
            Effect::Advance(u32::from(turn.square) + u32::from(roll))
        }
    }
    #[inline]
    fn throws_again(&self, turn: &Turn<'_>, _: &u8, roll: u16, effect: Effect) -> bool {
        turn.is_top(roll) && !matches!(effect, Effect::SendTo(_))
    }
}

/// House rule: moves as under [`Overshoot`], and a token that comes to
/// rest (after any ladder or chute) on a square where other tokens stand
/// sends each of them back to the start (0). The start holds any number
/// of tokens; a throw that finishes sends no one back. With one player it
/// is `overshoot`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bump;

impl Rules for Bump {
    type Extra = ();
    const INTERACTS: bool = true;
    #[inline]
    fn throw(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Effect {
        Effect::Advance(u32::from(turn.square) + u32::from(roll))
    }
    fn after_move(&self, turn: &Turn<'_>, send: &mut dyn FnMut(usize, u16)) {
        if turn.square == 0 {
            return;
        }
        for (seat, square) in turn.others() {
            if square == turn.square {
                send(seat, 0);
            }
        }
    }
}

inventory::submit! {
    RuleSet {
        name: "overshoot",
        summary: "a throw that reaches or passes the last square wins (specification 000)",
        rules: &Overshoot,
    }
}
inventory::submit! {
    RuleSet {
        name: "exact",
        summary: "the last square must be hit exactly; a throw that would pass it is forfeited (specification 001)",
        rules: &ExactFinish,
    }
}
inventory::submit! {
    RuleSet {
        name: "bounce",
        summary: "the last square must be hit exactly; the excess bounces back from it",
        rules: &Bounce,
    }
}
inventory::submit! {
    RuleSet {
        name: "six-again",
        summary: "overshoot, and a six (the dice's highest throw) gives the same player another throw",
        rules: &SixAgain,
    }
}
inventory::submit! {
    RuleSet {
        name: "sixes-home",
        summary: "six-again, but a third six in one turn sends the token back to the start and ends the turn",
        rules: &SixesHome,
    }
}
inventory::submit! {
    RuleSet {
        name: "bump",
        summary: "overshoot, and coming to rest on a square where other tokens stand sends them back to the start",
        rules: &Bump,
    }
}
