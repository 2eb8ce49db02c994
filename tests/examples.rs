//! The examples run as a user runs them (`cargo run --example ...`): the
//! binaries cargo built beside this test.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn example(name: &str) -> PathBuf {
    // target/<profile>/deps/examples-<hash> -> target/<profile>/examples/<name>
    let mut dir = std::env::current_exe().unwrap();
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    dir.join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

fn run(name: &str, args: &[&str]) -> Output {
    let path = example(name);
    assert!(
        path.exists(),
        "{} is not built: run the whole suite (`cargo test --release --workspace` builds the examples)",
        path.display()
    );
    Command::new(path)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn snakes_prints_the_report_for_the_classic_board_and_for_a_file() {
    let o = run("snakes", &["--games", "20000"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Classic Chutes and Ladders (100 squares), rules overshoot"),
        "{out}"
    );
    assert!(out.contains("most popular (other than 100)"), "{out}");

    let dir = std::env::temp_dir().join(format!("tabula-example-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("my_board.ron");
    std::fs::write(
        &board,
        "Board(name: \"Mine\", size: 36, rules: \"bounce\", ladders: [(3, 20)], snakes: [(30, 4)])",
    )
    .unwrap();
    let o = run("snakes", &[board.to_str().unwrap(), "--games", "5000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Mine (36 squares), rules bounce"));

    std::fs::write(&board, "Board(name: \"Mine\", size: 36, ladders: [(3, 3)])").unwrap();
    let o = run("snakes", &[board.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("my_board.ron:1:41: a ladder from square 3 to itself"),
        "{err}"
    );
}

#[test]
fn the_book_tutorial_board_runs() {
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/book/src/tutorial/my_board.ron"
    );
    let o = run("snakes", &[board, "--games", "20000", "--trace"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("Game 0 of the run with seed 2002 (Family board, rules exact):\n  throw 1: rolled  2, 0 -> 2\n"), "{out}");
    assert!(
        out.contains("Family board (36 squares), rules exact"),
        "{out}"
    );
}

#[test]
fn the_plugin_example_uses_its_rule_set_by_name() {
    let o = run("three_sixes", &["--games", "5000", "--trace"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("rules three-sixes"), "{out}");
}

#[test]
fn the_report_quoted_in_the_book_is_what_the_program_prints() {
    let book = include_str!("../book/src/classic-report.txt");
    let o = run("snakes", &[]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let stable = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains("real time per game") && !l.starts_with("Simulated"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        stable(book),
        stable(&out),
        "regenerate book/src/classic-report.txt"
    );
}
