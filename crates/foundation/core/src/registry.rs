//! Helpers for plugin registries: a game's rule sets, strategies and
//! agents, registered with [`inventory`] under unique names and found by
//! name. (Games themselves register a `tabula_registry::GameEntry`.)

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

/// Anything registered under a name.
pub trait Named {
    /// The registered name.
    fn name(&self) -> &'static str;
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
}
