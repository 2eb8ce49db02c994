//! A rule set of your own, tried without registering it.
use tabula::sim::{LengthOf, Lengths, Simulation};
use tabula::snakes::{Board, Rules, Snakes, Step, Turn};

/// Overshoot, but a 1 lets you throw... nothing: a 1 is forfeited.
struct NoOnes;

impl Rules for NoOnes {
    type Extra = ();
    fn step(&self, turn: &Turn<'_>, _: &mut (), roll: u16) -> Step {
        if roll == 1 {
            Step::Forfeit
        } else {
            Step::Advance(u32::from(turn.square) + u32::from(roll))
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::classic();
    let game = Snakes::new(&board, &NoOnes, 1);
    let run = Simulation::new(20_000)
        .seed(1)
        .run(&game, Lengths::new(LengthOf::ChanceSteps))?;
    let lengths = &run.collector;
    // Losing a sixth of the throws makes games longer than the 35.83 of overshoot.
    assert!(lengths.mean() > 36.0);
    println!("mean {:.2} +/- {:.2}", lengths.mean(), lengths.std_error());
    Ok(())
}
