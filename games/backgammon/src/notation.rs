//! Standard notation at the terminal and in records: `24/18 13/11`,
//! `bar/22`, `6/off`, `8/5*/3`, `13/11(2)`, `pass`; each side numbers
//! the points from its own home (1 to 24, the bar 25).

use tabula_core::{BoardGame, Seat};
use tabula_play::notation::MoveError;
use tabula_play::terminal::Notation;

use crate::board::{BAR, Hop, OFF, Position, Turn, same_turn};
use crate::game::{Backgammon, Roll, State};

/// The seats' names: X moves first when its die is higher.
pub const SEAT_NAMES: [&str; 2] = ["X", "O"];

fn point_name(p: u8) -> String {
    match usize::from(p) {
        BAR => "bar".into(),
        OFF => "off".into(),
        p => p.to_string(),
    }
}

/// The checkers' paths of a turn, each with the points it passes and
/// whether it hits there: `24/18*/13`.
fn paths(position: &Position, seat: usize, turn: &Turn) -> Vec<Vec<(u8, bool)>> {
    let mut pos = *position;
    let mut paths: Vec<Vec<(u8, bool)>> = Vec::new();
    for s in turn.hops() {
        let hit = s.to != 0 && pos.checkers[1 - seat][25 - usize::from(s.to)] == 1;
        pos.hop(seat, *s);
        match paths
            .iter_mut()
            .rev()
            .find(|p| p.last().is_some_and(|&(end, _)| end == s.from && end != 0))
        {
            Some(path) => path.push((s.to, hit)),
            None => paths.push(vec![(s.from, false), (s.to, hit)]),
        }
    }
    paths.sort_by(|a, b| b.cmp(a));
    paths
}

/// A turn in standard notation for `seat` in `position`.
pub fn format_turn(position: &Position, seat: usize, turn: &Turn) -> String {
    if turn.is_pass() {
        return "pass".into();
    }
    let paths = paths(position, seat, turn);
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < paths.len() {
        let same = paths[i..].iter().take_while(|p| **p == paths[i]).count();
        let text = paths[i]
            .iter()
            .map(|&(p, hit)| format!("{}{}", point_name(p), if hit { "*" } else { "" }))
            .collect::<Vec<_>>()
            .join("/");
        parts.push(if same > 1 {
            format!("{text}({same})")
        } else {
            text
        });
        i += same;
    }
    parts.join(" ")
}

/// One typed point: `bar`, `off` or 1 to 24, with `*` for a hit.
fn read_point(text: &str) -> Result<(u8, bool), String> {
    let (name, hit) = match text.strip_suffix('*') {
        Some(n) => (n, true),
        None => (text, false),
    };
    let p = match name.to_ascii_lowercase().as_str() {
        "bar" | "b" => BAR as u8,
        "off" | "o" => OFF as u8,
        n => match n.parse::<u8>() {
            Ok(p) if (1..=24).contains(&p) => p,
            _ => {
                return Err(format!(
                    "{text:?} is not a point: write 1 to 24, bar or off, as in 24/18 or bar/22"
                ));
            }
        },
    };
    Ok((p, hit))
}

/// What a typed turn says: each checker's start and end, and the points
/// it claims to hit.
struct Typed {
    moves: Vec<(u8, u8)>,
    hits: Vec<u8>,
}

