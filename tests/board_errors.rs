//! Every way a board file can be wrong gets a typed error naming the file,
//! line and column and what was expected.

use tabula::core::spec::{Source, SpecError};
use tabula::snakes::Board;

fn error(text: &str) -> SpecError {
    match Board::from_source(&Source::embedded("b.ron", text)) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e,
    }
}

/// The error's "line:column" and message.
fn at(text: &str) -> (usize, usize, String) {
    let e = error(text);
    let l = e.location().cloned().expect("a location");
    assert_eq!(l.file, "b.ron");
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("b.ron:{}:{}: ", l.line, l.column)),
        "{shown}"
    );
    (l.line, l.column, shown)
}

fn board(fields: &str) -> String {
    format!("Board(\n    name: \"t\",\n{fields}\n)")
}

#[test]
fn syntax_errors_point_at_the_bad_text() {
    let (line, col, msg) = at("Board(\n  name: \"t\",\n  size: ten,\n)");
    assert_eq!((line, col), (3, 9));
    assert!(
        msg.contains("Expected integer") || msg.contains("integer"),
        "{msg}"
    );
    let (line, _, _) = at("Board(name: \"t\", size: 10, ladders: [(1, 2)");
    assert_eq!(line, 1);
}

#[test]
fn missing_and_unknown_fields_are_named() {
    let (_, _, msg) = at("Board(name: \"t\")");
    assert!(msg.contains("size"), "{msg}");
    let (line, _, msg) = at(&board("    size: 10,\n    ladder: [(1, 5)],"));
    assert_eq!(line, 4);
    assert!(msg.contains("ladder"), "{msg}");
}

#[test]
fn size_columns_and_name_are_checked() {
    let (line, col, msg) = at(&board("    size: 1,"));
    assert_eq!((line, col), (3, 11));
    assert!(msg.contains("from 2 to 10000 squares, found 1"), "{msg}");
    assert!(at(&board("    size: 20000,")).2.contains("found 20000"));
    assert!(
        at(&board("    size: 10, columns: 0,"))
            .2
            .contains("columns")
    );
    assert!(
        at("Board(name: \" \", size: 10)")
            .2
            .contains("needs a name")
    );
}

#[test]
fn dice_are_checked_where_they_are_written() {
    let (line, _, msg) = at(&board("    size: 10,\n    dice: Dice(count: 1, faces: 1),"));
    assert_eq!(line, 4);
    assert!(msg.contains("from 2 to 120 faces, found 1"), "{msg}");
    assert!(
        at(&board("    size: 10, dice: Dice(count: 0, faces: 6),"))
            .2
            .contains("count")
    );
}

#[test]
fn unknown_rules_list_the_known_ones() {
    let (line, col, msg) = at(&board("    size: 10,\n    rules: \"exactly\","));
    assert_eq!((line, col), (4, 12));
    assert!(msg.contains("unknown rule set \"exactly\""), "{msg}");
    for known in ["bounce", "exact", "overshoot"] {
        assert!(msg.contains(known), "{msg}");
    }
}

#[test]
fn jumps_must_start_and_end_on_the_board() {
    let (line, col, msg) = at(&board("    size: 10,\n    ladders: [(1, 5), (0, 4)],"));
    assert_eq!((line, col), (4, 24));
    assert!(msg.contains("must start on a square from 1 to 9"), "{msg}");
    let msg = at(&board("    size: 10,\n    chutes: [(10, 4)],")).2;
    assert!(
        msg.contains("the last square, 10, cannot start one"),
        "{msg}"
    );
    let (line, col, msg) = at(&board("    size: 10,\n    ladders: [(3, 11)],"));
    assert_eq!((line, col), (4, 19));
    assert!(
        msg.contains("must end on a square from 1 to 10, found 11"),
        "{msg}"
    );
    assert!(
        at(&board("    size: 10,\n    chutes: [(5, 0)],"))
            .2
            .contains("found 0")
    );
}

#[test]
fn jumps_must_go_the_right_way_and_not_to_themselves() {
    let msg = at(&board("    size: 10,\n    ladders: [(5, 5)],")).2;
    assert!(msg.contains("from square 5 to itself"), "{msg}");
    let msg = at(&board("    size: 10,\n    ladders: [(6, 2)],")).2;
    assert!(msg.contains("list it under chutes"), "{msg}");
    let msg = at(&board("    size: 10,\n    snakes: [(2, 6)],")).2;
    assert!(msg.contains("list it under ladders"), "{msg}");
}

#[test]
fn one_square_starts_at_most_one_jump() {
    let (line, col, msg) = at(&board(
        "    size: 10,\n    ladders: [(3, 8)],\n    chutes: [(3, 1)],",
    ));
    assert_eq!((line, col), (5, 14));
    assert!(
        msg.contains("square 3 already starts a jump (at line 4, column 15)"),
        "{msg}"
    );
}

