//! The words and columns of the text reports, run as a user runs them:
//! what "probability of landing" is, no noise for one player, columns
//! that line up whatever the names, headers that read.

use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> String {
    let o: Output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(
        o.status.success(),
        "tabula {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The line of `text` that contains `needle`.
fn line<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"))
}

/// The column just after the first number on `l` that follows `after`.
fn end_of_number_after(l: &str, after: &str) -> usize {
    let start = l.find(after).unwrap_or_else(|| panic!("{after:?} in {l}")) + after.len();
    let rest = &l[start..];
    let digits = rest
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or_else(|| panic!("a number after {after:?} in {l}"));
    let len = rest[digits..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len() - digits);
    start + digits + len
}

/// Every occurrence of `word` in `l`, as columns.
fn columns_of(l: &str, word: &str) -> Vec<usize> {
    l.match_indices(word).map(|(i, _)| i).collect()
}

#[test]
fn probability_of_landing_says_it_is_a_share_of_all_landings() {
    for (args, last) in [
        (
            &[
                "simulate",
                "snakes",
                "--games",
                "2000",
                "--seed",
                "1",
                "--dice-rolls",
                "0",
            ][..],
            100,
        ),
        (&["analyze", "snakes", "--board", "teaching"][..], 20),
    ] {
        let out = tabula(args);
        let note = format!(
            "the square's share of all landings on squares 1 to {}, not the chance that a game lands on it",
            last - 1
        );
        assert!(out.contains(&note), "{args:?}: no {note:?} in\n{out}");
        // The note follows the two lines it explains.
        let lines: Vec<&str> = out.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.contains(&note))
            .unwrap_or_default();
        assert!(lines[at - 1].contains("least popular"), "{out}");
        assert!(lines[at - 2].contains("most popular"), "{out}");
    }
}

#[test]
fn most_and_least_popular_squares_line_up() {
    for args in [
        &["analyze", "snakes"][..],
        &["analyze", "snakes", "--board", "teaching"][..],
        &["analyze", "snakes", "--rules", "exact", "--players", "3"][..],
        &["simulate", "snakes", "--games", "500", "--dice-rolls", "0"][..],
        &[
            "simulate",
            "snakes",
            "--board",
            "teaching",
            "--games",
            "500",
            "--dice-rolls",
            "0",
        ][..],
    ] {
        let out = tabula(args);
        let most = line(&out, "most popular (other than");
        let least = line(&out, "  least popular");
        assert_eq!(
            end_of_number_after(most, ")"),
            end_of_number_after(least, "least popular"),
            "{args:?}: the squares' numbers end in the same column:\n{most}\n{least}"
        );
        assert_eq!(
            columns_of(most, "probability of landing"),
            columns_of(least, "probability of landing"),
            "{args:?}:\n{most}\n{least}"
        );
    }
}

#[test]
fn one_player_has_no_win_probability_and_more_players_do() {
    let one = tabula(&["analyze", "snakes"]);
    assert!(!one.contains("wins with probability"), "{one}");
    // Nor a several-player section repeating the one player's throws.
    assert!(!one.contains("taking single throws in turn"), "{one}");
    assert!(!one.contains("total throws"), "{one}");
    let two = tabula(&["analyze", "snakes", "--players", "2"]);
    assert!(
        two.contains("2 players taking single throws in turn")
            && two.contains("total throws  mean"),
        "{two}"
    );
    assert!(two.contains("player 1  wins with probability 0."), "{two}");
    assert!(two.contains("player 2  wins with probability 0."), "{two}");
}

/// The pair lines of a tournament: every line after `first` that starts
/// with two spaces and holds ` vs `.
fn pair_lines(out: &str) -> Vec<&str> {
    out.lines()
        // The pair lines, not the standings' pairings ("a vs b: 10 games").
        .filter(|l| l.starts_with("  ") && l.contains(" vs ") && !l.contains(": "))
        .collect()
}

