//! Seega's pictures: a tournament's results matrix.

use tabula_core::text::group;
use tabula_plot::chart::Matrix;
use tabula_plot::{Picture, PlotError};

use crate::tournament::TournamentReport;

/// The `results` matrix of a Seega tournament, agents by rank.
pub fn tournament_pictures(t: &TournamentReport) -> Result<Vec<Picture>, PlotError> {
    let names = t.agents.iter().map(|a| a.name.clone()).collect();
    let pairs = t
        .pairs
        .iter()
        .map(|p| (p.a.as_str(), p.b.as_str(), p.a_wins, p.b_wins, p.draws));
    let title = format!(
        "Seega {s}x{s}: {} games per pair, ranked by score",
        group(t.games_per_pair),
        s = t.size
    );
    Ok(vec![
        Matrix::from_pairs(names, pairs).picture("results", &title)?,
    ])
}
