//! Win-optimal's solve is asked of the registration (the staged solver
//! Chance-it registers answers `Query::Solved`), once per game,
//! parameters and objective: the agent of that name, the strategy and a
//! direct question share one solve, with the figures of a fresh one.

use std::sync::Arc;

use tabula_chance_it::{ChanceIt, Config, WinOptimal, strategy, win};
use tabula_core::Dice;

#[test]
fn win_optimal_is_the_registrations_one_solve() {
    let config = Config::specification()
        .with(Dice::new(2, 4).ok(), Some(6), None)
        .expect("a config");
    let asked =
        tabula_registry::solved_play::<ChanceIt, WinOptimal>(&ChanceIt::new(config), win::NAME)
            .expect("the staged solver makes win-optimal");
    let strategy = strategy::build(win::NAME, &config).expect("win-optimal builds");
    let played = strategy
        .whole_game()
        .expect("win-optimal carries its solve");
    assert!(
        std::ptr::eq(Arc::as_ptr(&asked), played),
        "the strategy plays the registration's solve, not one of its own"
    );
    assert!(Arc::ptr_eq(&asked, &win::shared(&config).expect("shared")));
    let fresh = WinOptimal::new(&config).expect("solves");
    assert_eq!(asked.self_play(), fresh.self_play());
    // Another game is another entry.
    let other = Config::specification()
        .with(Dice::new(2, 4).ok(), Some(5), None)
        .expect("a config");
    let second = win::shared(&other).expect("solves");
    assert!(!Arc::ptr_eq(&asked, &second));
    assert_eq!(
        second.self_play(),
        WinOptimal::new(&other).expect("solves").self_play()
    );
}
