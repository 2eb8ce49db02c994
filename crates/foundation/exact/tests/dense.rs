//! Tests of the dense solver.

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::WinZeroSum;
use tabula_exact::dense::*;
use tabula_exact::*;

/// The module docs' coin race (throw: heads scores, tails passes;
/// or pass), its decision states numbered, with or without
/// [`Dense::successors`] (`lean`), which writes throws as general
/// options (a coin toss, the game sometimes won) and passes as plain
/// ones; the states form cycles.
struct CoinOrPass {
    target: u8,
    lean: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct S {
    scores: [u8; 2],
    seat: usize,
    throwing: bool,
}

impl BoardGame for CoinOrPass {
    type State = S;
    type Move = bool;
    type Outcome = bool;
    type Event = ();
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> S {
        S {
            scores: [0, 0],
            seat: 0,
            throwing: false,
        }
    }
    fn status(&self, s: &S) -> Status {
        match s.scores.iter().position(|&x| x >= self.target) {
            Some(w) => Status::Over(GameResult::Win(w)),
            None if s.throwing => Status::Chance,
            None => Status::Decision(s.seat),
        }
    }
    fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<bool>>) {
        out.extend([true, false].map(|h| Chance {
            outcome: h,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut S, heads: bool, _: &mut E) {
        s.throwing = false;
        if heads {
            s.scores[s.seat] += 1
        } else {
            s.seat = 1 - s.seat
        }
    }
    fn legal_moves(&self, _: &S, out: &mut Vec<bool>) {
        out.extend([true, false])
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut S, throw: bool, _: &mut E) {
        if throw {
            s.throwing = true
        } else {
            s.seat = 1 - s.seat
        }
    }
}

impl Dense for CoinOrPass {
    fn state_count(&self) -> usize {
        2 * usize::from(self.target).pow(2)
    }
    fn index(&self, s: &S) -> Option<usize> {
        let t = usize::from(self.target);
        let late = (t - 1 - usize::from(s.scores[0])) * t + (t - 1 - usize::from(s.scores[1]));
        (!s.throwing).then_some(2 * late + s.seat)
    }
    fn states(&self) -> impl Iterator<Item = S> + '_ {
        let t = self.target;
        (0..t).rev().flat_map(move |a| {
            (0..t).rev().flat_map(move |b| {
                (0..2).map(move |seat| S {
                    scores: [a, b],
                    seat,
                    throwing: false,
                })
            })
        })
    }
    fn successors(&self, _: usize, s: &S, out: &mut Successors<S>) -> bool {
        if !self.lean {
            return false;
        }
        let Status::Decision(seat) = self.status(s) else {
            return false;
        };
        let mut heads = *s;
        heads.scores[seat] += 1;
        let tails = S {
            seat: 1 - seat,
            ..*s
        };
        out.outcome(1.0, Some(seat));
        // Throw: a coin toss.
        out.option();
        match self.index(&heads) {
            Some(i) if heads.scores[seat] < self.target => out.term(0.5, i),
            _ => out.finished(0.5, heads),
        }
        out.term(0.5, self.index(&tails).unwrap_or(usize::MAX));
        // Pass.
        out.to(self.index(&tails).unwrap_or(usize::MAX));
        true
    }
}

#[test]
fn written_successors_give_the_generated_values_and_moves() {
    for target in 1..=6 {
        let limits = Limits::default();
        let slow = DenseOptimal::solve(
            &CoinOrPass {
                target,
                lean: false,
            },
            &WinZeroSum,
            &limits,
        )
        .expect("solves");
        let game = CoinOrPass { target, lean: true };
        let fast = DenseOptimal::solve(&game, &WinZeroSum, &limits).expect("solves");
        assert_eq!(slow.values().len(), fast.values().len());
        for (i, (a, b)) in slow.values().iter().zip(fast.values()).enumerate() {
            assert!(
                (a - b).abs() < 1e-12,
                "target {target}, state {i}: {a} vs {b}"
            );
        }
        for s in game.states() {
            assert_eq!(
                slow.best_move(&game, &s),
                fast.best_move(&game, &s),
                "{s:?}"
            );
        }
        assert!((slow.value - fast.value).abs() < 1e-12);
    }
}

/// A game that writes its successors wrong, in a given way.
struct Wrong(u8);

impl BoardGame for Wrong {
    type State = u8;
    type Move = u8;
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u8 {
        1
    }
    fn status(&self, s: &u8) -> Status {
        match s {
            0 => Status::Over(GameResult::Win(0)),
            _ => Status::Chance,
        }
    }
    fn chance_outcomes(&self, _: &u8, out: &mut Vec<Chance<u8>>) {
        out.push(Chance {
            outcome: 0,
            probability: 1.0,
        });
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut u8, o: u8, _: &mut E) {
        *s = o;
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut u8, _: u8, _: &mut E) {}
}

impl Dense for Wrong {
    fn state_count(&self) -> usize {
        2
    }
    fn index(&self, s: &u8) -> Option<usize> {
        Some(usize::from(*s))
    }
    fn states(&self) -> impl Iterator<Item = u8> + '_ {
        0..2
    }
    fn successors(&self, i: usize, _: &u8, out: &mut Successors<u8>) -> bool {
        if i == 0 {
            return false;
        }
        match self.0 {
            0 => out.outcome(0.5, None),
            1 => out.outcome(1.0, Some(0)),
            2 => out.term(1.0, 0),
            3 => out.outcome(1.0, None),
            _ => out.outcome(1.0, None),
        }
        match self.0 {
            0 | 2 => out.end_in(0),
            1 => {}
            3 => {
                out.to(0);
                out.to(0);
            }
            _ => out.to(7),
        }
        true
    }
}

#[test]
fn wrongly_written_successors_are_refused() {
    let solve = |w| DenseOptimal::solve(&Wrong(w), &WinZeroSum, &Limits::default());
    assert!(matches!(solve(0), Err(ExactError::Probabilities { .. })));
    assert!(matches!(solve(1), Err(ExactError::NoMoves { .. })));
    assert!(matches!(solve(2), Err(ExactError::DenseIndex { .. })));
    assert!(matches!(solve(3), Err(ExactError::DenseIndex { .. })));
    assert!(matches!(solve(4), Err(ExactError::DenseIndex { .. })));
}

/// A countdown: each turn rolls a die and takes it once or twice off
/// `left`; who reaches 0 wins. Its rolls are numbered, late states
/// first, with no cycle; with `lean` it writes its successors.
struct Down {
    from: u32,
    lean: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct D {
    left: u32,
    seat: usize,
    die: u32,
}

impl BoardGame for Down {
    type State = D;
    type Move = u32;
    type Outcome = u32;
    type Event = ();
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> D {
        D {
            left: self.from,
            seat: 0,
            die: 0,
        }
    }
    fn status(&self, s: &D) -> Status {
        match (s.left, s.die) {
            (0, _) => Status::Over(GameResult::Win(1 - s.seat)),
            (_, 0) => Status::Chance,
            _ => Status::Decision(s.seat),
        }
    }
    fn chance_outcomes(&self, _: &D, out: &mut Vec<Chance<u32>>) {
        out.extend((1..=6).map(|d| Chance {
            outcome: d,
            probability: 1.0 / 6.0,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut D, d: u32, _: &mut E) {
        s.die = d;
    }
    fn legal_moves(&self, _: &D, out: &mut Vec<u32>) {
        out.extend([1, 2]);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut D, times: u32, _: &mut E) {
        s.left = s.left.saturating_sub(times * s.die);
        s.seat = 1 - s.seat;
        s.die = 0;
    }
}

impl Dense for Down {
    fn state_count(&self) -> usize {
        2 * (self.from as usize + 1)
    }
    fn index(&self, s: &D) -> Option<usize> {
        (s.die == 0).then_some(2 * s.left as usize + s.seat)
    }
    fn states(&self) -> impl Iterator<Item = D> + '_ {
        (0..=self.from).flat_map(|left| (0..2).map(move |seat| D { left, seat, die: 0 }))
    }
    fn successors(&self, _: usize, s: &D, out: &mut Successors<D>) -> bool {
        if !self.lean || s.left == 0 {
            return false;
        }
        for d in 1..=6 {
            out.outcome(1.0 / 6.0, Some(s.seat));
            for times in [1, 2] {
                let mut next = *s;
                next.die = d;
                self.apply_move(&mut next, times, &mut |_| {});
                match self.index(&next) {
                    Some(i) if next.left > 0 => out.to(i),
                    _ => out.end_in(next),
                }
            }
        }
        true
    }
}

#[test]
fn the_parallel_solve_gives_the_same_values_to_the_bit() {
    let limits = Limits::default();
    let from = 3 * DenseOptimal::<Down>::BATCH as u32 + 17;
    let generated = Down { from, lean: false };
    let slow = DenseOptimal::solve(&generated, &WinZeroSum, &limits).expect("solves");
    let game = Down { from, lean: true };
    let fast = DenseOptimal::solve(&game, &WinZeroSum, &limits).expect("solves");
    for threads in [2, 3] {
        let parallel =
            DenseOptimal::solve_parallel(&game, &WinZeroSum, &limits, threads).expect("solves");
        assert_eq!(slow.values(), parallel.values());
        assert_eq!(slow.values(), fast.values());
        assert_eq!(slow.value.to_bits(), parallel.value.to_bits());
    }
    assert!(slow.value > 0.4 && slow.value < 0.6, "{}", slow.value);
}
