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

/// What a solve of play is kept under in the one cache of solved play
/// ([`solved`]): the game's name, its parameters as a canonical spec
/// string (`pig(target=100)`), the objective (`win`, `score`, or the
/// name of what was solved: `win-optimal`, `perfect`, `bearoff`), and the
/// seats it was solved for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolvedKey {
    /// The game's registered name.
    pub game: String,
    /// Its parameters, as the canonical spec string.
    pub spec: String,
    /// The objective, or the name of what was solved.
    pub objective: String,
    /// The seats it was solved for.
    pub seats: usize,
}

impl SolvedKey {
    /// The key of `game` (its canonical `spec`), `objective`, `seats`.
    pub fn new(game: &str, spec: &str, objective: &str, seats: usize) -> SolvedKey {
        SolvedKey {
            game: game.to_string(),
            spec: spec.to_string(),
            objective: objective.to_string(),
            seats,
        }
    }
}

/// A solved value of any type, shared.
type Shared = Arc<dyn std::any::Any + Send + Sync>;

/// The most keys the one cache keeps: past it the oldest goes (a
/// long-lived process, a web server or Python, asks for many).
pub const SOLVED_KEPT: usize = 64;

/// The one cache of solved play of the process.
static SOLVED: Mutex<Vec<(SolvedKey, Slot<Shared>)>> = Mutex::new(Vec::new());

/// Solved play from the one cache of the process: the value kept under
/// `key`, solving it with `solve` the first time (or after every solve
/// so far failed). Every solver of play asks here: the registry's
/// optimal agents, a game's registered solvers (Chance-it's
/// win-optimal, noline's perfect play, backgammon's bear-off database);
/// no game keeps a cache of its own. Callers asking for the same key at
/// once wait for one solve; a solve that fails is not kept.
///
/// ```
/// use tabula_exact::{SolvedKey, solved};
///
/// let key = SolvedKey::new("doc-example", "doc-example(n=3)", "win", 1);
/// let mut solves = 0;
/// for _ in 0..3 {
///     let v = solved(key.clone(), || { solves += 1; Ok::<_, String>(9u64) })?;
///     assert_eq!(*v, 9);
/// }
/// assert_eq!(solves, 1);
/// # Ok::<_, String>(())
/// ```
pub fn solved<T, E>(key: SolvedKey, solve: impl FnOnce() -> Result<T, E>) -> Result<Arc<T>, E>
where
    T: std::any::Any + Send + Sync,
{
    let slot = {
        let mut entries = SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
        match entries.iter().find(|(k, _)| *k == key) {
            Some((_, slot)) => Arc::clone(slot),
            None => {
                if entries.len() >= SOLVED_KEPT {
                    entries.remove(0);
                }
                let slot = Arc::new(Mutex::new(None));
                entries.push((key, Arc::clone(&slot)));
                slot
            }
        }
    };
    // Held through the solve: others asking for this key wait for it.
    let mut value = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(v) = value.as_ref()
        && let Ok(v) = Arc::clone(v).downcast::<T>()
    {
        return Ok(v);
    }
    let v = Arc::new(solve()?);
    *value = Some(Arc::clone(&v) as Shared);
    Ok(v)
}
