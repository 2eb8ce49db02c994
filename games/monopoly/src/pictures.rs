//! Monopoly's pictures: the board as a ring of squares, each shaded by
//! its share.

use tabula_plot::{Picture, PlotError};

/// A heat map of the board: squares round a ring from Go, shaded by
/// `values`, labelled with `names`.
pub fn ring(
    name: &str,
    title: &str,
    names: &[String],
    values: &[f64],
    value_label: &str,
) -> Result<Picture, PlotError> {
    tabula_plot::board::RingBoard {
        name,
        title: title.to_string(),
        labels: names,
        values,
        value_label,
    }
    .picture()
}
