//! The classic board's pictures from an exact analysis, written to `pictures/`.
use tabula::plot::{draw_all, write_pictures};
use tabula::snakes::pictures as snakes;
use tabula::snakes::{AnalysisOptions, Board, Setup};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
    let analysis = setup.analyze(&AnalysisOptions::default())?;
    // What to draw, as data (the game's crate draws nothing) ...
    let pictures = snakes::analysis_pictures(&analysis, &setup.board);
    // ... drawn as SVG by the front ends' drawing crate, and written.
    write_pictures(&draw_all(&pictures)?, std::path::Path::new("pictures"))?;
    Ok(())
}
