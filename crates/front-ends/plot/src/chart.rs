//! Charts on plotters: a distribution with its exact values overlaid,
//! bars with error bars, stacked outcome bars, and a results matrix,
//! drawn from `tabula_picture::chart`'s data.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use crate::style::{
    self, EMPTY, EXACT, HPos, INK, MARKS, SAMPLED, VPos, diverging, heat, percent, text, text_on,
};
use tabula_picture::chart::{Bar, Distribution, Grid, Matrix, PairShares};

use crate::{PlotError, Svg};

/// Draws `d` alone, its own title above it, captioned `title`.
pub(crate) fn distribution(
    name: &str,
    title: &str,
    d: &Distribution,
    size: (u32, u32),
) -> Result<Svg, PlotError> {
    crate::draw_svg(name, title, size, |root| draw_distribution(d, root))
}

/// What a distribution's drawing works out from its data.
trait Shape {
    fn y_top(&self, shares: &[(u32, f64)]) -> f64;
    fn shares(&self) -> Vec<(u32, f64)>;
    fn x_end(&self, shares: &[(u32, f64)]) -> (u32, bool);
}

impl Shape for Distribution {
    /// The top of the y-axis: a little above the highest bar or exact
    /// value (room for the marks' labels), not far above it.
    fn y_top(&self, shares: &[(u32, f64)]) -> f64 {
        shares
            .iter()
            .map(|&(_, p)| p)
            .chain(self.exact.iter().flatten().copied())
            .filter(|p| p.is_finite())
            .fold(0.0_f64, f64::max)
            .max(1e-9)
            * 1.15
    }

    /// The sampled probabilities, `(value, share)`.
    fn shares(&self) -> Vec<(u32, f64)> {
        let total: u64 = self.sampled.iter().map(|&(_, c)| c).sum();
        if total == 0 {
            return Vec::new();
        }
        self.sampled
            .iter()
            .map(|&(x, c)| (x, c as f64 / total as f64))
            .collect()
    }

    /// The last value shown and whether the tail was cut.
    fn x_end(&self, shares: &[(u32, f64)]) -> (u32, bool) {
        let share = if self.show_share > 0.0 {
            self.show_share
        } else {
            1.0
        };
        let last_of = |it: &mut dyn Iterator<Item = (u32, f64)>| -> (u32, u32) {
            let (mut acc, mut cut, mut last) = (0.0, None, 0);
            for (x, p) in it {
                acc += p;
                last = x;
                if cut.is_none() && acc >= share {
                    cut = Some(x);
                }
            }
            (cut.unwrap_or(last), last)
        };
        let (mut end, mut last) = last_of(&mut shares.iter().copied());
        if let Some(pmf) = &self.exact {
            let (e, l) = last_of(&mut pmf.iter().enumerate().map(|(x, &p)| (x as u32, p)));
            end = end.max(e);
            last = last.max(l);
        }
        for m in &self.marks {
            if m.x.is_finite() && m.x >= 0.0 {
                end = end.max(m.x.ceil() as u32);
            }
        }
        (end, end < last)
    }
}

