//! Monopoly's exact long-run figures checked: against simulation within
//! four standard errors, for every square and both jail rules; by their
//! own consistency; and a jail rule that never lets go is refused as not
//! irreducible.
//!
//! The cross-check simulates 10,000,000 turns per rule (about a second
//! in the test profile): `cargo test --release -p tabula --test monopoly occupancy`.

use tabula_exact::{ExactError, Limits};
use tabula_monopoly::analysis::{Occupancy, occupancy};
use tabula_monopoly::simulate::{Estimate, simulate};
use tabula_monopoly::{Board, Cards, Draw, Jail, JailRule, Monopoly, Release, jail};

fn game(rule: &str) -> Monopoly {
    Monopoly::new(
        Board::standard(),
        Cards::standard(),
        jail::find(rule).unwrap(),
    )
}

fn within(what: &str, sampled: &Estimate, exact: f64) {
    let z = (sampled.value - exact) / sampled.std_error;
    assert!(
        sampled.std_error > 0.0 && z.abs() < 4.0,
        "{what}: sampled {} ± {}, exact {exact}, z = {z:.2}",
        sampled.value,
        sampled.std_error
    );
}

fn exact_vs_simulated(rule: &str, turns: u64, seed: u64) {
    let g = game(rule);
    let exact = occupancy(&g, &Limits::default()).unwrap();
    let sampled = simulate(&g, turns, seed, None, &|_| {}).unwrap();
    assert!(sampled.games * sampled.turns_per_game >= turns);
    for (s, square) in g.board().squares().iter().enumerate() {
        // Go To Jail never ends a turn: exactly zero both ways.
        if exact.turn_end[s] == 0.0 {
            assert_eq!(sampled.turn_end[s].value, 0.0, "{}", square.name);
        } else {
            within(
                &format!("{rule}: turns ending on {}", square.name),
                &sampled.turn_end[s],
                exact.turn_end[s],
            );
        }
        within(
            &format!("{rule}: landings on {}", square.name),
            &sampled.landing[s],
            exact.landing[s],
        );
    }
    within(&format!("{rule}: in jail"), &sampled.in_jail, exact.in_jail);
    within(
        &format!("{rule}: just visiting"),
        &sampled.just_visiting,
        exact.just_visiting,
    );
}

#[test]
fn exact_matches_ten_million_simulated_turns_under_both_jail_rules() {
    exact_vs_simulated("doubles", 10_000_000, 21);
    exact_vs_simulated("pay", 10_000_000, 22);
}

fn check_consistent(e: &Occupancy) {
    let sum = |v: &[f64]| v.iter().sum::<f64>();
    assert!((sum(&e.turn_end) - 1.0).abs() < 1e-9);
    assert!((sum(&e.landing) - 1.0).abs() < 1e-9);
    assert!((e.in_jail + e.just_visiting - e.turn_end[10]).abs() < 1e-15);
    assert!(e.residual <= Limits::default().tolerance);
    // Go To Jail is landed on but never ends a turn; Chance squares end
    // fewer turns than they are landed on (cards move the token away).
    assert_eq!(e.turn_end[30], 0.0);
    assert!(e.landing[30] > 0.02);
    assert!(e.turn_end[7] < e.landing[7]);
}

#[test]
fn the_figures_are_consistent() {
    let doubles = occupancy(&game("doubles"), &Limits::default()).unwrap();
    let pay = occupancy(&game("pay"), &Limits::default()).unwrap();
    check_consistent(&doubles);
    check_consistent(&pay);
    // Staying in jail for doubles makes more turns end there.
    assert!(doubles.in_jail > 2.0 * pay.in_jail);
    // Jail is where turns end most often under both rules.
    for e in [&doubles, &pay] {
        let top = (0..40).max_by(|&a, &b| e.turn_end[a].total_cmp(&e.turn_end[b]));
        assert_eq!(top, Some(10));
    }
    // A turn is at least one throw, and more with doubles and cards.
    assert!(pay.steps_per_turn > 1.0 && pay.landings_per_turn > 1.0);
}

