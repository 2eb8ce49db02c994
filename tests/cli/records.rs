//! Records as the commands write them are byte for byte what serializing
//! the whole `Record<P, M, O>` with the game's types gives (the way
//! records were written before their frame was printed once for every
//! game, kept here only), in RON and JSON, for the shipped games with
//! records; and each reads back to the record it was written from.

use crate::common;
use crate::common::generic_record::generic_text;
use std::path::{Path, PathBuf};
use tabula::play::record::{self, Format, Recordable};

/// Every file in `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

/// Runs `tabula` with `args` and `--record DIR --record-format FORMAT`,
/// then checks every record it wrote as a record of `G`; the number of
/// records and steps checked.
fn check<G: Recordable>(dir: &Path, name: &str, args: &[&str]) -> (usize, usize) {
    let mut checked = (0, 0);
    for format in [Format::Ron, Format::Json] {
        let out = dir.join(format!("{name}-{}", format.extension()));
        let mut all = args.to_vec();
        all.extend([
            "--record",
            out.to_str().expect("a UTF-8 path"),
            "--record-format",
            format.extension(),
        ]);
        let run = common::tabula(&all);
        assert!(run.status.success(), "{all:?}: {}", common::stderr(&run));
        for file in files(&out) {
            let bytes = std::fs::read_to_string(&file).expect("the record");
            let rec = record::read::<G>(&file).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(generic_text::<G>(&rec, format), bytes, "{}", file.display());
            assert_eq!(rec.to_text(format).expect("text"), bytes);
            // Read from memory too, and through the other format.
            let other = match format {
                Format::Ron => Format::Json,
                Format::Json => Format::Ron,
            };
            let text = rec.to_text(other).expect("text");
            assert_eq!(text, generic_text::<G>(&rec, other), "{}", file.display());
            let source = tabula::core::spec::Source::embedded("record", text);
            let back = record::parse::<G>(&source, other).expect("reads");
            assert_eq!(
                back.to_text(format).expect("text"),
                bytes,
                "{}",
                file.display()
            );
            checked.0 += 1;
            checked.1 += rec.steps.len();
        }
    }
    checked
}

#[test]
fn records_are_written_byte_for_byte_as_the_whole_record_serializes() {
    let dir = common::temp_dir("record-bytes");
    let counts = [
        check::<tabula::pig::Pig>(
            &dir,
            "pig",
            &[
                "tournament",
                "pig",
                "--agents",
                "hold-at-20,random",
                "--games",
                "4",
                "--seed",
                "5",
            ],
        ),
        check::<tabula::noline::Noline>(
            &dir,
            "noline",
            &[
                "tournament",
                "noline",
                "--agents",
                "type1,random",
                "--games",
                "4",
                "--seed",
                "5",
            ],
        ),
        check::<tabula::seega::Seega>(
            &dir,
            "seega",
            &[
                "tournament",
                "seega",
                "--agents",
                "greedy,random",
                "--games",
                "2",
                "--seed",
                "5",
            ],
        ),
        check::<tabula::backgammon::Backgammon>(
            &dir,
            "backgammon",
            &[
                "tournament",
                "backgammon",
                "--agents",
                "pipcount,random",
                "--games",
                "2",
                "--seed",
                "5",
            ],
        ),
        check::<tabula::chance_it::ChanceIt>(
            &dir,
            "chance-it",
            &[
                "tournament",
                "chance-it",
                "--agents",
                "until-ten,tapering",
                "--games",
                "3",
                "--rounds",
                "3",
                "--seed",
                "5",
            ],
        ),
        check::<tabula::snakes::recorded::Recorded>(
            &dir,
            "snakes",
            &[
                "simulate", "snakes", "--games", "3", "--seed", "5", "--game", "1",
            ],
        ),
        check::<tabula::cruising::Cruising>(
            &dir,
            "cruising",
            &["play", "cruising", "--agents", "cooper", "--seed", "5"],
        ),
    ];
    // Every command wrote its records, with steps, in both formats.
    for (records, steps) in &counts {
        assert!(*records >= 2 && *steps > 2 * *records, "{counts:?}");
    }
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

/// The record in the book, as the book's command wrote it.
#[test]
fn the_books_record_is_read_and_written_back_byte_for_byte() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/noline-game.ron");
    let bytes = std::fs::read_to_string(&path).expect("the book's record");
    let rec = record::read::<tabula::noline::Noline>(&path).expect("reads");
    assert_eq!(rec.to_text(Format::Ron).expect("text"), bytes);
    assert_eq!(
        generic_text::<tabula::noline::Noline>(&rec, Format::Ron),
        bytes
    );
}
