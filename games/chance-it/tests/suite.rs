//! Chance-it's integration tests, one binary (compiled in the root
//! package: its Cargo.toml says why): the exact answers against the
//! game's first dynamic programs, and win-optimal's solve asked of the
//! registration.

#[path = "oracle.rs"]
mod oracle;
#[path = "solved.rs"]
mod solved;
