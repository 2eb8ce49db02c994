//! The figures the Monopoly chapter quotes in its prose are what the
//! analysis gives (the tables themselves come from `<!-- output: -->`
//! comments, run as the book builds).

use tabula_exact::Limits;
use tabula_monopoly::analysis::{Occupancy, occupancy};
use tabula_monopoly::{Board, Cards, Monopoly, jail};

fn exact(rule: &str) -> Occupancy {
    let game = Monopoly::new(
        Board::standard(),
        Cards::standard(),
        jail::find(rule).unwrap(),
    );
    occupancy(&game, &Limits::default()).unwrap()
}

fn chapter() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/monopoly.md");
    let text = std::fs::read_to_string(path).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn pc(p: f64, digits: usize) -> String {
    format!("{:.*}%", digits, 100.0 * p)
}

#[test]
fn the_figures_in_monopoly_md_are_what_analyze_gives() {
    let text = chapter();
    let (doubles, pay) = (exact("doubles"), exact("pay"));
    let quoted = [
        format!(
            "Jail {}, Illinois Avenue {}, Go {}",
            pc(pay.per_throw[10], 2),
            pc(pay.per_throw[24], 2),
            pc(pay.per_throw[0], 2)
        ),
        format!(
            "we find {} and {}",
            pc(doubles.in_jail, 2),
            pc(doubles.just_visiting, 2)
        ),
        format!("({} against 2.14%)", pc(doubles.just_visiting, 2)),
        format!(
            "the Jail square is {} of turn ends under `doubles`, {} in jail, but {} of landings",
            pc(doubles.turn_end[10], 1),
            pc(doubles.in_jail, 2),
            pc(doubles.landing[10], 1)
        ),
    ];
    for q in &quoted {
        assert!(text.contains(q.as_str()), "the chapter should say: {q}");
    }
    for e in [&doubles, &pay] {
        assert_eq!((e.states as f64 / 10.0).round(), 14.0, "about 140 states");
        assert!(
            (130..=170).contains(&e.iterations),
            "about 150 iterations, not {}",
            e.iterations
        );
    }
    // Under `doubles` a visit to jail is 1 + 5/6 + 25/36 turn ends.
    assert!(text.contains("about 2.5 turn ends per visit"));
    assert!((1.0 + 5.0 / 6.0 + 25.0 / 36.0 - 2.53_f64).abs() < 0.01);
}