#[test]
fn shuffled_decks_simulate_and_the_figures_do_not_depend_on_threads() {
    let g = game("pay").with_draw(Draw::Shuffled);
    let one = simulate(&g, 200_000, 5, Some(1), &|_| {}).unwrap();
    let two = simulate(&g, 200_000, 5, Some(2), &|_| {}).unwrap();
    assert_eq!(one, two);
    let sum: f64 = one.turn_end.iter().map(|e| e.value).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

#[test]
fn the_game_keeps_the_rules_every_board_game_keeps() {
    for rule in ["doubles", "pay"] {
        for draw in [Draw::Uniform, Draw::Shuffled] {
            let g = game(rule).with_draw(draw).with_turns(Some(200));
            tabula_sim::conformance::check_chance_game(tabula_sim::Sampled, &g, 50, 3, 100_000)
                .unwrap();
        }
    }
}

/// Never lets a token out.
struct Life;
impl Jail for Life {
    fn release(&self, _: u8, _: bool) -> Release {
        Release::Stay
    }
}
static LIFE: JailRule = JailRule {
    name: "life",
    summary: "never leave",
    rule: &Life,
};

#[test]
fn a_jail_that_never_lets_go_is_not_irreducible() {
    let g = Monopoly::new(Board::standard(), Cards::standard(), &LIFE);
    match occupancy(&g, &Limits::default()) {
        Err(ExactError::NotIrreducible { .. }) => {}
        other => panic!("expected NotIrreducible, got {other:?}"),
    }
}

/// The tests of `tabula_monopoly::board`.
mod board_and_cards {
    use tabula_core::spec::Source;
    use tabula_monopoly::board::*;

    #[test]
    fn the_standard_board_and_cards() {
        let board = Board::standard();
        assert_eq!(board.len(), 40);
        assert_eq!(board.jail(), 10);
        assert_eq!(board.kind(30), Kind::GoToJail);
        assert_eq!(board.nearest(36, Kind::Railroad), Some(5));
        assert_eq!(board.nearest(7, Kind::Utility), Some(12));
        let cards = Cards::standard();
        assert_eq!((cards.chance.len(), cards.community_chest.len()), (16, 16));
        let moving = |d: &[Card]| d.iter().filter(|c| c.action != Action::Stay).count();
        assert_eq!(moving(&cards.chance), 10);
        assert_eq!(moving(&cards.community_chest), 2);
    }

    #[test]
    fn errors_say_where() {
        let bad = Source::embedded(
            "b.ron",
            "Board(name: \"x\", squares: [\n  Square(name: \"Go\", kind: Moon),\n])",
        );
        let e = Board::from_source(&bad).unwrap_err().to_string();
        assert!(e.starts_with("b.ron:2:"), "{e}");
        let no_jail = Source::embedded(
            "j.ron",
            "Board(name: \"x\", squares: [Square(name: \"Go\", kind: Go), Square(name: \"A\", kind: Tax)])",
        );
        let e = Board::from_source(&no_jail).unwrap_err().to_string();
        assert!(e.contains("no square of kind Jail"), "{e}");
        let cards = Source::embedded(
            "c.ron",
            "Cards(edition: \"x\",\n chance: [Card(text: \"a\", action: AdvanceTo(\"Mars\"))],\n community_chest: [Card(text: \"b\", action: Stay)])",
        );
        let e = Cards::from_source(&cards, &Board::standard())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("c.ron:2:") && e.contains("\"Mars\""), "{e}");
    }
}

/// The tests of `tabula_monopoly::jail`.
mod jail_rules {
    use tabula_monopoly::jail::*;

    #[test]
    fn rules_are_found_by_name() {
        let names: Vec<_> = all().unwrap().iter().map(|r| r.name).collect();
        assert_eq!(names, ["doubles", "pay"]);
        let e = find("bail").unwrap_err().to_string();
        assert_eq!(e, "unknown jail rule \"bail\"; known: doubles, pay");
        assert_eq!(Doubles.release(0, false), Release::Stay);
        assert_eq!(Doubles.release(2, false), Release::MoveOnly);
        assert_eq!(Doubles.release(1, true), Release::MoveOnly);
        assert_eq!(Pay.release(0, true), Release::Throw);
    }
}
