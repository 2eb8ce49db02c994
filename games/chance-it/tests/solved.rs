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

/// `analyze chance-it` asks the one cache of solved play for the
/// win-optimal it reports: after an analysis, the one cache holds that
/// solve (asking for it solves nothing), and the `win-optimal` agent
/// plays that very object, with the analysis's figures.
#[test]
fn analyze_and_the_agent_share_one_solve() {
    use std::any::Any;
    // A game no other test asks for: its key is this test's alone.
    let config = Config::specification()
        .with(Dice::new(2, 4).ok(), Some(7), None)
        .expect("a config");
    let mut out = Vec::new();
    tabula_cli::run_args(
        [
            "tabula",
            "analyze",
            "chance-it",
            "--dice",
            "2d4",
            "--rounds",
            "7",
            "--format",
            "json",
        ],
        &mut out,
    )
    .expect("analyze chance-it runs");
    let report: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    let game = <ChanceIt as tabula_play::record::Recordable>::NAME;
    let key = tabula_exact::SolvedKey::new(
        game,
        &tabula_core::params::spec(game, &config),
        win::NAME,
        2,
    );
    // Kept by the analysis: the one cache answers without solving.
    let kept = tabula_exact::solved::<Arc<dyn Any + Send + Sync>, String>(key, || {
        Err("analyze did not keep win-optimal in the one cache: solved again".into())
    })
    .expect("kept");
    let kept = Arc::clone(&*kept)
        .downcast::<WinOptimal>()
        .expect("win-optimal");
    // The agent's is the same object.
    let agent = win::shared(&config).expect("the agent's win-optimal");
    assert!(Arc::ptr_eq(&kept, &agent), "the agent solved its own");
    let played = strategy::build(win::NAME, &config).expect("builds");
    assert!(std::ptr::eq(
        Arc::as_ptr(&kept),
        played.whole_game().expect("its solve")
    ));
    // And the analysis reported that solve's figures.
    let self_play = kept.self_play();
    for (k, p) in self_play.iter().enumerate() {
        assert_eq!(report["win_optimal"]["self_play"][k], *p, "{report}");
    }
}
