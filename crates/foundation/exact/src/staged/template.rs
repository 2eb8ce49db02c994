//! A stage's template: the graph of one kind of stage, explored once
//! from one of its starts by the [state-graph builder](crate::explore),
//! then numbered in the order a sweep visits it.

use rustc_hash::FxHashMap as HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use tabula_core::{BoardGame, Chance, Seat, Status};

use super::{Play, Stages};
use crate::explore::Explorer;
use crate::{ExactError, Limits, graph};

/// What a node of a stage's template is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Kind {
    /// An exit, by its index in the template's exits.
    Exit(u32),
    Chance,
    /// A decision, by its seat (kept small: a sweep streams the kinds).
    Decision(u32),
}

/// One kind of stage, explored once: node 0 is its start.
pub(super) struct Template<L> {
    pub(super) locals: Vec<L>,
    pub(super) index: HashMap<L, u32>,
    pub(super) kinds: Vec<Kind>,
    pub(super) offsets: Vec<u32>,
    /// (probability, target); 1 for a move.
    pub(super) edges: Vec<(f64, u32)>,
    /// Per exit: a node and the index of its edge that reaches it.
    pub(super) exits: Vec<(u32, u32)>,
    /// Children before parents (the post-order of a depth-first search).
    pub(super) order: Vec<u32>,
    /// Whether the stage has a cycle (then sweeps repeat).
    pub(super) cyclic: bool,
    /// Whether a seat that maximises decides in it.
    pub(super) optimises: bool,
    /// The seats that decide in it.
    pub(super) seats: Vec<Seat>,
    /// The same graph made quicker to sweep, for a stage without cycles
    /// numbered in sweep order.
    pub(super) compact: Option<Compact>,
}

impl<L> Template<L> {
    pub(super) fn edges(&self, node: usize) -> &[(f64, u32)] {
        &self.edges[self.offsets[node] as usize..self.offsets[node + 1] as usize]
    }
}

