//! The pictures hold what they claim: parsed as SVG, one shaded cell per
//! square where the layout puts it, one arrow per jump ending on its
//! target, exact overlays and marks, and an HTML page that is
//! well-formed and fetches nothing.

use roxmltree::{Document, Node};
use tabula_plot::html::Page;
use tabula_plot::{Svg, draw, draw_all};
use tabula_registry::picture::board::{Layout, TrackBoard};
use tabula_registry::picture::chart::{Matrix, Record};
use tabula_snakes::pictures as snakes;
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
fn check_board(picture: &Svg, board: &Board) -> Vec<(u16, String)> {
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
    let pictures = draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
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
    let sim = tabula_sim::Simulation::new(5_000)
        .with_seed(9)
        .with_threads(1);
    let report = setup
        .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
        .expect("report");
    let pictures = draw_all(&snakes::report_pictures(&report, &setup.board)).expect("pictures");
    let names: Vec<&str> = pictures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["board", "throws", "seats"]);
    check_board(&pictures[0], &setup.board);
    let throws = parse(&pictures[1].svg);
    let legends = legend_boxes(&throws);
    let outside = |x: i32, y: i32| !legends.iter().any(|b| overlaps(*b, (x, y, x + 1, y + 1)));
    let exact_dots = elements(&throws, "circle")
        .into_iter()
        .filter(|c| c.attribute("fill") == Some("#B22222"))
        .filter(|c| outside(num(c, "cx"), num(c, "cy")))
        .count();
    assert!(
        exact_dots > 50,
        "the exact pmf is overlaid as dots: {exact_dots}"
    );
    let long_lines = elements(&throws, "polyline")
        .into_iter()
        .filter(|l| l.attribute("stroke") == Some("#B22222") && points(l).len() > 2)
        .count();
    assert_eq!(long_lines, 0, "no line joins the exact values");
    let t = texts(&throws).join("\n");
    assert!(t.contains(&format!("mean {:.2}", report.throws.mean)));
    assert!(t.contains("sampled (5,000 in all)"), "{t}");
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
    let picture = draw(
        &TrackBoard {
            size: 30,
            columns: 7,
            jumps,
            values: values.to_vec(),
            value_label: "value".into(),
            most: Some(30),
            least: Some(1),
        }
        .picture("board", "Odd <one>"),
    )
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
        let pictures =
            draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
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
    let picture = draw(&m.picture("results", "three agents")).expect("picture");
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
    let pictures = draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
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

/// An element's bounding box, as (left, top, right, bottom).
type Bounds = (i32, i32, i32, i32);

fn overlaps(a: Bounds, b: Bounds) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn bounds_of_box(((x0, y0), (x1, y1)): ((i32, i32), (i32, i32))) -> Bounds {
    (x0, y0, x1, y1)
}

/// The arrows of a board picture (dots, shafts and heads in the ladder
/// and chute colours), as (document position, bounds).
fn arrow_parts(doc: &Document) -> Vec<(usize, Bounds)> {
    let colours = ["#008000", "#C80000"];
    let mut parts = Vec::new();
    for (i, n) in doc.descendants().filter(|n| n.is_element()).enumerate() {
        let coloured = |a: &str| n.attribute(a).is_some_and(|c| colours.contains(&c));
        let b = match n.tag_name().name() {
            "circle" if coloured("fill") => {
                let (x, y, r) = (num(&n, "cx"), num(&n, "cy"), num(&n, "r"));
                Some((x - r, y - r, x + r, y + r))
            }
            "polyline" if coloured("stroke") => {
                let p = points(&n);
                let w = num(&n, "stroke-width") / 2 + 1;
                let (xs, ys): (Vec<i32>, Vec<i32>) = p.into_iter().unzip();
                Some((
                    xs.iter().min().copied().unwrap_or(0) - w,
                    ys.iter().min().copied().unwrap_or(0) - w,
                    xs.iter().max().copied().unwrap_or(0) + w,
                    ys.iter().max().copied().unwrap_or(0) + w,
                ))
            }
            "polygon" if coloured("fill") => {
                let (xs, ys): (Vec<i32>, Vec<i32>) = points(&n).into_iter().unzip();
                Some((
                    xs.iter().min().copied().unwrap_or(0),
                    ys.iter().min().copied().unwrap_or(0),
                    xs.iter().max().copied().unwrap_or(0),
                    ys.iter().max().copied().unwrap_or(0),
                ))
            }
            _ => None,
        };
        if let Some(b) = b {
            parts.push((i, b));
        }
    }
    parts
}

