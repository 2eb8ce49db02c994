//! Whatever bytes a board loader is fed, it answers with a board or an
//! error, never a panic; every board it accepts can be played.

use proptest::prelude::*;
use tabula::core::spec::{PathItem, Source};
use tabula::sim::Simulation;
use tabula::snakes::{AnalysisOptions, Board, BoardSpec, ReportOptions, Setup};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let _ = Board::from_source(&Source::embedded("fuzz.ron", text));
    }

    #[test]
    fn near_miss_text_never_panics(
        text in "Board\\(name: \"[a-z]{0,3}\", size: [0-9]{1,3}(, (ladders|chutes|dice|rules|columns): [\\[\\]\\(\\)0-9, \"a-z]{0,30})?\\)"
    ) {
        let src = Source::embedded("fuzz.ron", text);
        let _ = Board::from_source(&src);
        let _ = src.locate(&[PathItem::Field("ladders"), PathItem::Index(3), PathItem::Index(1)]);
    }


}

/// A random board with jumps on it, as its RON text.
fn random_board() -> impl Strategy<Value = String> {
    let jumps = (2u32..80).prop_flat_map(|size| {
        (
            Just(size),
            proptest::collection::vec((1..size, 1..=size), 0..12),
        )
    });
    let rules = prop::sample::select(vec!["overshoot", "exact", "bounce"]);
    (jumps, 2u8..8, 1u8..3, rules).prop_map(|((size, jumps), faces, count, rules)| {
        let (mut ladders, mut chutes) = (Vec::new(), Vec::new());
        for (a, b) in jumps {
            if b > a {
                ladders.push((a, b))
            } else {
                chutes.push((a, b))
            }
        }
        let spec = BoardSpec {
            name: "random".into(),
            size,
            columns: None,
            dice: tabula::core::Dice::new(count, faces).unwrap().into(),
            rules: Some(rules.into()),
            ladders,
            chutes,
        };
        ron::ser::to_string(&spec).unwrap()
    })
}

#[test]
fn every_accepted_board_plays() {
    // A fixed random stream: the same boards on every run.
    let mut runner = proptest::test_runner::TestRunner::new_with_rng(
        ProptestConfig::with_cases(256),
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let accepted = std::cell::Cell::new(0);
    runner
        .run(&random_board(), |text| {
            if let Ok(board) = Board::from_source(&Source::embedded("random.ron", text)) {
                let setup = Setup::new(board, None, 1).unwrap();
                // Exactly: from every reachable position the game can end
                // (the chain refuses any state that cannot reach the end).
                let exact = setup.analyze(&AnalysisOptions::default());
                prop_assert!(exact.is_ok(), "{:?}", exact.err());
                let mean = exact.map(|a| a.throws.mean).unwrap_or(f64::INFINITY);
                // And in play: games end, well within the cap when the
                // expected length is moderate.
                let sim = Simulation::new(300).with_seed(1).with_max_steps(100_000);
                let report = setup
                    .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
                    .unwrap();
                if mean < 1_000.0 {
                    prop_assert_eq!(report.capped_games, 0);
                }
                accepted.set(accepted.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    // The property is not vacuous: many random boards are accepted.
    assert!(
        accepted.get() >= 50,
        "only {} of 256 random boards were accepted",
        accepted.get()
    );
}
