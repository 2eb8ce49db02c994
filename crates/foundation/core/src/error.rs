/// Errors of the core crate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CoreError {
    /// Dice that cannot exist.
    #[error("{0}")]
    Dice(String),
    /// Two plugins of one kind registered under the same name.
    #[error("two {kind} plugins are registered under the name {name:?}")]
    DuplicateName {
        /// The kind of plugin ("game", "rule set", ...).
        kind: &'static str,
        /// The name registered twice.
        name: String,
    },
    /// A name that no plugin of that kind is registered under.
    #[error("unknown {kind} {name:?}; known: {}", known.join(", "))]
    UnknownName {
        /// The kind of plugin.
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// The names that are registered, sorted.
        known: Vec<&'static str>,
    },
}