/// Every square's number and value sit in their [`Layout`] boxes, on a
/// plate drawn after every arrow part that reaches into the box: no
/// arrow is drawn over a label. Returns how many arrow parts pass under
/// a label (so a test can check the check is not empty).
fn check_labels_above_arrows(picture: &Svg, board: &Board) -> usize {
    let doc = parse(&picture.svg);
    let layout = Layout::new(board.size(), board.columns());
    let all: Vec<Node> = doc.descendants().filter(|n| n.is_element()).collect();
    let arrows = arrow_parts(&doc);
    assert!(!arrows.is_empty() || board.jumps().is_empty());
    let rect_at = |b: Bounds| {
        all.iter().position(|n| {
            n.tag_name().name() == "rect"
                && n.attribute("fill").is_some_and(|f| f != "none")
                && (num(n, "x"), num(n, "y"), num(n, "x") + num(n, "width")) == (b.0, b.1, b.2)
                && num(n, "y") + num(n, "height") == b.3
        })
    };
    let mut under = 0;
    let mut check = |what: String, label: &str, b: Bounds| {
        let plate = rect_at(b).unwrap_or_else(|| panic!("no plate for {what} at {b:?}"));
        let t = all[plate + 1];
        assert_eq!(
            t.tag_name().name(),
            "text",
            "{what}: the label follows its plate"
        );
        assert_eq!(t.text().unwrap_or("").trim(), label, "{what}");
        let (x, y) = (num(&t, "x"), num(&t, "y"));
        assert!(
            x >= b.0 && x <= b.2 && y >= b.1 && y <= b.3,
            "{what}: text anchor ({x}, {y}) inside its box {b:?}"
        );
        for &(i, a) in &arrows {
            if overlaps(a, b) {
                assert!(i < plate, "{what}: an arrow is drawn over its label");
                under += 1;
            }
        }
    };
    for square in 1..=board.size() {
        if layout.shows_numbers() {
            check(
                format!("square {square}'s number"),
                &square.to_string(),
                bounds_of_box(layout.number_box(square)),
            );
        }
    }
    if layout.shows_notes() {
        // The value labels: a percentage, or "finish" on the last square.
        for (i, n) in all.iter().enumerate() {
            let label = n.text().unwrap_or("").trim();
            if n.tag_name().name() != "text" || !(label.ends_with('%') || label == "finish") {
                continue;
            }
            let Some(square) = (1..=board.size()).find(|&s| {
                let ((x0, y0), (x1, y1)) = layout.cell_rect(s);
                let (x, y) = (num(n, "x"), num(n, "y"));
                x >= x0 && x <= x1 && y >= y0 && y <= y1
            }) else {
                continue; // the colour bar's ticks, outside the board
            };
            assert!(i > 0);
            check(
                format!("square {square}'s value"),
                label,
                bounds_of_box(layout.note_box(square, label)),
            );
        }
    }
    under
}

#[test]
fn arrows_never_cover_a_squares_number_or_value() {
    let setup = Setup::new(Board::classic(), None, 1).expect("setup");
    let analysis = setup
        .analyze(&AnalysisOptions::default())
        .expect("analysis");
    let pictures = draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
    let under = check_labels_above_arrows(&pictures[0], &setup.board);
    // The classic board's long ladders and chutes cross many labels
    // (42, 22, 38, 31, 91, 6, "finish" among them): the check bites.
    assert!(under > 20, "only {under} arrow parts reach a label");
    // The layout's boxes: inside their square, apart from each other.
    let layout = Layout::new(100, 10);
    for s in 1..=100 {
        let ((x0, y0), (x1, y1)) = layout.cell_rect(s);
        let inside = |b: Bounds| b.0 >= x0 && b.1 >= y0 && b.2 <= x1 && b.3 <= y1;
        let number = bounds_of_box(layout.number_box(s));
        let note = bounds_of_box(layout.note_box(s, "100.0%"));
        assert!(inside(number) && inside(note), "square {s}");
        assert!(!overlaps(number, note), "square {s}");
        // And neither covers the centre, where arrows start and end.
        let c = layout.centre(s);
        for b in [number, note] {
            assert!(
                !overlaps(b, (c.0 - 3, c.1 - 3, c.0 + 3, c.1 + 3)),
                "square {s}"
            );
        }
    }
    // Other boards: the teaching board, and a small one whose squares
    // show numbers only.
    for name in ["teaching", "two-dice"] {
        let board = Board::built_in(name).expect("built in").expect("valid");
        let setup = Setup::new(board, None, 1).expect("setup");
        let analysis = setup
            .analyze(&AnalysisOptions::default())
            .expect("analysis");
        let pictures =
            draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
        check_labels_above_arrows(&pictures[0], &setup.board);
    }
}

