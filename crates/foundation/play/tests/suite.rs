//! The play services' integration tests.
//! One test binary: each file below is a module here, so the crate's
//! generic code is compiled and linked once for all of them.

mod common;

#[path = "one_loop.rs"]
mod one_loop;
#[path = "services.rs"]
mod services;
#[path = "tournament.rs"]
mod tournament;
