//! `analyze chance-it` analyses every registered strategy, including a
//! plugin from another crate (the book's tutorial crate book/tutorials/my-strategy), not a fixed list; and
//! its analysis is a library call, not front-end code.

use my_strategy as _;
use tabula::chance_it::Config;
use tabula::chance_it::analysis::Analysis;

#[test]
fn the_analysis_covers_plugin_strategies_in_menu_order() {
    let a = Analysis::of(&Config::specification()).expect("the specification's game solves");
    let names: Vec<&str> = a.strategies.iter().map(|s| s.name.as_str()).collect();
    // The specification's two first, then the rest by name, threshold-N for each N,
    // win-optimal last.
    assert_eq!(names[..2], ["until-ten", "tapering"]);
    assert!(names.contains(&"catch-up"), "{names:?}");
    assert_eq!(names.last(), Some(&"win-optimal"));
    let thresholds = names.iter().filter(|n| n.starts_with("threshold-")).count();
    assert_eq!(
        thresholds, 10,
        "threshold-3 to threshold-12 with 2d6: {names:?}"
    );
    // catch-up decides on the game, not the turn alone: its row says the
    // figure is for a game's first turn.
    let catch_up = a
        .strategies
        .iter()
        .find(|s| s.name == "catch-up")
        .expect("listed");
    assert!(catch_up.note.is_some());
    // win-optimal meets the plugin too.
    let w = a.win_optimal.as_ref().expect("two players");
    assert!(w.versus.iter().any(|v| v.opponent == "catch-up"));
    // The optimal turn's value (specification 003's game, exact).
    assert!((a.optimal_expected_turn_score - 7.995_69).abs() < 1e-5);
}