#[test]
fn loops_of_jumps_are_rejected() {
    let msg = at(&board(
        "    size: 10,\n    ladders: [(2, 6)],\n    chutes: [(6, 2)],",
    ))
    .2;
    assert!(msg.contains("loop that never ends: 2 -> 6 -> 2"), "{msg}");
}

#[test]
fn boards_that_cannot_be_finished_are_rejected() {
    // With a two-faced die, from 2 every throw lands on a chute back to 1.
    let text =
        board("    size: 10,\n    dice: Dice(count: 1, faces: 2),\n    chutes: [(3, 1), (4, 1)],");
    let msg = at(&text).2;
    assert!(msg.contains("can never be reached from the start"), "{msg}");
    // Two dice can never throw 1: under `exact`, a token on 9 is stuck.
    let text = board("    size: 10,\n    dice: Dice(count: 2, faces: 3),\n    rules: \"exact\",");
    let msg = at(&text).2;
    assert!(
        msg.contains("can reach square 9, from where the last square 10 can never be reached"),
        "{msg}"
    );
    // The same board is fine under overshoot.
    let ok = board("    size: 10,\n    dice: Dice(count: 2, faces: 3),");
    assert!(Board::from_source(&Source::embedded("b.ron", ok)).is_ok());
}

#[test]
fn choosing_rules_that_cannot_finish_is_an_error_too() {
    use tabula::snakes::{Setup, SnakesError};
    let text = board("    size: 10,\n    dice: Dice(count: 2, faces: 3),");
    let b = Board::from_source(&Source::embedded("b.ron", text)).unwrap();
    match Setup::new(b, Some("exact"), 1) {
        Err(SnakesError::Unplayable {
            rules: "exact",
            message,
            ..
        }) => {
            assert!(message.contains("square 9"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    let b = Board::classic();
    assert!(matches!(
        Setup::new(b.clone(), Some("nope"), 1),
        Err(SnakesError::Registry(_))
    ));
    assert!(matches!(
        Setup::new(b, None, 9),
        Err(SnakesError::Players(9))
    ));
}

#[test]
fn unreadable_files_are_errors_not_panics() {
    let missing = Board::load("/no/such/board.ron").unwrap_err();
    assert!(
        missing
            .to_string()
            .starts_with("/no/such/board.ron: cannot read"),
        "{missing}"
    );
    let dir = std::env::temp_dir().join(format!("tabula-bad-utf8-{}", std::process::id()));
    std::fs::write(&dir, b"Board(name: \"\xff\xfe\")").unwrap();
    let e = Board::load(&dir).unwrap_err();
    std::fs::remove_file(&dir).ok();
    assert!(e.to_string().contains("not valid UTF-8"), "{e}");
}

#[test]
fn control_characters_in_the_name_are_refused_where_the_name_is() {
    // A NUL and a newline written as RON escapes, an escape character and
    // a raw NUL byte: each would garble the text report and make the SVG
    // and HTML pictures not well-formed.
    for (name, shown) in [
        ("a\\u{0}b", "\\u{0}"),
        ("a\\nb", "\\u{a}"),
        ("\\u{1b}[31mred", "\\u{1b}"),
        ("raw\u{0}nul", "\\u{0}"),
    ] {
        let (line, col, msg) = at(&format!("Board(\n  size: 10,\n  name: \"{name}\",\n)"));
        assert_eq!((line, col), (3, 9), "{msg}");
        assert!(msg.contains("control character"), "{msg}");
        assert!(msg.contains(shown), "{shown} in {msg}");
    }
    // Printable names, accents and all, are fine.
    for name in ["Café <&> \\\"quoted\\\"", "Tab-free ∞"] {
        let text = format!("Board(name: \"{name}\", size: 10)");
        assert!(
            Board::from_source(&Source::embedded("b.ron", text.as_str())).is_ok(),
            "{text}"
        );
    }
}

#[test]
fn a_file_larger_than_any_board_is_refused_before_it_fills_memory() {
    use tabula::core::spec::MAX_SOURCE_BYTES;
    let dir = std::env::temp_dir().join(format!("tabula-huge-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join("huge.ron");
    // Sparse: one byte past the cap costs no disk.
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(MAX_SOURCE_BYTES + 1).expect("grow");
    let e = Board::load(&path).expect_err("too large");
    assert!(
        matches!(e, SpecError::TooLarge { limit, .. } if limit == MAX_SOURCE_BYTES),
        "{e}"
    );
    assert!(e.to_string().contains("more than 16777216 bytes"), "{e}");
    // Exactly at the cap it is read (and then fails as RON, not as size).
    file.set_len(MAX_SOURCE_BYTES).expect("shrink");
    let e = Board::load(&path).expect_err("not a board");
    assert!(!matches!(e, SpecError::TooLarge { .. }), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
    // An endless file.
    #[cfg(unix)]
    {
        let e = Board::load("/dev/zero").expect_err("endless");
        assert!(matches!(e, SpecError::TooLarge { .. }), "{e}");
    }
}
