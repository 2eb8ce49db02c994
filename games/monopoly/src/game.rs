//! One token's movement round the board as a [`BoardGame`]: one seat, no
//! decisions, two dice, cards, jail.
//!
//! Every chance step is either a throw of the two dice ([`Outcome::Throw`],
//! 36 outcomes of 1/36, both faces reported) or the draw of a card
//! ([`Outcome::Card`]). A turn is one or more throws: a double throws
//! again, the third double of a turn goes to jail. The state between turns
//! (no card to draw, no double pending) is where the previous turn ended,
//! so the long-run share of turns ending on a square can be read off the
//! states ([`State::turn_ended`]).

use rand::{Rng, RngExt};
use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_play::record::{ParametersError, Recordable};
use tabula_sim::Sampling;

use crate::board::{Action, Board, Cards, Deck, Kind};
use crate::jail::{JailRule, Release};
use crate::params::SetupParameters;

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The faces of the two dice.
    Throw(u8, u8),
    /// The card at this index of the deck being drawn from.
    Card(u8),
}

/// What happens, for statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The token comes to this square: by a throw, by a card, or by being
    /// sent to jail (Go To Jail, a card, a third double).
    Landed(u8),
    /// A turn ends with the token on this square; `in_jail` tells a
    /// token in jail from one just visiting.
    TurnEnded {
        /// The square.
        square: u8,
        /// Whether the token is in jail (not just visiting).
        in_jail: bool,
    },
}

/// How cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Draw {
    /// Each draw is any card of the deck with equal probability (the card
    /// goes straight back): the Markov chain's model.
    #[default]
    Uniform,
    /// The deck is shuffled and drawn without replacement, and reshuffled
    /// when every card has been drawn (as at the table; a Get Out of Jail
    /// Free card goes back like any other).
    Shuffled,
}

/// Where the token is and what is left of its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The square the token is on.
    pub square: u8,
    /// Doubles thrown so far this turn that earn another throw (0 when
    /// the turn is over).
    pub doubles: u8,
    /// `Some(tries)` while in jail: the throws for a double already
    /// failed.
    pub jail: Option<u8>,
    /// A card to draw before the turn goes on.
    pub draw: Option<Deck>,
    /// With [`Draw::Shuffled`]: the cards of each deck (Chance, Community
    /// Chest) drawn since its last shuffle, as bits.
    pub drawn: [u64; 2],
    /// Turns played, counted only when the game has a turn budget.
    pub turns: u32,
}

impl State {
    /// Whether this state is between turns: the previous turn ended here.
    pub fn turn_ended(&self) -> bool {
        self.draw.is_none() && self.doubles == 0
    }
}

/// Monopoly's movement model for one token.
#[derive(Clone, Debug)]
pub struct Monopoly {
    board: Board,
    cards: Cards,
    jail: &'static JailRule,
    draw: Draw,
    turns: Option<u32>,
    setup: SetupParameters,
}

impl Monopoly {
    /// The game on `board` with `cards` under `jail`, cards drawn
    /// uniformly, never ending.
    ///
    /// Its [parameters](Recordable::parameters) name the jail rule and no
    /// files (the standard board and decks): a game built from files by
    /// [`SetupParameters::game`] names them.
    pub fn new(board: Board, cards: Cards, jail: &'static JailRule) -> Monopoly {
        Monopoly {
            board,
            cards,
            jail,
            draw: Draw::Uniform,
            turns: None,
            setup: SetupParameters {
                jail: jail.name.to_string(),
                board: String::new(),
                cards: String::new(),
            },
        }
    }

    /// The same game, its parameters `setup` (the files it was read
    /// from).
    pub(crate) fn with_setup(mut self, setup: SetupParameters) -> Monopoly {
        self.setup = setup;
        self
    }

    /// Draws cards as `draw` says.
    pub fn with_draw(mut self, draw: Draw) -> Monopoly {
        self.draw = draw;
        self
    }

    /// Ends the game after `turns` turns (for simulation); `None` never
    /// ends it (for the exact chain).
    pub fn with_turns(mut self, turns: Option<u32>) -> Monopoly {
        self.turns = turns;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cards.
    pub fn cards(&self) -> &Cards {
        &self.cards
    }

    /// The jail rule.
    pub fn jail_rule(&self) -> &'static JailRule {
        self.jail
    }

    /// How cards are drawn.
    pub fn draw(&self) -> Draw {
        self.draw
    }

    fn deck_cards(&self, state: &State, deck: Deck) -> (usize, u64) {
        let len = self.cards.deck(deck).len();
        let drawn = match self.draw {
            Draw::Uniform => 0,
            Draw::Shuffled => state.drawn[deck as usize],
        };
        (len, drawn)
    }

    fn end_turn<E: FnMut(Event)>(&self, state: &mut State, events: &mut E) {
        if state.doubles == 0 {
            events(Event::TurnEnded {
                square: state.square,
                in_jail: state.jail.is_some(),
            });
            if self.turns.is_some() {
                state.turns += 1;
            }
        }
    }

    fn to_jail<E: FnMut(Event)>(&self, state: &mut State, events: &mut E) {
        state.square = self.board.jail();
        state.jail = Some(0);
        state.doubles = 0;
        state.draw = None;
        events(Event::Landed(state.square));
        self.end_turn(state, events);
    }

