//! Seega's integration tests.
//! One test binary: each file below is a module here, so the crate's
//! generic code is compiled and linked once for all of them.

#[path = "referee.rs"]
mod referee;
#[path = "rules.rs"]
mod rules;
