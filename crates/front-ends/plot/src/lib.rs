//! The front ends' drawing: a [`Picture`] (what a report wants drawn, as
//! data: `tabula-picture`) turned into SVG with [plotters], the SVG files
//! written, and a self-contained HTML page that puts the numbers and the
//! pictures together.
//!
//! ```
//! use tabula_picture::chart::Matrix;
//!
//! // Two agents' record against each other: (a, b, a's wins, b's wins, draws).
//! let m = Matrix::from_pairs(vec!["cautious".into(), "random".into()], [("cautious", "random", 70, 20, 10)]);
//! let svg = tabula_plot::draw(&m.picture("results", "cautious against random"))?;
//! assert_eq!(svg.file_name(), "results.svg");
//! assert!(svg.svg.starts_with("<svg"));
//! # Ok::<_, tabula_plot::PlotError>(())
//! ```
//!
//! This crate knows no game: [`board`] draws any race track (squares,
//! ladders and chutes, shades) and ring, [`chart`] distributions, bars,
//! outcome strips and result matrices, [`plane`] paths on a map; a
//! game's own SVG ([`Drawing::Svg`]) is written as it is. [`html`] makes
//! the report page, [`write_pictures`] the SVG files. Data that cannot be
//! drawn (a board of no squares, no pairs) is refused here, with
//! [`PlotError::Data`].

#![deny(missing_docs)]

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use tabula_picture::{Drawing, Picture};

pub mod board;
pub mod chart;
pub mod html;
pub mod plane;

mod style;

/// One picture drawn: an SVG document and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Svg {
    /// The file stem, e.g. `board` for `board.svg`.
    pub name: String,
    /// A one-line caption.
    pub title: String,
    /// The SVG document.
    pub svg: String,
}

impl Svg {
    /// The file name it is written under: `NAME.svg`.
    pub fn file_name(&self) -> String {
        format!("{}.svg", self.name)
    }
}

/// What can go wrong drawing or writing pictures.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// The drawing library refused a picture.
    #[error("drawing {picture}: {message}")]
    Draw {
        /// Which picture.
        picture: String,
        /// What went wrong.
        message: String,
    },
    /// A file or directory could not be written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The data cannot be drawn (e.g. no squares, no pairs).
    #[error("cannot draw {picture}: {message}")]
    Data {
        /// Which picture.
        picture: String,
        /// Why not.
        message: String,
    },
}

/// The root drawing area of a picture.
pub(crate) type Canvas<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// What drawing on a [`Canvas`] returns.
pub(crate) type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// A picture of `size` pixels on a white canvas, drawn by `draw`.
pub(crate) fn draw_svg(
    name: &str,
    title: &str,
    size: (u32, u32),
    draw: impl FnOnce(&Canvas<'_>) -> Drawn,
) -> Result<Svg, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let e = style::draw_error(name);
        root.fill(&WHITE).map_err(&e)?;
        draw(&root).map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(Svg {
        name: name.into(),
        title: title.into(),
        svg: html::xml_clean(svg),
    })
}

/// Draws `picture` as SVG: its [`Drawing`] with plotters, or a game's own
/// SVG as it is. Data that cannot be drawn is a [`PlotError::Data`]
/// naming the picture.
pub fn draw(picture: &Picture) -> Result<Svg, PlotError> {
    let (name, title) = (picture.name.as_str(), picture.title.as_str());
    match &picture.drawing {
        Drawing::Distribution { distribution, size } => {
            chart::distribution(name, title, distribution, *size)
        }
        Drawing::Panels { panels, width } => chart::panels(name, title, panels, *width),
        Drawing::Bars { y_label, bars } => chart::bars(name, title, y_label, bars),
        Drawing::Outcomes { rows } => chart::outcomes(name, title, rows),
        Drawing::Matrix(m) => chart::matrix(name, title, m),
        Drawing::Grid(g) => chart::grid(name, title, g),
        Drawing::TrackBoard(b) => board::track(name, title, b),
        Drawing::RingBoard(b) => board::ring(name, title, b),
        Drawing::Plane { plane, size } => plane::plane(name, title, plane, *size),
        Drawing::Svg(svg) => Ok(Svg {
            name: name.into(),
            title: title.into(),
            svg: svg.clone(),
        }),
    }
}

/// Draws every picture, in order (see [`draw`]).
pub fn draw_all(pictures: &[Picture]) -> Result<Vec<Svg>, PlotError> {
    pictures.iter().map(draw).collect()
}

/// Writes each picture to `dir/NAME.svg`, creating `dir` if needed, and
/// returns the paths written.
pub fn write_pictures(pictures: &[Svg], dir: &Path) -> Result<Vec<PathBuf>, PlotError> {
    prepare_dir(dir)?;
    let mut written = Vec::new();
    for p in pictures {
        let path = dir.join(p.file_name());
        tabula_core::files::write(&path, &p.svg).map_err(|source| PlotError::Io {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Creates `dir` (and its parents) if it does not exist, and fails if it
/// is not a directory: call it before a long run so a bad `--plot DIR`
/// is reported before the work, not after.
pub fn prepare_dir(dir: &Path) -> Result<(), PlotError> {
    tabula_core::files::create_dir_all(dir).map_err(|source| PlotError::Io {
        path: dir.to_path_buf(),
        source,
    })
}
