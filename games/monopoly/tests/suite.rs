//! Monopoly's integration tests: one test binary, each file below a
//! module of it, so the crate's generic code is compiled and linked once
//! for all of them (see `Cargo.toml`).

#[path = "book.rs"]
mod book;
#[path = "occupancy.rs"]
mod occupancy;
