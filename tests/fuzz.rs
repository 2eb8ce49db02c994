//! Whatever bytes a board loader is fed, it answers with a board or an
//! error, never a panic; every board it accepts can be played.

use proptest::prelude::*;
use tabula::core::spec::{PathItem, Source};
use tabula::sim::Simulation;
use tabula::snakes::{Board, BoardSpec, ReportOptions, Setup};

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

    #[test]
    fn every_accepted_board_plays(
        size in 2u32..80,
        faces in 2u8..8,
        count in 1u8..3,
        jumps in proptest::collection::vec((1u32..80, 1u32..80), 0..12),
        rules in prop::sample::select(vec!["overshoot", "exact", "bounce"]),
    ) {
        let (mut ladders, mut chutes) = (Vec::new(), Vec::new());
        for (a, b) in jumps {
            if b > a { ladders.push((a, b)) } else { chutes.push((a, b)) }
        }
        let spec = BoardSpec {
            name: "random".into(),
            size,
            columns: None,
            dice: tabula::core::Dice::new(count, faces).unwrap(),
            rules: Some(rules.into()),
            ladders,
            chutes,
        };
        let text = ron::ser::to_string(&spec).unwrap();
        let src = Source::embedded("random.ron", text);
        if let Ok(board) = Board::from_source(&src) {
            let setup = Setup::new(board, None, 1).unwrap();
            let sim = Simulation::new(300).seed(1).max_steps(20_000);
            let report = setup.simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {}).unwrap();
            // Accepted boards can always be finished: no game hits the cap.
            prop_assert_eq!(report.capped_games, 0);
        }
    }
}