fn read_turn(text: &str) -> Result<Typed, String> {
    let mut moves = Vec::new();
    let mut hits = Vec::new();
    for token in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        let (path, times) = match token.split_once('(') {
            Some((path, rest)) => {
                let n = rest
                    .strip_suffix(')')
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| {
                        format!("{token:?}: write a repeat as 13/11(2), 1 to 4 times")
                    })?;
                (path, n)
            }
            None => (token, 1),
        };
        let points = path
            .split('/')
            .map(read_point)
            .collect::<Result<Vec<_>, _>>()?;
        if points.len() < 2 {
            return Err(format!(
                "{token:?} is not a move: write from/to, as in 24/18, bar/22 or 6/off"
            ));
        }
        for w in points.windows(2) {
            if w[1].0 >= w[0].0 {
                return Err(format!(
                    "{token:?}: checkers move down, from the bar (25) toward off (0)"
                ));
            }
        }
        hits.extend(points.iter().filter(|p| p.1).map(|p| p.0));
        for _ in 0..times {
            moves.push((points[0].0, points[points.len() - 1].0));
        }
    }
    Ok(Typed { moves, hits })
}

/// The points a turn hits, in the mover's numbering, sorted.
fn hit_points(position: &Position, seat: usize, turn: &Turn) -> Vec<u8> {
    let mut pos = *position;
    let mut hits = Vec::new();
    for s in turn.hops() {
        if s.to != 0 && pos.checkers[1 - seat][25 - usize::from(s.to)] == 1 {
            hits.push(s.to);
        }
        pos.hop(seat, *s);
    }
    hits.sort_unstable();
    hits
}

/// Reads a typed turn at `state`: the legal turn that leaves the
/// checkers where the text says (and hits where it marks `*`, where two
/// turns differ only in that).
pub fn parse_turn(game: &Backgammon, state: &State, text: &str) -> Result<Turn, BadTurn> {
    read(game, state, text).map_err(BadTurn)
}

/// Why a typed turn is refused: the reason, as the player reads it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadTurn(pub String);

fn read(game: &Backgammon, state: &State, text: &str) -> Result<Turn, String> {
    let text = text.trim();
    let seat = usize::from(state.seat);
    let mut legal = Vec::new();
    game.legal_moves(state, &mut legal);
    let roll = format!("{}-{}", state.dice[0], state.dice[1]);
    if matches!(text.to_ascii_lowercase().as_str(), "pass" | "-" | "") {
        return legal.iter().find(|t| t.is_pass()).copied().ok_or_else(|| {
            format!("you can play {roll}: passing is only for a roll that cannot be used")
        });
    }
    let Typed { moves, mut hits } = read_turn(text)?;
    let mut mine = state.position.checkers[seat];
    for &(from, to) in &moves {
        let f = usize::from(from);
        if mine[f] == 0 {
            return Err(format!(
                "there is no checker of yours left on {}",
                point_name(from)
            ));
        }
        mine[f] -= 1;
        mine[usize::from(to)] += 1;
    }
    let candidates: Vec<&Turn> = legal
        .iter()
        .filter(|t| {
            let mut p = state.position;
            p.play(seat, t);
            p.checkers[seat] == mine
        })
        .collect();
    hits.sort_unstable();
    hits.dedup();
    match candidates.as_slice() {
        [] => Err(format!("{text} is not a legal play of {roll}")),
        [one] => Ok(**one),
        several => several
            .iter()
            .find(|t| hit_points(&state.position, seat, t) == hits)
            .map(|t| **t)
            .ok_or_else(|| {
                let ways: Vec<String> = several
                    .iter()
                    .map(|t| format_turn(&state.position, seat, t))
                    .collect();
                format!(
                    "{text} can be played more than one way; mark the hits: {}",
                    ways.join(" or ")
                )
            }),
    }
}

