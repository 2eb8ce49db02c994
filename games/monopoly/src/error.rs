/// What can go wrong setting up or analysing the game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MonopolyError {
    /// A board or card file that cannot be used.
    #[error(transparent)]
    Spec(#[from] tabula_core::spec::SpecError),
    /// An unknown jail rule (the message lists the known ones).
    #[error(transparent)]
    Core(#[from] tabula_core::CoreError),
    /// The exact solve failed.
    #[error("exact analysis: {0}")]
    Exact(#[from] tabula_exact::ExactError),
    /// The simulation failed.
    #[error("simulation: {0}")]
    Sim(#[from] tabula_sim::SimError),
}
