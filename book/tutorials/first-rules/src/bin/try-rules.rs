//! A rule set tried directly, as a value, without the command line.
use my_rules::NoOnes;
use tabula::sim::{LengthOf, Lengths, Simulation};
use tabula::snakes::{Board, Snakes};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::classic();
    let game = Snakes::new(&board, &NoOnes, 1);
    // Snakes throws its own dice (it implements `Sampling`), as `simulate` does.
    let run = Simulation::new(20_000)
        .with_seed(1)
        .run_sampled(&game, Lengths::new(LengthOf::ChanceSteps))?;
    let lengths = &run.collector;
    // Losing a sixth of the throws makes games longer than the 35.83 of overshoot.
    assert!(lengths.mean() > 36.0);
    println!("mean {:.2} +/- {:.2}", lengths.mean(), lengths.std_error());
    Ok(())
}
