//! What a game gets from the traits it implements, found when it
//! registers: [`register_game!`](crate::register_game) calls the
//! probe's methods on a reference (`&Probe<G>`), and method resolution
//! picks the impl for `&Probe` where the game's type allows it, the
//! fallback for `Probe` otherwise. So a capability is a trait bound,
//! checked when the crate compiles, not a list the game keeps.

use std::hash::Hash;
use std::marker::PhantomData;

use tabula_play::PlayPaths;
use tabula_play::terminal::Notation;

use crate::args::Values;
use crate::exact::{PolicyArgs, PolicyError, PolicyReport};
use crate::kind::{PlayTable, Rules};
use crate::play::{RecordArgs, ReplayArgs};
use crate::terminal::PlayCall;
use crate::{Error, Io};

/// The type the probe's methods are looked up on: the game `G`, and the
/// paths `P` it is played by ([`tabula_play::paths!`] finds them).
pub struct Probe<G, P = ()>(pub PhantomData<fn() -> (G, P)>);

impl<G, P> Clone for Probe<G, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G, P> Copy for Probe<G, P> {}

/// Each seat's exact chances with the named agents, within a budget of
/// states.
pub type PolicyChancesFn<G> =
    fn(&G, &[&str], usize) -> Result<Vec<tabula_play::tournament::Chances>, PolicyError>;

/// Plays one game of a variant at the terminal.
pub(crate) type PlayFn<G> =
    fn(PlayCall<'_, G>, PlayTable, &RecordArgs, &Values, &mut Io<'_>) -> Result<(), Error>;

/// The exact services of a game whose state is hashable.
pub struct ExactHooks<G> {
    /// The exact solution with the named agents in the seats.
    pub analyze:
        fn(&G, &str, &PolicyArgs, &crate::exact::Budget) -> Result<PolicyReport, PolicyError>,
    /// Each seat's exact chances with the named agents in the seats.
    pub chances: PolicyChancesFn<G>,
}

impl<G> Clone for ExactHooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for ExactHooks<G> {}

/// Reads a typed move at a state, or says why not.
pub(crate) type ParseMoveFn<G> = fn(
    &G,
    &<G as tabula_core::BoardGame>::State,
    &str,
) -> Result<<G as tabula_core::BoardGame>::Move, String>;

/// Draws chance's outcome at a state from a seed's game stream `index`.
pub(crate) type SampleFn<G> = fn(
    &G,
    &<G as tabula_core::BoardGame>::State,
    u64,
    u64,
) -> Option<<G as tabula_core::BoardGame>::Outcome>;

/// How the game's moves and positions read as text.
pub(crate) struct Text<G: tabula_core::BoardGame> {
    pub format_move: fn(&G, &G::State, &G::Move) -> String,
    pub format_outcome: fn(&G, &G::State, &G::Outcome) -> String,
    pub render: fn(&G, &G::State) -> String,
    pub seat_name: fn(&G, usize) -> String,
    /// Reads a typed move, or says why not.
    pub parse_move: ParseMoveFn<G>,
    /// Whether a move is legal (checked directly where the game does).
    pub is_legal: fn(&G, &G::State, &G::Move) -> bool,
    /// Chance's outcome drawn as play draws it (sampled where the game
    /// samples), from `seed`'s game stream `index`.
    pub sample: SampleFn<G>,
}

impl<G: tabula_core::BoardGame> Clone for Text<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: tabula_core::BoardGame> Copy for Text<G> {}

impl<G: tabula_core::BoardGame> Text<G> {
    /// Without a notation: the `Debug` forms.
    pub fn debug() -> Text<G> {
        Text {
            format_move: |_, _, mv| format!("{mv:?}"),
            format_outcome: |_, _, o| format!("{o:?}"),
            render: |_, _| String::new(),
            seat_name: |_, seat| format!("seat {}", seat + 1),
            parse_move: |_, _, _| Err("the game has no notation to read a move in".into()),
            is_legal: |_, _, _| false,
            sample: |_, _, _, _| None,
        }
    }
}

/// A record's text as a replay page shows it ([`crate::play::replay_view`]).
pub(crate) type ReplayViewFn<G> = fn(
    &str,
    bool,
    Option<usize>,
    Option<crate::state::PictureFn<G>>,
) -> Result<crate::play::ReplayView, Error>;

