//! `--plot DIR` and `--report FILE` as a user runs them: the real
//! program, files on disk, exit codes; and the report rendered by a real
//! browser (headless Chromium) where one is installed.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{chromium_or_skip, temp_dir};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn tabula(args: &[&str]) -> Output {
    Command::new(TABULA)
        .args(args)
        .output()
        .expect("tabula runs")
}

fn ok(args: &[&str]) -> Output {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "tabula {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn svg_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    names
}

/// Parses every SVG in `dir` and returns the texts of each.
fn check_svgs(dir: &Path, expected: &[&str]) -> Vec<Vec<String>> {
    assert_eq!(svg_files(dir), expected, "pictures in {}", dir.display());
    expected
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).expect("read svg");
            let doc = roxmltree::Document::parse(&text)
                .unwrap_or_else(|e| panic!("{name} is not valid SVG: {e}"));
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            doc.descendants()
                .filter(|n| n.tag_name().name() == "text")
                .filter_map(|n| n.text())
                .map(|t| t.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn simulate_snakes_plots() {
    let dir = temp_dir("plot-simulate");
    let plot = dir.join("pictures");
    let out = ok(&[
        "simulate",
        "snakes",
        "--games",
        "3000",
        "--seed",
        "5",
        "--dice-rolls",
        "0",
        "--plot",
        plot.to_str().unwrap_or_default(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Throws per game"),
        "the report still prints"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("board.svg"), "says what it wrote: {stderr}");
    let texts = check_svgs(&plot, &["board.svg", "throws.svg"]);
    assert!(
        texts[0]
            .iter()
            .any(|t| t.starts_with("most popular: square "))
    );
    assert!(texts[1].iter().any(|t| t.starts_with("mean ")));
    // Several players add each seat's chance of winning; JSON stays JSON.
    let plot2 = dir.join("two");
    let out = ok(&[
        "simulate",
        "snakes",
        "--players",
        "2",
        "--games",
        "2000",
        "--dice-rolls",
        "0",
        "--format",
        "json",
        "--plot",
        plot2.to_str().unwrap_or_default(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(v["players"], 2);
    let texts = check_svgs(&plot2, &["board.svg", "seats.svg", "throws.svg"]);
    assert!(texts[1].iter().any(|t| t == "seat 2"));
}

#[test]
fn analyze_snakes_plots_and_reports() {
    let dir = temp_dir("plot-analyze");
    let report = dir.join("classic.html");
    ok(&[
        "analyze",
        "snakes",
        "--rules",
        "exact",
        "--players",
        "3",
        "--plot",
        dir.to_str().unwrap_or_default(),
        "--report",
        report.to_str().unwrap_or_default(),
    ]);
    check_svgs(&dir, &["board.svg", "seats.svg", "throws.svg"]);
    let html = std::fs::read_to_string(&report).expect("report written");
    assert_eq!(html.matches("<svg").count(), 3, "pictures inline");
    assert!(
        html.contains("Throws one player needs to finish"),
        "the numbers are on the page"
    );
    assert!(
        !html.contains("http://") || !html.contains("src="),
        "nothing fetched"
    );
}

/// `analyze chance-it` solves optimal play: its pictures are the policy
/// (the optimal turn) and win-optimal's exact chances, on the page of
/// `--report` too.
#[test]
fn analyze_chance_it_draws_its_policy() {
    let dir = temp_dir("plot-analyze-chance-it");
    let report = dir.join("policy.html");
    ok(&[
        "analyze",
        "chance-it",
        "--plot",
        dir.to_str().unwrap_or_default(),
        "--report",
        report.to_str().unwrap_or_default(),
    ]);
    let texts = check_svgs(&dir, &["policy.svg", "win-optimal.svg"]);
    // One bar for each value a new roll shows, 2 to 12.
    assert!(texts[0].iter().any(|t| t == "12"), "{:?}", texts[0]);
    assert!(
        texts[1].iter().any(|t| t.contains("until-ten")),
        "{:?}",
        texts[1]
    );
    let html = std::fs::read_to_string(&report).expect("report written");
    assert_eq!(html.matches("<svg").count(), 2, "pictures inline");
    assert!(
        html.contains("The optimal turn: expected score"),
        "the numbers are on the page"
    );
}

/// `analyze pig --agents optimal,optimal` (two players, no horizon)
/// solves optimal play: beside the distribution it draws the policy,
/// for each pair of banked scores the turn total at which optimal play
/// stops, one cell each; with OpenSpiel's horizon optimal play is
/// refused, naming `--horizon 0`.
#[test]
fn analyze_pig_draws_optimal_plays_policy() {
    let dir = temp_dir("plot-analyze-pig");
    let out = ok(&[
        "analyze",
        "pig",
        "--target",
        "30",
        "--horizon",
        "0",
        "--agents",
        "optimal,optimal",
        "--plot",
        dir.to_str().unwrap_or_default(),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("optimal, optimal in the seats"));
    let texts = check_svgs(&dir, &["policy.svg", "steps.svg", "wins.svg"]);
    assert!(
        texts[0].iter().any(|t| t == "the mover's banked score"),
        "{:?}",
        texts[0]
    );
    assert!(
        texts[0].iter().any(|t| t.contains("Pig to 30")),
        "{:?}",
        texts[0]
    );
    let svg = std::fs::read_to_string(dir.join("policy.svg")).expect("policy.svg");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let cells = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "rect")
        .count();
    assert!(cells >= 30 * 30, "one cell per pair of scores: {cells}");

    // Fixed policies only: no policy to draw.
    let plain = temp_dir("plot-analyze-pig-fixed");
    ok(&[
        "analyze",
        "pig",
        "--target",
        "20",
        "--horizon",
        "0",
        "--plot",
        plain.to_str().unwrap_or_default(),
    ]);
    check_svgs(&plain, &["steps.svg", "wins.svg"]);

    let refused = tabula(&[
        "analyze",
        "pig",
        "--target",
        "20",
        "--agents",
        "optimal,optimal",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("add --horizon 0"), "{err}");
}

#[test]
fn tournaments_plot() {
    let dir = temp_dir("plot-tournaments");
    let ci = dir.join("chance-it");
    ok(&[
        "tournament",
        "chance-it",
        "--agents",
        "tapering,until-ten,win-optimal",
        "--games",
        "300",
        "--plot",
        ci.to_str().unwrap_or_default(),
    ]);
    // The generic tournament's standings, then Chance-it's own pictures.
    let texts = check_svgs(&ci, &["pairs.svg", "results.svg", "turn-scores.svg"]);
    assert!(texts[0].iter().any(|t| t == "tapering vs until-ten"));
    assert!(texts[2].iter().any(|t| t.starts_with("win-optimal: ")));
    let nl = dir.join("noline");
    ok(&[
        "tournament",
        "noline",
        "--agents",
        "type1,type2,random",
        "--games",
        "20",
        "--plot",
        nl.to_str().unwrap_or_default(),
    ]);
    let texts = check_svgs(&nl, &["results.svg"]);
    assert!(texts[0].iter().any(|t| t == "type2"));
    let sg = dir.join("seega");
    let page = dir.join("seega.html");
    ok(&[
        "tournament",
        "seega",
        "--agents",
        "random,greedy",
        "--games",
        "2",
        "--threads",
        "1",
        "--plot",
        sg.to_str().unwrap_or_default(),
        "--report",
        page.to_str().unwrap_or_default(),
    ]);
    check_svgs(&sg, &["results.svg"]);
    assert!(
        std::fs::read_to_string(page)
            .expect("page")
            .contains("<svg")
    );
}

#[test]
fn bad_destinations_fail_before_the_work() {
    let dir = temp_dir("plot-bad");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a directory").expect("write");
    let missing = dir.join("missing/r.html");
    let under_file = file.join("sub");
    let report_under_file = file.join("r.html");
    let is_a_file = format!("{} is a file, not a directory", file.display());
    let cases: [(&[&str], &str); 5] = [
        (&["--plot", file.to_str().unwrap_or_default()], &is_a_file),
        (
            &["--plot", under_file.to_str().unwrap_or_default()],
            &is_a_file,
        ),
        (
            &["--report", missing.to_str().unwrap_or_default()],
            "no such directory",
        ),
        (
            &["--report", report_under_file.to_str().unwrap_or_default()],
            &is_a_file,
        ),
        (
            &["--report", dir.to_str().unwrap_or_default()],
            "is a directory",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["simulate", "snakes", "--games", "1000"];
        args.extend_from_slice(extra);
        let out = tabula(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        // The message names the option and its value.
        assert!(
            stderr.starts_with(&format!("error: {} {}: ", extra[0], extra[1])),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"));
        assert!(out.stdout.is_empty(), "fails before the run: {args:?}");
    }
    // A picture that cannot be written after the run names --plot too.
    let blocked = dir.join("blocked");
    std::fs::create_dir_all(blocked.join("board.svg")).expect("mkdir");
    let out = tabula(&[
        "analyze",
        "snakes",
        "--plot",
        blocked.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!("error: --plot {}: ", blocked.display()))
            && stderr.contains("board.svg"),
        "{stderr}"
    );
}

#[test]
fn titles_group_thousands_and_the_page_shows_each_once() {
    let dir = temp_dir("plot-titles");
    let page = dir.join("r.html");
    ok(&[
        "simulate",
        "snakes",
        "--games",
        "12000",
        "--dice-rolls",
        "0",
        "--plot",
        dir.to_str().unwrap_or_default(),
        "--report",
        page.to_str().unwrap_or_default(),
    ]);
    let texts = check_svgs(&dir, &["board.svg", "throws.svg"]);
    assert!(
        texts[0].contains(
            &"Classic Chutes and Ladders: where tokens land (rule set overshoot, 12,000 games sampled)"
                .to_string()
        ),
        "{:?}",
        texts[0]
    );
    assert!(texts[1].iter().any(|t| t.contains("12,000 games")));
    let html = std::fs::read_to_string(&page).expect("page");
    assert!(html.contains("<h1>Classic Chutes and Ladders: 12,000 games</h1>"));
    let doc = roxmltree::Document::parse_with_options(
        &html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("well-formed");
    for title in [
        "where tokens land (rule set overshoot, 12,000 games sampled)",
        "Throws per game: 12,000 games sampled",
    ] {
        // Drawn once in its picture (and named for screen readers in the
        // figure's label, which is not shown): never shown twice.
        let shown = doc
            .descendants()
            .filter(|n| n.is_text() && n.text().is_some_and(|t| t.contains(title)))
            .count();
        assert_eq!(shown, 1, "{title} shown {shown} times");
    }
    assert!(
        !html.contains("<figcaption"),
        "no caption repeats the title"
    );
}

#[test]
fn a_board_name_with_control_characters_is_refused_before_anything_is_written() {
    let dir = temp_dir("plot-control");
    let board = dir.join("nul.ron");
    std::fs::write(
        &board,
        "Board(\n  name: \"bad\\u{0}name\",\n  size: 12,\n)\n",
    )
    .expect("write");
    let pictures = dir.join("pictures");
    let page = dir.join("r.html");
    for command in ["simulate", "analyze"] {
        let out = tabula(&[
            command,
            "snakes",
            "--board",
            board.to_str().unwrap_or_default(),
            "--plot",
            pictures.to_str().unwrap_or_default(),
            "--report",
            page.to_str().unwrap_or_default(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("{}:2:9: ", board.display()))
                && stderr.contains("control character (\\u{0}"),
            "{command}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{command}: nothing printed");
        assert!(!page.exists(), "{command}: no page written");
    }
}

#[test]
fn help_names_the_flags() {
    for cmd in [
        &["simulate", "snakes"][..],
        &["analyze", "snakes"],
        &["tournament", "chance-it"],
        &["tournament", "noline"],
        &["tournament", "seega"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let out = ok(&args);
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains("--plot <DIR>") && help.contains("--report <FILE>"),
            "{cmd:?}"
        );
    }
}

#[test]
fn report_renders_in_headless_chromium() {
    let Some(browser) = chromium_or_skip("report_renders_in_headless_chromium") else {
        return;
    };
    let dir = temp_dir("plot-chromium");
    let page = dir.join("report.html");
    ok(&[
        "analyze",
        "snakes",
        "--report",
        page.to_str().unwrap_or_default(),
    ]);
    let shot = dir.join("shot.png");
    let out = Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1200,2400",
            &format!("--screenshot={}", shot.display()),
        ])
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Decode the screenshot and look for the board's colours: the darkest
    // shade (the most popular square) and the ladders' green.
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("screenshot written"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let near = |p: &[u8], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 6);
    let count = |c: [u8; 3]| pixels.iter().filter(|p| near(p, c)).count();
    let darkest = count([0x80, 0x00, 0x26]);
    let green = count([0x00, 0x80, 0x00]);
    let white = count([0xff, 0xff, 0xff]);
    assert!(
        darkest > 1000,
        "the most popular square is drawn ({darkest} pixels)"
    );
    assert!(green > 50, "ladders are drawn ({green} pixels)");
    assert!(white > pixels.len() / 4, "a page, not a blank or black box");
}

const PREPROCESSOR: &str = env!("CARGO_BIN_EXE_mdbook-tabula");

#[test]
fn the_book_preprocessor_draws_pictures_into_chapters() {
    let supports = |r: &str| {
        Command::new(PREPROCESSOR)
            .args(["supports", r])
            .status()
            .expect("runs")
            .success()
    };
    assert!(supports("html"));
    assert!(!supports("test"), "mdbook test needs no pictures");
    let book = serde_json::json!([
        {"root": "/x", "renderer": "html"},
        {"items": [
            {"Chapter": {"name": "A", "content": "# A\n", "sub_items": [
                {"Chapter": {"name": "B", "sub_items": [], "content":
                    "text\n<!-- picture: results.svg from tabula tournament noline --agents type1,random --games 10 -->\nafter\n"}}
            ]}},
            "Separator"
        ]}
    ]);
    let out = common::run_with_stdin(PREPROCESSOR, &[], book.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a book back");
    let content = back["items"][0]["Chapter"]["sub_items"][0]["Chapter"]["content"]
        .as_str()
        .expect("content");
    assert!(
        content.starts_with("text\n<div class=\"tabula-picture\">\n<svg"),
        "{content}"
    );
    assert!(content.ends_with("</svg>\n</div>\nafter\n"));
    assert!(
        !content.contains("\n\n"),
        "no blank line ends the HTML block early"
    );
    assert!(content.contains("type1") && content.contains("random"));
    assert_eq!(back["items"][0]["Chapter"]["content"], "# A\n");
    assert_eq!(back["items"][1], "Separator");
    // A broken command fails the build, naming the chapter and the command.
    let bad = book.to_string().replace("--games 10", "--games ten");
    let out = common::run_with_stdin(PREPROCESSOR, &[], bad);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("chapter \"B\"") && stderr.contains("--games ten"),
        "{stderr}"
    );
}

#[test]
fn the_book_preprocessor_prints_outputs_and_keeps_quiet_about_its_scratch_folder() {
    let root = common::temp_dir("preprocessor-root");
    std::fs::create_dir_all(root.join("src")).expect("src");
    std::fs::write(
        root.join("src/b.ron"),
        "Board(name: \"Tiny\", size: 6, rules: \"overshoot\", ladders: [(2, 5)], chutes: [])",
    )
    .expect("board");
    let book = serde_json::json!([
        {"root": root, "renderer": "html"},
        {"items": [
            {"Chapter": {"name": "A", "sub_items": [], "content":
                "a\n<!-- picture: board.svg from tabula analyze snakes src/b.ron -->\n<!-- output: tabula analyze noline --dim 3 -->\n<!-- output: tabula analyze noline --dim 3 | head -2 -->\nb\n```text\n<!-- output: tabula analyze noline --dim 5 -->\n```\n"}}
        ]}
    ]);
    let out = common::run_with_stdin(PREPROCESSOR, &[], book.to_string());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr, "",
        "nothing on stderr, no `pictures: <scratch folder>`"
    );
    let back: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a book back");
    let content = back["items"][0]["Chapter"]["content"]
        .as_str()
        .expect("content");
    let direct = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["analyze", "noline", "--dim", "3"])
        .output()
        .expect("tabula runs");
    let direct = String::from_utf8_lossy(&direct.stdout);
    let head: Vec<&str> = direct.lines().take(2).collect();
    let expected = format!(
        "```text\n{direct}```\n```text\n{}\n...\n```\nb\n\
         ```text\n<!-- output: tabula analyze noline --dim 5 -->\n```\n",
        head.join("\n")
    );
    // The search's wall-clock time ("... in 0.005 s.") differs from run
    // to run: compare everything else.
    let (content, expected) = (without_seconds(content), without_seconds(&expected));
    assert!(content.ends_with(&expected), "{content}");
    assert!(
        content.contains("Tiny"),
        "the board file is read from the book's root"
    );
    // Inside a fenced block the line is an example, left alone (here
    // `--dim 5` would take minutes). An output command that fails fails
    // the build, naming it.
    let bad = book.to_string().replace("--dim 3", "--dim 4");
    let out = common::run_with_stdin(PREPROCESSOR, &[], bad);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("chapter \"A\"") && stderr.contains("--dim 4"),
        "{stderr}"
    );
}

/// The text with the number of each "in N s." (a measured time) masked.
fn without_seconds(text: &str) -> String {
    text.lines()
        .map(
            |line| match (line.rfind(" in "), line.strip_suffix(" s.")) {
                (Some(at), Some(rest))
                    if rest.len() > at + 4
                        && rest[at + 4..]
                            .chars()
                            .all(|c| c.is_ascii_digit() || c == '.') =>
                {
                    format!("{} in T s.", &line[..at])
                }
                _ => line.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}
