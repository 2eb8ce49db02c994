//! The built-in agents, registered by name in the framework's registry
//! ([`tabula_play::agents`]): `random`, `greedy`, `alphabeta[-BUDGET]` and
//! `mcts[-BUDGET]` are the framework's generic search agents
//! ([`tabula_search`]) playing with Seega's [`Heuristic`](tabula_search::Heuristic)
//! (see [`search`](crate::search)); budgets are [`Budget`]s. The placement
//! helpers of that heuristic are here too, for agents of one's own
//! ([`safe_placement`], [`placement_score`], [`pick`]).
//!
//! ```
//! use tabula_seega::{Seega, agent};
//!
//! let game = Seega::default();
//! assert!(agent::build(&game, "alphabeta-50ms").is_ok());
//! let e = agent::build(&game, "mcts-0ms").err().unwrap().to_string();
//! assert!(e.contains("not a budget"), "{e}");
//! ```

use tabula_play::agents::{AgentEntry, BuildFn};
use tabula_search::{AlphaBeta, Budget, Greedy, Mcts, Random, defaults};

use crate::game::Seega;

pub use crate::search::{pick, placement_score, safe_placement};

/// The budget a user gave after the name, or the default.
fn budget(arg: Option<&str>, default: Budget) -> Result<Budget, tabula_search::BudgetError> {
    arg.map_or(Ok(default), Budget::parse)
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "random",
        parameter: None,
        summary: "uniformly random legal actions (placements and steps)",
        build: &BuildFn::<Seega>(|_, _| Ok(Box::new(Random))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "greedy",
        parameter: None,
        summary: "the action that evaluates best one move ahead (material, then mobility; ties at random)",
        build: &BuildFn::<Seega>(|_, _| Ok(Box::new(Greedy))),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "alphabeta",
        parameter: Some("BUDGET"),
        summary: "iterative-deepening alpha-beta with a transposition table; BUDGET nodes (default 20000) or Nms per move",
        build: &BuildFn::<Seega>(|_, arg| {
            Ok(Box::new(AlphaBeta::<Seega>::new(budget(arg, defaults::ALPHABETA)?)))
        }),
    }
}
tabula_play::inventory::submit! {
    AgentEntry {
        name: "mcts",
        parameter: Some("BUDGET"),
        summary: "Monte Carlo tree search (UCT, capture-first playouts); BUDGET playouts (default 1000) or Nms per move",
        build: &BuildFn::<Seega>(|_, arg| {
            Ok(Box::new(Mcts::<Seega>::new(budget(arg, defaults::MCTS)?)))
        }),
    }
}
