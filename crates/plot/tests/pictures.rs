//! The pictures hold what they claim: parsed as SVG, one shaded cell per
//! square where the layout puts it, one arrow per jump ending on its
//! target, exact overlays and marks, and an HTML page that is
//! well-formed and fetches nothing.

use roxmltree::{Document, Node};
use tabula_plot::board::{Layout, TrackBoard};
use tabula_plot::chart::{Matrix, Record};
use tabula_plot::html::Page;
use tabula_plot::{Picture, snakes};
use tabula_snakes::{AnalysisOptions, Board, ReportOptions, Setup};

fn parse(svg: &str) -> Document<'_> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not valid SVG: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    doc
}

fn elements<'a>(doc: &'a Document<'a>, tag: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag)
        .collect()
}

fn num(n: &Node, attr: &str) -> i32 {
    n.attribute(attr)
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("{attr} missing on {n:?}")) as i32
}

fn points(n: &Node) -> Vec<(i32, i32)> {
    n.attribute("points")
        .unwrap_or("")
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
            (x.parse().unwrap_or(0), y.parse().unwrap_or(0))
        })
        .collect()
}

fn texts(doc: &Document) -> Vec<String> {
    elements(doc, "text")
        .iter()
        .map(|t| t.text().unwrap_or("").trim().to_string())
        .collect()
}

/// Checks a board picture against its layout: exactly one filled cell per
/// square at its place, nothing else of a cell's size inside the board,
/// and one arrowhead per jump with its tip on the target's centre.
fn check_board(picture: &Picture, board: &Board) -> Vec<(u16, String)> {
    let doc = parse(&picture.svg);
    let layout = Layout::new(board.size(), board.columns());
    let rects = elements(&doc, "rect");
    let filled = |r: &&Node| r.attribute("fill").is_some_and(|f| f != "none");
    let side = layout.cell - 2;
    let cells: Vec<&Node> = rects
        .iter()
        .filter(filled)
        .filter(|r| num(r, "width") == side && num(r, "height") == side)
        .collect();
    assert_eq!(
        cells.len(),
        usize::from(board.size()),
        "one shaded cell per square"
    );
    let mut fills = Vec::new();
    for square in 1..=board.size() {
        let ((x, y), _) = layout.cell_rect(square);
        let at: Vec<&&Node> = cells
            .iter()
            .filter(|r| num(r, "x") == x && num(r, "y") == y)
            .collect();
        assert_eq!(at.len(), 1, "square {square} is drawn once, at ({x}, {y})");
        fills.push((square, at[0].attribute("fill").unwrap_or("").to_string()));
    }
    // Arrowheads inside the board: one per jump, tip on the target.
    let (w, h) = (
        layout.left + i32::from(layout.columns) * layout.cell,
        layout.top + i32::from(layout.rows) * layout.cell,
    );
    let inside = |&(x, y): &(i32, i32)| x >= layout.left && x <= w && y >= layout.top && y <= h;
    let mut tips: Vec<((i32, i32), String)> = elements(&doc, "polygon")
        .iter()
        .filter(|p| points(p).iter().all(inside))
        .map(|p| (points(p)[0], p.attribute("fill").unwrap_or("").to_string()))
        .collect();
    let mut want: Vec<((i32, i32), String)> = board
        .jumps()
        .iter()
        .map(|j| {
            let colour = if j.is_ladder() { "#008000" } else { "#C80000" };
            (layout.centre(j.to), colour.to_string())
        })
        .collect();
    tips.sort();
    want.sort();
    assert_eq!(tips, want, "one arrow per jump, ladders green, chutes red");
    fills
}

