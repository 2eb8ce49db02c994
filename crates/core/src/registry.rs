//! The plugin registry: games, and through each game its rule sets,
//! strategies and agents, registered with [`inventory`] under unique names.
//!
//! A game crate registers itself with
//! `inventory::submit! { GameEntry { ... } }`. Every binary must link every
//! game crate it wants to list (reference it, e.g. with
//! `use tabula_snakes as _;`), or the registrations are dropped by the linker.

use crate::CoreError;

/// A plugin of a game (a rule set, a strategy, an agent), as listed by
/// `tabula list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PluginInfo {
    /// What kind of plugin ("rule set", "strategy", "agent").
    pub kind: &'static str,
    /// Its unique name within that kind and game.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
}

/// A registered game.
#[derive(Debug)]
pub struct GameEntry {
    /// Unique name, used on the command line (`snakes`).
    pub name: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// Lists the game's registered plugins, sorted by kind then name, or
    /// says which names are registered twice.
    pub plugins: fn() -> Result<Vec<PluginInfo>, CoreError>,
}

inventory::collect!(GameEntry);

/// Anything registered under a name.
pub trait Named {
    /// The registered name.
    fn name(&self) -> &'static str;
}

impl Named for GameEntry {
    fn name(&self) -> &'static str {
        self.name
    }
}

/// Sorts registered plugins by name and checks that names are unique.
pub fn sorted_unique<T: Named + ?Sized>(
    kind: &'static str,
    items: impl IntoIterator<Item = &'static T>,
) -> Result<Vec<&'static T>, CoreError> {
    let mut items: Vec<&'static T> = items.into_iter().collect();
    items.sort_by_key(|i| i.name());
    for pair in items.windows(2) {
        if pair[0].name() == pair[1].name() {
            return Err(CoreError::DuplicateName {
                kind,
                name: pair[0].name().to_string(),
            });
        }
    }
    Ok(items)
}

/// Finds the plugin registered as `name`, or says which names exist.
pub fn find<T: Named + ?Sized>(
    kind: &'static str,
    items: &[&'static T],
    name: &str,
) -> Result<&'static T, CoreError> {
    items
        .iter()
        .copied()
        .find(|i| i.name() == name)
        .ok_or_else(|| CoreError::UnknownName {
            kind,
            name: name.to_string(),
            known: items.iter().map(|i| i.name()).collect(),
        })
}

/// All registered games, sorted by name.
pub fn games() -> Result<Vec<&'static GameEntry>, CoreError> {
    sorted_unique("game", inventory::iter::<GameEntry>)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct P(&'static str);
    impl Named for P {
        fn name(&self) -> &'static str {
            self.0
        }
    }
    static ITEMS: [P; 3] = [P("b"), P("a"), P("c")];
    static DUPLICATED: [P; 3] = [P("b"), P("a"), P("b")];

    #[test]
    fn names_are_sorted_and_must_be_unique() {
        let sorted = sorted_unique("thing", ITEMS.iter()).unwrap();
        let names: Vec<_> = sorted.iter().map(|p| p.0).collect();
        assert_eq!(names, ["a", "b", "c"]);
        let err = sorted_unique("thing", DUPLICATED.iter()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "two thing plugins are registered under the name \"b\""
        );
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let sorted = sorted_unique("thing", ITEMS.iter()).unwrap();
        assert_eq!(find("thing", &sorted, "c").unwrap().0, "c");
        let err = find("thing", &sorted, "z").unwrap_err();
        assert_eq!(err.to_string(), "unknown thing \"z\"; known: a, b, c");
    }

    #[test]
    fn registered_games_have_unique_names() {
        assert!(games().is_ok());
    }
}
