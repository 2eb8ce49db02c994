//! A rule set chosen by name plays as a [`RuleSet`] (its rules behind a
//! reference, its state packed), which is how a plugin's rule set runs;
//! [`with_rules`] hands the built-in ones their own types. Both must play
//! the same games and solve to the same answers.

use tabula_snakes::{
    AnalysisOptions, Board, Event, Rules, Snakes, WithRules, analysis, board, rules, with_rules,
};

/// Every event of games 0 to 5 of the run with seed 3.
fn games<R: Rules>(board: &Board, rules: &R, players: u8) -> Vec<Event> {
    let game = Snakes::new(board, rules, players);
    let mut events = Vec::new();
    for index in 0..6 {
        tabula_sim::replay(tabula_sim::Sampled, &game, 3, index, 10_000, |e| {
            events.push(*e)
        })
        .unwrap();
    }
    events
}

/// [`games`] under the rule type [`with_rules`] gives.
struct Games<'b>(&'b Board, u8);

impl WithRules for Games<'_> {
    type Output = Vec<Event>;
    fn with<R: Rules>(self, rules: &'static R) -> Vec<Event> {
        games(self.0, rules, self.1)
    }
}

/// The exact analysis as JSON.
fn solved<R: Rules>(board: &Board, rules: &R, players: u8) -> String {
    let options = AnalysisOptions {
        players,
        ..Default::default()
    };
    let mut a = analysis::analyze(board, rules, &options).unwrap();
    a.rules = "";
    a.to_json()
}

/// [`solved`] under the rule type [`with_rules`] gives.
struct Solved<'b>(&'b Board, u8);

impl WithRules for Solved<'_> {
    type Output = String;
    fn with<R: Rules>(self, rules: &'static R) -> String {
        solved(self.0, rules, self.1)
    }
}

#[test]
fn a_rule_set_by_name_plays_and_solves_as_its_rule_type() {
    let mut compared = 0;
    for (name, _) in board::BUILT_IN {
        let board = Board::built_in(name).unwrap().unwrap();
        for set in rules::all().unwrap() {
            if set.check_playable(&board).is_err() {
                continue;
            }
            for players in [1, 3] {
                let what = format!("{name}, {}, {players} players", set.name);
                let by_name = games(&board, set, players);
                assert!(!by_name.is_empty(), "{what}");
                assert_eq!(by_name, with_rules(set, Games(&board, players)), "{what}");
                compared += 1;
            }
            if name == "teaching" {
                for players in [1, 2] {
                    assert_eq!(
                        solved(&board, set, players),
                        with_rules(set, Solved(&board, players)),
                        "{name}, {}, {players} players",
                        set.name
                    );
                }
            }
        }
    }
    assert!(compared >= 24, "{compared}");
}

#[test]
fn a_rule_set_by_name_says_what_its_rule_type_declares() {
    struct Declared;
    impl WithRules for Declared {
        type Output = (bool, bool, bool);
        fn with<R: Rules>(self, rules: &'static R) -> Self::Output {
            (
                R::THROWS_AGAIN && rules.may_throw_again(),
                R::INTERACTS && rules.may_interact(),
                rules.has_extra(),
            )
        }
    }
    let declared = |name: &str| {
        let set = rules::find(name).unwrap();
        let by_name = (set.may_throw_again(), set.may_interact(), set.has_extra());
        assert_eq!(by_name, with_rules(set, Declared), "{name}");
        by_name
    };
    assert_eq!(declared("overshoot"), (false, false, false));
    assert_eq!(declared("six-again"), (true, false, false));
    assert_eq!(declared("sixes-home"), (true, false, true));
    assert_eq!(declared("bump"), (false, true, false));
}