#[test]
fn noline_pairings_line_up_and_name_the_seats() {
    let out = tabula(&[
        "tournament",
        "noline",
        "--agents",
        "type1,type2,random",
        "--games",
        "10",
        "--seed",
        "1",
    ]);
    assert!(out.contains("seat 1 is O (moves first)"), "{out}");
    // Each pairing's entrant lines: four spaces, the name, its wins by seat.
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("    ") && l.contains(" wins (seat 1 "))
        .collect();
    assert_eq!(lines.len(), 6, "{out}");
    let counts: Vec<usize> = lines
        .iter()
        .map(|l| {
            let rest = &l[4..];
            let name = rest.find(' ').unwrap_or(rest.len());
            l.len() - rest[name..].trim_start().len()
        })
        .collect();
    assert!(
        counts.iter().all(|&c| c == counts[0]),
        "ragged names in\n{out}"
    );
}

#[test]
fn seega_pair_lines_and_ranking_line_up() {
    let out = tabula(&[
        "tournament",
        "seega",
        "--agents",
        "random,greedy,alphabeta-200",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    let lines = pair_lines(&out);
    assert_eq!(lines.len(), 3, "{out}");
    for word in [
        " vs ",
        "a wins",
        "b wins",
        "placing first",
        "draws",
        "moves/game",
    ] {
        let at: Vec<Vec<usize>> = lines.iter().map(|l| columns_of(l, word)).collect();
        assert!(
            at.iter().all(|c| c == &at[0]),
            "{word:?} at {at:?} in\n{out}"
        );
    }
    let ends: Vec<usize> = lines.iter().map(|l| l.len()).collect();
    assert!(ends.iter().all(|&e| e == ends[0]), "ragged ends in\n{out}");
    // The ranking: the header's column titles end where the numbers do.
    let header = line(&out, "rank  agent");
    let ranking: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .skip(1)
        .take(3)
        .collect();
    for r in &ranking {
        assert_eq!(r.len(), header.len(), "\n{header}\n{r}");
    }
}

#[test]
fn chance_it_turn_score_header_says_sampled_and_exact() {
    let out = tabula(&[
        "tournament",
        "chance-it",
        "--agents",
        "tapering,optimal",
        "--games",
        "200",
        "--seed",
        "1",
    ]);
    assert!(!out.contains("exact scored 0 exact"), "{out}");
    let groups = line(&out, "mean turn score");
    assert!(groups.contains("share scoring 0"), "{groups}");
    let header = line(&out, "strategy   ");
    assert_eq!(columns_of(header, "sampled").len(), 2, "{header}");
    assert_eq!(columns_of(header, "exact").len(), 2, "{header}");
    // Each column title ends where its numbers end.
    let row = out
        .lines()
        .skip_while(|l| *l != header)
        .nth(1)
        .unwrap_or_else(|| panic!("no row under the header in\n{out}"));
    assert!(row.starts_with("  tapering "), "{row}");
    let title_ends: Vec<usize> = header
        .char_indices()
        .filter(|&(i, c)| c != ' ' && header[i + 1..].starts_with(' ') || i + 1 == header.len())
        .map(|(i, _)| i + 1)
        .collect();
    let row_ends: Vec<usize> = row
        .char_indices()
        .filter(|&(i, c)| c != ' ' && row[i + 1..].starts_with(' ') || i + 1 == row.len())
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(
        title_ends[title_ends.len() - 5..],
        row_ends[row_ends.len() - 5..],
        "\n{header}\n{row}"
    );
    // The group titles sit over their pairs of columns.
    let mean_end = groups.find("mean turn score").unwrap_or_default() + "mean turn score".len();
    let zero_end = groups.find("share scoring 0").unwrap_or_default() + "share scoring 0".len();
    assert_eq!(mean_end, row_ends[row_ends.len() - 3], "\n{groups}\n{row}");
    assert_eq!(zero_end, row.len(), "\n{groups}\n{row}");
}

#[test]
fn win_optimal_note_has_no_nested_parentheses() {
    let out = tabula(&["analyze", "chance-it", "--rounds", "3"]);
    let l = line(&out, "  win-optimal");
    assert_eq!(l.matches('(').count(), 1, "{l}");
    assert_eq!(l.matches(')').count(), 1, "{l}");
    assert!(l.contains("first turn of a game"), "{l}");
    assert!(l.ends_with(')'), "{l}");
}
