//! [`GameEntry`]: a registered game as the front ends list it, and
//! [`Registration`], what [`register_game!`](crate::register_game)
//! submits.

use std::sync::OnceLock;

use tabula_core::CoreError;
use tabula_core::registry::{self, Named, PluginInfo};

use crate::kind::GameKind;
use crate::page::GamePage;
use crate::verb::Bound;
use crate::{AppError, Command};

/// A registered game as the front ends see it: its name, summary,
/// plugins, parameters and the [`Command`]s (verbs) it has, in one value.
///
/// [`register_game!`](crate::register_game) makes one for each game from
/// its registration and every verb that applies to it. A crate may also
/// submit one by hand with `tabula_registry::inventory::submit!`, with
/// commands of its own and no generic verb (a front end's test does). A
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
    /// that verb.
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

/// A game's registration, as [`register_game!`](crate::register_game)
/// submits it: its name and how to build its [`GameKind`].
pub struct Registration {
    /// The game's registered name.
    pub name: &'static str,
    /// Builds the game's registration (once per program).
    pub build: fn() -> Box<dyn GameKind>,
    /// Lists the game's plugins (what its [`GameEntry`] lists).
    pub plugins: fn() -> Result<Vec<PluginInfo>, CoreError>,
}

inventory::collect!(Registration);

/// The registered games' services and entries, built once.
struct Registry {
    kinds: Vec<(&'static str, &'static dyn GameKind)>,
    entries: Vec<&'static GameEntry>,
    pages: Vec<&'static GamePage>,
}

fn registry() -> &'static Registry {
    static BUILT: OnceLock<Registry> = OnceLock::new();
    BUILT.get_or_init(|| {
        let verbs = crate::verb::verbs();
        let mut built = Registry {
            kinds: Vec::new(),
            entries: Vec::new(),
            pages: Vec::new(),
        };
        for r in inventory::iter::<Registration> {
            // Built once and kept for the program's life, as a submitted
            // entry is.
            let kind: &'static dyn GameKind = Box::leak((r.build)());
            let commands: Vec<&'static dyn Command> = verbs
                .iter()
                .filter(|v| match v.game {
                    Some(game) => game == r.name,
                    None => v.verb.applies(kind),
                })
                .map(|&entry| &*Box::leak(Box::new(Bound { entry, game: kind })) as &dyn Command)
                .collect();
            built.entries.push(Box::leak(Box::new(GameEntry {
                name: r.name,
                summary: kind.summary(),
                plugins: r.plugins,
                commands: Box::leak(commands.into_boxed_slice()),
                parameters: kind.parameters(),
            })));
            for page in kind.pages() {
                built.pages.push(Box::leak(Box::new(page)));
            }
            built.kinds.push((r.name, kind));
        }
        crate::page::set_built(built.pages.clone());
        built
    })
}

/// The services of the game registered as `name` (through
/// [`register_game!`](crate::register_game)).
pub fn kind(name: &str) -> Option<&'static dyn GameKind> {
    registry()
        .kinds
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, k)| *k)
}

/// A registration's [`GameEntry::plugins`]: its game's plugins, through
/// its [`GameKind`]; not for direct use.
#[doc(hidden)]
pub fn plugins_of<G: crate::kind::Rules>() -> Result<Vec<PluginInfo>, CoreError> {
    kind(G::NAME).map_or_else(|| Ok(Vec::new()), |k| k.plugins())
}

/// Verbs the front ends keep for themselves: a game cannot register them.
pub const RESERVED_VERBS: [&str; 4] = ["list", "dice-test", "merge", "help"];

