//! The board and the card decks, written in RON and validated into
//! [`Board`] and [`Cards`]; errors name the file, line and column.

use serde::{Deserialize, Serialize};
use tabula_core::spec::{PathItem, Source, SpecError};

/// The standard US board, embedded.
pub const STANDARD_BOARD: &str = include_str!("../data/board.ron");
/// The standard US card decks, embedded.
pub const STANDARD_CARDS: &str = include_str!("../data/cards.ron");

/// The most squares a board may have (positions are kept in a byte).
pub const MAX_SQUARES: usize = 200;
/// The most cards a deck may have (a shuffled deck's drawn cards are kept
/// as the bits of a 64-bit word).
pub const MAX_CARDS: usize = 64;

/// What a square is. Only Go, Jail, Go To Jail, Chance and Community
/// Chest matter to movement; the rest are named so cards can find "the
/// nearest railroad" and pictures can tell squares apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Go, the first square.
    Go,
    /// A street that can be bought.
    Property,
    /// A railroad.
    Railroad,
    /// A utility (Electric Company, Water Works).
    Utility,
    /// A tax to pay.
    Tax,
    /// Draw a Chance card.
    Chance,
    /// Draw a Community Chest card.
    CommunityChest,
    /// In Jail / Just Visiting.
    Jail,
    /// Free Parking.
    FreeParking,
    /// Go To Jail: the token goes to Jail at once.
    GoToJail,
}

/// One square of a board file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Square", deny_unknown_fields)]
pub struct Square {
    /// Its name, unique on the board (cards refer to squares by name).
    pub name: String,
    /// What it is.
    pub kind: Kind,
}

/// A board file: `Board(name: "...", squares: [Square(name: "Go", kind: Go), ...])`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Board", deny_unknown_fields)]
pub struct BoardSpec {
    /// The board's name.
    pub name: String,
    /// The squares, in the order the token moves, starting at Go.
    pub squares: Vec<Square>,
}

/// A validated board: the first square is Go, there is exactly one Jail,
/// names are unique, at most [`MAX_SQUARES`] squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    name: String,
    squares: Vec<Square>,
    jail: u8,
}

impl Board {
    /// The standard US board.
    pub fn standard() -> Board {
        Board::from_source(&Source::embedded("<built-in board>", STANDARD_BOARD))
            .unwrap_or_else(|e| unreachable!("the embedded board is valid: {e}"))
    }

    /// Reads and validates a board file.
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Board, SpecError> {
        Board::from_source(&Source::read(path)?)
    }

    /// Parses and validates a board.
    pub fn from_source(source: &Source) -> Result<Board, SpecError> {
        use PathItem::{Field, Index};
        let spec: BoardSpec = source.parse()?;
        let n = spec.squares.len();
        if !(2..=MAX_SQUARES).contains(&n) {
            return Err(source.invalid(
                &[Field("squares")],
                format!("a board has from 2 to {MAX_SQUARES} squares, this one has {n}"),
            ));
        }
        let at = |i: usize| [Field("squares"), Index(i)];
        if spec.squares[0].kind != Kind::Go {
            return Err(source.invalid(&at(0), "the first square must be of kind Go"));
        }
        for (i, s) in spec.squares.iter().enumerate() {
            if spec.squares[..i].iter().any(|t| t.name == s.name) {
                return Err(source.invalid(
                    &at(i),
                    format!("two squares are named {:?}; cards find squares by name, so names must be unique", s.name),
                ));
            }
        }
        let jails: Vec<usize> = (0..n)
            .filter(|&i| spec.squares[i].kind == Kind::Jail)
            .collect();
        let jail = match jails[..] {
            [j] => j,
            [] => {
                return Err(
                    source.invalid(&[Field("squares")], "the board has no square of kind Jail")
                );
            }
            [_, second, ..] => {
                return Err(source.invalid(
                    &at(second),
                    "a second square of kind Jail; a board has exactly one",
                ));
            }
        };
        Ok(Board {
            name: spec.name,
            squares: spec.squares,
            jail: jail as u8,
        })
    }

