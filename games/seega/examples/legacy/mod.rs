//! Seega's own search agents from before it used the generic ones of
//! `tabula-search`: no longer in the library, kept here only as the
//! baseline that `examples/search_match.rs` plays against and
//! the `search` benchmark (`benches/search.rs` at the repository root)
//! times.
// The example and the bench each use part of it.
#![allow(dead_code, unused_imports)]

pub mod alphabeta;
pub mod mcts;

pub use alphabeta::AlphaBeta;
pub use mcts::Mcts;