/// Draws `d` on `area`.
fn draw_distribution<DB: DrawingBackend>(
    this: &Distribution,
    area: &DrawingArea<DB, Shift>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let shares = this.shares();
    let (end, cut) = this.x_end(&shares);
    let start = shares
        .first()
        .map(|&(x, _)| x)
        .into_iter()
        .chain(
            this.exact
                .iter()
                .filter_map(|p| p.iter().position(|&v| v > 0.0).map(|x| x as u32)),
        )
        .min()
        .unwrap_or(0);
    let y_max = this.y_top(&shares);
    let x_range = (f64::from(start) - 0.7)..(f64::from(end) + 0.7);
    let caption = if cut {
        format!("{} (cut at {end})", this.x_label)
    } else {
        this.x_label.clone()
    };
    let mut chart = ChartBuilder::on(area)
        .caption(&this.title, (style::FONT, 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x_range, 0.0..y_max)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(caption)
        .y_desc("probability")
        .y_label_formatter(&|y| percent(*y))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style((style::FONT, 12))
        .draw()?;
    let in_range = |x: u32| x >= start && x <= end;
    let bar = |x: u32, p: f64| {
        Rectangle::new(
            [(f64::from(x) - 0.4, 0.0), (f64::from(x) + 0.4, p)],
            SAMPLED.mix(0.65).filled(),
        )
    };
    if !shares.is_empty() {
        let n: u64 = this.sampled.iter().map(|&(_, c)| c).sum();
        chart
            .draw_series(
                shares
                    .iter()
                    .filter(|&&(x, _)| in_range(x))
                    .map(|&(x, p)| bar(x, p)),
            )?
            .label(format!("sampled ({} in all)", style::group(n)))
            .legend(|(x, y)| {
                Rectangle::new([(x, y - 5), (x + 12, y + 5)], SAMPLED.mix(0.65).filled())
            });
    }
    if let Some(pmf) = &this.exact {
        // Only values that can happen: no bar, dot or line at a value
        // of probability 0 (a turn score of 1 with two dice).
        let points = pmf
            .iter()
            .enumerate()
            .map(|(x, &p)| (x as u32, p))
            .filter(|&(x, p)| in_range(x) && p > 0.0);
        if shares.is_empty() {
            chart
                .draw_series(points.map(|(x, p)| {
                    Rectangle::new(
                        [(f64::from(x) - 0.4, 0.0), (f64::from(x) + 0.4, p)],
                        EXACT.mix(0.7).filled(),
                    )
                }))?
                .label("exact")
                .legend(|(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], EXACT.mix(0.7).filled())
                });
        } else {
            // Over the sampled bars: a dash across each value's bar at
            // its exact height, and a dot in its middle. No line joins
            // them: the values between are not possible outcomes.
            let points: Vec<(f64, f64)> = points.map(|(x, p)| (f64::from(x), p)).collect();
            chart
                .draw_series(points.iter().map(|&(x, p)| {
                    PathElement::new(vec![(x - 0.4, p), (x + 0.4, p)], EXACT.stroke_width(2))
                }))?
                .label("exact")
                .legend(|(x, y)| {
                    EmptyElement::at((x + 7, y))
                        + PathElement::new(vec![(-7, 0), (7, 0)], EXACT.stroke_width(2))
                        + Circle::new((0, 0), 3, EXACT.filled())
                });
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, EXACT.filled())))?;
        }
    }
    for (i, m) in this.marks.iter().enumerate() {
        if !m.x.is_finite() {
            continue;
        }
        let colour = MARKS[i % MARKS.len()];
        let top = y_max * (0.97 - 0.07 * i as f64);
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(m.x, 0.0), (m.x, top)],
            colour.stroke_width(2),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            m.label.clone(),
            (m.x, top),
            text(13.0, colour, HPos::Left, VPos::Center),
        )))?;
    }
    legend(&mut chart)
}

/// The series' key in the upper right corner of a chart.
fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(INK)
        .label_font((style::FONT, 13))
        .draw()
}

/// Several distributions stacked one above the other, sharing nothing
/// but the picture: one panel per strategy, say.
pub(crate) fn panels(
    name: &str,
    title: &str,
    panels: &[Distribution],
    width: u32,
) -> Result<Svg, PlotError> {
    if panels.is_empty() {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "nothing to draw".into(),
        });
    }
    let per = 260;
    let height = 50 + per * panels.len() as u32;
    crate::draw_svg(name, title, (width, height), |root| {
        let root = root.titled(title, (style::FONT, 20))?;
        for (area, d) in root.split_evenly((panels.len(), 1)).iter().zip(panels) {
            draw_distribution(d, area)?;
        }
        Ok(())
    })
}

