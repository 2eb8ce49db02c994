//! Two Chance-it strategies by name, and their exact chances against each other.
use tabula::chance_it::{Config, strategy, win};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::specification();
    let tapering = strategy::build("tapering", &config)?;
    let optimal = strategy::build("optimal", &config)?;
    // Any two strategies that depend on the turn and the score difference
    // at most: first seat wins, second wins, tie. Exactly.
    let [first, second, tie] = win::exact_outcome(&config, &tapering, &optimal)
        .ok_or("both strategies depend on the score difference at most")?;
    assert!((first + second + tie - 1.0).abs() < 1e-12);
    assert!(second > first);
    println!("tapering first {first:.4}, optimal second {second:.4}, tie {tie:.4}");
    Ok(())
}
