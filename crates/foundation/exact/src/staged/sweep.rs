//! Sweeping a stage's template: its values backward from the exits'
//! values, and the probability of reaching each node forward from the
//! start.

use std::ops::{Deref, DerefMut};
use std::sync::Mutex;

use tabula_core::Seat;

use super::template::{Compact, FOLDED, Kind, Stroke, Template};
use crate::ExactError;

/// Scratch for one stage's sweep.
pub(super) struct Sweep<M> {
    pub(super) values: Vec<f64>,
    pub(super) reach: Vec<f64>,
    pub(super) probs: Vec<f64>,
    pub(super) moves_buf: Vec<f64>,
    pub(super) moves: Vec<M>,
    /// The nodes a forward pass has reached and not yet taken, as bits.
    pub(super) pending: Vec<u64>,
    /// Per folded decision: what reaches it, and the slot its move leads
    /// to ([`push_pairs`]).
    pub(super) chosen: Vec<(f64, u32)>,
}

impl<M> Default for Sweep<M> {
    fn default() -> Self {
        Sweep {
            values: Vec::new(),
            reach: Vec::new(),
            probs: Vec::new(),
            moves_buf: Vec::new(),
            moves: Vec::new(),
            pending: Vec::new(),
            chosen: Vec::new(),
        }
    }
}

/// Scratch handed from one parallel job to the next: a job's
/// [`Sweep`] goes back here when it ends, so its buffers (as large as
/// the largest stage) are not allocated again for every job.
pub(super) struct Pool<M>(Mutex<Vec<Sweep<M>>>);

impl<M> Default for Pool<M> {
    fn default() -> Self {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<M> Pool<M> {
    /// A scratch from the pool (a new one if it is empty).
    pub(super) fn take(&self) -> Pooled<'_, M> {
        let sweep = self.0.lock().ok().and_then(|mut p| p.pop());
        Pooled {
            sweep: sweep.unwrap_or_default(),
            pool: self,
        }
    }
}

/// A [`Sweep`] taken from a [`Pool`], given back when dropped.
pub(super) struct Pooled<'a, M> {
    sweep: Sweep<M>,
    pool: &'a Pool<M>,
}

impl<M> Deref for Pooled<'_, M> {
    type Target = Sweep<M>;
    fn deref(&self) -> &Sweep<M> {
        &self.sweep
    }
}

impl<M> DerefMut for Pooled<'_, M> {
    fn deref_mut(&mut self) -> &mut Sweep<M> {
        &mut self.sweep
    }
}

impl<M> Drop for Pooled<'_, M> {
    fn drop(&mut self) {
        if let Ok(mut pool) = self.pool.0.lock() {
            pool.push(std::mem::take(&mut self.sweep));
        }
    }
}

/// What a sweep needs besides the template and the exits.
pub(super) struct SweepParams<'a> {
    pub(super) maximises: &'a [Option<usize>],
    pub(super) tie: f64,
    pub(super) tolerance: f64,
    pub(super) max_steps: u32,
}

/// Sweeps a template's nodes backward from the exit values, `k` value
/// components per node (`K`, when not 0, is `k` known at compile time),
/// repeating while a cyclic stage has not settled. Leaves the node values
/// in `scratch.values`, and each decision's best move in `best`.
pub(super) fn sweep_template<const K: usize, L, M>(
    t: &Template<L>,
    exits: &[f64],
    k: usize,
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
    best: Option<&mut [u32]>,
) -> Result<(), ExactError> {
    match &t.compact {
        Some(c) => {
            sweep_compact::<K, L, M>(t, c, exits, k, params, scratch, best);
            Ok(())
        }
        None => sweep_nodes::<K, L, M>(t, exits, k, params, scratch, best),
    }
}

