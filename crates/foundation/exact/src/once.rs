//! Solve once, share after: a solved policy kept per game and parameters
//! for every agent, worker and seating that asks for it.

use std::sync::{Arc, Mutex, PoisonError};

use crate::ExactError;

/// Solved values by key (a game's parameters, say), each solved the first
/// time it is asked for and shared after: an agent registry keeps one in
/// a `static` and hands every agent a clone of the same solve
/// ([`DenseOptimal`](crate::DenseOptimal) and [`Optimal`](crate::Optimal)
/// clone for free).
///
/// Callers asking for the same key at once wait for one solve; callers
/// asking for different keys do not wait for each other. A solve that
/// fails is not kept: the next caller tries again (with other limits,
/// perhaps).
///
/// ```
/// use tabula_exact::{ExactError, SolveOnce};
///
/// static SQUARES: SolveOnce<u32, u64> = SolveOnce::new();
/// let mut solves = 0;
/// for _ in 0..3 {
///     let v = SQUARES.get_or_solve(12, || { solves += 1; Ok(144) })?;
///     assert_eq!(v, 144);
/// }
/// assert_eq!(solves, 1);
/// assert_eq!(SQUARES.len(), 1);
/// # Ok::<_, ExactError>(())
/// ```
pub struct SolveOnce<K, V> {
    /// Few keys (the parameters a process plays): a list will do.
    entries: Mutex<Vec<(K, Slot<V>)>>,
}

/// One key's value once solved, locked while it is being solved.
type Slot<V> = Arc<Mutex<Option<V>>>;

impl<K, V> SolveOnce<K, V> {
    /// Nothing solved yet.
    pub const fn new() -> Self {
        SolveOnce {
            entries: Mutex::new(Vec::new()),
        }
    }
}

impl<K, V> Default for SolveOnce<K, V> {
    fn default() -> Self {
        SolveOnce::new()
    }
}

impl<K: PartialEq, V: Clone> SolveOnce<K, V> {
    /// The value solved for `key`, solving it with `solve` if nobody has
    /// yet (or every solve so far failed).
    pub fn get_or_solve(
        &self,
        key: K,
        solve: impl FnOnce() -> Result<V, ExactError>,
    ) -> Result<V, ExactError> {
        let slot = {
            let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
            match entries.iter().find(|(k, _)| *k == key) {
                Some((_, slot)) => Arc::clone(slot),
                None => {
                    let slot = Arc::new(Mutex::new(None));
                    entries.push((key, Arc::clone(&slot)));
                    slot
                }
            }
        };
        // Held through the solve: others asking for this key wait for it.
        let mut value = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(v) = value.as_ref() {
            return Ok(v.clone());
        }
        let v = solve()?;
        *value = Some(v.clone());
        Ok(v)
    }

    /// How many keys have been asked for (solved, being solved, or
    /// failed).
    pub fn len(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no key has been asked for.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
