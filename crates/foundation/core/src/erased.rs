//! A game state with its type erased, for a game whose rule set is chosen
//! by name at run time.
//!
//! A game monomorphized per rule set (`MyGame<R: Rules>`) has one state type
//! per rule set. A front end that picks the rule set from a command line or
//! a record's parameters needs one [`BoardGame`](crate::BoardGame) type for
//! all of them: its `State` is an [`AnyState`], made and moved only by the
//! rule set that made it, which gets its own state back with
//! [`get`](AnyState::get) and [`get_mut`](AnyState::get_mut).
//!
//! ```
//! use tabula_core::erased::AnyState;
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Square(u16);
//!
//! let mut state = AnyState::new(Square(3));
//! let copy = state.clone();
//! if let Some(s) = state.get_mut::<Square>() {
//!     s.0 += 4;
//! }
//! assert_eq!(state.get::<Square>(), Some(&Square(7)));
//! assert_eq!(copy.get::<Square>(), Some(&Square(3)));
//! // Another rule set's state type finds nothing.
//! assert_eq!(state.get::<u16>(), None);
//! ```

use std::any::Any;

/// A cloneable, sendable state of some type, known again only by asking
/// for that type.
pub struct AnyState(Box<dyn StateBox>);

trait StateBox: Any + Send + Sync {
    fn clone_box(&self) -> Box<dyn StateBox>;
}

impl<T: Any + Clone + Send + Sync> StateBox for T {
    fn clone_box(&self) -> Box<dyn StateBox> {
        Box::new(self.clone())
    }
}

impl AnyState {
    /// Erases the type of `state` (an `AnyState` given here is wrapped
    /// as it is: [`get`](Self::get) then finds an `AnyState`).
    pub fn new<T: Any + Clone + Send + Sync>(state: T) -> AnyState {
        AnyState(Box::new(state))
    }

    /// The state, if it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.0;
        any.downcast_ref()
    }

    /// The state, mutably, if it is a `T`.
    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        let any: &mut dyn Any = &mut *self.0;
        any.downcast_mut()
    }
}

impl Clone for AnyState {
    fn clone(&self) -> AnyState {
        AnyState(self.0.clone_box())
    }
}

impl std::fmt::Debug for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AnyState")
    }
}
