//! A Chance-it strategy of your own, in a crate of your own: take more
//! risk when behind, less when ahead. Linking this crate (see
//! `src/main.rs`) is all it takes; the strategy is then known by name to
//! every tool: the menu of `play chance-it`, tournaments, analysis.
//!
//! ```
//! use my_strategy as _; // link the plugin
//! use tabula::chance_it::{Config, strategy, win};
//! let config = Config::specification();
//! let catch_up = strategy::build("catch-up", &config)?;
//! let optimal = strategy::build("optimal", &config)?;
//! // It looks only at the turn and the score difference, so its chances
//! // against any such strategy are computed exactly.
//! let [wins, losses, ties] =
//!     win::exact_outcome(&config, &catch_up, &optimal).ok_or("not exact")?;
//! assert!((wins + losses + ties - 1.0).abs() < 1e-12);
//! # Ok::<_, String>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: plugin
use tabula::chance_it::{Depends, Strategy, TurnView, register_strategy};

/// Stops on 7 or more, as the expected-score optimum nearly does; but
/// behind by more than 5 points a round still to play, it holds out for 9
/// or more, and ahead by more than 10 it settles for 6. As the
/// specification's strategies: after each roll, the probability of
/// chancing it (here 0 or 1).
pub fn catch_up(view: &TurnView<'_>) -> f64 {
    let lead = i64::from(view.my_total()) - i64::from(view.best_opponent_total());
    let rounds_left = i64::from(view.config.rounds() - view.round);
    let target = if lead < -5 * rounds_left {
        9
    } else if lead > 10 {
        6
    } else {
        7
    };
    if view.last >= target { 0.0 } else { 1.0 }
}

register_strategy! {
    name: "catch-up",
    parameter: None,
    summary: "stop on 7+, but hold out for 9+ when far behind and settle for 6+ when well ahead (my-strategy)",
    rank: 100,
    // It reads the totals, but only through the score difference, so
    // exact analysis can still follow it.
    build: |_, _| Ok(Strategy::new(catch_up).depending_on(Depends::ScoreDifference)),
}
// ANCHOR_END: plugin
