//! The exact solver's integration tests.
//! One test binary: each file below is a module here, so the crate's
//! generic code is compiled and linked once for all of them.

#[path = "budget.rs"]
mod budget;
#[path = "dense.rs"]
mod dense;
#[path = "fewest.rs"]
mod fewest;
#[path = "optimal.rs"]
mod optimal;
#[path = "pig.rs"]
mod pig;
#[path = "pig_game.rs"]
mod pig_game;
#[path = "policies.rs"]
mod policies;
#[path = "staged.rs"]
mod staged;
#[path = "stationary.rs"]
mod stationary;
