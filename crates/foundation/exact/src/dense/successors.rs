//! What a [`Dense`](super::Dense) game writes of a numbered state's successors.

use tabula_core::Seat;

/// What a numbered state leads to, as [`Dense::successors`](super::Dense::successors) writes it:
/// its value is the sum over *outcomes* of their probability times the
/// value of the outcome, which is that of its one option or the best of
/// its options for the seat that chooses; an option's value is a
/// numbered state's ([`to`](Self::to)), a finished state's under the
/// objective ([`end_in`](Self::end_in)), or a sum of
/// coefficients times such values ([`option`](Self::option) and its
/// [`term`](Self::term)s).
///
/// A state whose roll is followed by its seat's choice of turn (a dice
/// race numbering its states before the roll) writes, for each roll,
/// [`outcome`](Self::outcome) with the roll's probability and the seat,
/// then one [`to`](Self::to) per position a turn can reach (a position
/// may be listed once: only the best counts). A state whose outcomes
/// lead straight to numbered states writes `outcome(p, None)` and one
/// `to` for each. `to` is the lean case (one index stored); an option
/// that itself averages (a move into a throw) is `option` followed by
/// its terms.
///
/// ```
/// use tabula_exact::dense::Successors;
///
/// let mut out = Successors::<()>::default();
/// // Heads (one in two): seat 0 chooses between states 3 and 4.
/// out.outcome(0.5, Some(0));
/// out.to(3);
/// out.to(4);
/// // Tails: state 2, or a coin toss between states 0 and 1.
/// out.outcome(0.5, Some(0));
/// out.to(2);
/// out.option();
/// out.term(0.5, 0);
/// out.term(0.5, 1);
/// assert_eq!((out.outcomes(), out.options()), (2, 4));
/// ```
#[derive(Clone, Debug)]
pub struct Successors<S> {
    /// Per outcome: probability, who chooses, its first option.
    pub(super) groups: Vec<(f64, Option<Seat>, u32)>,
    /// Per option: a numbered state's index, or [`GENERAL`] plus the
    /// number of a general option.
    pub(super) options: Vec<u32>,
    /// Per general option: one past its last term.
    pub(super) general: Vec<u32>,
    /// (coefficient, numbered state), or [`FINISHED`] for the next of
    /// `finished`.
    pub(super) terms: Vec<(f64, u32)>,
    pub(super) finished: Vec<S>,
    /// Whether a general option is open for terms.
    pub(super) open: bool,
    /// What was written wrong, if anything.
    pub(super) error: Option<&'static str>,
}

/// The bit of an option that makes it a general one.
pub(super) const GENERAL: u32 = 1 << 31;

/// The index a term of a finished state carries.
pub(super) const FINISHED: u32 = u32::MAX;

impl<S> Default for Successors<S> {
    fn default() -> Self {
        Successors {
            groups: Vec::new(),
            options: Vec::new(),
            general: Vec::new(),
            terms: Vec::new(),
            finished: Vec::new(),
            open: false,
            error: None,
        }
    }
}

impl<S> Successors<S> {
    /// Begins an outcome of probability `probability`, whose options
    /// follow: `chooser`'s best of them, or with `None` its only one.
    pub fn outcome(&mut self, probability: f64, chooser: Option<Seat>) {
        self.groups
            .push((probability, chooser, self.options.len() as u32));
        self.open = false;
    }

    /// An option of the current outcome that leads to numbered state
    /// `index`.
    #[inline]
    pub fn to(&mut self, index: usize) {
        if index < GENERAL as usize && !self.groups.is_empty() {
            self.options.push(index as u32);
            self.open = false;
        } else {
            self.general_option(index);
        }
    }

    /// [`to`](Self::to) as a general option (an index past 2³¹), or
    /// the error of an option before any outcome.
    #[cold]
    #[inline(never)]
    pub(super) fn general_option(&mut self, index: usize) {
        self.option();
        self.term(1.0, index);
    }

    /// An option of the current outcome that ends the game in `state`.
    pub fn end_in(&mut self, state: S) {
        self.option();
        self.finished(1.0, state);
    }

    /// Begins an option of the current outcome whose value is the sum
    /// of the terms that follow.
    pub fn option(&mut self) {
        if self.groups.is_empty() {
            self.error = Some("an option before any outcome");
            return;
        }
        self.options.push(GENERAL | self.general.len() as u32);
        self.general.push(self.terms.len() as u32);
        self.open = true;
    }

    /// Adds `coefficient` times the value of numbered state `index` to
    /// the current option (begun by [`option`](Self::option)).
    pub fn term(&mut self, coefficient: f64, index: usize) {
        match u32::try_from(index) {
            Ok(i) if i != FINISHED => self.push_term(coefficient, i),
            _ => self.error = Some("an index past u32"),
        }
    }

    /// Adds `coefficient` times the value of `state`, a finished state,
    /// to the current option (begun by [`option`](Self::option)).
    pub fn finished(&mut self, coefficient: f64, state: S) {
        if self.open {
            self.finished.push(state);
        }
        self.push_term(coefficient, FINISHED);
    }

    /// How many outcomes are written.
    pub fn outcomes(&self) -> usize {
        self.groups.len()
    }

    /// How many options are written, over every outcome.
    pub fn options(&self) -> usize {
        self.options.len()
    }

    /// Forgets everything written.
    pub fn clear(&mut self) {
        self.groups.clear();
        self.options.clear();
        self.general.clear();
        self.terms.clear();
        self.finished.clear();
        self.open = false;
        self.error = None;
    }

    pub(super) fn push_term(&mut self, coefficient: f64, index: u32) {
        if !self.open {
            self.error = Some("a term outside an option begun by `option`");
            return;
        }
        self.terms.push((coefficient, index));
        if let Some(end) = self.general.last_mut() {
            *end = self.terms.len() as u32;
        }
    }

    /// The options of outcome `g`.
    pub(super) fn group(&self, g: usize) -> &[u32] {
        let from = self.groups[g].2 as usize;
        let to = self
            .groups
            .get(g + 1)
            .map_or(self.options.len(), |next| next.2 as usize);
        &self.options[from..to]
    }

    /// The terms of general option `k`.
    pub(super) fn general_terms(&self, k: usize) -> &[(f64, u32)] {
        let from = if k == 0 {
            0
        } else {
            self.general[k - 1] as usize
        };
        &self.terms[from..self.general[k] as usize]
    }
}
