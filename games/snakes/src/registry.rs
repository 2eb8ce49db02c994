//! The registry of rule sets, chosen by name: [`RuleSet`] (collected with
//! `inventory`), and what a rule set is behind a reference,
//! [`DynRules`]: the [`Rules`] of any rule type, its per-token state
//! packed into a `u64` ([`Pack`]).

use tabula_core::CoreError;
use tabula_core::registry::{self, Named};

use crate::plugin::{Effect, Rules, Turn};

/// A rule type's per-token state ([`Rules::Extra`]) as the bits of a
/// `u64`, so that a rule set chosen by name at run time keeps it in a
/// state of one type. Implemented for `()`, `bool` and the unsigned
/// integers up to `u64`; a rule set with state of another type implements
/// it to be registered (`unpack(pack(x)) == x`).
pub trait Pack: Sized {
    /// The state as bits.
    fn pack(self) -> u64;
    /// The state [`pack`](Pack::pack) gave these bits for.
    fn unpack(bits: u64) -> Self;
}

impl Pack for () {
    #[inline(always)]
    fn pack(self) -> u64 {
        0
    }
    #[inline(always)]
    fn unpack(_: u64) -> Self {}
}

impl Pack for bool {
    #[inline(always)]
    fn pack(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn unpack(bits: u64) -> Self {
        bits != 0
    }
}

macro_rules! pack_unsigned {
    ($($t:ty),*) => {$(
        impl Pack for $t {
            #[inline(always)]
            fn pack(self) -> u64 {
                u64::from(self)
            }
            #[inline(always)]
            fn unpack(bits: u64) -> Self {
                // Only bits `pack` made come back: they fit.
                <$t>::try_from(bits).unwrap_or_default()
            }
        }
    )*};
}
pack_unsigned!(u8, u16, u32, u64);

/// A rule set behind a reference, as [`RuleSet`] holds it: the hooks of
/// [`Rules`] with the per-token state packed ([`Pack`]), and the
/// constants as values. Implemented for every rule type whose state packs;
/// nothing else implements it. Its methods are the rules themselves, not
/// services: a game under a rule set chosen by name is
/// [`Snakes`](crate::Snakes)`<RuleSet>`, and a service that wants the rule
/// type itself asks [`with_rules`](crate::with_rules).
pub trait DynRules: Send + Sync {
    /// [`Rules::throw`], the state packed.
    fn packed_throw(&self, turn: &Turn<'_>, extra: &mut u64, roll: u16) -> Effect;
    /// [`Rules::throws_again`], the state packed.
    fn packed_throws_again(&self, turn: &Turn<'_>, extra: &u64, roll: u16, effect: Effect) -> bool;
    /// [`Rules::after_move`].
    fn packed_after_move(&self, turn: &Turn<'_>, send: &mut dyn FnMut(usize, u16));
    /// The rule type's [`THROWS_AGAIN`](Rules::THROWS_AGAIN),
    /// [`INTERACTS`](Rules::INTERACTS) and whether it keeps per-token
    /// state ([`Rules::has_extra`]).
    fn flags(&self) -> Flags;
    /// The rule type, for [`with_rules`](crate::with_rules).
    fn rule_type(&self) -> std::any::TypeId;
}

/// What a rule type declares of itself, as values ([`DynRules::flags`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// [`Rules::THROWS_AGAIN`].
    pub throws_again: bool,
    /// [`Rules::INTERACTS`].
    pub interacts: bool,
    /// [`Rules::has_extra`].
    pub has_extra: bool,
}

impl<R: Rules> DynRules for R
where
    R::Extra: Pack,
{
    #[inline]
    fn packed_throw(&self, turn: &Turn<'_>, extra: &mut u64, roll: u16) -> Effect {
        let mut e = R::Extra::unpack(*extra);
        let effect = self.throw(turn, &mut e, roll);
        *extra = e.pack();
        effect
    }

    #[inline]
    fn packed_throws_again(&self, turn: &Turn<'_>, extra: &u64, roll: u16, effect: Effect) -> bool {
        self.throws_again(turn, &R::Extra::unpack(*extra), roll, effect)
    }

    fn packed_after_move(&self, turn: &Turn<'_>, send: &mut dyn FnMut(usize, u16)) {
        self.after_move(turn, send)
    }

    fn flags(&self) -> Flags {
        Flags {
            throws_again: R::THROWS_AGAIN && self.may_throw_again(),
            interacts: R::INTERACTS && self.may_interact(),
            has_extra: self.has_extra(),
        }
    }

    fn rule_type(&self) -> std::any::TypeId {
        std::any::TypeId::of::<R>()
    }
}

/// A registered rule set.
pub struct RuleSet {
    /// Unique name, used in board files and on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// The rules, behind a reference so they can be chosen by name
    /// (`rules: &MyRules` registers a rule type); every service that
    /// plays many games still runs the rule type itself
    /// ([`with_rules`](crate::with_rules)).
    pub rules: &'static dyn DynRules,
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

/// A rule set chosen by name is a rule type: its state is packed, and
/// what its rule type declares ([`DynRules::flags`]) is answered at run
/// time ([`Rules::may_throw_again`], [`Rules::may_interact`],
/// [`Rules::has_extra`]), so it plays the same games as the rule type.
impl Rules for RuleSet {
    type Extra = u64;
    const THROWS_AGAIN: bool = true;
    const INTERACTS: bool = true;

    #[inline]
    fn throw(&self, turn: &Turn<'_>, extra: &mut u64, roll: u16) -> Effect {
        self.rules.packed_throw(turn, extra, roll)
    }

    #[inline]
    fn throws_again(&self, turn: &Turn<'_>, extra: &u64, roll: u16, effect: Effect) -> bool {
        self.rules.packed_throws_again(turn, extra, roll, effect)
    }

    fn after_move(&self, turn: &Turn<'_>, send: &mut dyn FnMut(usize, u16)) {
        self.rules.packed_after_move(turn, send)
    }

    fn may_throw_again(&self) -> bool {
        self.rules.flags().throws_again
    }

    fn may_interact(&self) -> bool {
        self.rules.flags().interacts
    }

    fn has_extra(&self) -> bool {
        self.rules.flags().has_extra
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
