//! Rule sets: how a throw moves a token. Built in: `overshoot` (specification 000),
//! `exact` (specification 001), `bounce`, and the house rules `six-again`,
//! `sixes-home` and `bump`. Write your own by implementing [`Rules`] and
//! registering a [`RuleSet`] with `inventory::submit!`.
//!
//! This module gathers, under one path, what lives in five: the trait
//! (`plugin`), the playability check (`playable`), the built-in rule sets
//! (`builtin`), the registry (`registry`) and the dispatch of a rule set
//! chosen by name to its rule type (`dispatch`). Nothing in the crate
//! imports it.

pub use crate::builtin::{Bounce, Bump, ExactFinish, Overshoot, SixAgain, SixesHome};
pub use crate::dispatch::{WithRules, with_rules};
pub use crate::playable::{MAX_CHECKED_STATES, Unplayable, check_playable};
pub use crate::plugin::{Effect, Rules, Turn};
pub use crate::registry::{DEFAULT, DynRules, Flags, Pack, RuleSet, all, find};
