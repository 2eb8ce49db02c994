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
    /// Games hit the harness's step cap before their turn budget (cards
    /// that keep sending the token to card squares).
    #[error(
        "simulation: {games} games took more than {steps} chance steps for their turns (do the card files send the token from card square to card square without end?)"
    )]
    Capped {
        /// Games capped.
        games: u64,
        /// The cap.
        steps: u32,
    },
}
