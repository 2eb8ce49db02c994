//! [`variant`]: the variant a spec string names (`pig(target=30)`), as
//! the command line reads it, for the front ends without a command line
//! (Python, the web server's play pages), whose states
//! ([`Variant::new_state`](crate::Variant::new_state)) are OpenSpiel's
//! shape ([`DynState`](crate::DynState)).
//!
//! ```
//! // A game no linked crate registers is refused with the framework's message.
//! let refused = tabula_registry::variant("nosuchgame(size=3)").err().map(|e| e.to_string());
//! assert!(refused.is_some_and(|e| e.starts_with("unknown game \"nosuchgame\"")));
//! ```

/// The variant a spec string names (`pig(target=30)`, or a bare name for
/// the defaults), its parameters checked as the command line checks them
/// (no parameter file): what a front end without a command line builds
/// its games from.
pub fn variant(spec: &str) -> Result<Box<dyn crate::Variant>, crate::Error> {
    let (name, pairs) = tabula_core::params::parse_spec(spec.trim())?;
    let entry = crate::find_game(name)?;
    let kind = crate::kind(name).ok_or_else(|| format!("{name} has no game services"))?;
    let known: Vec<&str> = entry.parameters.iter().map(|p| p.name).collect();
    if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        return Err(format!(
            "{spec}: unknown parameter {key:?}; the parameters of {name} are: {}",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        )
        .into());
    }
    let declared = crate::game_parameters(crate::args::Arguments::new(), kind.parameters());
    let values = declared.parse(pairs.iter().map(|(k, v)| (k.as_str(), vec![v.clone()])))?;
    kind.variant(&values)
}
