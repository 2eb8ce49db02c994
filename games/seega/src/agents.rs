//! The built-in agents, registered by name in the framework's registry
//! ([`tabula_play::agents`]): `random`, `greedy`, `alphabeta[-BUDGET]` and
//! `mcts[-BUDGET]` are the framework's generic search agents
//! ([`tabula_search`]) playing with Seega's [`Heuristic`](tabula_search::Heuristic)
//! (see [`search`](crate::search)), registered in one line
//! ([`tabula_search::register_search_agents!`]); budgets are
//! [`Budget`](tabula_search::Budget)s. The placement
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

use crate::game::Seega;

pub use crate::search::{pick, placement_score, safe_placement};

tabula_search::register_search_agents! {
    game: Seega,
    random: "uniformly random legal actions (placements and steps)",
    greedy: "the action that evaluates best one move ahead (material, then mobility; ties at random)",
    alphabeta: "iterative-deepening alpha-beta with a transposition table; BUDGET nodes (default 20000) or Nms per move",
    mcts: "Monte Carlo tree search (UCT, capture-first playouts); BUDGET playouts (default 1000) or Nms per move",
}