#[test]
fn titles_name_the_rule_set_and_group_thousands() {
    let setup = Setup::new(Board::classic(), None, 2).expect("setup");
    let sim = tabula_sim::Simulation::new(12_345)
        .with_seed(3)
        .with_threads(1);
    let report = setup
        .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
        .expect("report");
    let pictures = draw_all(&snakes::report_pictures(&report, &setup.board)).expect("pictures");
    let titles: Vec<&str> = pictures.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Classic Chutes and Ladders: where tokens land (rule set overshoot, 12,345 games sampled)",
            "Throws per game: 12,345 games sampled, exact distribution overlaid",
            "Each seat's chance of winning (2 players, 12,345 games)",
        ]
    );
    for p in &pictures {
        let t = texts(&parse(&p.svg));
        assert!(t.contains(&p.title), "{} drawn in {t:?}", p.title);
        assert!(!t.iter().any(|x| x.contains("12345")), "{t:?}");
    }
    let throws = texts(&parse(&pictures[1].svg));
    assert!(
        throws.contains(&"sampled (12,345 in all)".to_string()),
        "{throws:?}"
    );
    let analysis = setup
        .analyze(&AnalysisOptions::default())
        .expect("analysis");
    let pictures = draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
    assert_eq!(
        pictures[0].title,
        "Classic Chutes and Ladders: where tokens land (rule set overshoot, exact analysis)"
    );
    // Tournaments too: `tabula tournament chance-it --plot DIR`, run in
    // this process.
    let dir = std::env::temp_dir().join(format!("tabula-pictures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "tabula",
        "tournament",
        "chance-it",
        "--agents",
        "tapering,optimal",
        "--games",
        "1000",
        "--seed",
        "1",
        "--threads",
        "1",
        "--plot",
        dir.to_str().expect("a UTF-8 path"),
    ];
    tabula::cli::run_args(args, &mut Vec::new()).expect("the tournament runs");
    let mut svgs: Vec<_> = std::fs::read_dir(&dir)
        .expect("pictures written")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    svgs.sort();
    let all: Vec<String> = svgs
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("reads"))
        .flat_map(|svg| texts(&parse(&svg)))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        all.iter().any(|x| x.contains("each pair's 1,000 games")),
        "{all:?}"
    );
    assert!(all.iter().any(|x| x == "tapering: 10,000 turns"), "{all:?}");
}

/// The legend frames of a chart.
fn legend_boxes(doc: &Document) -> Vec<Bounds> {
    elements(doc, "rect")
        .iter()
        .filter(|r| r.attribute("fill") == Some("none") && r.attribute("stroke") == Some("#1E1E1E"))
        .map(|r| {
            let (x, y) = (num(r, "x"), num(r, "y"));
            (x, y, x + num(r, "width"), y + num(r, "height"))
        })
        .collect()
}

/// The x pixel of each tick label of a chart, by its value.
fn x_ticks(doc: &Document) -> Vec<(i32, i32)> {
    elements(doc, "text")
        .iter()
        .filter(|t| t.attribute("text-anchor") == Some("middle"))
        .filter_map(|t| {
            let v: i32 = t.text()?.trim().parse().ok()?;
            Some((v, num(t, "x")))
        })
        .collect()
}

#[test]
fn exact_overlay_marks_only_possible_values() {
    use tabula_registry::picture::chart::Distribution;
    // Two dice, a player who never stops under 6: scores 0 and 6 to 12
    // happen, 1 to 5 cannot.
    let mut exact = vec![0.0; 13];
    exact[0] = 0.11;
    for (x, p) in exact.iter_mut().enumerate().skip(6) {
        *p = 0.89 / 7.0 + 0.0 * x as f64;
    }
    let sampled: Vec<(u32, u64)> = [(0, 110), (6, 130), (7, 125), (8, 128), (9, 127)]
        .into_iter()
        .chain((10..=12).map(|x| (x, 127)))
        .collect();
    let d = Distribution {
        title: "turns".into(),
        x_label: "turn score".into(),
        sampled,
        exact: Some(exact.clone()),
        marks: Vec::new(),
        show_share: 1.0,
    };
    let picture = draw(&d.picture("turns", (900, 480))).expect("picture");
    let doc = parse(&picture.svg);
    let ticks = x_ticks(&doc);
    let px = |v: i32| ticks.iter().find(|t| t.0 == v).map(|t| t.1);
    let (x0, x12) = (px(0).expect("tick 0"), px(12).expect("tick 12"));
    let unit = f64::from(x12 - x0) / 12.0;
    let value_at = |x: i32| (f64::from(x - x0) / unit).round() as i32;
    // The exact dots (the legend's aside): one per possible value.
    let legends = legend_boxes(&doc);
    assert_eq!(legends.len(), 1);
    let outside = |x: i32, y: i32| !legends.iter().any(|b| overlaps(*b, (x, y, x + 1, y + 1)));
    let dots: Vec<i32> = elements(&doc, "circle")
        .iter()
        .filter(|c| c.attribute("fill") == Some("#B22222"))
        .filter(|c| outside(num(c, "cx"), num(c, "cy")))
        .map(|c| num(c, "cx"))
        .filter(|&x| x >= x0 - 2 && x <= x12 + 2)
        .map(value_at)
        .collect();
    assert_eq!(dots, [0, 6, 7, 8, 9, 10, 11, 12], "dots at {dots:?}");
    // No exact line spans an impossible value.
    for l in elements(&doc, "polyline") {
        if l.attribute("stroke") != Some("#B22222") {
            continue;
        }
        let p = points(&l);
        let (lo, hi) = (
            p.iter().map(|q| q.0).min().unwrap_or(0),
            p.iter().map(|q| q.0).max().unwrap_or(0),
        );
        if !outside(lo, p[0].1) {
            continue; // the legend
        }
        assert!(
            hi - lo < unit as i32,
            "an exact line from {} to {} joins values",
            value_at(lo),
            value_at(hi)
        );
        for v in 1..=5 {
            let x = x0 + (f64::from(v) * unit) as i32;
            assert!(!(lo - 1..=hi + 1).contains(&x), "a line over score {v}");
        }
    }
}

