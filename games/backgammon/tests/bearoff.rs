//! The one-sided bear-off database against an independent brute force:
//! for every position of up to three checkers, the expected number of
//! rolls with the best play, by a recursion written apart from the move
//! generator (each die applied to each checker, both orders).

use std::collections::HashMap;

use tabula_backgammon::bearoff::{BearOff, Home, homes};

/// A position as its checkers' points, sorted (0: borne off, dropped).
type Checkers = Vec<u8>;

/// Every way to play `dice` in order on `c`: the positions reached.
fn play(c: &Checkers, dice: &[u8], out: &mut Vec<Checkers>) {
    let Some((&d, rest)) = dice.split_first() else {
        out.push(c.clone());
        return;
    };
    if c.is_empty() {
        out.push(c.clone());
        return;
    }
    let highest = *c.iter().max().expect("a checker");
    let mut any = false;
    for i in 0..c.len() {
        if i > 0 && c[i] == c[i - 1] {
            continue;
        }
        let p = c[i];
        // Inside the home board, exactly off, or off from the highest.
        let to = if p > d {
            Some(p - d)
        } else if p == d || p == highest {
            Some(0)
        } else {
            None
        };
        if let Some(to) = to {
            any = true;
            let mut next = c.clone();
            next.remove(i);
            if to > 0 {
                next.push(to);
                next.sort_unstable();
            }
            play(&next, rest, out);
        }
    }
    // In a bear-off some checker can always use a die; none left is the
    // only way a die goes unused.
    assert!(any);
}

fn expected(c: &Checkers, memo: &mut HashMap<Checkers, f64>) -> f64 {
    if c.is_empty() {
        return 0.0;
    }
    if let Some(&e) = memo.get(c) {
        return e;
    }
    let mut e = 1.0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let dice: Vec<u8> = if a == b { vec![a; 4] } else { vec![a, b] };
            let mut reached = Vec::new();
            play(c, &dice, &mut reached);
            if a != b {
                play(c, &[b, a], &mut reached);
            }
            let best = reached
                .iter()
                .map(|r| expected(r, memo))
                .fold(f64::INFINITY, f64::min);
            e += best / 36.0;
        }
    }
    memo.insert(c.clone(), e);
    e
}

fn checkers(h: &Home) -> Checkers {
    let mut c = Vec::new();
    for (i, &n) in h.0.iter().enumerate() {
        c.extend(std::iter::repeat_n(i as u8 + 1, usize::from(n)));
    }
    c
}

#[test]
fn every_position_of_up_to_three_checkers_matches_a_brute_force() {
    let db = BearOff::new(3).solve().expect("solves");
    let mut memo = HashMap::new();
    let all = homes(3);
    assert_eq!(all.len(), 84); // C(9, 6)
    for h in &all {
        let ours = db.expected(h).expect("in the database");
        let theirs = expected(&checkers(h), &mut memo);
        assert!((ours - theirs).abs() < 1e-12, "{h:?}: {ours} vs {theirs}");
        let pmf = db.distribution(h).expect("kept");
        let total: f64 = pmf.iter().sum();
        let mean: f64 = pmf.iter().enumerate().map(|(n, p)| n as f64 * p).sum();
        assert!((total - 1.0).abs() < 1e-12 && (mean - ours).abs() < 1e-12);
    }
}

#[test]
fn the_database_counts_its_positions_and_the_best_turn_bears_off_most() {
    assert_eq!(homes(15).len(), 54_264); // C(21, 6)
    let db = BearOff::new(4).solve().expect("solves");
    // Two on the 6 point and two on the 1 point, 6-1: bearing off a 6 and
    // a 1 leaves one roll less than anything else.
    let h = Home([2, 0, 0, 0, 0, 2]);
    let t = db.best_turn(&h, [6, 1]).expect("a turn");
    let mut p = h.position();
    p.play(0, &t);
    assert_eq!(Home::of(&p, 0), Some(Home([1, 0, 0, 0, 0, 1])));
}

