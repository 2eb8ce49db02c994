//! A synthetic chance game whose number of states is a parameter, for the
//! scale benchmark (`benches/scale/main.rs`) and the memory check
//! (`examples/scale.rs`).
//!
//! A token on a ring of `states` squares throws a die: a one moves it to
//! the next square, any other face to a square picked by a fixed hash of
//! (square, face). Every square is reachable (the ring) and every square
//! reaches every other, so the chain is irreducible and mixes in a few
//! dozen throws (the hashed jumps make it an expander). With `ending`, a
//! six ends the game instead, for walking and solving.

use std::convert::Infallible;

use tabula_core::{BoardGame, Chance, GameResult, Status};

/// The game (see the module docs).
pub struct HashedRing {
    /// Squares on the ring.
    pub states: u32,
    /// Whether a six ends the game.
    pub ending: bool,
}

/// The finished game.
const OVER: u32 = u32::MAX;

fn mix(mut x: u64) -> u64 {
    // splitmix64's finaliser.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl BoardGame for HashedRing {
    type State = u32;
    type Move = Infallible;
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u32 {
        0
    }
    fn status(&self, s: &u32) -> Status {
        if *s == OVER {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, _: &u32, out: &mut Vec<Chance<u8>>) {
        out.extend((1..=6).map(|face| Chance {
            outcome: face,
            probability: 1.0 / 6.0,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut u32, face: u8, _: &mut E) {
        *s = match face {
            6 if self.ending => OVER,
            1 => (*s + 1) % self.states,
            _ => (mix(u64::from(*s) << 3 | u64::from(face)) % u64::from(self.states)) as u32,
        };
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut u32, m: Infallible, _: &mut E) {
        match m {}
    }
}