/// Whether a registered game's parameters leave every verb's own options
/// alone: a parameter named like an option of a verb that applies to the
/// game (`scoring` beside `tournament --scoring`, `games` beside
/// `simulate --games`; `_` and `-` alike), or like one the front ends add
/// to a verb's report (`--format`, `--plot`, `--report`), would be read
/// twice by every command of the game. The error names the parameter, the
/// verb and its option. [`games`] refuses such a game when it registers,
/// before any command runs.
pub fn check_parameters(kind: &dyn GameKind) -> Result<(), AppError> {
    use tabula_core::params::same_name;
    let verbs = crate::verb::verbs();
    for v in verbs.iter().filter(|v| match v.game {
        Some(game) => game == kind.name(),
        None => v.verb.applies(kind),
    }) {
        let arguments = v.verb.arguments(kind);
        let added: &[&str] = match v.verb.kind(kind) {
            crate::Kind::Report { pictures: true } => &["format", "plot", "report"],
            crate::Kind::Report { pictures: false } => &["format"],
            crate::Kind::Interactive => &[],
        };
        // Two arguments answering to one name (its id, long name or
        // another), one of them a parameter's: the parameter clashes.
        let mut seen: Vec<(&str, &str)> = Vec::new();
        let mut clash = None;
        for a in &arguments.args {
            let option = a.long.as_deref().unwrap_or(&a.id);
            let mut names: Vec<&str> = std::iter::once(a.id.as_str())
                .chain(a.long.as_deref())
                .chain(a.aliases.iter().map(String::as_str))
                .chain(a.visible_aliases.iter().map(String::as_str))
                .collect();
            names.sort_unstable();
            names.dedup();
            // Against the arguments before it (its own names may differ
            // by `_` and `-` alone).
            clash = names.iter().find_map(|name| {
                seen.iter()
                    .find(|(n, _)| same_name(n, name))
                    .map(|(_, other)| (*name, *other, option))
            });
            if clash.is_some() {
                break;
            }
            seen.extend(names.into_iter().map(|name| (name, option)));
        }
        let clash = clash.or_else(|| {
            // Or an option the front ends add to the verb's report.
            arguments.args.iter().find_map(|a| {
                let option = a.long.as_deref().unwrap_or(&a.id);
                added
                    .iter()
                    .find(|o| same_name(o, option) || same_name(o, &a.id))
                    .map(|o| (*o, *o, option))
            })
        });
        if let Some((name, first, second)) = clash
            && let Some(p) = kind.parameters().iter().find(|p| {
                same_name(p.name, name) || same_name(p.name, first) || same_name(p.name, second)
            })
        {
            let option = [name, first, second]
                .into_iter()
                .find(|o| !same_name(p.name, o))
                .unwrap_or(name);
            return Err(AppError::ParameterClash {
                game: kind.name(),
                parameter: p.name,
                verb: v.name,
                option: option.to_string(),
            });
        }
    }
    Ok(())
}

/// The first registered game whose parameters clash with a verb's
/// options ([`check_parameters`]), checked once.
fn clashes() -> Result<(), AppError> {
    /// The clash found: game, parameter, verb, option.
    type Clash = (&'static str, &'static str, &'static str, String);
    static CHECKED: OnceLock<Option<Clash>> = OnceLock::new();
    let found = CHECKED.get_or_init(|| {
        registry()
            .kinds
            .iter()
            .find_map(|(_, kind)| match check_parameters(*kind) {
                Err(AppError::ParameterClash {
                    game,
                    parameter,
                    verb,
                    option,
                }) => Some((game, parameter, verb, option)),
                _ => None,
            })
    });
    match found {
        Some((game, parameter, verb, option)) => Err(AppError::ParameterClash {
            game,
            parameter,
            verb,
            option: option.clone(),
        }),
        None => Ok(()),
    }
}

/// Every linked game, sorted by name; an error if two share a name, or a
/// game registers one verb twice or a [reserved](RESERVED_VERBS) verb, or
/// a parameter named like one of a verb's options ([`check_parameters`]).
pub fn games() -> Result<Vec<&'static GameEntry>, AppError> {
    clashes()?;
    let built = &registry().entries;
    let all = inventory::iter::<GameEntry>
        .into_iter()
        .chain(built.iter().copied());
    let games = registry::sorted_unique("game", all).map_err(|e| match e {
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