/// The values of a stage where one seat alone decides, maximising
/// (`k = 1`: its own component only), and its best move at each
/// decision, over the compact form with every folded decision between
/// at most two moves ([`Compact::pairs`]): each choice is made without a
/// branch, so the sweep goes at the pace of its sums. The same values
/// and picks as [`sweep_template`]. `false` (and nothing done) where the
/// form has no pairs.
pub(super) fn sweep_pairs<L, M>(
    t: &Template<L>,
    exits: &[f64],
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
    best: Option<&mut Vec<u32>>,
) -> bool {
    // With exact ties and every value finite, the pick between two
    // moves is "the second if it is larger" and its value their maximum
    // (the floor is the best value itself): fewer steps an edge. Exits
    // that are not all finite, or a sum that overflows, take the general
    // sweep instead (and so do its picks).
    let exact = params.tie == 0.0 && exits.iter().all(|x| x.is_finite());
    let mut none = Vec::new();
    let best = match best {
        Some(best) => {
            if exact {
                let at = best.len();
                if pairs_sweep::<true, true, L, M>(t, exits, params, scratch, best) {
                    if finite(t, scratch) {
                        return true;
                    }
                } else {
                    return false;
                }
                best.truncate(at.min(best.len()));
            }
            return pairs_sweep::<true, false, L, M>(t, exits, params, scratch, best);
        }
        None => &mut none,
    };
    if exact {
        if !pairs_sweep::<false, true, L, M>(t, exits, params, scratch, best) {
            return false;
        }
        if finite(t, scratch) {
            return true;
        }
    }
    pairs_sweep::<false, false, L, M>(t, exits, params, scratch, best)
}

/// A block of chance points being swept ([`Stroke::Block`]).
struct Block<'a> {
    pairs: &'a [[u32; 2]],
    nodes: &'a [u32],
    probs: &'a [f64],
    len: usize,
    tie: f64,
}

impl Block<'_> {
    /// The values of the block's slots `j..j + W`: each the sum of its
    /// edges' probabilities times the value of the move chosen there,
    /// edge after edge from zero (with `PICKS`, noting each folded
    /// decision's pick in `best`; with `EXACT`, exact ties between
    /// finite values).
    #[inline(always)]
    fn sums<const W: usize, const PICKS: bool, const EXACT: bool>(
        &self,
        values: &[f64],
        j: usize,
        best: &mut [u32],
        sink: usize,
    ) -> [f64; W] {
        let mut acc = [0.0; W];
        for (e, &p) in self.probs.iter().enumerate() {
            let from = e * self.len + j;
            let pairs = &self.pairs[from..from + W];
            for (w, (a, &[x, y])) in acc.iter_mut().zip(pairs).enumerate() {
                let (va, vb) = (values[x as usize], values[y as usize]);
                let second = if EXACT {
                    va < vb
                } else {
                    let top = f64::NEG_INFINITY.max(va).max(vb);
                    let floor = top - self.tie * top.abs().max(1.0);
                    // As `position`: the first move at or above the
                    // floor (a NaN is not), else the first.
                    #[allow(clippy::neg_cmp_op_on_partial_ord)]
                    let second = !(va >= floor) & (vb >= floor);
                    second
                };
                if PICKS {
                    let node = self.nodes[from + w];
                    best[(node as usize).min(sink)] = u32::from(second);
                }
                *a += p * if second { vb } else { va };
            }
        }
        acc
    }
}

/// Whether every slot's value a sweep left is finite.
fn finite<L, M>(t: &Template<L>, scratch: &Sweep<M>) -> bool {
    let n = t.compact.as_ref().map_or(0, |c| c.nodes.len());
    scratch.values[..n.min(scratch.values.len())]
        .iter()
        .all(|x| x.is_finite())
}

