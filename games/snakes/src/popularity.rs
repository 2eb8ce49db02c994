//! The most and least popular squares, and what "probability of landing"
//! means: shared by the simulation report and the exact analysis.

/// The most and least landed-on squares other than the last (ties: the
/// lowest), from landings per square (index = square, 0 the start): the
/// specification-000 questions, asked of sampled counts and of exact expectations
/// alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Popularity {
    /// The most popular square.
    pub most: usize,
    /// The least popular square.
    pub least: usize,
    /// All landings on the squares before the last.
    pub total: f64,
}

impl Popularity {
    /// The most and least popular squares before the last, ties going to
    /// the lower square. `relative_error` bounds the rounding error of
    /// exact expectations (0 for sampled counts, which are exact): values
    /// within it of each other count as tied, so an exact tie is not
    /// decided by rounding (see [`tabula_exact::first_max`]).
    pub fn of(landings: &[f64], relative_error: f64) -> Popularity {
        let before_last = &landings[1..landings.len().saturating_sub(1).max(1)];
        let most = tabula_exact::first_max(before_last, relative_error).unwrap_or(0) + 1;
        let least = tabula_exact::first_min(before_last, relative_error).unwrap_or(0) + 1;
        Popularity {
            most,
            least,
            total: before_last.iter().sum(),
        }
    }

    /// Square `s`'s share of all landings before the last square.
    pub fn share(&self, landings: &[f64], s: usize) -> f64 {
        if self.total > 0.0 {
            landings[s] / self.total
        } else {
            0.0
        }
    }
}

/// What "probability of landing" means in the text reports: specification 000's
/// name for a square's share of all landings, not the chance that a game
/// lands on the square.
pub fn landing_note(last: usize) -> String {
    format!(
        "  (probability of landing, as seed 000 computes it: the square's share of all landings on squares 1 to {}, not the chance that a game lands on it)",
        last.saturating_sub(1)
    )
}
