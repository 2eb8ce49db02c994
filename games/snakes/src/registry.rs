//! The registry of rule sets, chosen by name: [`RuleSet`] (collected with
//! `inventory`).

use tabula_core::CoreError;
use tabula_core::registry::{self, Named};

use crate::erased::ErasedRules;

/// A registered rule set.
pub struct RuleSet {
    /// Unique name, used in board files and on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// The rules, type-erased so they can be chosen by name; every run is
    /// still monomorphized for the concrete rule type.
    pub rules: &'static dyn ErasedRules,
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleSet").field("name", &self.name).finish()
    }
}

impl Named for RuleSet {
    fn name(&self) -> &'static str {
        self.name
    }
}

inventory::collect!(RuleSet);

/// The rule set a board without a `rules` field uses.
pub const DEFAULT: &str = "overshoot";

/// All registered rule sets, sorted by name.
pub fn all() -> Result<Vec<&'static RuleSet>, CoreError> {
    registry::sorted_unique("rule set", inventory::iter::<RuleSet>)
}

/// The rule set registered as `name`; the error lists the known names.
pub fn find(name: &str) -> Result<&'static RuleSet, CoreError> {
    registry::find("rule set", &all()?, name)
}
