//! Rule sets chosen by name, run as their own rule types: [`with_rules`]
//! hands a [`WithRules`] (a service: simulate, analyze, replay, check a
//! board) the rule type a [`RuleSet`] stands for. The built-in rule sets
//! are matched to their types, so the service is compiled for each of
//! them; any other rule set (a plugin's) is passed as itself, a
//! [`RuleSet`] being a rule type too (its hooks reached through
//! [`DynRules`]).
//!
//! Only simulation, whose time is spent in the rules' hooks, is worth
//! compiling once per rule type. Every other service (exact analysis,
//! whose time is spent walking a chain built once; checking a board;
//! tracing a record) runs through [`with_rule_set`]: under the rule set
//! itself, compiled once.

use std::any::TypeId;

use crate::board::Board;
use crate::builtin::{Bounce, Bump, ExactFinish, Overshoot, SixAgain, SixesHome};
use crate::playable::{self, Unplayable};
use crate::plugin::Rules;
use crate::registry::{self, DynRules, RuleSet};

/// A service over a rule set: what it does given the rule type.
///
/// ```
/// use tabula_snakes::{Board, Rules, WithRules, rules, with_rules};
///
/// /// Whether the rule set keeps per-token state.
/// struct KeepsState;
/// impl WithRules for KeepsState {
///     type Output = bool;
///     fn with<R: Rules>(self, rules: &'static R) -> bool {
///         rules.has_extra()
///     }
/// }
/// assert!(with_rules(rules::find("sixes-home")?, KeepsState));
/// assert!(!with_rules(rules::find("exact")?, KeepsState));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub trait WithRules {
    /// What the service gives.
    type Output;
    /// Runs the service under `rules`.
    fn with<R: Rules>(self, rules: &'static R) -> Self::Output;
}

/// Runs `service` under the rule type `set` stands for: a built-in rule
/// set's own type, else the rule set itself.
pub fn with_rules<V: WithRules>(set: &'static RuleSet, service: V) -> V::Output {
    let t = set.rules.rule_type();
    if t == TypeId::of::<Overshoot>() {
        service.with(&Overshoot)
    } else if t == TypeId::of::<ExactFinish>() {
        service.with(&ExactFinish)
    } else if t == TypeId::of::<Bounce>() {
        service.with(&Bounce)
    } else if t == TypeId::of::<SixAgain>() {
        service.with(&SixAgain)
    } else if t == TypeId::of::<SixesHome>() {
        service.with(&SixesHome)
    } else if t == TypeId::of::<Bump>() {
        service.with(&Bump)
    } else {
        service.with(set)
    }
}

/// Runs `service` under the rule set itself, one rule type for every rule
/// set ([`RuleSet`], its hooks reached through [`DynRules`]): the service
/// is compiled once. For services whose time is not spent in the rules'
/// hooks (see the module `dispatch`: simulation is the exception); the same answers as [`with_rules`].
///
/// ```
/// use tabula_snakes::{Rules, WithRules, rules, with_rule_set};
///
/// /// Whether the rule set throws again.
/// struct ThrowsAgain;
/// impl WithRules for ThrowsAgain {
///     type Output = bool;
///     fn with<R: Rules>(self, rules: &'static R) -> bool {
///         rules.may_throw_again()
///     }
/// }
/// assert!(with_rule_set(rules::find("six-again")?, ThrowsAgain));
/// assert!(!with_rule_set(rules::find("bounce")?, ThrowsAgain));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn with_rule_set<V: WithRules>(set: &'static RuleSet, service: V) -> V::Output {
    service.with(set)
}

/// [`check_playable`](playable::check_playable) as a service.
struct CheckPlayable<'b>(&'b Board);

impl WithRules for CheckPlayable<'_> {
    type Output = Result<(), Unplayable>;
    fn with<R: Rules>(self, rules: &'static R) -> Self::Output {
        playable::check_playable(rules, self.0)
    }
}

impl RuleSet {
    /// Checks that every game on `board` can finish under this rule set
    /// ([`check_playable`](playable::check_playable)).
    pub fn check_playable(&'static self, board: &Board) -> Result<(), Unplayable> {
        with_rule_set(self, CheckPlayable(board))
    }
}

impl dyn DynRules {
    /// Checks that every game on `board` can finish under these rules:
    /// [`RuleSet::check_playable`] of the registered rule set holding
    /// them (or of these rules alone, if none does).
    pub fn check_playable(&'static self, board: &Board) -> Result<(), Unplayable> {
        let registered = registry::all().ok().and_then(|all| {
            all.into_iter().find(|s| {
                // Zero-sized rule types may share an address: the type
                // tells them apart.
                s.rules.rule_type() == self.rule_type() && std::ptr::addr_eq(s.rules, self)
            })
        });
        match registered {
            Some(set) => set.check_playable(board),
            None => {
                let alone = RuleSet {
                    name: "",
                    summary: "",
                    rules: self,
                };
                playable::check_playable(&alone, board)
            }
        }
    }
}
