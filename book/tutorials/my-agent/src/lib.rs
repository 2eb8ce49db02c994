//! A Seega agent of your own, in a crate of your own: capture the most it
//! can, and otherwise never make a move after which the opponent can
//! capture at once. Linking this crate (see `src/main.rs`) is all it
//! takes; the agent is then known by name to every tool: tournaments,
//! play, records.
//!
//! ```
//! use my_agent as _; // link the plugin
//! use tabula::core::Streams;
//! use tabula::play::referee::Referee;
//! use tabula::seega::{Rules, Seega, Side, agent};
//!
//! let game = Seega::new(Rules::new(5, 30, Side::Black)?);
//! let mut agents = vec![agent::build(&game, "cautious")?, agent::build(&game, "greedy")?];
//! let played = Referee::new().play(&game, &mut agents, &mut Streams::new(7, 0), &mut ());
//! assert!(played.forfeit.is_none(), "it never answers illegally");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: plugin
use tabula::core::{Agent, GameRng, Seat};
use tabula::play::agents::{AgentEntry, BuildFn};
use tabula::seega::agents::{pick, safe_placement};
use tabula::seega::{Action, Phase, Position, Seega, Slide};

/// Captures the most it can; with no capture, picks at random among the
/// slides after which the opponent has no capture, and only if there are
/// none, among all slides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cautious;

/// Whether the opponent can capture right after `slide`.
fn exposes(position: &Position, slide: Slide) -> bool {
    let mut after = position.clone(); // a plain value: no allocation
    after.apply(&Action::Move(slide));
    if after.verdict().is_some() || after.to_move() == position.to_move() {
        return false; // game over, or a follow-up capture of ours
    }
    after.slides().any(|s| after.captures_any(s))
}

impl Agent<Seega> for Cautious {
    fn choose(&mut self, _: &Seega, position: &Position, _: Seat, rng: &mut GameRng) -> Action {
        if position.phase() == Phase::Placement {
            // The specification's PlacePieces: corners, then edges.
            return Action::place(safe_placement(position, rng));
        }
        // The specification's MovePiece. During a follow-up capture,
        // `slides()` offers only the capturing slides of that piece, so
        // the rules are kept without looking at `position.follow_up()`.
        let most = position.slides().map(|s| position.captures(s).len()).max();
        let slide = match most {
            None => return Action::Blocked, // no legal slide at all
            Some(n) if n > 0 => pick(
                position
                    .slides()
                    .filter(|&s| position.captures(s).len() == n),
                rng,
            ),
            Some(_) => pick(position.slides().filter(|&s| !exposes(position, s)), rng)
                .or_else(|| pick(position.slides(), rng)),
        };
        slide.map_or(Action::Blocked, Action::Move)
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "cautious",
        parameter: None,
        summary: "captures the most it can, else never steps into a capture (my-agent)",
        build: &BuildFn::<Seega>(|_, _| Ok(Box::new(Cautious))),
    }
}
// ANCHOR_END: plugin