/// Draws bars of probabilities, e.g. each seat's chance of winning.
pub(crate) fn bars(name: &str, title: &str, y_label: &str, bars: &[Bar]) -> Result<Svg, PlotError> {
    if bars.is_empty() {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "no bars".into(),
        });
    }
    let n = bars.len() as i32;
    let top = bars
        .iter()
        .flat_map(|b| {
            [
                b.value.map(|v| v + 2.0 * b.std_error.unwrap_or(0.0)),
                b.exact,
            ]
        })
        .flatten()
        .filter(|v| v.is_finite())
        .fold(0.0_f64, f64::max)
        .max(1e-9)
        * 1.5;
    let width = (160 + 90 * n).clamp(480, 1400) as u32;
    crate::draw_svg(name, title, (width, 420), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (style::FONT, 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d((0..n - 1).into_segmented(), 0.0..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc(y_label)
            .y_label_formatter(&|y| percent(*y))
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => usize::try_from(*i)
                    .ok()
                    .and_then(|i| bars.get(i))
                    .map_or_else(String::new, |b| b.label.clone()),
                _ => String::new(),
            })
            .label_style((style::FONT, 13))
            .draw()?;
        if bars.iter().any(|b| b.value.is_some()) {
            chart
                .draw_series(
                    Histogram::vertical(&chart)
                        .style(SAMPLED.mix(0.7).filled())
                        .margin(18)
                        .data(
                            bars.iter()
                                .enumerate()
                                .filter_map(|(i, b)| Some((i as i32, b.value?))),
                        ),
                )?
                .label("sampled, with two standard errors")
                .legend(|(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], SAMPLED.mix(0.7).filled())
                });
        }
        chart.draw_series(bars.iter().enumerate().filter_map(|(i, b)| {
            let (v, se) = (b.value?, b.std_error?);
            Some(ErrorBar::new_vertical(
                SegmentValue::CenterOf(i as i32),
                (v - 2.0 * se).max(0.0),
                v,
                v + 2.0 * se,
                INK.stroke_width(2),
                12,
            ))
        }))?;
        if bars.iter().any(|b| b.exact.is_some()) {
            chart
                .draw_series(bars.iter().enumerate().filter_map(|(i, b)| {
                    Some(Circle::new(
                        (SegmentValue::CenterOf(i as i32), b.exact?),
                        6,
                        EXACT.filled(),
                    ))
                }))?
                .label("exact")
                .legend(|(x, y)| Circle::new((x + 6, y), 5, EXACT.filled()));
        }
        chart.draw_series(bars.iter().enumerate().filter_map(|(i, b)| {
            let v = b.value.or(b.exact)?;
            Some(Text::new(
                percent(v),
                (SegmentValue::CenterOf(i as i32), v + top * 0.06),
                text(13.0, INK, HPos::Center, VPos::Bottom),
            ))
        }))?;
        legend(&mut chart)
    })
}