#[test]
fn classic_board_exact() {
    let setup = Setup::new(Board::classic(), Some("exact"), 1).expect("setup");
    let analysis = setup
        .analyze(&AnalysisOptions::default())
        .expect("analysis");
    let pictures = snakes::analysis_pictures(&analysis, &setup.board).expect("pictures");
    let names: Vec<&str> = pictures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["board", "throws"]);
    let fills = check_board(&pictures[0], &setup.board);
    // 10 x 10, boustrophedon from the bottom left.
    let layout = Layout::new(100, setup.board.columns());
    assert_eq!((layout.columns, layout.rows), (10, 10));
    assert_eq!(layout.grid(1), (0, 0));
    assert_eq!(layout.grid(10), (9, 0));
    assert_eq!(layout.grid(11), (9, 1));
    assert_eq!(layout.grid(20), (0, 1));
    assert_eq!(layout.grid(100), (0, 9));
    assert!(
        layout.cell_rect(1).0.1 > layout.cell_rect(100).0.1,
        "1 at the bottom"
    );
    // The most popular square has the darkest shade, and only squares with
    // the same expected landings share it.
    let most = analysis.squares.most_popular;
    let darkest = &fills[usize::from(most) - 1].1;
    assert_eq!(darkest, "#800026");
    assert_eq!(fills[99].1, "#E1E1E1", "the finish is grey, off the scale");
    let top = analysis.squares.landings[usize::from(most)];
    for (s, f) in &fills {
        if f == darkest {
            let v = analysis.squares.landings[usize::from(*s)];
            assert!(
                (v - top).abs() < 1e-9 * top,
                "square {s} shares the darkest shade"
            );
        }
    }
    let doc = parse(&pictures[0].svg);
    let t = texts(&doc).join("\n");
    assert!(t.contains(&format!("most popular: square {most}")), "{t}");
    assert!(t.contains(&format!(
        "least popular: square {}",
        analysis.squares.least_popular
    )));
    assert!(t.contains("share of landings"));
    // The throws: exact bars only, mean, mode and median marked.
    let doc = parse(&pictures[1].svg);
    let t = texts(&doc).join("\n");
    let s = &analysis.seats;
    for mark in [
        format!("mean {:.2}", s.total_throws_mean),
        format!("mode {}", s.total_throws_mode),
        format!("median {}", s.total_throws_median),
    ] {
        assert!(t.contains(&mark), "{mark} in {t}");
    }
}

#[test]
fn simulation_overlays_exact_and_draws_seats() {
    let setup = Setup::new(Board::classic(), None, 2).expect("setup");
    let sim = tabula_sim::Simulation::new(5_000).seed(9).threads(1);
    let report = setup
        .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
        .expect("report");
    let pictures = snakes::report_pictures(&report, &setup.board).expect("pictures");
    let names: Vec<&str> = pictures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["board", "throws", "seats"]);
    check_board(&pictures[0], &setup.board);
    let throws = parse(&pictures[1].svg);
    let exact_lines = elements(&throws, "polyline")
        .into_iter()
        .filter(|l| l.attribute("stroke") == Some("#B22222") && points(l).len() > 20)
        .count();
    assert_eq!(exact_lines, 1, "the exact pmf is overlaid as one line");
    let t = texts(&throws).join("\n");
    assert!(t.contains(&format!("mean {:.2}", report.throws.mean)));
    assert!(t.contains(&format!("sampled ({} in all)", report.games)));
    let seats = parse(&pictures[2].svg);
    let exact_dots = elements(&seats, "circle")
        .into_iter()
        .filter(|c| c.attribute("fill") == Some("#B22222"))
        .count();
    assert_eq!(
        exact_dots,
        2 + 1,
        "one exact dot per seat, one in the legend"
    );
    let t = texts(&seats).join("\n");
    assert!(t.contains("seat 1") && t.contains("seat 2"));
}

#[test]
fn other_sizes_and_partial_rows() {
    // 30 squares, 7 to a row: five rows, the top one with two squares.
    let layout = Layout::new(30, 7);
    assert_eq!(layout.rows, 5);
    assert_eq!(layout.grid(7), (6, 0));
    assert_eq!(layout.grid(8), (6, 1), "row 2 runs right to left");
    assert_eq!(layout.grid(14), (0, 1));
    assert_eq!(layout.grid(29), (0, 4));
    assert_eq!(layout.grid(30), (1, 4));
    let text = "Board(name: \"Odd <one>\", size: 30, columns: 7, ladders: [(2, 23), (8, 9)], chutes: [(29, 1), (17, 16)])";
    let board =
        Board::from_source(&tabula_core::spec::Source::embedded("odd.ron", text)).expect("board");
    let values: Vec<f64> = (0..=30).map(|s| f64::from(s) / 30.0).collect();
    let jumps: Vec<(u16, u16)> = board.jumps().iter().map(|j| (j.from, j.to)).collect();
    let picture = TrackBoard {
        name: "board",
        title: "Odd <one>".into(),
        size: 30,
        columns: 7,
        jumps: &jumps,
        values: &values,
        value_label: "value",
        most: Some(30),
        least: Some(1),
    }
    .picture()
    .expect("picture");
    let fills = check_board(&picture, &board);
    assert_eq!(fills[29].1, "#800026", "the largest value is the darkest");
    assert!(
        texts(&parse(&picture.svg)).contains(&"Odd <one>".to_string()),
        "titles are escaped"
    );
    // The teaching and two-dice boards too.
    for name in ["teaching", "two-dice"] {
        let board = Board::built_in(name).expect("built in").expect("valid");
        let setup = Setup::new(board, None, 1).expect("setup");
        let analysis = setup
            .analyze(&AnalysisOptions::default())
            .expect("analysis");
        let pictures = snakes::analysis_pictures(&analysis, &setup.board).expect("pictures");
        check_board(&pictures[0], &setup.board);
    }
}

