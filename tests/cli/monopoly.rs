//! `tabula analyze monopoly` and `tabula simulate monopoly` as a user runs
//! them: exit codes, messages for bad input, the JSON's keys, pictures.

use crate::common::{json, stderr, stdout, tabula, temp_dir};

#[test]
fn analyze_reports_both_jail_rules_in_text_and_json() {
    for rule in ["pay", "doubles"] {
        let o = tabula(&["analyze", "monopoly", "--jail", rule]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.contains("The ten squares where turns most often end:"),
            "{text}"
        );
        assert!(text.contains(&format!("jail rule {rule}")), "{text}");
        assert!(text.contains("Turns ending in jail:"), "{text}");
        let v = json(&tabula(&[
            "analyze", "monopoly", "--jail", rule, "--format", "json",
        ]));
        assert_eq!(v["game"], "monopoly");
        assert_eq!(v["jail"], rule);
        assert_eq!(v["squares"].as_array().unwrap().len(), 40);
        assert_eq!(v["top_ten"].as_array().unwrap().len(), 10);
        assert_eq!(v["top_ten"][0], 10, "Jail ends most turns");
        let sum: f64 = v["squares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["turn_end"].as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-9);
        let (jail, visiting) = (
            v["in_jail"].as_f64().unwrap(),
            v["just_visiting"].as_f64().unwrap(),
        );
        let square = v["squares"][10]["turn_end"].as_f64().unwrap();
        assert!((jail + visiting - square).abs() < 1e-12);
    }
}

#[test]
fn simulate_puts_the_exact_value_beside_each_sampled_one() {
    let v = json(&tabula(&[
        "simulate", "monopoly", "--turns", "200000", "--seed", "3", "--jail", "pay", "--format",
        "json",
    ]));
    assert_eq!(v["turns"], 200_000);
    assert_eq!(v["games"], 100);
    let rows = v["squares"].as_array().unwrap();
    assert_eq!(rows.len(), 40);
    for r in rows {
        for key in [
            "turn_end",
            "exact_turn_end",
            "z",
            "landing",
            "exact_landing",
        ] {
            assert!(r.get(key).is_some(), "row lacks {key}: {r}");
        }
    }
    // The same seed gives the same figures; shuffled decks run too.
    let again = json(&tabula(&[
        "simulate",
        "monopoly",
        "--turns",
        "200000",
        "--seed",
        "3",
        "--jail",
        "pay",
        "--format",
        "json",
        "--threads",
        "1",
    ]));
    assert_eq!(v["squares"], again["squares"]);
    let shuffled = json(&tabula(&[
        "simulate",
        "monopoly",
        "--turns",
        "50000",
        "--shuffled-decks",
        "--format",
        "json",
    ]));
    assert_eq!(shuffled["shuffled_decks"], true);
}

#[test]
fn an_unknown_jail_rule_lists_the_known_ones() {
    for verb in ["analyze", "simulate"] {
        let o = tabula(&[verb, "monopoly", "--jail", "bail"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("unknown jail rule \"bail\"; known: doubles, pay"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn a_malformed_board_or_card_file_is_refused_with_its_place() {
    let dir = temp_dir("monopoly-files");
    let board = dir.join("board.ron");
    std::fs::write(
        &board,
        "Board(\n    name: \"bad\",\n    squares: [\n        Square(name: \"Go\", kind: Go),\n        Square(name: \"Moon\", kind: Crater),\n    ],\n)\n",
    )
    .unwrap();
    let o = tabula(&["analyze", "monopoly", "--board", board.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!("{}:5:", board.display());
    assert!(stderr(&o).contains(&expected), "{}", stderr(&o));
    let cards = dir.join("cards.ron");
    std::fs::write(
        &cards,
        "Cards(\n  edition: \"x\",\n  chance: [Card(text: \"a\", action: AdvanceTo(\"Mars\"))],\n  community_chest: [Card(text: \"b\", action: Stay)],\n)\n",
    )
    .unwrap();
    let o = tabula(&["analyze", "monopoly", "--cards", cards.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!("{}:3:", cards.display());
    assert!(
        stderr(&o).contains(&expected) && stderr(&o).contains("\"Mars\""),
        "{}",
        stderr(&o)
    );
    let o = tabula(&[
        "analyze",
        "monopoly",
        "--board",
        dir.join("none.ron").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

#[test]
fn plot_draws_the_board_as_a_ring() {
    let dir = temp_dir("monopoly-plot");
    let o = tabula(&["analyze", "monopoly", "--plot", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    for name in ["turn-ends.svg", "landings.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("Illinois"),
            "{name}"
        );
    }
}

#[test]
fn analyze_takes_the_parameters_as_options_a_file_or_a_spec_string_alike() {
    let dir = temp_dir("monopoly-params");
    let file = dir.join("pay.ron");
    std::fs::write(&file, "(jail: \"pay\")").unwrap();
    let runs = [
        json(&tabula(&[
            "analyze", "monopoly", "--jail", "pay", "--format", "json",
        ])),
        json(&tabula(&[
            "analyze",
            "monopoly(jail=pay)",
            "--format",
            "json",
        ])),
        json(&tabula(&[
            "analyze",
            "monopoly",
            "--params",
            file.to_str().unwrap(),
            "--max-time",
            "0",
            "--format",
            "json",
        ])),
    ];
    for v in &runs {
        assert_eq!(v["game"], "monopoly");
        assert_eq!(v["parameters"]["jail"], "pay");
        assert_eq!(v["spec"], "monopoly(jail=pay, board=, cards=)");
        assert_eq!(v["squares"], runs[0]["squares"]);
        assert!(v["states"].as_u64().unwrap() > 40, "{}", v["states"]);
        assert!(v["residual"].as_f64().unwrap() < 1e-9);
    }
    // Fewer states than the chain has: the solve says so, no panic.
    let o = tabula(&["analyze", "monopoly", "--max-states", "10"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn simulate_is_the_generic_long_run_sample_and_takes_the_parameters_alike() {
    let dir = temp_dir("monopoly-simulate-params");
    let file = dir.join("pay.ron");
    std::fs::write(&file, "(jail: \"pay\")").unwrap();
    let run = |game: &[&str]| {
        let mut args = vec!["simulate"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--turns", "20000", "--seed", "5", "--format", "json"]);
        json(&tabula(&args))
    };
    let runs = [
        run(&["monopoly", "--jail", "pay"]),
        run(&["monopoly(jail=pay)"]),
        run(&["monopoly", "--params", file.to_str().unwrap()]),
    ];
    for v in &runs {
        assert_eq!(v["game"], "monopoly");
        assert_eq!(v["jail"], "pay");
        assert_eq!(v["turns"], 20_000);
        assert_eq!(v["squares"], runs[0]["squares"]);
    }
    // The generic help, with Monopoly's beside it.
    let help = stdout(&tabula(&["simulate", "monopoly", "--help"]));
    for says in [
        "The game never ends, so its long run is sampled",
        "--shuffled-decks",
        "--params <FILE>",
    ] {
        assert!(help.contains(says), "{help}");
    }
    // Too few states for the exact solve beside: a clear error.
    let o = tabula(&["simulate", "monopoly", "--max-states", "10"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than 10 states"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A seed's long run is pinned: the sampled figures of `simulate` are
/// those the game's own sampling of its chance gives (the figures below
/// are the previous release's), so a change of how the run draws its
/// chance shows here and not only as a shift within the standard errors.
#[test]
fn a_seeds_long_run_is_the_same_from_release_to_release() {
    let out = tabula(&[
        "simulate", "monopoly", "--turns", "20000", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["in_jail"]["value"], 0.10665);
    assert_eq!(report["landings_per_turn"], 1.1997);
    assert_eq!(report["top_ten"][0], 10);
    assert_eq!(report["top_ten"][1], 16);
    assert_eq!(report["top_ten"][2], 25);
}
