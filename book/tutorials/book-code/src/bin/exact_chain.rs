//! The classic board's chain under exact finish, built and solved.
use tabula::exact::{Chain, ExactError, Limits};
use tabula::snakes::analysis::marks;
use tabula::snakes::{Board, ExactFinish, Snakes};

fn main() -> Result<(), ExactError> {
    let board = Board::classic();
    let game = Snakes::new(&board, &ExactFinish, 1);
    let limits = Limits::default();
    let chain = Chain::build(&game, &limits, marks)?;
    assert_eq!(chain.len(), 82);
    let solution = chain.solve(&limits)?;
    assert!((solution.mean - 39.2251).abs() < 1e-4);
    println!("{} states, mean {:.4} throws", chain.len(), solution.mean);
    Ok(())
}