/// [`sweep_pairs`], noting each decision's pick in `best` if `PICKS`:
/// a height at a time ([`Levels`](super::template::Levels)), the chance points of a block side
/// by side.
fn pairs_sweep<const PICKS: bool, const EXACT: bool, L, M>(
    t: &Template<L>,
    exits: &[f64],
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
    best: &mut Vec<u32>,
) -> bool {
    let Some(c) = &t.compact else {
        return false;
    };
    let Some(levels) = &c.levels else {
        return false;
    };
    let n = c.nodes.len();
    let values = &mut scratch.values;
    values.resize(n, 0.0);
    for (s, kind) in c.kinds.iter().enumerate() {
        if let Kind::Exit(x) = *kind {
            values[s] = exits[x as usize];
        }
    }
    // Edges to a slot note their (first) pick at the end.
    let sink = best.len();
    best.push(0);
    let tie = params.tie;
    for &stroke in &levels.strokes {
        match stroke {
            Stroke::Block {
                slots,
                len,
                degree,
                probs_at,
                at,
            } => {
                let (len, at) = (len as usize, at as usize);
                let block = Block {
                    pairs: &levels.pairs[at..at + degree as usize * len],
                    nodes: &levels.nodes[at..at + degree as usize * len],
                    probs: &c.probs[probs_at as usize..probs_at as usize + degree as usize],
                    len,
                    tie,
                };
                let slots = &levels.slots[slots as usize..slots as usize + len];
                // Eight slots at a time, their sums in registers (a slot
                // of the block reads none of the block's).
                let mut j = 0;
                while j + 8 <= len {
                    let sums = block.sums::<8, PICKS, EXACT>(values, j, best, sink);
                    for (&s, x) in slots[j..j + 8].iter().zip(sums) {
                        values[s as usize] = x;
                    }
                    j += 8;
                }
                while j < len {
                    let [x] = block.sums::<1, PICKS, EXACT>(values, j, best, sink);
                    values[slots[j] as usize] = x;
                    j += 1;
                }
            }
            Stroke::Decision(s) => {
                let s = s as usize;
                let Kind::Decision(seat) = c.kinds[s] else {
                    continue;
                };
                let node = c.nodes[s] as usize;
                let mut own = PICKS.then_some(&mut best[..]);
                let pick = decision(
                    t,
                    node,
                    seat,
                    c.refs(s),
                    values,
                    1,
                    params,
                    &[],
                    &mut [0.0],
                    &mut own,
                );
                values[s] = pick.map_or(f64::NAN, |m| values[m]);
            }
        }
    }
    best.pop();
    true
}

/// [`sweep_template`] over the compact form of a stage without cycles:
/// one pass, the values per slot (the start's first).
fn sweep_compact<const K: usize, L, M>(
    t: &Template<L>,
    c: &Compact,
    exits: &[f64],
    k: usize,
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
    mut best: Option<&mut [u32]>,
) {
    let k = if K == 0 { k } else { K };
    let n = c.nodes.len();
    let values = &mut scratch.values;
    values.resize(n * k, 0.0);
    for (s, kind) in c.kinds.iter().enumerate() {
        if let Kind::Exit(x) = *kind {
            let x = x as usize;
            values[s * k..s * k + k].copy_from_slice(&exits[x * k..x * k + k]);
        }
    }
    let mut inline = [0.0; 16];
    let mut heap = Vec::new();
    let (acc, tmp): (&mut [f64], &mut [f64]) = if 2 * k <= inline.len() {
        inline[..2 * k].split_at_mut(k)
    } else {
        heap.resize(2 * k, 0.0);
        heap.split_at_mut(k)
    };
    for s in (0..n).rev() {
        let refs = c.refs(s);
        match c.kinds[s] {
            Kind::Exit(_) => continue,
            Kind::Chance => {
                let at = c.probs_at[s] as usize;
                acc.fill(0.0);
                for (&to, &p) in refs.iter().zip(&c.probs[at..at + refs.len()]) {
                    let from = if to & FOLDED == 0 {
                        to as usize * k
                    } else {
                        let f = c.folded[(to & !FOLDED) as usize];
                        let moves = &c.moves[f.from as usize..f.to as usize];
                        match decision(
                            t,
                            f.node as usize,
                            f.seat,
                            moves,
                            values,
                            k,
                            params,
                            &scratch.probs,
                            tmp,
                            &mut best,
                        ) {
                            Some(m) => m * k,
                            None => {
                                for (a, v) in acc.iter_mut().zip(tmp.iter()) {
                                    *a += p * v;
                                }
                                continue;
                            }
                        }
                    };
                    for (a, v) in acc.iter_mut().zip(&values[from..from + k]) {
                        *a += p * v;
                    }
                }
            }
            Kind::Decision(seat) => {
                let node = c.nodes[s] as usize;
                match decision(
                    t,
                    node,
                    seat,
                    refs,
                    values,
                    k,
                    params,
                    &scratch.probs,
                    tmp,
                    &mut best,
                ) {
                    Some(m) => acc.copy_from_slice(&values[m * k..m * k + k]),
                    None => acc.copy_from_slice(tmp),
                }
            }
        }
        values[s * k..s * k + k].copy_from_slice(acc);
    }
}

