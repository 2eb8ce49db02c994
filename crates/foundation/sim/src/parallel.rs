//! Work spread over a thread pool by code compiled once.
//!
//! A generic function that calls rayon's iterators directly has rayon's
//! machinery (splitting, folding, joining: several thousand lines of
//! machine code) compiled again for every game, collector and agent it is
//! used with. The runs here hand rayon a `dyn` closure instead, so that
//! machinery is compiled once, in this crate, and a game's crate compiles
//! only its own work. (Measured on Snakes: rayon's generic code was 17% of
//! the game crate's compiled code.)
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
//! let sum = AtomicU64::new(0);
//! let finished = tabula_sim::parallel::each_index(&pool, 100, &|i| {
//!     sum.fetch_add(i, Ordering::Relaxed);
//!     true
//! });
//! assert!(finished);
//! assert_eq!(sum.into_inner(), 4950);
//! # Ok::<_, rayon::ThreadPoolBuildError>(())
//! ```

use rayon::prelude::*;

/// Calls `work(i)` for every `i` in `0..count` on `pool`'s threads, in no
/// particular order, and stops starting new calls once one returns
/// `false`. Returns whether every call returned `true`.
///
/// `rayon::current_thread_index()` inside `work` names the worker running
/// it; a worker that waits inside `work` (for a nested parallel call) may
/// start another index meanwhile.
pub fn each_index(
    pool: &rayon::ThreadPool,
    count: u64,
    work: &(dyn Fn(u64) -> bool + Sync),
) -> bool {
    pool.install(|| {
        (0..count)
            .into_par_iter()
            .try_for_each(|i| if work(i) { Some(()) } else { None })
            .is_some()
    })
}
