//! A rule set from another crate (examples/three-sixes) is registered by
//! linking it and is then usable by name, like the built-in ones.

use tabula::sim::Simulation;
use tabula::snakes::{Board, ReportOptions, Setup, rules};
use tabula_example_three_sixes as _;

#[test]
fn the_plugin_is_listed_with_unique_sorted_names() {
    let names: Vec<&str> = rules::all().unwrap().iter().map(|r| r.name).collect();
    assert_eq!(names, ["bounce", "exact", "overshoot", "three-sixes"]);
    let games = tabula::core::registry::games().unwrap();
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
            &Simulation::new(2_000).seed(1),
            &ReportOptions { dice_rolls: 0 },
            &|_| {},
        )
        .unwrap();
    assert_eq!(report.rules, "three-sixes");
}