/// The board as text, numbered from the side of `viewer`.
pub fn render_position(position: &Position, viewer: usize) -> String {
    let (me, opp) = (&position.checkers[viewer], &position.checkers[1 - viewer]);
    let names = [SEAT_NAMES[viewer], SEAT_NAMES[1 - viewer]];
    let cell = |p: usize| -> String {
        if me[p] > 0 {
            format!("{:>3}", format!("{}{}", names[0], me[p]))
        } else if opp[25 - p] > 0 {
            format!("{:>3}", format!("{}{}", names[1], opp[25 - p]))
        } else {
            "  .".into()
        }
    };
    let row = |points: &mut dyn Iterator<Item = usize>| -> (String, String) {
        let points: Vec<usize> = points.collect();
        let head = points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}{p:>3}", if i == 6 { " |" } else { "" }))
            .collect();
        let body = points
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{}{}", if i == 6 { " |" } else { "" }, cell(p)))
            .collect();
        (head, body)
    };
    let (top_head, top) = row(&mut (13..=24));
    let (bottom_head, bottom) = row(&mut (1..=12).rev());
    format!(
        "{top_head}\n{top}\n{bottom}\n{bottom_head}\n\
         bar: {a} {ab}, {b} {bb}   off: {a} {ao}, {b} {bo}   pips: {a} {ap}, {b} {bp}\n\
         (points numbered from {a}'s side)",
        a = names[0],
        b = names[1],
        ab = me[BAR],
        bb = opp[BAR],
        ao = me[OFF],
        bo = opp[OFF],
        ap = position.pips(viewer),
        bp = position.pips(1 - viewer),
    )
}

impl Notation for Backgammon {
    fn format_move(&self, state: &State, mv: &Turn) -> String {
        let seat = usize::from(state.seat);
        // Replay may show a turn that is not legal here: format its hops
        // as they are, without assuming them playable.
        let playable = mv
            .hops()
            .iter()
            .all(|s| s.from > s.to && usize::from(s.from) <= BAR);
        if playable && legal_counts(&state.position, seat, mv) {
            format_turn(&state.position, seat, mv)
        } else {
            let hops: Vec<String> = mv
                .hops()
                .iter()
                .map(|s: &Hop| format!("{}/{}", point_name(s.from), point_name(s.to)))
                .collect();
            hops.join(" ")
        }
    }

    fn parse_move(&self, state: &State, text: &str) -> Result<Turn, MoveError> {
        read(self, state, text).map_err(MoveError::from)
    }

    /// A recorded turn is the legal turn it makes, its hops in any order
    /// (shown and played as this game writes that turn).
    fn recorded_move(&self, state: &State, mv: &Turn, legal: &mut Vec<Turn>) -> Option<Turn> {
        legal.clear();
        self.legal_moves(state, legal);
        if legal.contains(mv) {
            return Some(*mv);
        }
        same_turn(
            &state.position,
            usize::from(state.seat),
            state.dice,
            mv,
            legal,
        )
    }

    fn render(&self, state: &State) -> String {
        let seat = usize::from(state.seat);
        let who = if state.opening {
            "the opening roll decides who starts".to_string()
        } else if state.dice[0] == 0 {
            format!("{} to roll", SEAT_NAMES[seat])
        } else {
            format!(
                "{} to play {}-{}",
                SEAT_NAMES[seat], state.dice[0], state.dice[1]
            )
        };
        format!("{}\n{who}", render_position(&state.position, seat))
    }

    fn format_outcome(&self, state: &State, &Roll(a, b): &Roll) -> String {
        if state.opening {
            format!("X throws {a}, O throws {b}")
        } else {
            format!("{}-{}", a.max(b), a.min(b))
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        SEAT_NAMES
            .get(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |s| s.to_string())
    }

    fn move_help(&self) -> String {
        "Type a whole turn in standard notation, from your own side (your home board is \
         points 1 to 6): `24/18 13/11`, `bar/22`, `6/off`, one checker's two dice as \
         `24/18/13` or `24/13`, a repeat as `13/11(2)`, a hit marked `8/5*`; `pass` when \
         the roll cannot be used."
            .into()
    }
}

/// Whether each hop of `turn` finds a checker to move, played in order.
fn legal_counts(position: &Position, seat: usize, turn: &Turn) -> bool {
    let mut pos = *position;
    for s in turn.hops() {
        if pos.checkers[seat][usize::from(s.from)] == 0 {
            return false;
        }
        pos.hop(seat, *s);
    }
    true
}