/// A decision at template node `node` whose moves lead to the slots
/// `moves`: for a seat that maximises, the slot of its best move (the
/// first within the tie tolerance of the best), noted in `best`; for a
/// seat that follows a policy, `None`, with the policy's mean of the
/// moves' values in `tmp` (its probabilities per template edge in
/// `probs`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn decision<L>(
    t: &Template<L>,
    node: usize,
    seat: u32,
    moves: &[u32],
    values: &[f64],
    k: usize,
    params: &SweepParams<'_>,
    probs: &[f64],
    tmp: &mut [f64],
    best: &mut Option<&mut [u32]>,
) -> Option<usize> {
    match params.maximises.get(seat as usize).copied().flatten() {
        Some(comp) => {
            if let &[a, b] = moves {
                // Two moves (stop or go on): the same pick, fewer steps.
                let (va, vb) = (values[a as usize * k + comp], values[b as usize * k + comp]);
                let top = f64::NEG_INFINITY.max(va).max(vb);
                let floor = top - params.tie * top.abs().max(1.0);
                let pick = if va >= floor {
                    0
                } else {
                    u32::from(vb >= floor)
                };
                if let Some(best) = best.as_deref_mut() {
                    best[node] = pick;
                }
                return Some([a, b][pick as usize] as usize);
            }
            let pick = pick_max(moves, values, k, comp, params.tie);
            if let Some(best) = best.as_deref_mut() {
                best[node] = pick as u32;
            }
            Some(moves[pick] as usize)
        }
        None => {
            let from = t.offsets[node] as usize;
            tmp.fill(0.0);
            for (e, &m) in moves.iter().enumerate() {
                let p = probs[from + e];
                if p == 0.0 {
                    continue;
                }
                let m = m as usize * k;
                for (a, v) in tmp.iter_mut().zip(&values[m..m + k]) {
                    *a += p * v;
                }
            }
            None
        }
    }
}

fn sweep_nodes<const K: usize, L, M>(
    t: &Template<L>,
    exits: &[f64],
    k: usize,
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
    mut best: Option<&mut [u32]>,
) -> Result<(), ExactError> {
    let k = if K == 0 { k } else { K };
    let n = t.kinds.len();
    let values = &mut scratch.values;
    if t.cyclic {
        // Value iteration starts from zero; without a cycle every node
        // is written before it is read.
        values.clear();
    }
    values.resize(n * k, 0.0);
    for node in 0..n {
        if let Kind::Exit(x) = t.kinds[node] {
            let x = x as usize;
            values[node * k..node * k + k].copy_from_slice(&exits[x * k..x * k + k]);
        }
    }
    let mut inline = [0.0; 8];
    let mut heap = Vec::new();
    let acc: &mut [f64] = if k <= inline.len() {
        &mut inline[..k]
    } else {
        heap.resize(k, 0.0);
        &mut heap
    };
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut residual: f64 = 0.0;
        for &node in &t.order {
            let node = node as usize;
            let from = t.offsets[node] as usize;
            let edges = t.edges(node);
            match t.kinds[node] {
                Kind::Exit(_) => continue,
                Kind::Chance => {
                    acc.fill(0.0);
                    for &(p, to) in edges {
                        let to = &values[to as usize * k..to as usize * k + k];
                        for (a, v) in acc.iter_mut().zip(to) {
                            *a += p * v;
                        }
                    }
                }
                Kind::Decision(seat) => {
                    match params.maximises.get(seat as usize).copied().flatten() {
                        Some(c) => {
                            let top = edges
                                .iter()
                                .map(|&(_, to)| values[to as usize * k + c])
                                .fold(f64::NEG_INFINITY, f64::max);
                            let tolerance = params.tie * top.abs().max(1.0);
                            let pick = edges
                                .iter()
                                .position(|&(_, to)| values[to as usize * k + c] >= top - tolerance)
                                .unwrap_or(0);
                            if let Some(best) = best.as_deref_mut() {
                                best[node] = pick as u32;
                            }
                            let to = edges[pick].1 as usize * k;
                            acc.copy_from_slice(&values[to..to + k]);
                        }
                        _ => {
                            acc.fill(0.0);
                            for (e, &(_, to)) in edges.iter().enumerate() {
                                let p = scratch.probs[from + e];
                                if p == 0.0 {
                                    continue;
                                }
                                let to = &values[to as usize * k..to as usize * k + k];
                                for (a, v) in acc.iter_mut().zip(to) {
                                    *a += p * v;
                                }
                            }
                        }
                    }
                }
            }
            let here = &mut values[node * k..node * k + k];
            for (x, a) in here.iter_mut().zip(acc.iter()) {
                if t.cyclic {
                    residual = residual.max((a - *x).abs());
                }
                *x = *a;
            }
        }
        if !t.cyclic || residual <= params.tolerance {
            return Ok(());
        }
        if sweeps >= params.max_steps {
            return Err(ExactError::NotSettled {
                iterations: sweeps,
                residual,
            });
        }
    }
}