/// A published figure: Taper_Mike's count from his one-sided bear-off
/// database (bgonline.org forums, 7 November 2013, "My lecture 'Bear off
/// cube action' is uploaded!"): of the 54,263 positions times 21 rolls,
/// 3,825 are a non-double where a checker can be borne off but the
/// lowest expected count comes from bearing none off.
#[test]
#[ignore = "slow: solves the whole 15-checker database (run by .ci/run)"]
fn the_whole_database_rips_none_where_the_published_count_says() {
    let db = BearOff::new(15).solve().expect("solves");
    assert_eq!(db.game().positions().len(), 54_264);
    let mut count = 0;
    let mut turns = Vec::new();
    for h in db.game().positions().iter().filter(|h| h.count() > 0) {
        for a in 1..=6u8 {
            for b in 1..a {
                turns.clear();
                tabula_backgammon::board::legal_turns(&h.position(), 0, [a, b], &mut turns);
                let (mut off, mut none) = (f64::INFINITY, f64::INFINITY);
                for t in &turns {
                    let mut p = h.position();
                    p.play(0, t);
                    let after = Home::of(&p, 0).expect("home");
                    let e = db.expected(&after).expect("in the database");
                    if after.count() < h.count() {
                        off = off.min(e);
                    } else {
                        none = none.min(e);
                    }
                }
                if off.is_finite() && none < off - 1e-12 {
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 3825);
}

/// The side to roll's chance to win the race, by a recursion written
/// apart: W(a, b) = mean over rolls of the best play's 1 - W(b, a').
fn win(a: &Checkers, b: &Checkers, memo: &mut HashMap<(Checkers, Checkers), f64>) -> f64 {
    if let Some(&w) = memo.get(&(a.clone(), b.clone())) {
        return w;
    }
    let mut w = 0.0;
    for x in 1..=6u8 {
        for y in 1..=6u8 {
            let dice: Vec<u8> = if x == y { vec![x; 4] } else { vec![x, y] };
            let mut reached = Vec::new();
            play(a, &dice, &mut reached);
            if x != y {
                play(a, &[y, x], &mut reached);
            }
            let best = reached
                .iter()
                .map(|r| {
                    if r.is_empty() {
                        1.0
                    } else {
                        1.0 - win(b, r, memo)
                    }
                })
                .fold(0.0, f64::max);
            w += best / 36.0;
        }
    }
    memo.insert((a.clone(), b.clone()), w);
    w
}

#[test]
fn the_race_database_matches_a_brute_force_and_the_gnubg_manual() {
    let db = tabula_backgammon::race::Race::new(3)
        .solve()
        .expect("solves");
    let mut memo = HashMap::new();
    let all = homes(3);
    for a in all.iter().filter(|h| h.count() > 0) {
        for b in all.iter().filter(|h| h.count() > 0) {
            let ours = db.win(a, b).expect("in the database");
            let theirs = win(&checkers(a), &checkers(b), &mut memo);
            assert!(
                (ours - theirs).abs() < 1e-12,
                "{a:?} {b:?}: {ours} vs {theirs}"
            );
        }
    }
    // GNU Backgammon's manual ("Introduction to bearoff databases",
    // position ID CgAAEAEAAAAAAA): X on roll with checkers on its 5 and 2
    // points, O with its 3 and 2, "has 67.1% cubeless chance of winning".
    let x = Home([0, 1, 0, 0, 1, 0]);
    let o = Home([0, 1, 1, 0, 0, 0]);
    let p = db.win(&x, &o).expect("in the database");
    assert!((p - 0.671).abs() < 0.0005, "{p}");
    let (turn, chance) = db.best_turn(&x, &o, [2, 1]).expect("a turn");
    assert!(!turn.is_pass() && chance > 0.0 && chance < 1.0);
}

/// The race solved from the table of where each position's turns lead
/// (the engine's `Dense::successors`) against the same race with every
/// state's turns generated (the engine's general path): the same value
/// in every state (also on two threads), and the brute force's for
/// three checkers a side.
#[test]
#[ignore = "slow: generates the race table; .ci/run runs it"]
fn the_race_table_gives_the_generated_values() {
    use tabula_backgammon::race::Race;
    let table = Race::new(4).solve().expect("solves");
    let generated = Race::generating(4).solve().expect("solves");
    let (a, b) = (table.optimal().values(), generated.optimal().values());
    assert_eq!(a.len(), 2 * 210 * 210);
    assert_eq!(a.len(), b.len());
    let worst = a
        .iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-12, "{worst}");
    // On two threads: the same values to the bit.
    let parallel = Race::new(4).solve_threads(2).expect("solves");
    assert_eq!(parallel.optimal().values(), a);
    let mut memo = HashMap::new();
    let all = homes(3);
    for x in all.iter().filter(|h| h.count() > 0) {
        for y in all.iter().filter(|h| h.count() > 0) {
            let ours = table.win(x, y).expect("in the database");
            let theirs = win(&checkers(x), &checkers(y), &mut memo);
            assert!((ours - theirs).abs() < 1e-12, "{x:?} {y:?}");
        }
    }
}
