//! Monopoly's pictures: the board as a ring of squares, each shaded by
//! its share.

use tabula_registry::picture::Picture;
use tabula_registry::picture::board::RingBoard;

/// A heat map of the board: squares round a ring from Go, shaded by
/// `values`, labelled with `names`.
pub fn ring(
    name: &str,
    title: &str,
    names: &[String],
    values: Vec<f64>,
    value_label: &str,
) -> Picture {
    RingBoard {
        labels: names.to_vec(),
        values,
        value_label: value_label.into(),
    }
    .picture(name, title)
}