    /// The board's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The squares, in order from Go.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Always false: a board has at least two squares.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The Jail square.
    pub fn jail(&self) -> u8 {
        self.jail
    }

    /// The kind of square `i`.
    pub fn kind(&self, i: u8) -> Kind {
        self.squares[usize::from(i)].kind
    }

    /// The square named `name`.
    pub fn find(&self, name: &str) -> Option<u8> {
        self.squares
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u8)
    }

    /// The first square of `kind` strictly ahead of `from`, going round.
    pub fn nearest(&self, from: u8, kind: Kind) -> Option<u8> {
        let n = self.squares.len();
        (1..=n)
            .map(|k| ((usize::from(from) + k) % n) as u8)
            .find(|&s| self.kind(s) == kind)
    }
}

/// Where a card sends the token, as written in a card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionSpec {
    /// The token does not move.
    Stay,
    /// Advance to the square of this name (passing Go).
    AdvanceTo(String),
    /// Advance to the nearest square of this kind ahead.
    Nearest(Kind),
    /// Move back this many squares.
    Back(u8),
    /// Go directly to Jail.
    GoToJail,
}

/// One card of a card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Card", deny_unknown_fields)]
pub struct CardSpec {
    /// What the card says.
    pub text: String,
    /// Where it sends the token.
    pub action: ActionSpec,
}

/// A card file: `Cards(edition: "...", chance: [...], community_chest: [...])`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Cards", deny_unknown_fields)]
pub struct CardsSpec {
    /// Which edition of the game the cards are from.
    pub edition: String,
    /// The Chance deck.
    pub chance: Vec<CardSpec>,
    /// The Community Chest deck.
    pub community_chest: Vec<CardSpec>,
}

/// Where a validated card sends the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Action {
    /// The token does not move.
    Stay,
    /// To this square.
    To(u8),
    /// To the nearest square of this kind ahead.
    Nearest(Kind),
    /// Back this many squares.
    Back(u8),
    /// To Jail.
    GoToJail,
}

/// A validated card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Card {
    /// What the card says.
    pub text: String,
    /// Where it sends the token.
    pub action: Action,
}

/// The two decks, validated against a board: every square a card names
/// exists, every kind a card looks for is on the board, each deck has
/// from 1 to [`MAX_CARDS`] cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cards {
    /// Which edition the cards are from.
    pub edition: String,
    /// The Chance deck.
    pub chance: Vec<Card>,
    /// The Community Chest deck.
    pub community_chest: Vec<Card>,
}

/// One of the two decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Deck {
    /// Chance.
    Chance,
    /// Community Chest.
    CommunityChest,
}

impl Cards {
    /// The standard US decks, for the standard board.
    pub fn standard() -> Cards {
        Cards::from_source(
            &Source::embedded("<built-in cards>", STANDARD_CARDS),
            &Board::standard(),
        )
        .unwrap_or_else(|e| unreachable!("the embedded cards are valid: {e}"))
    }

    /// Reads and validates a card file against `board`.
    pub fn load(path: impl AsRef<std::path::Path>, board: &Board) -> Result<Cards, SpecError> {
        Cards::from_source(&Source::read(path)?, board)
    }

