//! The classic board's pictures from an exact analysis, written to `pictures/`.
use tabula::plot::write_pictures;
use tabula::snakes::pictures as snakes;
use tabula::snakes::{AnalysisOptions, Board, Setup};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
    let analysis = setup.analyze(&AnalysisOptions::default())?;
    let pictures = snakes::analysis_pictures(&analysis, &setup.board)?;
    write_pictures(&pictures, std::path::Path::new("pictures"))?;
    Ok(())
}
