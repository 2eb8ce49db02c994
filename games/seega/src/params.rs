//! Seega's parameters as data: [`Rules`] is the game's one parameter
//! type. Records keep it, `tabula list` shows it, and every command takes
//! it the same way: as options (`--size 7`), from a RON file (`--params
//! FILE`, as `(size: 7)`) or in a spec string (`'seega(size=7,
//! first=White)'`); a bad value names the parameter and what it allows.
//!
//! ```
//! use tabula_core::params;
//! use tabula_seega::{Rules, Side};
//!
//! let rules: Rules = params::build(&[("size".into(), "7".into())])?;
//! assert_eq!(rules, Rules::new(7, 30, Side::Black)?);
//! assert_eq!(params::spec("seega", &rules), "seega(size=7, stalemate=30, first=Black)");
//! let e = params::build::<Rules>(&[("size".into(), "6".into())]).unwrap_err();
//! assert!(e.to_string().contains("odd"), "{e}");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use tabula_core::params::{Param, Parameters};

use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::rules::Rules;

/// `size`, `stalemate` and `first`, the fields of [`Rules`], in that
/// order.
impl Parameters for Rules {
    const FIELDS: &'static [Param] = &[
        Param::int(
            "size",
            "board side, odd",
            "5",
            MIN_SIZE as i64,
            MAX_SIZE as i64,
        ),
        Param::int(
            "stalemate",
            "moves without a capture that end the game (more pieces wins)",
            "30",
            1,
            u32::MAX as i64,
        ),
        Param::choice(
            "first",
            "the side that places first (and so moves second)",
            "Black",
            &["Black", "White"],
        ),
    ];

    /// The board side is odd and the threshold at least 1
    /// ([`Rules::new`]'s checks).
    fn check(&self) -> Result<(), String> {
        Rules::new(self.size(), self.stalemate(), self.first())
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