#[test]
fn matrix_cells_and_scores() {
    let m = Matrix::from_pairs(
        vec!["a".into(), "b".into(), "c".into()],
        [
            ("a", "b", 6, 2, 2),
            ("c", "a", 1, 8, 1),
            ("b", "c", 0, 0, 10),
        ],
    );
    assert_eq!(m.cells[0][0], None);
    assert_eq!(
        m.cells[0][1],
        Some(Record {
            wins: 6,
            losses: 2,
            draws: 2
        })
    );
    assert_eq!(
        m.cells[1][0],
        Some(Record {
            wins: 2,
            losses: 6,
            draws: 2
        })
    );
    assert_eq!(
        m.cells[0][2],
        Some(Record {
            wins: 8,
            losses: 1,
            draws: 1
        })
    );
    assert!((m.cells[0][1].map_or(0.0, |r| r.score()) - 0.7).abs() < 1e-12);
    assert!((m.cells[1][2].map_or(0.0, |r| r.score()) - 0.5).abs() < 1e-12);
    let picture = m.picture("results", "three agents").expect("picture");
    let doc = parse(&picture.svg);
    let cells = elements(&doc, "rect")
        .into_iter()
        .filter(|r| num(r, "width") == 90 && num(r, "height") == 90)
        .count();
    assert_eq!(
        cells, 9,
        "one cell per pair of agents, the diagonal included"
    );
    let t = texts(&doc);
    for label in ["6-2-2", "2-2-6", "70.0%", "0-10-0", "50.0%"] {
        assert!(t.iter().any(|x| x == label), "{label} in {t:?}");
    }
}

#[test]
fn html_page_is_self_contained() {
    let setup = Setup::new(Board::classic(), None, 1).expect("setup");
    let analysis = setup
        .analyze(&AnalysisOptions::default())
        .expect("analysis");
    let pictures = snakes::analysis_pictures(&analysis, &setup.board).expect("pictures");
    let text = analysis.to_text();
    let html = Page {
        title: "Classic & <friends>",
        command: "tabula analyze snakes --report r.html",
        text: &text,
        pictures: &pictures,
    }
    .to_html();
    let doc = Document::parse_with_options(
        &html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("the page is not well-formed: {e}"));
    let svgs = doc
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "svg")
        .count();
    assert_eq!(svgs, pictures.len(), "every picture inline");
    for n in doc.descendants().filter(|n| n.is_element()) {
        assert!(
            !matches!(
                n.tag_name().name(),
                "script" | "link" | "img" | "iframe" | "object"
            ),
            "nothing to fetch: {:?}",
            n.tag_name()
        );
        for a in n.attributes() {
            assert!(
                !matches!(a.name(), "src" | "href"),
                "no links: {}={}",
                a.name(),
                a.value()
            );
        }
    }
    let pre: String = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "pre")
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(pre, text, "the numbers, exactly as printed");
    let title: String = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "h1")
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(title, "Classic & <friends>");
}

proptest::proptest! {
    /// Any board size and row length: squares tile the board without
    /// overlap, inside the picture, and each square touches the next
    /// (boustrophedon), the first at the bottom left.
    #[test]
    fn layouts_are_boustrophedon(size in 1u16..=2_000, columns in 1u16..=60) {
        let layout = Layout::new(size, columns);
        let (w, h) = layout.canvas();
        let mut seen = std::collections::HashSet::new();
        proptest::prop_assert_eq!(layout.grid(1), (0, 0));
        for s in 1..=size {
            let ((x0, y0), (x1, y1)) = layout.cell_rect(s);
            proptest::prop_assert!(x0 >= 0 && y0 >= 0 && x1 <= w as i32 && y1 <= h as i32);
            proptest::prop_assert!(seen.insert((x0, y0)), "square {} overlaps another", s);
            if s > 1 {
                let (a, b) = (layout.grid(s - 1), layout.grid(s));
                let step = a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
                proptest::prop_assert_eq!(step, 1, "square {} is next to {}", s, s - 1);
            }
        }
    }
}
