//! A rule set from another crate (examples/three-sixes) is registered by
//! linking it and is then usable by name, like the built-in ones.

// `analyze chance-it` meets the strategy plugin too: a module of this
// binary, which links both plugins (see `Cargo.toml`).
#[path = "strategy_plugin.rs"]
mod strategy_plugin;

use tabula::sim::Simulation;
use tabula::snakes::{Board, ReportOptions, Setup, rules};
use tabula_example_three_sixes as _;

#[test]
fn the_plugin_is_listed_with_unique_sorted_names() {
    let names: Vec<&str> = rules::all().unwrap().iter().map(|r| r.name).collect();
    assert_eq!(
        names,
        [
            "bounce",
            "bump",
            "exact",
            "overshoot",
            "six-again",
            "sixes-home",
            "three-sixes"
        ]
    );
    let games = tabula::registry::games().unwrap();
    let snakes = games.iter().find(|g| g.name == "snakes").unwrap();
    let plugins = (snakes.plugins)().unwrap();
    assert!(
        plugins
            .iter()
            .any(|p| p.name == "three-sixes" && p.kind == "rule set")
    );
}

#[test]
fn the_plugin_is_used_by_name_and_its_throws_are_traced() {
    let setup = Setup::new(Board::classic(), Some("three-sixes"), 1).unwrap();
    // Find a game in which three sixes send the token home.
    let trace = (0..10_000)
        .map(|i| setup.trace(3, i, 10_000).unwrap())
        .find(|t| t.throws.iter().any(|th| th.sent_to == Some(0)))
        .expect("three sixes within 10,000 games");
    let k = trace
        .throws
        .iter()
        .position(|th| th.sent_to == Some(0))
        .unwrap();
    assert!(k >= 2);
    assert!(trace.throws[k - 2..=k].iter().all(|th| th.roll == 6));
    let text = trace.to_text(&setup.board, "three-sixes", 1);
    assert!(text.contains("-> sent to 0"), "{text}");
    // And the whole report runs under it.
    let report = setup
        .simulate(
            &Simulation::new(2_000).with_seed(1),
            &ReportOptions { dice_rolls: 0 },
            &|_| {},
        )
        .unwrap();
    assert_eq!(report.rules, "three-sixes");
}

#[test]
fn the_strategy_plugin_is_found_by_name_and_solved_exactly() {
    use my_strategy as _;
    use tabula::chance_it::{Config, strategy, win};
    let all = strategy::all().unwrap();
    assert!(all.iter().any(|e| e.name == "catch-up"));
    // The specification's two still come first in menus.
    let menu = strategy::menu().unwrap();
    assert_eq!((menu[0].name, menu[1].name), ("until-ten", "tapering"));
    let config = Config::specification();
    let catch_up = strategy::build("catch-up", &config).unwrap();
    let optimal = strategy::build("optimal", &config).unwrap();
    let exact = win::exact_outcome(&config, &catch_up, &optimal).unwrap();
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // Against the specification's tapering strategy it wins most games.
    let tapering = strategy::build("tapering", &config).unwrap();
    let exact = win::exact_outcome(&config, &catch_up, &tapering).unwrap();
    assert!(exact[0] > 0.55, "{exact:?}");
}
