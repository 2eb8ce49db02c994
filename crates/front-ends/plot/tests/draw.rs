//! `draw`: every kind of picture described as data is drawn as SVG under
//! its name, a game's own SVG is written as it is, and data that cannot
//! be drawn is refused naming the picture, with the reason.

use tabula_picture::board::{RingBoard, TrackBoard};
use tabula_picture::chart::{self, Bar, Distribution, Grid, Mark, Matrix, PairShares};
use tabula_picture::plane::{Place, Plane};
use tabula_picture::{Drawing, Picture};
use tabula_plot::{PlotError, draw, draw_all};

fn distribution(title: &str) -> Distribution {
    Distribution {
        title: title.into(),
        x_label: "throws".into(),
        sampled: vec![(1, 3), (2, 5), (3, 2)],
        exact: Some(vec![0.0, 0.3, 0.5, 0.2]),
        marks: vec![Mark {
            label: "mean 1.9".into(),
            x: 1.9,
        }],
        show_share: 1.0,
    }
}

fn every_kind() -> Vec<Picture> {
    vec![
        distribution("alone").picture("one", (600, 400)),
        chart::panels(
            "panels",
            "two panels",
            vec![distribution("first"), distribution("second")],
            700,
        ),
        chart::bars(
            "bars",
            "two bars",
            "won",
            vec![Bar {
                label: "seat 1".into(),
                value: Some(0.6),
                std_error: Some(0.01),
                exact: Some(0.61),
            }],
        ),
        chart::outcomes(
            "pairs",
            "one pair",
            vec![PairShares {
                a: "a".into(),
                b: "b".into(),
                a_wins: 0.5,
                ties: 0.1,
                b_wins: 0.4,
                a_exact: Some(0.52),
            }],
        ),
        Matrix::from_pairs(vec!["a".into(), "b".into()], [("a", "b", 3, 1, 1)])
            .picture("results", "a against b"),
        Grid {
            x_label: "mine".into(),
            y_label: "theirs".into(),
            value_label: "stops at".into(),
            values: vec![vec![Some(20.0), Some(21.0)], vec![None, Some(25.0)]],
        }
        .picture("grid", "a small policy"),
        TrackBoard {
            size: 12,
            columns: 4,
            jumps: vec![(2, 9), (11, 3)],
            values: (0..=12).map(|s| f64::from(s) / 12.0).collect(),
            value_label: "share".into(),
            most: Some(12),
            least: Some(1),
        }
        .picture("board", "a small board"),
        RingBoard {
            labels: vec!["Go".into(), "Jail".into()],
            values: vec![0.1; 8],
            value_label: "share".into(),
        }
        .picture("ring", "a small ring"),
        Plane {
            places: vec![Place {
                label: "1".into(),
                at: (0.0, 10.0),
                radius: 2.0,
            }],
            ..Plane::default()
        }
        .picture("paths", "a mark", 400),
    ]
}

/// Which kind of drawing `d` is. The match has no catch-all, so a kind
/// added to `Drawing` does not compile here until this test draws it.
fn kind(d: &Drawing) -> usize {
    match d {
        Drawing::Distribution { .. } => 0,
        Drawing::Panels { .. } => 1,
        Drawing::Bars { .. } => 2,
        Drawing::Outcomes { .. } => 3,
        Drawing::Matrix(_) => 4,
        Drawing::TrackBoard(_) => 5,
        Drawing::RingBoard(_) => 6,
        Drawing::Plane { .. } => 7,
        Drawing::Svg(_) => 8,
        Drawing::Grid(_) => 9,
    }
}

#[test]
fn every_kind_is_drawn_under_its_name_with_its_title() {
    let mut pictures = every_kind();
    pictures.push(Picture {
        name: "own".into(),
        title: "a game's own drawing".into(),
        drawing: Drawing::Svg(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>a game's own drawing</title></svg>"
                .into(),
        ),
    });
    let kinds: std::collections::BTreeSet<usize> =
        pictures.iter().map(|p| kind(&p.drawing)).collect();
    assert_eq!(
        kinds,
        (0..=9).collect(),
        "every kind of drawing, once at least"
    );
    let drawn = draw_all(&pictures).expect("drawn");
    assert_eq!(drawn.len(), pictures.len());
    for (p, svg) in pictures.iter().zip(&drawn) {
        assert_eq!((&svg.name, &svg.title), (&p.name, &p.title));
        assert_eq!(svg.file_name(), p.file_name());
        assert!(svg.svg.starts_with("<svg"), "{}", svg.name);
        // The title is drawn (alone, a distribution shows its own).
        let shown = match &p.drawing {
            Drawing::Distribution { distribution, .. } => distribution.title.as_str(),
            _ => p.title.as_str(),
        };
        assert!(svg.svg.contains(shown), "{}: {shown}", svg.name);
    }
}

#[test]
fn a_games_own_svg_is_written_as_it_is() {
    let own = "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>x</title></svg>\n";
    let svg = draw(&Picture {
        name: "position".into(),
        title: "mine".into(),
        drawing: Drawing::Svg(own.into()),
    })
    .expect("drawn");
    assert_eq!(svg.svg, own);
}

#[test]
fn data_that_cannot_be_drawn_is_refused_naming_the_picture() {
    let refused = |p: Picture| match draw(&p) {
        Err(e @ PlotError::Data { .. }) => e.to_string(),
        other => panic!("{}: {other:?}", p.name),
    };
    let board = TrackBoard {
        size: 0,
        columns: 10,
        jumps: Vec::new(),
        values: Vec::new(),
        value_label: String::new(),
        most: None,
        least: None,
    };
    assert_eq!(
        refused(board.picture("board", "none")),
        "cannot draw board: the board has no squares"
    );
    let ring = RingBoard {
        labels: Vec::new(),
        values: vec![0.5],
        value_label: String::new(),
    };
    assert_eq!(
        refused(ring.picture("ring", "one")),
        "cannot draw ring: a ring needs at least two squares"
    );
    assert_eq!(
        refused(chart::bars("seats", "none", "won", Vec::new())),
        "cannot draw seats: no bars"
    );
    assert_eq!(
        refused(chart::outcomes("pairs", "none", Vec::new())),
        "cannot draw pairs: no pairs"
    );
    assert_eq!(
        refused(chart::panels("turns", "none", Vec::new(), 900)),
        "cannot draw turns: nothing to draw"
    );
    assert_eq!(
        refused(Matrix::from_pairs(Vec::new(), []).picture("results", "none")),
        "cannot draw results: no agents"
    );
    assert_eq!(
        refused(Plane::default().picture("paths", "none", 640)),
        "cannot draw paths: no points"
    );
    // One that cannot be drawn stops the lot.
    let mut pictures = every_kind();
    pictures.push(chart::bars("seats", "none", "won", Vec::new()));
    assert!(draw_all(&pictures).is_err());
}

/// A distribution drawn alone is captioned with its picture's title (the
/// HTML page's caption), whatever its own title says.
#[test]
fn a_distribution_is_captioned_with_its_pictures_title() {
    let mut p = distribution("its own").picture("one", (600, 400));
    p.title = "the picture's".into();
    let svg = draw(&p).expect("drawn");
    assert_eq!(svg.title, "the picture's");
    assert!(svg.svg.contains("its own"));
}