/// The probability of leaving a stage without cycles by each of its
/// exits, pushed forward from its start; `decide(node, seat, buf)`
/// gives the probabilities of a decision's moves. Only decisions that
/// play can reach are asked about.
pub(super) fn push_forward<L>(
    t: &Template<L>,
    reach: &mut Vec<f64>,
    buf: &mut Vec<f64>,
    mut decide: impl FnMut(usize, Seat, &mut Vec<f64>) -> Result<(), ExactError>,
) -> Result<Vec<f64>, ExactError> {
    let mut dist = vec![0.0; t.exits.len()];
    match &t.compact {
        Some(c) => {
            let spread = |node: u32, seat: u32, r: f64, moves: &[u32], front: &mut Front<'_>| {
                decide(node as usize, seat as usize, buf)?;
                for (&m, &q) in moves.iter().zip(buf.iter()) {
                    front.add(m, r * q);
                }
                Ok(())
            };
            let mut pending = Vec::new();
            push_compact(c, reach, &mut Vec::new(), &mut pending, &mut dist, spread)?;
        }
        None => {
            push_nodes(t, reach, buf, decide)?;
            for (node, kind) in t.kinds.iter().enumerate() {
                if let Kind::Exit(x) = kind {
                    dist[*x as usize] += reach[node];
                }
            }
        }
    }
    Ok(dist)
}

/// [`push_forward`] where every decision plays the move `best` gives
/// it (its index per template node), over the compact form: the same
/// sums, without asking each decision for its probabilities. `None`
/// for a stage without one.
pub(super) fn push_best<L>(
    t: &Template<L>,
    best: &[u32],
    reach: &mut Vec<f64>,
    folded: &mut Vec<f64>,
    pending: &mut Vec<u64>,
) -> Option<Vec<f64>> {
    let c = t.compact.as_ref()?;
    let spread = |node: u32, _: u32, r: f64, moves: &[u32], front: &mut Front<'_>| {
        let pick = best.get(node as usize).map_or(0, |&b| b as usize);
        if let Some(&m) = moves.get(pick) {
            front.add(m, r);
        }
        Ok(())
    };
    let mut dist = vec![0.0; t.exits.len()];
    push_compact(c, reach, folded, pending, &mut dist, spread).ok()?;
    Some(dist)
}

/// [`push_forward`] where one seat alone decides, maximising, and
/// `scratch.values` holds the slots' values from [`sweep_pairs`] (one
/// component): each decision reached plays the move the sweep chose
/// ([`pick_max`] on the same values). `None` for a stage without a
/// compact form.
pub(super) fn push_swept<L, M>(
    t: &Template<L>,
    params: &SweepParams<'_>,
    scratch: &mut Sweep<M>,
) -> Option<Vec<f64>> {
    let c = t.compact.as_ref()?;
    if let Some((pairs, _)) = &c.pairs {
        let mut dist = vec![0.0; t.exits.len()];
        push_pairs(c, pairs, params.tie, scratch, &mut dist);
        return Some(dist);
    }
    let values = &scratch.values;
    let tie = params.tie;
    let spread = |_: u32, _: u32, r: f64, moves: &[u32], front: &mut Front<'_>| {
        let m = match *moves {
            // As `pick_max`, without its loops.
            [a, b] => pick_pair(values, a, b, tie),
            _ => match moves.get(pick_max(moves, values, 1, 0, tie)) {
                Some(&m) => m,
                None => return Ok(()),
            },
        };
        front.add(m, r);
        Ok(())
    };
    let mut dist = vec![0.0; t.exits.len()];
    push_compact(
        c,
        &mut scratch.reach,
        &mut scratch.probs,
        &mut scratch.pending,
        &mut dist,
        spread,
    )
    .ok()?;
    Some(dist)
}

