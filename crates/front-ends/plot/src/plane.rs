//! Paths in the plane at one scale on both axes: boats around marks,
//! tokens over a map. Each `Track` is a polyline with optional markers
//! along it (where a boat tacked); `Place`s are labelled points with a
//! circle of a given radius (a mark and the distance within which it
//! counts as passed); an `Arrow` shows a direction (the wind).
//!
//! Drawn from `tabula_picture::plane`'s data.

use plotters::prelude::*;

use crate::style::{self, HPos, INK, VPos, text};
use tabula_picture::plane::Plane;

use crate::{PlotError, Svg};

/// The colours of the tracks, in order.
const TRACKS: [RGBColor; 4] = [
    RGBColor(70, 130, 180),
    RGBColor(230, 120, 0),
    RGBColor(0, 128, 0),
    RGBColor(128, 0, 128),
];

/// The square containing every point and place, with a margin.
fn bounds(this: &Plane) -> Option<((f64, f64), (f64, f64))> {
    let points = this
        .tracks
        .iter()
        .flat_map(|t| t.points.iter().copied())
        .chain(this.places.iter().map(|p| p.at))
        .filter(|(x, y)| x.is_finite() && y.is_finite());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let mut any = false;
    for (x, y) in points {
        any = true;
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if !any {
        return None;
    }
    let side = (x1 - x0).max(y1 - y0).max(1.0) * 1.3;
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    Some((
        (cx - side / 2.0, cx + side / 2.0),
        (cy - side / 2.0, cy + side / 2.0),
    ))
}

/// Draws `this` as a square picture `size` pixels wide (plus the
/// caption), x to the right and y up, one scale for both.
pub(crate) fn plane(name: &str, title: &str, this: &Plane, size: u32) -> Result<Svg, PlotError> {
    let Some(((x0, x1), (y0, y1))) = bounds(this) else {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "no points".into(),
        });
    };
    let size = size.clamp(200, 4000);
    crate::draw_svg(name, title, (size, size + 30), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (style::FONT, 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, y0..y1)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| format!("{v:.0}"))
            .label_style((style::FONT, 12))
            .draw()?;
        for place in &this.places {
            if place.radius > 0.0 {
                // A circle in plane units: a polygon, so it scales
                // with the axes.
                let ring = (0..=48).map(|i| {
                    let a = f64::from(i) * std::f64::consts::TAU / 48.0;
                    (
                        place.at.0 + place.radius * a.cos(),
                        place.at.1 + place.radius * a.sin(),
                    )
                });
                chart.draw_series(std::iter::once(PathElement::new(
                    ring.collect::<Vec<_>>(),
                    INK.stroke_width(1),
                )))?;
            }
        }
        for (i, track) in this.tracks.iter().enumerate() {
            let color = TRACKS[i % TRACKS.len()];
            chart
                .draw_series(LineSeries::new(
                    track.points.iter().copied(),
                    color.stroke_width(2),
                ))?
                .label(track.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
                });
            chart.draw_series(
                track
                    .markers
                    .iter()
                    .map(|&p| Cross::new(p, 4, color.stroke_width(2))),
            )?;
        }
        chart.draw_series(this.places.iter().map(|p| {
            EmptyElement::at(p.at)
                + Circle::new((0, 0), 4, INK.filled())
                + Text::new(
                    p.label.clone(),
                    (8, -8),
                    text(15.0, INK, HPos::Left, VPos::Bottom),
                )
        }))?;
        if !this.markers_label.is_empty() && this.tracks.iter().any(|t| !t.markers.is_empty()) {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label(format!("× {}", this.markers_label))
                .legend(|(x, y)| Cross::new((x + 8, y), 4, INK.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.85))
            .border_style(INK)
            .label_font((style::FONT, 13))
            .draw()?;
        if let Some(arrow) = &this.arrow
            && arrow.bearing.is_finite()
        {
            // In pixels, in the top left corner: 30 pixels long.
            let (cx, cy) = (140_i32, 90_i32);
            let (dx, dy) = (arrow.bearing.sin() * 30.0, -arrow.bearing.cos() * 30.0);
            let tail = (cx - dx as i32, cy - dy as i32);
            let head = (cx + dx as i32, cy + dy as i32);
            let side = |turn: f64| {
                let b = arrow.bearing + std::f64::consts::PI + turn;
                (
                    head.0 + (b.sin() * 10.0) as i32,
                    head.1 - (b.cos() * 10.0) as i32,
                )
            };
            root.draw(&PathElement::new(vec![tail, head], INK.stroke_width(3)))?;
            root.draw(&Polygon::new(
                vec![head, side(0.4), side(-0.4)],
                INK.filled(),
            ))?;
            root.draw(&Text::new(
                arrow.label.clone(),
                (cx, cy + 40),
                text(13.0, INK, HPos::Center, VPos::Top),
            ))?;
        }
        Ok(())
    })
}