/// Draws each pair's games as one bar split into `a` won, tied, `b` won.
pub(crate) fn outcomes(name: &str, title: &str, rows: &[PairShares]) -> Result<Svg, PlotError> {
    if rows.is_empty() {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "no pairs".into(),
        });
    }
    // The first pair on top: segment 0 is at the bottom.
    let rows: Vec<&PairShares> = rows.iter().rev().collect();
    let n = rows.len() as i32;
    let labels: Vec<String> = rows.iter().map(|r| format!("{} vs {}", r.a, r.b)).collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(8) as u32 * 7 + 20;
    let height = 130 + 44 * n as u32;
    crate::draw_svg(name, title, (760 + label_width, height), |root| {
        let (plot, key) = root.split_vertically(height - 40);
        let mut chart = ChartBuilder::on(&plot)
            .caption(title, (style::FONT, 18))
            .margin(12)
            .margin_right(30)
            .x_label_area_size(36)
            .y_label_area_size(label_width)
            .build_cartesian_2d(0.0..1.0, (0..n - 1).into_segmented())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc("share of the pair's games")
            .x_label_formatter(&|x| percent(*x))
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => usize::try_from(*i)
                    .ok()
                    .and_then(|i| labels.get(i))
                    .cloned()
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .label_style((style::FONT, 13))
            .draw()?;
        let colours = [
            RGBColor(5, 113, 176),
            RGBColor(190, 190, 190),
            RGBColor(202, 0, 32),
        ];
        let names = ["first named won", "tied", "second named won"];
        for (k, colour) in colours.into_iter().enumerate() {
            let span = |r: &&PairShares| {
                let parts = [r.a_wins, r.ties, r.b_wins];
                let from: f64 = parts[..k].iter().sum();
                (from, from + parts[k])
            };
            chart.draw_series(
                Histogram::horizontal(&chart)
                    .style(colour.filled())
                    .margin(6)
                    .baseline_func(|y| {
                        let (SegmentValue::Exact(i) | SegmentValue::CenterOf(i)) = *y else {
                            return 0.0;
                        };
                        usize::try_from(i)
                            .ok()
                            .and_then(|i| rows.get(i))
                            .map_or(0.0, |r| span(r).0)
                    })
                    .data(rows.iter().enumerate().map(|(i, r)| (i as i32, span(r).1))),
            )?;
            chart.draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let (from, to) = span(r);
                (to - from >= 0.06).then(|| {
                    Text::new(
                        percent(to - from),
                        ((from + to) / 2.0, SegmentValue::CenterOf(i as i32)),
                        text(12.0, text_on(colour), HPos::Center, VPos::Center),
                    )
                })
            }))?;
        }
        if rows.iter().any(|r| r.a_exact.is_some()) {
            chart.draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let x = r.a_exact?;
                Some(PathElement::new(
                    vec![
                        (x, SegmentValue::Exact(i as i32)),
                        (x, SegmentValue::Exact(i as i32 + 1)),
                    ],
                    INK.stroke_width(3),
                ))
            }))?;
        }
        // The key, in its own strip under the chart.
        let mut x = 16;
        let y = key.dim_in_pixel().1 as i32 / 2;
        for (colour, label) in colours.into_iter().zip(names) {
            key.draw(&Rectangle::new(
                [(x, y - 6), (x + 12, y + 6)],
                colour.filled(),
            ))?;
            key.draw(&Text::new(
                label,
                (x + 18, y),
                text(12.0, INK, HPos::Left, VPos::Center),
            ))?;
            x += 40 + 7 * label.len() as i32;
        }
        if rows.iter().any(|r| r.a_exact.is_some()) {
            key.draw(&PathElement::new(
                vec![(x + 5, y - 8), (x + 5, y + 8)],
                INK.stroke_width(3),
            ))?;
            key.draw(&Text::new(
                "first named's exact chance of winning",
                (x + 14, y),
                text(12.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
        Ok(())
    })
}

/// Draws the matrix as a heat map: each cell coloured by the row's
/// score share against the column (red lost, white even, blue won) and
/// labelled with it and the wins-draws-losses.
pub(crate) fn matrix(name: &str, title: &str, this: &Matrix) -> Result<Svg, PlotError> {
    let n = this.names.len();
    if n == 0 {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "no agents".into(),
        });
    }
    let label = this
        .names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4) as i32
        * 7
        + 16;
    let cell = 92;
    let (left, top) = (16 + label, 70 + 24);
    let side = cell * n as i32;
    let width = (left + side + 150).max(520) as u32;
    let height = (top + side + 70) as u32;
    crate::draw_svg(name, title, (width, height), |root| {
        root.draw(&Text::new(
            title.to_string(),
            (16, 12),
            text(20.0, INK, HPos::Left, VPos::Top),
        ))?;
        root.draw(&Text::new(
            "row's score against column: (wins + draws/2) / games; under it, wins-draws-losses",
            (16, 40),
            text(12.0, INK, HPos::Left, VPos::Top),
        ))?;
        for (i, row) in this.cells.iter().enumerate() {
            let y0 = top + cell * i as i32;
            root.draw(&Text::new(
                this.names[i].clone(),
                (left - 8, y0 + cell / 2),
                text(13.0, INK, HPos::Right, VPos::Center),
            ))?;
            for (j, rec) in row.iter().enumerate() {
                let x0 = left + cell * j as i32;
                let fill = rec.map_or(EMPTY, |r| diverging(r.score()));
                root.draw(&Rectangle::new(
                    [(x0 + 1, y0 + 1), (x0 + cell - 1, y0 + cell - 1)],
                    fill.filled(),
                ))?;
                let (first, second) = match rec {
                    Some(r) => (
                        percent(r.score()),
                        format!("{}-{}-{}", r.wins, r.draws, r.losses),
                    ),
                    None => ("-".into(), String::new()),
                };
                root.draw(&Text::new(
                    first,
                    (x0 + cell / 2, y0 + cell / 2 - 8),
                    text(15.0, text_on(fill), HPos::Center, VPos::Center),
                ))?;
                root.draw(&Text::new(
                    second,
                    (x0 + cell / 2, y0 + cell / 2 + 12),
                    text(11.0, text_on(fill), HPos::Center, VPos::Center),
                ))?;
            }
        }
        for (j, n) in this.names.iter().enumerate() {
            root.draw(&Text::new(
                n.clone(),
                (left + cell * j as i32 + cell / 2, top - 6),
                text(13.0, INK, HPos::Center, VPos::Bottom),
            ))?;
        }
        // The colour bar.
        let x0 = left + side + 30;
        let steps = 40;
        for k in 0..steps {
            let y1 = top + side - side * k / steps;
            let y0 = top + side - side * (k + 1) / steps;
            let t = (f64::from(k) + 0.5) / f64::from(steps);
            root.draw(&Rectangle::new(
                [(x0, y0), (x0 + 18, y1)],
                diverging(t).filled(),
            ))?;
        }
        for k in 0..=4 {
            let y = top + side - side * k / 4;
            root.draw(&Text::new(
                percent(f64::from(k) / 4.0),
                (x0 + 24, y),
                text(11.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
        Ok(())
    })
}

/// Draws the grid as a heat map: each cell coloured by its value on a
/// sequential scale from the least value (pale) to the greatest (dark),
/// blank where there is none, with the axes' whole numbers every tenth
/// and a colour bar.
pub(crate) fn grid(name: &str, title: &str, this: &Grid) -> Result<Svg, PlotError> {
    let known = this.values.iter().flatten().flatten().copied();
    let (least, most) = known.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let rows = this.values.len();
    let columns = this.values.iter().map(Vec::len).max().unwrap_or(0);
    if !least.is_finite() || rows == 0 || columns == 0 {
        return Err(PlotError::Data {
            picture: name.into(),
            message: "no values".into(),
        });
    }
    let span = (most - least).max(f64::MIN_POSITIVE);
    let cell = (600 / columns.max(rows) as i32).clamp(2, 40);
    let (left, top) = (70, 70);
    let (w, h) = (cell * columns as i32, cell * rows as i32);
    let width = (left + w + 140).max(520) as u32;
    let height = (top + h + 60) as u32;
    let step = |n: usize| ((n as f64 / 10.0).ceil() as usize).max(1);
    crate::draw_svg(name, title, (width, height), |root| {
        root.draw(&Text::new(
            title.to_string(),
            (16, 12),
            text(20.0, INK, HPos::Left, VPos::Top),
        ))?;
        root.draw(&Text::new(
            format!("colour: {}", this.value_label),
            (16, 40),
            text(12.0, INK, HPos::Left, VPos::Top),
        ))?;
        for (y, row) in this.values.iter().enumerate() {
            let y1 = top + h - cell * y as i32;
            for (x, v) in row.iter().enumerate() {
                let x0 = left + cell * x as i32;
                let fill = v.map_or(EMPTY, |v| heat((v - least) / span));
                root.draw(&Rectangle::new(
                    [(x0, y1 - cell), (x0 + cell, y1)],
                    fill.filled(),
                ))?;
            }
        }
        for x in (0..columns).step_by(step(columns)) {
            root.draw(&Text::new(
                x.to_string(),
                (left + cell * x as i32 + cell / 2, top + h + 4),
                text(11.0, INK, HPos::Center, VPos::Top),
            ))?;
        }
        for y in (0..rows).step_by(step(rows)) {
            root.draw(&Text::new(
                y.to_string(),
                (left - 6, top + h - cell * y as i32 - cell / 2),
                text(11.0, INK, HPos::Right, VPos::Center),
            ))?;
        }
        root.draw(&Text::new(
            this.x_label.clone(),
            (left + w / 2, top + h + 24),
            text(13.0, INK, HPos::Center, VPos::Top),
        ))?;
        root.draw(&Text::new(
            this.y_label.clone(),
            (left, top - 8),
            text(13.0, INK, HPos::Left, VPos::Bottom),
        ))?;
        // The colour bar, least at the bottom.
        let x0 = left + w + 30;
        let steps = 40;
        for k in 0..steps {
            let y1 = top + h - h * k / steps;
            let y0 = top + h - h * (k + 1) / steps;
            let t = (f64::from(k) + 0.5) / f64::from(steps);
            root.draw(&Rectangle::new([(x0, y0), (x0 + 18, y1)], heat(t).filled()))?;
        }
        for k in 0..=4 {
            let y = top + h - h * k / 4;
            let v = least + span * f64::from(k) / 4.0;
            root.draw(&Text::new(
                format!("{v:.0}"),
                (x0 + 24, y),
                text(11.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod y_axis_tests {
    use super::{Distribution, Shape};

    /// Until-ten busts half the time: its tallest bar is 50%, and the axis
    /// ends not far above it (it ran to 70%).
    #[test]
    fn the_axis_ends_a_little_above_the_tallest_bar() {
        let d = Distribution {
            title: "until-ten".into(),
            x_label: "turn score".into(),
            sampled: vec![(0, 50), (10, 20), (11, 18), (12, 12)],
            exact: None,
            marks: Vec::new(),
            show_share: 1.0,
        };
        let top = d.y_top(&d.shares());
        assert!((0.5..=0.6).contains(&top), "{top}");
    }
}
