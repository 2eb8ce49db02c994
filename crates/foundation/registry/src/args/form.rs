//! What a form shows of an argument: its set of options, its label in
//! words, the values its menu offers (`tabula serve` builds its forms
//! from these; the command line reads none of them).

use super::{Arg, Possible, ValueKind};

impl Arg {
    /// The set of options it belongs to, for a form: its
    /// [`group`](Self::group), else its help's heading, else none.
    pub fn group_name(&self) -> Option<&str> {
        self.group.as_deref().or(self.heading.as_deref())
    }

    /// What a form calls it: its [`label`](Self::label), else its help's
    /// first clause (up to a comma, a semicolon, a colon or a bracket:
    /// "Games to simulate (specification 000 ...)" is "Games to
    /// simulate"; after a condition, "With --exact: the most states ...",
    /// the clause after it), else its id in words (`max_states` is "Max
    /// states"); with a capital first.
    ///
    /// ```
    /// use tabula_registry::args::Arg;
    /// let games = Arg::new("games").long("games").help("Games to play, at least 1");
    /// assert_eq!(games.label_text(), "Games to play");
    /// let states = Arg::new("s").help("With --exact: the most states one solve may build");
    /// assert_eq!(states.label_text(), "The most states one solve may build");
    /// assert_eq!(Arg::new("max_states").label_text(), "Max states");
    /// assert_eq!(Arg::new("x").label("Exact values").label_text(), "Exact values");
    /// ```
    pub fn label_text(&self) -> String {
        let clause = self.help.as_deref().map(|h| {
            let clauses: Vec<&str> = h
                .split([',', ';', ':', '(', '[', '\n'])
                .map(|c| c.trim().trim_end_matches('.').trim())
                .collect();
            // A condition first ("With --exact: the most states ...") is
            // not what the option is: the clause after it is.
            match clauses.as_slice() {
                [when, what, ..] if when.starts_with("With ") && !what.is_empty() => {
                    what.to_string()
                }
                [first, ..] => first.to_string(),
                [] => String::new(),
            }
        });
        let words = match (&self.label, clause) {
            (Some(label), _) => label.clone(),
            (None, Some(clause)) if !clause.is_empty() => clause,
            _ => self.id.replace('_', " "),
        };
        let mut chars = words.chars();
        chars
            .next()
            .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
    }

    /// The values a form offers in a menu: its choices, else its
    /// [`menu`](Self::menu) (none: a field to type in).
    pub fn menu_values(&self) -> &[Possible] {
        match &self.kind {
            ValueKind::Choice(possible) => possible,
            _ => &self.menu,
        }
    }
}
