//! The built-in agents, registered by name in the framework's registry
//! ([`tabula_play::agents`]): `random`, `greedy`, `alphabeta` and `mcts`.
//! Each lives in its own file.

use tabula_core::GameRng;
use tabula_core::rand::RngExt;

use tabula_play::agents::{AgentEntry, BuildFn};

use crate::SeegaError;
use crate::agent::{Budget, Reply, boxed};
use crate::board::Square;
use crate::game::Seega;
use crate::rules::Position;

pub mod alphabeta;
pub mod greedy;
pub mod mcts;
pub mod random;

pub use alphabeta::AlphaBeta;
pub use greedy::Greedy;
pub use mcts::Mcts;
pub use random::Random;

/// A uniformly random item of a cloneable iterator, without collecting
/// it: count, draw, walk again.
pub fn pick<I: Iterator + Clone>(items: I, rng: &mut GameRng) -> Option<I::Item> {
    let n = items.clone().count();
    if n == 0 {
        return None;
    }
    items.into_iter().nth(rng.random_range(0..n))
}

/// Two distinct random free squares (placement of `random` and `greedy`).
pub fn random_placement(position: &Position, rng: &mut GameRng) -> [Square; 2] {
    let a = pick(position.placements(), rng).unwrap_or(Square::new(0, 0));
    let b = pick(position.placements().filter(|&s| s != a), rng).unwrap_or(a);
    [a, b]
}

/// How safe and useful a free square is for one's own piece at placement:
/// a corner can never be captured (4), an edge square only along the edge
/// (2), an inner square from both lines (0); a square next to the centre
/// adds 1, because the first moves go into the centre.
pub fn placement_score(position: &Position, s: Square) -> u32 {
    let last = (position.size() - 1) as u8;
    let edge_row = s.row == 0 || s.row == last;
    let edge_col = s.col == 0 || s.col == last;
    let c = position.centre();
    let next_to_centre = s.row.abs_diff(c.row) + s.col.abs_diff(c.col) == 1;
    let base = match (edge_row, edge_col) {
        (true, true) => 4,
        (true, false) | (false, true) => 2,
        (false, false) => 0,
    };
    base + u32::from(next_to_centre)
}

/// The two free squares with the best [`placement_score`], ties broken at
/// random: the placement of `alphabeta` and `mcts`, which search only the
/// movement phase.
pub fn safe_placement(position: &Position, rng: &mut GameRng) -> [Square; 2] {
    let best = |exclude: Option<Square>, rng: &mut GameRng| {
        let free = position.placements().filter(move |&s| Some(s) != exclude);
        let top = free
            .clone()
            .map(|s| placement_score(position, s))
            .max()
            .unwrap_or(0);
        pick(free.filter(|&s| placement_score(position, s) == top), rng)
    };
    let a = best(None, rng).unwrap_or(Square::new(0, 0));
    let b = best(Some(a), rng).unwrap_or(a);
    [a, b]
}

/// A random legal reply: a uniformly random step (during a follow-up, a
/// random capturing step of that piece), or `Blocked`.
pub fn random_reply(position: &Position, rng: &mut GameRng) -> Reply {
    pick(position.steps(), rng).map_or(Reply::Blocked, Reply::Move)
}

fn budget(arg: Option<&str>, default: Budget) -> Result<Budget, SeegaError> {
    arg.map_or(Ok(default), Budget::parse)
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "random",
        parameter: None,
        summary: "random placements and uniformly random legal steps",
        build: &BuildFn::<Seega>(|_, _| Ok(boxed(Random))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "greedy",
        parameter: None,
        summary: "random placements; the step that captures most now (ties at random)",
        build: &BuildFn::<Seega>(|_, _| Ok(boxed(Greedy))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "alphabeta",
        parameter: Some("BUDGET"),
        summary: "iterative-deepening alpha-beta with a transposition table; BUDGET nodes (default 20000) or Nms per move",
        build: &BuildFn::<Seega>(|_, arg| {
            Ok(boxed(AlphaBeta::new(budget(arg, alphabeta::DEFAULT_BUDGET)?)))
        }),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "mcts",
        parameter: Some("BUDGET"),
        summary: "Monte Carlo tree search (UCT, capture-first playouts); BUDGET playouts (default 1000) or Nms per move",
        build: &BuildFn::<Seega>(|_, arg| Ok(boxed(Mcts::new(budget(arg, mcts::DEFAULT_BUDGET)?)))),
    }
}
