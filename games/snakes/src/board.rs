//! Boards: the RON format ([`BoardSpec`]) and the validated [`Board`].

use serde::{Deserialize, Serialize};
use tabula_core::spec::{PathItem, Source, SpecError};
use tabula_core::{Dice, DiceSpec};

/// The largest board, in squares.
pub const MAX_SQUARES: u32 = 10_000;

/// A board as written in a RON file. Every field but `name` and `size` has
/// a default. See the book's board format reference.
///
/// ```ron
/// Board(
///     name: "Teaching board",
///     size: 20,
///     dice: Dice(count: 1, faces: 6),
///     rules: "exact",
///     ladders: [(3, 11), (6, 17)],
///     chutes: [(14, 4), (19, 8)],
/// )
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Board", deny_unknown_fields)]
pub struct BoardSpec {
    /// The display name.
    pub name: String,
    /// Number of squares, numbered 1 to `size`; reaching `size` wins.
    pub size: u32,
    /// Squares per row when drawn (default: the whole-number square root
    /// of `size` if there is one, else 10).
    #[serde(default)]
    pub columns: Option<u32>,
    /// The dice thrown each turn (default one six-sided die), as written:
    /// [`Board::from_spec`] checks them, and an error points at the
    /// number that is wrong.
    #[serde(default = "default_dice")]
    pub dice: DiceSpec,
    /// The default rule set's name (default `overshoot`).
    #[serde(default)]
    pub rules: Option<String>,
    /// Ladders as `(foot, top)` pairs.
    #[serde(default)]
    pub ladders: Vec<(u32, u32)>,
    /// Chutes (snakes) as `(head, tail)` pairs; `snakes:` is accepted too.
    #[serde(default, alias = "snakes")]
    pub chutes: Vec<(u32, u32)>,
}

fn default_dice() -> DiceSpec {
    Dice::D6.into()
}

/// A ladder (goes up) or a chute (goes down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Jump {
    /// The square that starts it: a ladder's foot, a chute's head.
    pub from: u16,
    /// Where it takes the token.
    pub to: u16,
}

impl Jump {
    /// Whether it is a ladder.
    pub fn is_ladder(&self) -> bool {
        self.to > self.from
    }

    /// "ladder" or "chute".
    pub fn kind(&self) -> &'static str {
        if self.is_ladder() { "ladder" } else { "chute" }
    }
}

/// A validated board: every jump on the board, no square with two jumps,
/// no loops of jumps, a known default rule set under which every game can
/// finish.
///
/// The board keeps its default rule set by name; `tabula_snakes::Setup`
/// resolves it. The loaders ([`Board::classic`], [`Board::load`],
/// [`Board::from_spec`], ...) live in the `load` module, above the rule-set
/// registry, so this module depends on nothing else in the crate.
///
/// ```
/// use tabula_snakes::Board;
/// let board = Board::classic();
/// assert_eq!(board.size(), 100);
/// assert_eq!(board.jump_from(80), Some(100));
/// assert_eq!(board.jumps().len(), 19);
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    source: String,
    size: u16,
    columns: u16,
    dice: Dice,
    rules: &'static str,
    jumps: Vec<Jump>,
    next: Vec<u16>,
}

/// The boards shipped with tabula, by name.
pub const BUILT_IN: [(&str, &str); 3] = [
    ("classic", include_str!("../boards/classic.ron")),
    ("teaching", include_str!("../boards/teaching.ron")),
    ("two-dice", include_str!("../boards/two-dice.ron")),
];

