/// What can go wrong setting up or analysing the game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MonopolyError {
    /// A board or card file that cannot be used.
    #[error(transparent)]
    Spec(#[from] tabula_core::spec::SpecError),
    /// A board of one's own without card files, which the standard decks
    /// do not fit.
    #[error(
        "{board}: the default (US) card decks do not fit this board: {error}; give decks of your own with --cards FILE"
    )]
    DefaultCards {
        /// The board file.
        board: String,
        /// Why the decks do not fit.
        error: tabula_core::spec::SpecError,
    },
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