/// Explores the stage that begins at `start` as a template; also gives
/// the exits' states (from this start).
#[allow(clippy::type_complexity)]
pub(super) fn explore<G, S>(
    game: &G,
    stages: &S,
    plays: &[Play<'_, G>],
    start: &G::State,
    limits: &Limits,
) -> Result<(Template<S::Local>, Vec<G::State>), ExactError>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug,
    S: Stages<G>,
{
    let mut exit_states = Vec::new();
    let mut t = Template {
        locals: Vec::new(),
        index: HashMap::default(),
        kinds: Vec::new(),
        offsets: Vec::new(),
        edges: Vec::new(),
        exits: Vec::new(),
        order: Vec::new(),
        cyclic: false,
        optimises: false,
        seats: Vec::new(),
        compact: None,
    };
    let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
    let mut moves: Vec<G::Move> = Vec::new();
    let mut next_states: Vec<(f64, G::State)> = Vec::new();
    // Who reached each state first: (node, edge), for the exits.
    let mut first: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    let names = ("states in a stage", "transitions in a stage");
    let graph = Explorer::explore(start.clone(), limits, names, |graph, i, state| {
        let (own_start, local) = stages.split(game, &state);
        let status = game.status(&state);
        let exit = i > 0 && (matches!(status, Status::Over(_)) || own_start == state);
        t.locals.push(local.clone());
        if exit {
            t.kinds.push(Kind::Exit(t.exits.len() as u32));
            t.exits.push(first[i]);
            exit_states.push(state);
            return Ok(());
        }
        if t.index.insert(local, i as u32).is_some() {
            return Err(ExactError::Stages {
                what: format!(
                    "two states of one stage have the same local position (the second: {state:?})"
                ),
            });
        }
        match status {
            Status::Over(_) => t.kinds.push(Kind::Exit(t.exits.len() as u32)),
            Status::Chance => t.kinds.push(Kind::Chance),
            Status::Decision(seat) => {
                t.kinds.push(Kind::Decision(seat as u32));
                if !t.seats.contains(&seat) {
                    t.seats.push(seat);
                }
                match plays.get(seat) {
                    Some(Play::Maximise(_)) => t.optimises = true,
                    Some(_) => {}
                    None => {
                        return Err(ExactError::NoPolicy {
                            seat,
                            policies: plays.len(),
                            state: format!("{state:?}"),
                        });
                    }
                }
            }
        }
        graph::successors(
            game,
            &state,
            status,
            &mut outcomes,
            &mut moves,
            &mut next_states,
        )?;
        if i == 0 && matches!(status, Status::Over(_)) {
            // A finished game begins no stage: its own exit.
            t.exits.push((u32::MAX, 0));
            exit_states.push(state.clone());
        }
        for (k, (p, next)) in next_states.drain(..).enumerate() {
            if graph.edge(next, |target| (p, target))? {
                first.push((i as u32, k as u32));
            }
        }
        Ok(())
    })?;
    t.offsets = graph.offsets;
    t.edges = graph.edges;
    let (order, cyclic) = post_order(&t);
    t.cyclic = cyclic;
    let mut t = renumbered(t, &order);
    if !t.cyclic && t.order.len() == t.kinds.len() {
        t.compact = Some(Compact::of(&t));
    }
    Ok((t, exit_states))
}

/// `t` with its nodes numbered in the reverse of `order` (a post-order
/// from the start): the start stays node 0, every sweep walks the nodes
/// and their edges from the last to the first, in memory order, and a
/// forward pass from the first to the last. Each node keeps its edges in
/// their order, so every sum is taken in the same order as before.
fn renumbered<L>(t: Template<L>, order: &[u32]) -> Template<L> {
    let n = t.kinds.len();
    if order.len() != n {
        // Every node is reached from the start, so this does not happen;
        // the template as explored is right, only slower to sweep.
        return Template {
            order: order.to_vec(),
            ..t
        };
    }
    let mut new_id = vec![0u32; n];
    for (pos, &old) in order.iter().enumerate() {
        new_id[old as usize] = (n - 1 - pos) as u32;
    }
    let mut locals: Vec<Option<L>> = t.locals.into_iter().map(Some).collect();
    let mut kinds = Vec::with_capacity(n);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut edges = Vec::with_capacity(t.edges.len());
    let mut new_locals = Vec::with_capacity(n);
    offsets.push(0);
    for &old in order.iter().rev() {
        let old = old as usize;
        kinds.push(t.kinds[old]);
        if let Some(local) = locals[old].take() {
            new_locals.push(local);
        }
        let from = t.offsets[old] as usize..t.offsets[old + 1] as usize;
        edges.extend(
            t.edges[from]
                .iter()
                .map(|&(p, to)| (p, new_id[to as usize])),
        );
        offsets.push(edges.len() as u32);
    }
    let mut index = t.index;
    for node in index.values_mut() {
        *node = new_id[*node as usize];
    }
    let exits = t
        .exits
        .into_iter()
        .map(|(node, edge)| match new_id.get(node as usize) {
            Some(&node) => (node, edge),
            None => (node, edge),
        })
        .collect();
    Template {
        locals: new_locals,
        index,
        kinds,
        offsets,
        edges,
        exits,
        order: (0..n as u32).rev().collect(),
        ..t
    }
}

/// The template's nodes, children before parents, and whether a cycle
/// was met.
fn post_order<L>(t: &Template<L>) -> (Vec<u32>, bool) {
    let n = t.kinds.len();
    let mut order = Vec::with_capacity(n);
    // 0 unseen, 1 on the path, 2 done.
    let mut mark = vec![0u8; n];
    let mut cyclic = false;
    let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
    mark[0] = 1;
    while let Some(top) = stack.last_mut() {
        let (s, e) = *top;
        let edges = t.edges(s as usize);
        if (e as usize) < edges.len() {
            top.1 += 1;
            let to = edges[e as usize].1;
            match mark[to as usize] {
                0 => {
                    mark[to as usize] = 1;
                    stack.push((to, 0));
                }
                1 => cyclic = true,
                _ => {}
            }
        } else {
            mark[s as usize] = 2;
            order.push(s);
            stack.pop();
        }
    }
    (order, cyclic)
}

/// A slot reference in [`Compact::refs`] with this bit set is a folded
/// decision, by its index in [`Compact::folded`].
pub(super) const FOLDED: u32 = 1 << 31;

/// A template without cycles, laid out for sweeping: each decision that
/// one chance edge alone leads to is folded into that edge (its value is
/// worked out where the chance point sums its outcomes, and takes no
/// slot of its own), and chance points with the same probabilities share
/// one list of them. In a turn of Chance-it, a decision for every set of
/// values rolled and the last of them, and a chance point for every set,
/// leave one slot per set: the sweep reads a sixth of the memory, and
/// its sums are taken in the same order as over the whole graph.
pub(super) struct Compact {
    /// Per slot, in node order (so edges lead to later slots): its node.
    pub(super) nodes: Vec<u32>,
    /// Per slot: its kind.
    pub(super) kinds: Vec<Kind>,
    /// Per slot: its first entry in `refs`, and one past the last slot's.
    pub(super) offsets: Vec<u32>,
    /// Per slot: where a chance point's probabilities start in `probs`.
    pub(super) probs_at: Vec<u32>,
    /// The chance points' probabilities, each distinct list once.
    pub(super) probs: Vec<f64>,
    /// Per edge: the slot it leads to, or [`FOLDED`] with a folded
    /// decision's index.
    pub(super) refs: Vec<u32>,
    /// The folded decisions.
    pub(super) folded: Vec<Folded>,
    /// The slots the folded decisions' moves lead to, in move order.
    pub(super) moves: Vec<u32>,
    /// Every node in node order: its slot, or [`FOLDED`] with its index
    /// in `folded`. A forward pass in this order adds up what reaches
    /// each node in the order the whole graph's pass does.
    pub(super) events: Vec<u32>,
    /// Where every folded decision has at most two moves: per edge, the
    /// two slots between which it chooses (the same slot twice for an
    /// edge to a slot), and the folded decision's node (`u32::MAX` for
    /// none). A sweep for one seat then chooses without a branch.
    pub(super) pairs: Option<(Vec<[u32; 2]>, Vec<u32>)>,
    /// Where there are pairs: the order a sweep for one seat takes the
    /// slots in, a height at a time ([`Levels`]).
    pub(super) levels: Option<Levels>,
}

/// The slots of a compact form with [pairs](Compact::pairs) by height
/// (an exit's is 0, another slot's one more than its highest
/// successor's), for a sweep: slots of one height do not depend on each
/// other, so the chance points of one height with the same count of
/// edges and the same probabilities are swept side by side, an edge of
/// each at a time. Each slot's sum still adds its edges in their order
/// from zero, so the values are the same to the bit; only the
/// independent sums are interleaved (a sum per slot is a chain of
/// dependent additions, many of them proceed at once).
pub(super) struct Levels {
    /// What to sweep, lowest height first.
    pub(super) strokes: Vec<Stroke>,
    /// The blocks' pairs, each block's edge by edge: edge `e` of its
    /// `j`th slot at `at + e · len + j`.
    pub(super) pairs: Vec<[u32; 2]>,
    /// The folded decision's node for each of `pairs` (`u32::MAX` for
    /// none), for the picks.
    pub(super) nodes: Vec<u32>,
    /// The blocks' slots, each block's in slot order.
    pub(super) slots: Vec<u32>,
}

/// One stroke of a sweep by [`Levels`].
#[derive(Clone, Copy, Debug)]
pub(super) enum Stroke {
    /// Chance points swept side by side: `len` slots from `slots` in
    /// [`Levels::slots`], `degree` edges each with the probabilities at
    /// `probs_at` in [`Compact::probs`], their pairs from `at`.
    Block {
        slots: u32,
        len: u32,
        degree: u32,
        probs_at: u32,
        at: u32,
    },
    /// A decision's slot, on its own.
    Decision(u32),
}

impl Levels {
    /// The levels of `c`, which has pairs.
    fn of(c: &Compact, pairs: &[[u32; 2]], nodes: &[u32]) -> Levels {
        let n = c.nodes.len();
        let mut height = vec![0u32; n];
        for s in (0..n).rev() {
            let refs = c.offsets[s] as usize..c.offsets[s + 1] as usize;
            height[s] = match c.kinds[s] {
                Kind::Exit(_) => 0,
                Kind::Chance => {
                    1 + pairs[refs]
                        .iter()
                        .map(|&[a, b]| height[a as usize].max(height[b as usize]))
                        .max()
                        .unwrap_or(0)
                }
                Kind::Decision(_) => {
                    1 + c.refs[refs]
                        .iter()
                        .map(|&r| height[(r & !FOLDED) as usize])
                        .max()
                        .unwrap_or(0)
                }
            };
        }
        // Blocks by (height, degree, probabilities), slots in slot order.
        let mut blocks: HashMap<(u32, u32, u32), usize> = HashMap::default();
        let mut members: Vec<((u32, u32, u32), Vec<u32>)> = Vec::new();
        let mut decisions: Vec<(u32, u32)> = Vec::new();
        for (s, (&kind, &h)) in c.kinds.iter().zip(&height).enumerate() {
            match kind {
                Kind::Exit(_) => {}
                Kind::Chance => {
                    let degree = c.offsets[s + 1] - c.offsets[s];
                    let key = (h, degree, c.probs_at[s]);
                    let b = *blocks.entry(key).or_insert_with(|| {
                        members.push((key, Vec::new()));
                        members.len() - 1
                    });
                    members[b].1.push(s as u32);
                }
                Kind::Decision(_) => decisions.push((h, s as u32)),
            }
        }
        let mut order: Vec<(u32, usize, bool)> = members
            .iter()
            .enumerate()
            .map(|(b, ((h, _, _), _))| (*h, b, true))
            .chain(
                decisions
                    .iter()
                    .enumerate()
                    .map(|(d, &(h, _))| (h, d, false)),
            )
            .collect();
        order.sort_unstable();
        let mut levels = Levels {
            strokes: Vec::with_capacity(order.len()),
            pairs: Vec::with_capacity(pairs.len()),
            nodes: Vec::with_capacity(pairs.len()),
            slots: Vec::new(),
        };
        for (_, i, block) in order {
            if !block {
                levels.strokes.push(Stroke::Decision(decisions[i].1));
                continue;
            }
            let ((_, degree, probs_at), slots) = &members[i];
            let at = levels.pairs.len() as u32;
            for e in 0..*degree as usize {
                for &s in slots {
                    let r = c.offsets[s as usize] as usize + e;
                    levels.pairs.push(pairs[r]);
                    levels.nodes.push(nodes[r]);
                }
            }
            levels.strokes.push(Stroke::Block {
                slots: levels.slots.len() as u32,
                len: slots.len() as u32,
                degree: *degree,
                probs_at: *probs_at,
                at,
            });
            levels.slots.extend_from_slice(slots);
        }
        levels
    }
}

/// A decision folded into the one chance edge that leads to it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Folded {
    /// Its node in the template.
    pub(super) node: u32,
    /// The seat deciding.
    pub(super) seat: u32,
    /// Its moves' slots: `moves[from..to]`.
    pub(super) from: u32,
    /// One past its last move's slot.
    pub(super) to: u32,
}