impl Board {
    /// Validates a spec's layout (everything but the rule set, which the
    /// `load` module checks against the registry); `source` is where
    /// errors point. `rules` is the default rule set's registered name.
    pub(crate) fn from_layout(
        spec: BoardSpec,
        source: &Source,
        rules: &'static str,
    ) -> Result<Board, SpecError> {
        use PathItem::{Field, Index};
        if !(2..=MAX_SQUARES).contains(&spec.size) {
            return Err(source.invalid(
                &[Field("size")],
                format!(
                    "a board has from 2 to {MAX_SQUARES} squares, found {}",
                    spec.size
                ),
            ));
        }
        let size = spec.size as u16;
        let dice = Dice::new(spec.dice.count, spec.dice.faces).map_err(|e| {
            let which = if Dice::new(spec.dice.count, 6).is_err() {
                "count"
            } else {
                "faces"
            };
            source.invalid(&[Field("dice"), Field(which)], e.to_string())
        })?;
        if spec.name.trim().is_empty() {
            return Err(source.invalid(&[Field("name")], "the board needs a name"));
        }
        // The name goes into text reports, SVG pictures and HTML pages:
        // a control character (a NUL, a newline, an escape) would garble
        // the text and make the SVG and HTML not well-formed.
        if let Some((i, c)) = spec.name.chars().enumerate().find(|(_, c)| c.is_control()) {
            return Err(source.invalid(
                &[Field("name")],
                format!(
                    "the board name contains a control character ({}, character {} of the name); names are printed and drawn, so use printable characters only",
                    c.escape_unicode(),
                    i + 1
                ),
            ));
        }
        let columns = match spec.columns {
            Some(c) if c == 0 || c > spec.size => {
                return Err(source.invalid(
                    &[Field("columns")],
                    format!(
                        "columns must be from 1 to the board size {}, found {c}",
                        spec.size
                    ),
                ));
            }
            Some(c) => c as u16,
            None => {
                let r = (f64::from(spec.size)).sqrt().round() as u32;
                if r * r == spec.size {
                    r as u16
                } else {
                    10.min(size)
                }
            }
        };
        let mut next: Vec<u16> = (0..=size).collect();
        let mut jumps = Vec::new();
        let mut origin: Vec<Option<(&str, usize)>> = vec![None; usize::from(size) + 1];
        for (field, list, up) in [
            ("ladders", &spec.ladders, true),
            ("chutes", &spec.chutes, false),
        ] {
            let kind = if up { "ladder" } else { "chute" };
            for (i, &(from, to)) in list.iter().enumerate() {
                let at = |j: usize| [Field(field), Index(i), Index(j)];
                if from == 0 || from >= spec.size {
                    return Err(source.invalid(
                        &at(0),
                        format!(
                            "a {kind} must start on a square from 1 to {} (the last square, {}, cannot start one), found {from}",
                            spec.size - 1,
                            spec.size
                        ),
                    ));
                }
                if to == 0 || to > spec.size {
                    return Err(source.invalid(
                        &at(1),
                        format!(
                            "a {kind} must end on a square from 1 to {}, found {to}",
                            spec.size
                        ),
                    ));
                }
                if from == to {
                    return Err(source.invalid(
                        &[Field(field), Index(i)],
                        format!("a {kind} from square {from} to itself"),
                    ));
                }
                if up != (to > from) {
                    let (want, other) = if up {
                        ("up", "chutes")
                    } else {
                        ("down", "ladders")
                    };
                    return Err(source.invalid(
                        &[Field(field), Index(i)],
                        format!("a {kind} goes {want}, but ({from}, {to}) goes the other way; list it under {other}"),
                    ));
                }
                let (f, t) = (from as u16, to as u16);
                if let Some((other_field, j)) = origin[usize::from(f)] {
                    let l = source.locate(&[Field(other_field), Index(j)]);
                    return Err(source.invalid(
                        &[Field(field), Index(i)],
                        format!("square {from} already starts a jump (at line {}, column {}); a square starts at most one", l.line, l.column),
                    ));
                }
                origin[usize::from(f)] = Some((field, i));
                next[usize::from(f)] = t;
                jumps.push(Jump { from: f, to: t });
            }
        }
        jumps.sort();
        // Chains are followed to their end; a loop would never end.
        for j in &jumps {
            let mut path = vec![j.from];
            let mut s = j.from;
            while next[usize::from(s)] != s {
                s = next[usize::from(s)];
                if path.contains(&s) {
                    path.push(s);
                    let (field, i) = origin[usize::from(j.from)].unwrap_or(("ladders", 0));
                    let shown: Vec<String> = path.iter().map(u16::to_string).collect();
                    return Err(source.invalid(
                        &[Field(field), Index(i)],
                        format!("jumps form a loop that never ends: {}", shown.join(" -> ")),
                    ));
                }
                path.push(s);
            }
        }
        Ok(Board {
            name: spec.name,
            source: source.name().to_string(),
            size,
            columns,
            dice,
            rules,
            jumps,
            next,
        })
    }

    /// The display name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the board came from (a path or `<built-in board NAME>`).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The last square; reaching it finishes.
    pub fn size(&self) -> u16 {
        self.size
    }

    /// Squares per row when drawn.
    pub fn columns(&self) -> u16 {
        self.columns
    }

    /// The dice.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The name of the board's default rule set (a registered one; see
    /// [`Board::default_rules`] for the rule set itself).
    pub fn rules_name(&self) -> &'static str {
        self.rules
    }

    /// All ladders and chutes, sorted by starting square.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// For every square 0 to `size`, where a token landing there ends up
    /// after one jump (the square itself if no jump starts there).
    #[inline]
    pub fn jump_table(&self) -> &[u16] {
        &self.next
    }

    /// The board as a board file writes it (its ladders and chutes, its
    /// default rule set): [`Board::from_spec`] rebuilds it.
    pub fn spec(&self) -> BoardSpec {
        let pairs = |ladders: bool| {
            self.jumps
                .iter()
                .filter(|j| j.is_ladder() == ladders)
                .map(|j| (u32::from(j.from), u32::from(j.to)))
                .collect()
        };
        BoardSpec {
            name: self.name.clone(),
            size: u32::from(self.size),
            columns: Some(u32::from(self.columns)),
            dice: self.dice.into(),
            rules: Some(self.rules.to_string()),
            ladders: pairs(true),
            chutes: pairs(false),
        }
    }

    /// Where a ladder or chute starting on `square` leads, if one does.
    #[inline]
    pub fn jump_from(&self, square: u16) -> Option<u16> {
        match self.next.get(usize::from(square)) {
            Some(&t) if t != square => Some(t),
            _ => None,
        }
    }
}