/// The services of a game with a [`Notation`]: play at the terminal,
/// replay, its moves as text.
pub struct NotationHooks<G: Rules> {
    pub(crate) play: PlayFn<G>,
    pub(crate) replay: fn(&ReplayArgs, &mut Io<'_>) -> Result<(), Error>,
    pub(crate) replay_view: ReplayViewFn<G>,
    pub(crate) text: Text<G>,
}

/// What the probe found of a game.
pub struct Found<G: Rules> {
    pub(crate) exact: Option<ExactHooks<G>>,
    pub(crate) notation: Option<NotationHooks<G>>,
}

impl<G: Rules> Found<G> {
    /// What was found: the exact services where the state is hashable,
    /// the notation's where the game has one.
    pub fn new(exact: Option<ExactHooks<G>>, notation: Option<NotationHooks<G>>) -> Found<G> {
        Found { exact, notation }
    }
}

/// Found when the state is hashable: its receiver is `&Probe`, which
/// method lookup tries before `Probe`.
pub trait Hashed<G> {
    /// The hooks.
    fn exact_hooks(self) -> Option<ExactHooks<G>>;
}

impl<G: Rules, P> Hashed<G> for &Probe<G, P>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    fn exact_hooks(self) -> Option<ExactHooks<G>> {
        Some(ExactHooks {
            analyze: |game, name, args, budget| {
                crate::exact::analyze_agents_within(game, name, args, budget)
            },
            chances: crate::exact::chances::<G>,
        })
    }
}

/// Found otherwise.
pub trait Unhashed<G> {
    /// No hooks.
    fn exact_hooks(self) -> Option<ExactHooks<G>>;
}

impl<G, P> Unhashed<G> for Probe<G, P> {
    fn exact_hooks(self) -> Option<ExactHooks<G>> {
        None
    }
}

/// Found when the game has a [`Notation`].
pub trait Noted<G: Rules> {
    /// The hooks.
    fn notation_hooks(self) -> Option<NotationHooks<G>>;
}

impl<G: Rules + Notation, P: PlayPaths<G> + Default> Noted<G> for &Probe<G, P>
where
    G::Move: PartialEq,
{
    fn notation_hooks(self) -> Option<NotationHooks<G>> {
        Some(NotationHooks {
            play: crate::terminal::play::<G, P>,
            replay: |args, io| {
                crate::play::replay::replay_registered::<G, P>(P::default(), args.clone(), io)
            },
            replay_view: |text, json, at, picture| {
                crate::play::replay_view::<G, P>(P::default(), text, json, at, picture)
            },
            text: Text {
                format_move: <G as Notation>::format_move,
                format_outcome: <G as Notation>::format_outcome,
                render: <G as Notation>::render,
                seat_name: <G as Notation>::seat_name,
                parse_move: |game, state, text| {
                    <G as Notation>::parse_move(game, state, text).map_err(|e| e.to_string())
                },
                is_legal: |game, state, mv| {
                    tabula_play::legality::CheckPath::is_legal(
                        P::default(),
                        game,
                        state,
                        mv,
                        &mut Vec::new(),
                    )
                },
                sample: |game, state, seed, index| {
                    let mut rng = tabula_core::stream_rng(seed, tabula_core::Stream::Game, index);
                    tabula_sim::ChancePath::sample(
                        P::default(),
                        game,
                        state,
                        &mut rng,
                        &mut Vec::new(),
                    )
                },
            },
        })
    }
}

/// Found otherwise.
pub trait Unnoted<G: Rules> {
    /// No hooks.
    fn notation_hooks(self) -> Option<NotationHooks<G>>;
}

impl<G: Rules, P> Unnoted<G> for Probe<G, P> {
    fn notation_hooks(self) -> Option<NotationHooks<G>> {
        None
    }
}

/// The framework's method of optimal play for a game: its name and its
/// solve.
pub type OptimalMethod<G> = (&'static str, crate::exact::SolveOptimal<G>);

/// Found when the game numbers its states ([`tabula_exact::Dense`]):
/// optimal play is solved over the numbering.
pub trait Numbered<G: Rules> {
    /// The solve.
    fn optimal(self) -> OptimalMethod<G>;
}

impl<G: Rules + tabula_exact::Dense, P> Numbered<G> for &Probe<G, P>
where
    G::State: std::fmt::Debug + Send + Sync,
{
    fn optimal(self) -> OptimalMethod<G> {
        ("numbered optimal", crate::exact::optimal_by_numbering::<G>)
    }
}

/// Found otherwise: optimal play is solved over the whole state graph,
/// which needs a hashable state.
pub trait Graphed<G: Rules> {
    /// The solve.
    fn optimal(self) -> OptimalMethod<G>;
}

impl<G: Rules, P> Graphed<G> for Probe<G, P>
where
    G::State: Hash + Eq + std::fmt::Debug + Send + Sync,
{
    fn optimal(self) -> OptimalMethod<G> {
        ("optimal", crate::exact::optimal_by_graph::<G>)
    }
}