impl Compact {
    /// The compact form of `t`, which has no cycle and is numbered in
    /// sweep order (every edge leads to a later node).
    fn of<L>(t: &Template<L>) -> Compact {
        let n = t.kinds.len();
        let mut into = vec![0u32; n];
        let mut parent_is_chance = vec![true; n];
        for node in 0..n {
            for &(_, to) in t.edges(node) {
                into[to as usize] += 1;
                if t.kinds[node] != Kind::Chance {
                    parent_is_chance[to as usize] = false;
                }
            }
        }
        const NONE: u32 = u32::MAX;
        let fold = |node: usize| {
            node != 0
                && matches!(t.kinds[node], Kind::Decision(_))
                && into[node] == 1
                && parent_is_chance[node]
        };
        let mut slot = vec![NONE; n];
        let mut nodes = Vec::new();
        for (node, slot) in slot.iter_mut().enumerate() {
            if !fold(node) {
                *slot = nodes.len() as u32;
                nodes.push(node as u32);
            }
        }
        let mut c = Compact {
            kinds: nodes.iter().map(|&node| t.kinds[node as usize]).collect(),
            nodes,
            offsets: vec![0],
            probs_at: Vec::new(),
            probs: Vec::new(),
            refs: Vec::new(),
            folded: Vec::new(),
            moves: Vec::new(),
            events: Vec::new(),
            pairs: None,
            levels: None,
        };
        let mut folded_at = vec![NONE; n];
        let mut lists: HashMap<Vec<u64>, u32> = HashMap::default();
        let mut key: Vec<u64> = Vec::new();
        for i in 0..c.nodes.len() {
            let node = c.nodes[i] as usize;
            let edges = t.edges(node);
            let mut at = 0;
            if c.kinds[i] == Kind::Chance {
                key.clear();
                key.extend(edges.iter().map(|&(p, _)| p.to_bits()));
                at = match lists.get(&key) {
                    Some(&at) => at,
                    None => {
                        let at = c.probs.len() as u32;
                        c.probs.extend(edges.iter().map(|&(p, _)| p));
                        lists.insert(key.clone(), at);
                        at
                    }
                };
            }
            c.probs_at.push(at);
            for &(_, to) in edges {
                let to = to as usize;
                if slot[to] != NONE {
                    c.refs.push(slot[to]);
                    continue;
                }
                let seat = match t.kinds[to] {
                    Kind::Decision(seat) => seat,
                    // Only decisions are folded.
                    _ => 0,
                };
                let from = c.moves.len() as u32;
                c.moves
                    .extend(t.edges(to).iter().map(|&(_, m)| slot[m as usize]));
                folded_at[to] = c.folded.len() as u32;
                c.refs.push(FOLDED | c.folded.len() as u32);
                c.folded.push(Folded {
                    node: to as u32,
                    seat,
                    from,
                    to: c.moves.len() as u32,
                });
            }
            c.offsets.push(c.refs.len() as u32);
        }
        let two = c.folded.iter().all(|f| matches!(f.to - f.from, 1 | 2));
        c.pairs = two.then(|| {
            c.refs
                .iter()
                .map(|&r| {
                    if r & FOLDED == 0 {
                        return ([r, r], NONE);
                    }
                    let f = c.folded[(r & !FOLDED) as usize];
                    let a = c.moves[f.from as usize];
                    let b = c.moves[f.to as usize - 1];
                    ([a, b], f.node)
                })
                .unzip()
        });
        c.levels = c
            .pairs
            .as_ref()
            .map(|(pairs, nodes)| Levels::of(&c, pairs, nodes));
        c.events = (0..n)
            .map(|node| match slot[node] {
                NONE => FOLDED | folded_at[node],
                s => s,
            })
            .collect();
        c
    }

    /// The edges of slot `s`: their slots or folded decisions.
    pub(super) fn refs(&self, s: usize) -> &[u32] {
        &self.refs[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }
}
