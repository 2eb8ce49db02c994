//! Shortest games by exhaustive search: the fewest chance steps to the
//! end, every outcome sequence that achieves it, grouped into routes.

use std::collections::{HashMap, VecDeque};

use tabula_core::BoardGame;

use crate::budget::{Clock, Stage};
use crate::{Cause, Chain, ExactError, Limits};

/// The shortest games of a chain.
#[derive(Clone, Debug, PartialEq)]
pub struct Shortest<O> {
    /// The fewest chance steps to the end of the game.
    pub steps: u32,
    /// How many distinct outcome sequences end the game in that many
    /// steps (saturating at `u128::MAX`).
    pub sequences: u128,
    /// The sequences grouped by the set of grouping marks they leave,
    /// most sequences first.
    pub routes: Vec<Route<O>>,
}

/// The shortest games that leave one set of grouping marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Route<O> {
    /// The grouping marks (ids), in the order the example first leaves
    /// them.
    pub marks: Vec<u32>,
    /// How many outcome sequences leave exactly this set.
    pub sequences: u128,
    /// One such sequence: each step (a chance outcome or a move) and the
    /// state it led to.
    pub example: Vec<(Cause<O>, u32)>,
}

struct Entry {
    count: u128,
    prev: u32,
    transition: u32,
}

impl<G: BoardGame, M> Chain<G, M> {
    /// Finds the shortest games by exhaustive search over the chain:
    /// breadth-first for the fewest steps, then a layer-by-layer count of
    /// every outcome sequence of that length that ends the game, grouped
    /// by the set of marks for which `group` is true.
    ///
    /// With `require`, only games that leave at least one mark for which
    /// it is true count (the shortest game *through a chute*); the answer
    /// is then the shortest such game, which may be longer than the
    /// shortest game. `None` if no game meets the requirement.
    pub fn shortest(
        &self,
        limits: &Limits,
        group: impl Fn(&M) -> bool,
        require: Option<&dyn Fn(&M) -> bool>,
    ) -> Result<Option<Shortest<G::Outcome>>, ExactError> {
        let n = self.len();
        let is_group: Vec<bool> = self.mark_keys().iter().map(&group).collect();
        let is_required: Vec<bool> = match require {
            Some(r) => self.mark_keys().iter().map(r).collect(),
            None => vec![false; self.mark_keys().len()],
        };
        let start_flag = usize::from(require.is_none());
        // Node = state * 2 + (requirement met so far).
        let node = |s: usize, f: usize| s * 2 + f;
        let step_flag = |f: usize, marks: &[u32]| {
            usize::from(f == 1 || marks.iter().any(|&m| is_required[m as usize]))
        };
        let is_target = |v: usize| v % 2 == 1 && self.result(v / 2).is_some();

        // Forward breadth-first distances, and predecessors for the
        // backward pass.
        let mut from = vec![u32::MAX; 2 * n];
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
        let start = node(0, start_flag);
        from[start] = 0;
        let mut queue = VecDeque::from([start]);
        let mut best = None;
        let mut clock = Clock::start(limits, 1024);
        while let Some(v) = queue.pop_front() {
            clock.tick(|| Stage::Searching { depth: from[v] })?;
            if is_target(v) {
                best.get_or_insert(from[v]);
                continue;
            }
            let (s, f) = (v / 2, v % 2);
            for t in self.transitions(s) {
                let w = node(t.target as usize, step_flag(f, self.marks_of(t)));
                preds[w].push(v as u32);
                if from[w] == u32::MAX {
                    from[w] = from[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        let Some(steps) = best else {
            return Ok(None);
        };
        // Backward distances to a target, over the explored graph.
        let mut to = vec![u32::MAX; 2 * n];
        let mut queue: VecDeque<usize> = VecDeque::new();
        for v in 0..2 * n {
            if is_target(v) && from[v] != u32::MAX {
                to[v] = 0;
                queue.push_back(v);
            }
        }
        while let Some(v) = queue.pop_front() {
            for &p in &preds[v] {
                let p = p as usize;
                if to[p] == u32::MAX {
                    to[p] = to[v] + 1;
                    queue.push_back(p);
                }
            }
        }
        drop(preds);

        // Layer by layer along shortest paths only, keyed by (node, set of
        // grouping marks so far).
        let mut entries: Vec<Entry> = vec![Entry {
            count: 1,
            prev: u32::MAX,
            transition: u32::MAX,
        }];
        let mut layer: Vec<(usize, Vec<u32>, u32)> = vec![(start, Vec::new(), 0)];
        let mut clock = Clock::start(limits, 1);
        for depth in 0..steps {
            clock.tick(|| Stage::Searching { depth })?;
            let mut next: HashMap<(usize, Vec<u32>), u32> = HashMap::new();
            let mut order: Vec<(usize, Vec<u32>, u32)> = Vec::new();
            for (v, set, e) in &layer {
                let (s, f) = (v / 2, v % 2);
                let count = entries[*e as usize].count;
                let base = self.first_transition(s);
                for (i, t) in self.transitions(s).iter().enumerate() {
                    let marks = self.marks_of(t);
                    let w = node(t.target as usize, step_flag(f, marks));
                    if from[w] != depth + 1 || to[w] != steps - depth - 1 {
                        continue;
                    }
                    let mut new_set = set.clone();
                    for &m in marks {
                        if is_group[m as usize]
                            && let Err(pos) = new_set.binary_search(&m)
                        {
                            new_set.insert(pos, m);
                        }
                    }
                    match next.get(&(w, new_set.clone())) {
                        Some(&id) => {
                            let entry = &mut entries[id as usize];
                            entry.count = entry.count.saturating_add(count);
                        }
                        None => {
                            if entries.len() >= limits.max_routes {
                                return Err(ExactError::TooLarge {
                                    what: "route entries",
                                    limit: limits.max_routes,
                                });
                            }
                            let id = entries.len() as u32;
                            entries.push(Entry {
                                count,
                                prev: *e,
                                transition: (base + i) as u32,
                            });
                            next.insert((w, new_set.clone()), id);
                            order.push((w, new_set, id));
                        }
                    }
                }
            }
            layer = order;
        }

        // Group the finished entries by their set of marks.
        let mut groups: Vec<(Vec<u32>, u128, u32)> = Vec::new();
        let mut total: u128 = 0;
        for (v, set, e) in layer {
            debug_assert!(is_target(v));
            let count = entries[e as usize].count;
            total = total.saturating_add(count);
            match groups.iter_mut().find(|g| g.0 == set) {
                Some(g) => g.1 = g.1.saturating_add(count),
                None => groups.push((set, count, e)),
            }
        }
        let all = self.all_transitions();
        let mut routes: Vec<Route<G::Outcome>> = groups
            .into_iter()
            .map(|(_, sequences, mut e)| {
                let mut path = Vec::new();
                while entries[e as usize].prev != u32::MAX {
                    path.push(&all[entries[e as usize].transition as usize]);
                    e = entries[e as usize].prev;
                }
                path.reverse();
                // The grouping marks in the order the example leaves them.
                let mut marks: Vec<u32> = Vec::new();
                for t in &path {
                    for &m in self.marks_of(t) {
                        if is_group[m as usize] && !marks.contains(&m) {
                            marks.push(m);
                        }
                    }
                }
                Route {
                    marks,
                    sequences,
                    example: path.iter().map(|t| (t.cause, t.target)).collect(),
                }
            })
            .collect();
        routes.sort_by(|a, b| b.sequences.cmp(&a.sequences).then(a.marks.cmp(&b.marks)));
        Ok(Some(Shortest {
            steps,
            sequences: total,
            routes,
        }))
    }
}