    /// The token has come to `square`: do what the square says.
    fn arrive<E: FnMut(Event)>(&self, state: &mut State, square: u8, events: &mut E) {
        state.square = square;
        events(Event::Landed(square));
        match self.board.kind(square) {
            Kind::GoToJail => self.to_jail(state, events),
            Kind::Chance => state.draw = Some(Deck::Chance),
            Kind::CommunityChest => state.draw = Some(Deck::CommunityChest),
            _ => self.end_turn(state, events),
        }
    }

    fn advance<E: FnMut(Event)>(&self, state: &mut State, by: u8, events: &mut E) {
        let n = self.board.len();
        let to = (usize::from(state.square) + usize::from(by)) % n;
        self.arrive(state, to as u8, events);
    }
}

impl BoardGame for Monopoly {
    type State = State;
    type Move = tabula_core::NoMove;
    type Outcome = Outcome;
    type Event = Event;

    fn seats(&self) -> usize {
        1
    }

    fn initial_state(&self) -> State {
        State {
            square: 0,
            doubles: 0,
            jail: None,
            draw: None,
            drawn: [0, 0],
            turns: 0,
        }
    }

    fn status(&self, state: &State) -> Status {
        match self.turns {
            Some(t) if state.turns >= t => Status::Over(GameResult::Win(0)),
            _ => Status::Chance,
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<Chance<Outcome>>) {
        match state.draw {
            Some(deck) => {
                let (len, drawn) = self.deck_cards(state, deck);
                let left = len - drawn.count_ones() as usize;
                out.extend((0..len).filter(|&i| drawn & (1 << i) == 0).map(|i| Chance {
                    outcome: Outcome::Card(i as u8),
                    probability: 1.0 / left as f64,
                }));
            }
            None => {
                for a in 1..=6 {
                    for b in 1..=6 {
                        out.push(Chance {
                            outcome: Outcome::Throw(a, b),
                            probability: 1.0 / 36.0,
                        });
                    }
                }
            }
        }
    }

    fn apply_chance<E: FnMut(Event)>(&self, state: &mut State, outcome: Outcome, events: &mut E) {
        match outcome {
            Outcome::Throw(a, b) => {
                let double = a == b;
                if let Some(tries) = state.jail {
                    match self.jail.rule.release(tries, double) {
                        Release::Stay => {
                            state.jail = Some(tries.saturating_add(1));
                            self.end_turn(state, events);
                            return;
                        }
                        Release::MoveOnly => {
                            state.jail = None;
                            state.doubles = 0;
                            self.advance(state, a + b, events);
                            return;
                        }
                        Release::Throw => state.jail = None,
                    }
                }
                if double {
                    state.doubles += 1;
                    if state.doubles == 3 {
                        self.to_jail(state, events);
                        return;
                    }
                } else {
                    state.doubles = 0;
                }
                self.advance(state, a + b, events);
            }
            Outcome::Card(i) => {
                let Some(deck) = state.draw.take() else {
                    return;
                };
                if self.draw == Draw::Shuffled {
                    let len = self.cards.deck(deck).len();
                    let drawn = &mut state.drawn[deck as usize];
                    *drawn |= 1 << i;
                    if drawn.count_ones() as usize == len {
                        *drawn = 0;
                    }
                }
                let here = state.square;
                match self.cards.deck(deck)[usize::from(i)].action {
                    Action::Stay => self.end_turn(state, events),
                    Action::GoToJail => self.to_jail(state, events),
                    Action::To(s) => self.arrive(state, s, events),
                    Action::Nearest(kind) => {
                        let s = self.board.nearest(here, kind).unwrap_or(here);
                        self.arrive(state, s, events)
                    }
                    Action::Back(k) => {
                        let n = self.board.len();
                        let s = (usize::from(here) + n - usize::from(k) % n) % n;
                        self.arrive(state, s as u8, events)
                    }
                }
            }
        }
    }

    fn apply_move<E: FnMut(Event)>(&self, _: &mut State, mv: Self::Move, _: &mut E) {
        match mv {}
    }
}

/// Monopoly throws its dice and draws its cards directly.
impl Sampling for Monopoly {
    #[inline]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        _: &mut Vec<Chance<Outcome>>,
    ) -> Option<Outcome> {
        Some(match state.draw {
            None => Outcome::Throw(rng.random_range(1..=6u8), rng.random_range(1..=6u8)),
            Some(deck) => {
                let (len, drawn) = self.deck_cards(state, deck);
                let left = len - drawn.count_ones() as usize;
                let mut k = rng.random_range(0..left);
                let mut card = 0;
                for i in 0..len {
                    if drawn & (1 << i) == 0 {
                        if k == 0 {
                            card = i;
                            break;
                        }
                        k -= 1;
                    }
                }
                Outcome::Card(card as u8)
            }
        })
    }
}

/// Monopoly is a game of the framework's registry: its parameters are the
/// jail rule and the board and card files ([`SetupParameters`]).
impl Recordable for Monopoly {
    const NAME: &'static str = "monopoly";
    type Parameters = SetupParameters;

    fn parameters(&self) -> SetupParameters {
        self.setup.clone()
    }

    fn from_parameters(setup: &SetupParameters) -> Result<Monopoly, ParametersError> {
        setup.game().map_err(|e| e.to_string().into())
    }
}