#[test]
fn html_page_shows_each_title_once() {
    let setup = Setup::new(Board::classic(), None, 2).expect("setup");
    let analysis = setup
        .analyze(&AnalysisOptions::default())
        .expect("analysis");
    let pictures = draw_all(&snakes::analysis_pictures(&analysis, &setup.board)).expect("pictures");
    assert_eq!(pictures.len(), 3);
    let html = Page {
        title: "Classic",
        command: "tabula analyze snakes --players 2 --report r.html",
        text: &analysis.to_text(),
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
    .expect("well-formed");
    // Every text node a reader sees, titles included once each.
    let shown: Vec<String> = doc
        .descendants()
        .filter(|n| n.is_text())
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .filter(|t| !t.is_empty())
        .collect();
    for p in &pictures {
        let times = shown.iter().filter(|t| **t == p.title).count();
        assert_eq!(times, 1, "{:?} shown {times} times", p.title);
    }
}

#[test]
fn control_characters_never_reach_the_svg_or_html() {
    // Board files refuse such names; a title made in code may still hold
    // one, and the pictures stay well-formed.
    let title = "nul\u{0} bell\u{7} esc\u{1b} del\u{7f} <b>&";
    let values = [0.0, 0.5, 1.0];
    let picture = draw(
        &TrackBoard {
            size: 2,
            columns: 2,
            jumps: Vec::new(),
            values: values.to_vec(),
            value_label: "v\u{0}".into(),
            most: None,
            least: None,
        }
        .picture("board", title),
    )
    .expect("picture");
    let doc = parse(&picture.svg);
    let t = texts(&doc);
    assert!(
        t.contains(&"nul\\u{0} bell\\u{7} esc\\u{1b} del\\u{7f} <b>&".to_string()),
        "{t:?}"
    );
    let html = Page {
        title,
        command: "tabula \u{0}",
        text: "a\u{0}b\nc",
        pictures: &[picture],
    }
    .to_html();
    Document::parse_with_options(
        &html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("the page is not well-formed: {e}"));
    assert!(html.contains("a\\u{0}b\nc"));
}

proptest::proptest! {
    /// Whatever characters a title holds, the SVG and the page are
    /// well-formed and show the title's printable characters.
    #[test]
    fn any_title_makes_well_formed_pictures(title in "\\PC{0,6}[\\x00-\\x1f\\x7f-\\x9f\u{fffe}\u{ffff}<>&\"']{0,4}\\PC{0,6}") {
        let values = [0.0, 1.0, 1.0];
        let picture = draw(
            &TrackBoard {
            size: 2,
            columns: 2,
            jumps: vec![(1, 2)],
            values: values.to_vec(),
            value_label: "v".into(),
            most: Some(1),
            least: Some(1),
        }
        .picture("board", &title),
        )
        .expect("picture");
        proptest::prop_assert!(Document::parse(&picture.svg).is_ok(), "{:?}", title);
        let html = Page { title: &title, command: &title, text: &title, pictures: &[picture] }.to_html();
        let parsed = Document::parse_with_options(
            &html,
            roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() },
        );
        proptest::prop_assert!(parsed.is_ok(), "{:?}: {:?}", title, parsed.err());
    }
}
