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
use tabula::core::GameRng;
use tabula::play::agents::{AgentEntry, BuildFn};
use tabula::seega::agent::boxed;
use tabula::seega::agents::{pick, safe_placement};
use tabula::seega::{Action, Position, Reply, Seega, SeegaAgent, Slide, Square};

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

impl SeegaAgent for Cautious {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        safe_placement(position, rng) // corners, then edges
    }

    fn play(&mut self, position: &Position, follow_up: Option<Square>, rng: &mut GameRng) -> Reply {
        // During a follow-up, `slides()` offers only the capturing slides of
        // that piece, so the rules are kept without checking `follow_up`.
        let _ = follow_up;
        let most = position.slides().map(|s| position.captures(s).len()).max();
        let slide = match most {
            None => return Reply::Blocked, // no legal slide at all
            Some(n) if n > 0 => pick(
                position
                    .slides()
                    .filter(|&s| position.captures(s).len() == n),
                rng,
            ),
            Some(_) => pick(position.slides().filter(|&s| !exposes(position, s)), rng)
                .or_else(|| pick(position.slides(), rng)),
        };
        slide.map_or(Reply::Blocked, Reply::Move)
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "cautious",
        parameter: None,
        summary: "captures the most it can, else never steps into a capture (my-agent)",
        build: &BuildFn::<Seega>(|_, _| Ok(boxed(Cautious))),
    }
}
// ANCHOR_END: plugin
