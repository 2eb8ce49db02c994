//! [`GameEntry`]: what a game registers.

use tabula_core::CoreError;
use tabula_core::registry::{self, Named, PluginInfo};

use crate::{AppError, Command};

/// A registered game: everything the front ends need, in one value.
///
/// Submit one per game crate with `tabula_registry::inventory::submit!`. A
/// binary sees the games of the crates it links: reference each crate
/// once (`use my_game as _;`), or the linker drops its registration.
pub struct GameEntry {
    /// Unique name, used on the command line (`tabula simulate NAME`).
    pub name: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// Lists the game's registered plugins, sorted by kind then name, or
    /// says which names are registered twice.
    pub plugins: fn() -> Result<Vec<PluginInfo>, CoreError>,
    /// What the game can do: `tabula VERB NAME ...` runs the command of
    /// that verb. The usual verbs are `simulate`, `analyze`, `tournament`,
    /// `play` and `replay`; a game may add verbs of its own.
    pub commands: &'static [&'static dyn Command],
    /// The game's parameters (`tabula list` shows them, and a spec string
    /// `game(name=value)` gives them as `--name=value`); empty for a game
    /// without any.
    pub parameters: &'static [tabula_core::params::Param],
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry")
            .field("name", &self.name)
            .field(
                "commands",
                &self.commands.iter().map(|c| c.verb()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl GameEntry {
    /// The game's command of this verb, if it has one.
    pub fn command(&self, verb: &str) -> Option<&'static dyn Command> {
        self.commands.iter().copied().find(|c| c.verb() == verb)
    }
}

inventory::collect!(GameEntry);

impl Named for GameEntry {
    fn name(&self) -> &'static str {
        self.name
    }
}

/// Verbs the front ends keep for themselves: a game cannot register them.
pub const RESERVED_VERBS: [&str; 4] = ["list", "dice-test", "merge", "help"];

/// Every linked game, sorted by name; an error if two share a name, or a
/// game registers one verb twice or a [reserved](RESERVED_VERBS) verb.
pub fn games() -> Result<Vec<&'static GameEntry>, AppError> {
    let games =
        registry::sorted_unique("game", inventory::iter::<GameEntry>).map_err(|e| match e {
            CoreError::DuplicateName { name, .. } => AppError::DuplicateGame { name },
            e => AppError::Core(e),
        })?;
    for g in &games {
        if let Some(c) = g
            .commands
            .iter()
            .find(|c| RESERVED_VERBS.contains(&c.verb()))
        {
            return Err(AppError::ReservedVerb {
                game: g.name,
                verb: c.verb(),
            });
        }
        let mut verbs: Vec<&str> = g.commands.iter().map(|c| c.verb()).collect();
        verbs.sort_unstable();
        if let Some(w) = verbs.windows(2).find(|w| w[0] == w[1]) {
            return Err(AppError::DuplicateCommand {
                game: g.name,
                verb: w[0],
            });
        }
    }
    Ok(games)
}

/// The game registered as `name`; the error lists the known names.
pub fn find_game(name: &str) -> Result<&'static GameEntry, AppError> {
    let all = games()?;
    all.iter()
        .copied()
        .find(|g| g.name == name)
        .ok_or_else(|| AppError::UnknownGame {
            name: name.to_string(),
            known: all.iter().map(|g| g.name).collect(),
        })
}
