//! Round-robin results of the board games (noline, Seega) as a matrix.

use crate::chart::Matrix;
use crate::style::group;
use crate::{Picture, PlotError};

/// The `results` matrix of a noline tournament, agents in the order they
/// were named.
pub fn noline_pictures(
    t: &tabula_noline::tournament::Tournament,
) -> Result<Vec<Picture>, PlotError> {
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
    results(
        names,
        pairs,
        &format!(
            "noline {d}x{d}: {} games per pair, seats alternated",
            group(t.games),
            d = t.dim
        ),
    )
}

/// The `results` matrix of a Seega tournament, agents by rank.
pub fn seega_pictures(t: &tabula_seega::tournament::Tournament) -> Result<Vec<Picture>, PlotError> {
    let names = t.agents.iter().map(|a| a.name.clone()).collect();
    let pairs = t
        .pairs
        .iter()
        .map(|p| (p.a.as_str(), p.b.as_str(), p.a_wins, p.b_wins, p.draws));
    results(
        names,
        pairs,
        &format!(
            "Seega {s}x{s}: {} games per pair, ranked by score",
            group(t.games_per_pair),
            s = t.size
        ),
    )
}

fn results<'a>(
    names: Vec<String>,
    pairs: impl IntoIterator<Item = (&'a str, &'a str, u64, u64, u64)>,
    title: &str,
) -> Result<Vec<Picture>, PlotError> {
    Ok(vec![
        Matrix::from_pairs(names, pairs).picture("results", title)?,
    ])
}
