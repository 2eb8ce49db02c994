//! How much an agent may think per answer, and the errors of reading one.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use thiserror::Error;

/// How much an agent may think per answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed amount of work (search nodes, playouts): the same answers
    /// on every machine.
    Work(u64),
    /// Wall-clock time per answer: stronger on faster machines, and not
    /// reproducible.
    Time(Duration),
}

/// The largest work budget: nodes or playouts per answer.
pub const MAX_WORK: u64 = 10_000_000;

/// The largest time budget per answer, in milliseconds.
pub const MAX_TIME_MS: u64 = 60_000;

/// Text that is not a budget, or a budget over the limits.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BudgetError {
    /// Text that is not a work or time budget.
    #[error(
        "{text:?} is not a budget: give a count of nodes or playouts (like 20000) or milliseconds (like 50ms)"
    )]
    NotABudget {
        /// The text (at most an excerpt of it).
        text: String,
    },
    /// A budget over the limit of one answer.
    #[error("the budget {text} is more than an answer may take: at most {limit}")]
    BudgetTooLarge {
        /// The budget as written (at most an excerpt of it).
        text: String,
        /// The limit, with its unit.
        limit: String,
    },
}

impl Budget {
    /// Parses `N` (work, 1 to [`MAX_WORK`]) or `Nms` (milliseconds, 1 to
    /// [`MAX_TIME_MS`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use tabula_search::Budget;
    ///
    /// assert_eq!(Budget::parse("20000")?, Budget::Work(20_000));
    /// assert_eq!(Budget::parse("50ms")?, Budget::Time(Duration::from_millis(50)));
    /// assert!(Budget::parse("fast").is_err());
    /// # Ok::<_, tabula_search::BudgetError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Budget, BudgetError> {
        let bad = || BudgetError::NotABudget {
            text: tabula_core::text::excerpt(text),
        };
        let too_much = |limit: String| BudgetError::BudgetTooLarge {
            text: tabula_core::text::excerpt(text),
            limit,
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if let Some(ms) = text.strip_suffix("ms") {
            if !digits(ms) {
                return Err(bad());
            }
            return match ms.parse::<u64>() {
                Ok(0) => Err(bad()),
                Ok(ms) if ms <= MAX_TIME_MS => Ok(Budget::Time(Duration::from_millis(ms))),
                _ => Err(too_much(format!("{MAX_TIME_MS}ms"))),
            };
        }
        if !digits(text) {
            return Err(bad());
        }
        match text.parse::<u64>() {
            Ok(0) => Err(bad()),
            Ok(n) if n <= MAX_WORK => Ok(Budget::Work(n)),
            _ => Err(too_much(format!("{MAX_WORK} nodes or playouts"))),
        }
    }

    /// [`parse`](Self::parse) of the text written after an agent's name
    /// (`alphabeta-50ms`), or `default` when there is none.
    pub fn parse_or(text: Option<&str>, default: Budget) -> Result<Budget, BudgetError> {
        text.map_or(Ok(default), Budget::parse)
    }
}

impl FromStr for Budget {
    type Err = BudgetError;

    fn from_str(text: &str) -> Result<Budget, BudgetError> {
        Budget::parse(text)
    }
}

/// As [`Budget::parse`] reads it: `20000` or `50ms`.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Work(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

/// A budget started: a work limit and, for time budgets, a deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    limit: u64,
    deadline: Option<Instant>,
}

impl Clock {
    /// Starts `budget` now.
    pub(crate) fn start(budget: Budget) -> Clock {
        match budget {
            Budget::Work(n) => Clock {
                limit: n,
                deadline: None,
            },
            Budget::Time(t) => Clock {
                limit: u64::MAX,
                deadline: Some(Instant::now() + t),
            },
        }
    }

    /// Whether `work` units done use the budget up; the time is read
    /// once every `every` units.
    #[inline]
    pub(crate) fn spent(&self, work: u64, every: u64) -> bool {
        if work >= self.limit {
            return true;
        }
        match self.deadline {
            Some(d) => work.is_multiple_of(every) && Instant::now() >= d,
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse() {
        assert_eq!(Budget::parse("1"), Ok(Budget::Work(1)));
        assert_eq!(Budget::parse("10000000"), Ok(Budget::Work(MAX_WORK)));
        assert_eq!(
            Budget::parse("60000ms"),
            Ok(Budget::Time(Duration::from_millis(MAX_TIME_MS)))
        );
        assert_eq!(
            "250ms".parse(),
            Ok(Budget::Time(Duration::from_millis(250)))
        );
        for text in ["1", "20000", "50ms", "60000ms"] {
            assert_eq!(
                Budget::parse(text).map(|b| b.to_string()).as_deref(),
                Ok(text)
            );
        }
    }

    #[test]
    fn bad_budgets_are_rejected_with_their_text() {
        for text in [
            "", "0", "0ms", "ms", "-5", " 5", "5 ", "12x", "5s", "1.5", "+3", "ms5",
        ] {
            assert_eq!(
                Budget::parse(text),
                Err(BudgetError::NotABudget {
                    text: text.to_string()
                }),
                "{text:?}"
            );
        }
        let e = Budget::parse("10000001").err();
        assert_eq!(
            e.map(|e| e.to_string()).as_deref(),
            Some(
                "the budget 10000001 is more than an answer may take: at most 10000000 nodes or playouts"
            )
        );
        let e = Budget::parse("60001ms").err();
        assert_eq!(
            e.map(|e| e.to_string()).as_deref(),
            Some("the budget 60001ms is more than an answer may take: at most 60000ms")
        );
        // Digits past u64 are too large, not malformed.
        assert!(matches!(
            Budget::parse("99999999999999999999999"),
            Err(BudgetError::BudgetTooLarge { .. })
        ));
        assert_eq!(
            Budget::parse("fast").map_err(|e| e.to_string()),
            Err("\"fast\" is not a budget: give a count of nodes or playouts (like 20000) or milliseconds (like 50ms)".to_string())
        );
    }

    #[test]
    fn a_work_clock_stops_at_its_limit() {
        let clock = Clock::start(Budget::Work(10));
        assert!(!clock.spent(9, 1));
        assert!(clock.spent(10, 1));
    }
}
