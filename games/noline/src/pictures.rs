//! noline's pictures: a tournament's results matrix.

use tabula_core::text::group;
use tabula_plot::chart::Matrix;
use tabula_plot::{Picture, PlotError};

use crate::tournament::Tournament;

/// The `results` matrix of a noline tournament, agents in the order they
/// were named.
pub fn tournament_pictures(t: &Tournament) -> Result<Vec<Picture>, PlotError> {
    let mut names: Vec<String> = Vec::new();
    for p in &t.pairs {
        for n in [&p.a, &p.b] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    let pairs = t
        .pairs
        .iter()
        .map(|p| (p.a.as_str(), p.b.as_str(), p.a_wins, p.b_wins, p.draws));
    let title = format!(
        "noline {d}x{d}: {} games per pair, seats alternated",
        group(t.games),
        d = t.dim
    );
    Ok(vec![
        Matrix::from_pairs(names, pairs).picture("results", &title)?,
    ])
}