/// [`push_compact`] for [`push_swept`] over a compact form with pairs:
/// a chance point reached chooses at once, from the values swept, the
/// slot each of its folded decisions' moves leads to, and notes it
/// beside what reaches the decision; the decision adds it there when
/// its turn comes in node order (so every sum is taken in the same
/// order as [`push_compact`]'s).
fn push_pairs<M>(
    c: &Compact,
    pairs: &[[u32; 2]],
    tie: f64,
    scratch: &mut Sweep<M>,
    dist: &mut [f64],
) {
    let values = &scratch.values;
    let folded = &mut scratch.chosen;
    folded.resize(c.folded.len(), (0.0, 0));
    let mut front = Front::start(c, &mut scratch.reach, &mut scratch.pending);
    let mut word = 0;
    while let Some(node) = front.take(&mut word) {
        let event = c.events[node];
        if event & FOLDED != 0 {
            let (x, m) = folded[(event & !FOLDED) as usize];
            if x != 0.0 {
                front.add(m, x);
            }
            continue;
        }
        let s = event as usize;
        let r = front.reach[s];
        if r == 0.0 {
            continue;
        }
        let (from, to) = (c.offsets[s] as usize, c.offsets[s + 1] as usize);
        match c.kinds[s] {
            Kind::Exit(x) => {
                if let Some(d) = dist.get_mut(x as usize) {
                    *d += r;
                }
            }
            Kind::Chance => {
                let at = c.probs_at[s] as usize;
                let probs = &c.probs[at..at + to - from];
                for ((&to, &[a, b]), &p) in c.refs[from..to].iter().zip(&pairs[from..to]).zip(probs)
                {
                    if to & FOLDED == 0 {
                        front.add(to, r * p);
                    } else {
                        // Its only way in.
                        let i = (to & !FOLDED) as usize;
                        folded[i] = (r * p, pick_pair(values, a, b, tie));
                        front.hold(c.folded[i].node as usize);
                    }
                }
            }
            Kind::Decision(_) => {
                let refs = &c.refs[from..to];
                if let Some(&m) = refs.get(pick_max(refs, values, 1, 0, tie)) {
                    front.add(m, r);
                }
            }
        }
    }
}

/// Of two slots `a` and `b`, the one [`pick_max`] picks by their
/// values: `b` only if `a`'s value is not within the tie tolerance of
/// the best and `b`'s is.
#[inline(always)]
fn pick_pair(values: &[f64], a: u32, b: u32, tie: f64) -> u32 {
    let (va, vb) = (values[a as usize], values[b as usize]);
    let top = f64::NEG_INFINITY.max(va).max(vb);
    let floor = top - tie * top.abs().max(1.0);
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    let second = !(va >= floor) & (vb >= floor);
    if second { b } else { a }
}

/// The index of the first of `moves` (slots) whose value's component
/// `comp` (of `k` per slot) is within the tie tolerance of the best,
/// `tie · max(1, |best|)`; the first where none is (NaN values).
fn pick_max(moves: &[u32], values: &[f64], k: usize, comp: usize, tie: f64) -> usize {
    let top = moves
        .iter()
        .map(|&m| values[m as usize * k + comp])
        .fold(f64::NEG_INFINITY, f64::max);
    let floor = top - tie * top.abs().max(1.0);
    moves
        .iter()
        .position(|&m| values[m as usize * k + comp] >= floor)
        .unwrap_or(0)
}

/// What a forward pass over a compact form has reached: the probability
/// per slot, valid where the slot's node is pending (a slot is set to
/// zero when first reached, so nothing is cleared between passes).
pub(super) struct Front<'a> {
    reach: &'a mut [f64],
    pending: &'a mut [u64],
    nodes: &'a [u32],
}