    /// Parses and validates cards against `board`.
    pub fn from_source(source: &Source, board: &Board) -> Result<Cards, SpecError> {
        use PathItem::{Field, Index};
        let spec: CardsSpec = source.parse()?;
        let deck = |field: &'static str, cards: Vec<CardSpec>| -> Result<Vec<Card>, SpecError> {
            if !(1..=MAX_CARDS).contains(&cards.len()) {
                return Err(source.invalid(
                    &[Field(field)],
                    format!(
                        "a deck has from 1 to {MAX_CARDS} cards, this one has {}",
                        cards.len()
                    ),
                ));
            }
            cards
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    let here = [Field(field), Index(i), Field("action")];
                    let action = match c.action {
                        ActionSpec::Stay => Action::Stay,
                        ActionSpec::GoToJail => Action::GoToJail,
                        ActionSpec::Back(k) => Action::Back(k),
                        ActionSpec::AdvanceTo(name) => {
                            Action::To(board.find(&name).ok_or_else(|| {
                                source.invalid(
                                    &here,
                                    format!("the board has no square named {name:?}"),
                                )
                            })?)
                        }
                        ActionSpec::Nearest(kind) => {
                            if board.nearest(0, kind).is_none() {
                                return Err(source.invalid(
                                    &here,
                                    format!("the board has no square of kind {kind:?}"),
                                ));
                            }
                            Action::Nearest(kind)
                        }
                    };
                    Ok(Card {
                        text: c.text,
                        action,
                    })
                })
                .collect()
        };
        let cards = Cards {
            edition: spec.edition,
            chance: deck("chance", spec.chance)?,
            community_chest: deck("community_chest", spec.community_chest)?,
        };
        if let Some(message) = cards.trap(board) {
            return Err(source.invalid(&[Field("chance")], message));
        }
        Ok(cards)
    }

    /// Card squares from which the cards never let a turn end (each card
    /// there sends the token on to another such square), in words; `None`
    /// if every card square can end a turn.
    fn trap(&self, board: &Board) -> Option<String> {
        let deck_of = |square: u8| match board.kind(square) {
            Kind::Chance => Some(Deck::Chance),
            Kind::CommunityChest => Some(Deck::CommunityChest),
            _ => None,
        };
        // Where `card` sends the token from `square`: `None` if the turn
        // ends there (a square without cards, jail).
        let next = |square: u8, card: &Card| -> Option<u8> {
            let to = match card.action {
                Action::Stay | Action::GoToJail => return None,
                Action::To(s) => s,
                Action::Nearest(kind) => board.nearest(square, kind).unwrap_or(square),
                Action::Back(k) => {
                    let n = board.len();
                    ((usize::from(square) + n - usize::from(k) % n) % n) as u8
                }
            };
            deck_of(to).map(|_| to)
        };
        let squares: Vec<u8> = (0..board.len() as u8)
            .filter(|&s| deck_of(s).is_some())
            .collect();
        let mut ends: Vec<u8> = Vec::new();
        loop {
            let before = ends.len();
            for &s in &squares {
                if ends.contains(&s) {
                    continue;
                }
                let deck = deck_of(s).map_or(&[][..], |d| self.deck(d));
                if deck
                    .iter()
                    .any(|c| next(s, c).is_none_or(|to| ends.contains(&to)))
                {
                    ends.push(s);
                }
            }
            if ends.len() == before {
                break;
            }
        }
        let trapped: Vec<u8> = squares.into_iter().filter(|s| !ends.contains(s)).collect();
        if trapped.is_empty() {
            return None;
        }
        let name = |s: u8| board.squares()[usize::from(s)].name.clone();
        let mut decks = Vec::new();
        for (deck, label) in [
            (Deck::Chance, "Chance"),
            (Deck::CommunityChest, "Community Chest"),
        ] {
            if trapped.iter().any(|&s| deck_of(s) == Some(deck)) {
                let texts: Vec<String> = self
                    .deck(deck)
                    .iter()
                    .map(|c| format!("{:?}", c.text))
                    .collect();
                decks.push(format!("{label} ({})", texts.join(", ")));
            }
        }
        Some(format!(
            "the cards send the token from card square to card square without end: from {} every card of {} moves it on to another of these squares, so the turn never ends; give a deck a card that stays, goes to jail or moves to a square without cards",
            trapped
                .iter()
                .map(|&s| format!("{:?}", name(s)))
                .collect::<Vec<_>>()
                .join(", "),
            decks.join(" and ")
        ))
    }

    /// The cards of `deck`.
    pub fn deck(&self, deck: Deck) -> &[Card] {
        match deck {
            Deck::Chance => &self.chance,
            Deck::CommunityChest => &self.community_chest,
        }
    }
}