impl<'a> Front<'a> {
    /// A pass over `c` from its start, which is reached with
    /// probability 1: `reach` per slot and `pending` the bit set, both
    /// scratch.
    fn start(c: &'a Compact, reach: &'a mut Vec<f64>, pending: &'a mut Vec<u64>) -> Front<'a> {
        reach.resize(c.nodes.len(), 0.0);
        pending.clear();
        pending.resize(c.events.len().div_ceil(64), 0);
        let mut front = Front {
            reach,
            pending,
            nodes: &c.nodes,
        };
        front.add(0, 1.0);
        front
    }

    /// The next node reached and not yet taken, in node order (from the
    /// word `word` of the bit set on, which it moves on), taken off the
    /// set: edges lead to later nodes, so none is reached behind it.
    #[inline(always)]
    fn take(&mut self, word: &mut usize) -> Option<usize> {
        while let Some(&bits) = self.pending.get(*word) {
            if bits == 0 {
                *word += 1;
                continue;
            }
            let bit = bits.trailing_zeros() as usize;
            self.pending[*word] &= !(1 << bit);
            return Some(*word * 64 + bit);
        }
        None
    }

    /// Marks `node` (a folded decision, whose reach is kept elsewhere)
    /// as reached.
    #[inline(always)]
    fn hold(&mut self, node: usize) {
        self.pending[node / 64] |= 1 << (node % 64);
    }

    /// Adds `x` to what reaches `slot`.
    #[inline(always)]
    fn add(&mut self, slot: u32, x: f64) {
        let s = slot as usize;
        let node = self.nodes[s] as usize;
        let (word, bit) = (node / 64, 1u64 << (node % 64));
        if self.pending[word] & bit == 0 {
            self.pending[word] |= bit;
            self.reach[s] = 0.0;
        }
        self.reach[s] += x;
    }
}

/// [`push_forward`] over the compact form: `reach` per slot, and
/// `folded` per folded decision; `spread(node, seat, r, moves, front)`
/// shares the probability `r` of reaching a decision among the slots
/// its moves lead to ([`Front::add`]); what reaches each exit is added
/// to `dist`. Only the nodes reached are taken, in node order (a bit
/// set of those reached and not yet taken, as the hand-written solver
/// had over its sets), folded decisions among them, so each sum is taken
/// in the order of the pass over the whole graph: the same bits, without
/// a look at the nodes play does not reach.
fn push_compact(
    c: &Compact,
    reach: &mut Vec<f64>,
    folded: &mut Vec<f64>,
    pending: &mut Vec<u64>,
    dist: &mut [f64],
    mut spread: impl FnMut(u32, u32, f64, &[u32], &mut Front<'_>) -> Result<(), ExactError>,
) -> Result<(), ExactError> {
    folded.resize(c.folded.len(), 0.0);
    let mut front = Front::start(c, reach, pending);
    let mut word = 0;
    while let Some(node) = front.take(&mut word) {
        let event = c.events[node];
        if event & FOLDED != 0 {
            let i = (event & !FOLDED) as usize;
            let x = folded[i];
            if x != 0.0 {
                let f = c.folded[i];
                let moves = &c.moves[f.from as usize..f.to as usize];
                spread(f.node, f.seat, x, moves, &mut front)?;
            }
            continue;
        }
        let s = event as usize;
        let r = front.reach[s];
        if r == 0.0 {
            continue;
        }
        let refs = c.refs(s);
        match c.kinds[s] {
            Kind::Exit(x) => {
                if let Some(d) = dist.get_mut(x as usize) {
                    *d += r;
                }
            }
            Kind::Chance => {
                let at = c.probs_at[s] as usize;
                for (&to, &p) in refs.iter().zip(&c.probs[at..at + refs.len()]) {
                    if to & FOLDED == 0 {
                        front.add(to, r * p);
                    } else {
                        // Its only way in.
                        let i = (to & !FOLDED) as usize;
                        folded[i] = r * p;
                        front.hold(c.folded[i].node as usize);
                    }
                }
            }
            Kind::Decision(seat) => spread(c.nodes[s], seat, r, refs, &mut front)?,
        }
    }
    Ok(())
}

/// Pushes the probability of reaching each node of a stage without
/// cycles forward from its start into `reach` (per node).
fn push_nodes<L>(
    t: &Template<L>,
    reach: &mut Vec<f64>,
    buf: &mut Vec<f64>,
    mut decide: impl FnMut(usize, Seat, &mut Vec<f64>) -> Result<(), ExactError>,
) -> Result<(), ExactError> {
    reach.clear();
    reach.resize(t.kinds.len(), 0.0);
    reach[0] = 1.0;
    // Parents before children: the post-order backwards.
    for &node in t.order.iter().rev() {
        let node = node as usize;
        let r = reach[node];
        if r == 0.0 {
            continue;
        }
        let edges = t.edges(node);
        match t.kinds[node] {
            Kind::Exit(_) => {}
            Kind::Chance => {
                for &(p, to) in edges {
                    reach[to as usize] += r * p;
                }
            }
            Kind::Decision(seat) => {
                decide(node, seat as usize, buf)?;
                for (&(_, to), &p) in edges.iter().zip(buf.iter()) {
                    reach[to as usize] += r * p;
                }
            }
        }
    }
    Ok(())
}
