//! Playing a solved game's stages by other policies: a seat that
//! maximised in the solve plays as it found best, the others follow
//! policies, and nothing is solved again where a stage's exit
//! distribution was kept ([`Staged::against`]).

use rustc_hash::FxHashMap as HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

use rayon::prelude::*;

use tabula_core::BoardGame;

use super::sweep::{Pool, Sweep};
use super::{Play, Staged, Stages, local_only, mismatch};
use crate::ExactError;

/// How [`Staged::against`] plays a stage.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Plan {
    /// As the solve did (its optimum and its policies).
    AsSolved,
    /// By policies that look only within the stage.
    Local,
    /// By policies.
    Follow,
    /// A seat by the solve's optimum, others by policies.
    Mixed,
}

impl<'p, G, S> Staged<'p, G, S>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Sync,
    S: Stages<G>,
{
    /// The value vector of the initial state when the seats play `plays`
    /// instead (one per seat): a seat given [`Play::Maximise`] plays as
    /// this solve found best for it, a seat given a policy follows it.
    /// The stages are those of this solve, read at the same canonical
    /// starts, so the policies must be ones the canonical map is right
    /// for. A seat that maximised in the solve and follows a policy
    /// here, or the reverse, is allowed; a seat that did neither is
    /// [`ExactError::NoPolicy`].
    pub fn against(&self, game: &G, plays: &[Play<'_, G>]) -> Result<Vec<f64>, ExactError> {
        let k = self.k;
        let mut values = vec![f64::NAN; self.entries.len() * k];
        let mut scratch = Sweep::default();
        let pool = Pool::default();
        let mut out: Vec<f64> = Vec::new();
        let mut local: HashMap<u32, Arc<Vec<f64>>> = HashMap::default();
        for level in &self.levels {
            // Stages played by policies that look only within them: one
            // exit distribution per kind of stage.
            for &id in level {
                let id = id as usize;
                let template = self.entries[id].template;
                if self.plan(id, plays)? == Plan::Local && !local.contains_key(&template) {
                    let d = self.stage_dist(game, id, plays, None, &mut scratch)?;
                    local.insert(template, d);
                }
            }
            let lower = &values;
            out.clear();
            out.resize(level.len() * k, 0.0);
            out.par_chunks_mut(k)
                .zip(level.par_iter())
                .map_init(
                    || pool.take(),
                    |scratch, (value, &id)| {
                        let id = id as usize;
                        // The kept distributions are read in place (many
                        // starts share one: no count to touch).
                        let owned;
                        let dist: &[f64] = match self.plan(id, plays)? {
                            Plan::AsSolved if self.entries[id].dist.is_some() => {
                                self.entries[id].dist.as_deref().map_or(&[], |d| &d[..])
                            }
                            Plan::Local => local
                                .get(&self.entries[id].template)
                                .map(|d| &d[..])
                                .ok_or_else(|| mismatch(&self.start_states[id]))?,
                            _ => {
                                owned = self.dist_against(game, id, plays, &local, scratch)?;
                                &owned[..]
                            }
                        };
                        // `dot` over the exits, those that begin a stage
                        // at its value here (`next` is in exit order).
                        let exits = self.exits_of(id);
                        let mut next = self.next_of(id).iter().peekable();
                        for (x, &p) in dist.iter().enumerate() {
                            let from = match next.next_if(|&&(e, _)| e as usize == x) {
                                Some(&(_, n)) => &lower[n as usize * k..n as usize * k + k],
                                None => &exits[x * k..x * k + k],
                            };
                            if p != 0.0 {
                                for (v, e) in value.iter_mut().zip(from) {
                                    *v += p * e;
                                }
                            }
                        }
                        Ok(())
                    },
                )
                .collect::<Result<(), ExactError>>()?;
            for (&id, v) in level.iter().zip(out.chunks(k)) {
                let at = id as usize * k;
                values[at..at + k].copy_from_slice(v);
            }
        }
        Ok(values[..k].to_vec())
    }

    /// How [`against`](Self::against) plays entry `id`'s stage.
    fn plan(&self, id: usize, plays: &[Play<'_, G>]) -> Result<Plan, ExactError> {
        let t = &self.templates[self.entries[id].template as usize];
        let as_solved = t
            .seats
            .iter()
            .all(|&seat| matches!(plays.get(seat), Some(Play::Maximise(_))));
        if as_solved && (self.entries[id].dist.is_some() || !t.cyclic) {
            return Ok(Plan::AsSolved);
        }
        if t.cyclic {
            return Err(ExactError::Stages {
                what: "a stage with a cycle cannot be played against other policies".into(),
            });
        }
        if let Some(&seat) = t.seats.iter().find(|&&seat| {
            matches!(plays.get(seat), None | Some(Play::Maximise(_)))
                && !matches!(self.plays.get(seat), Some(Play::Maximise(_)))
        }) {
            return Err(ExactError::NoPolicy {
                seat,
                policies: plays.len(),
                state: format!("{:?}", self.start_states[id]),
            });
        }
        let best = t
            .seats
            .iter()
            .any(|&s| plays.get(s).and_then(Play::policy).is_none());
        Ok(if best {
            Plan::Mixed
        } else if local_only(t, plays) {
            Plan::Local
        } else {
            Plan::Follow
        })
    }

    /// The probability of leaving entry `id`'s stage by each exit, the
    /// seats playing as [`against`](Self::against) says (`local` holds
    /// the stage-local policies' distributions).
    fn dist_against(
        &self,
        game: &G,
        id: usize,
        plays: &[Play<'_, G>],
        local: &HashMap<u32, Arc<Vec<f64>>>,
        scratch: &mut Sweep<G::Move>,
    ) -> Result<Arc<Vec<f64>>, ExactError> {
        let entry = &self.entries[id];
        Ok(match self.plan(id, plays)? {
            Plan::AsSolved => match &entry.dist {
                Some(d) => d.clone(),
                None => {
                    let known = self
                        .dists
                        .lock()
                        .ok()
                        .and_then(|d| d.get(&(id as u32)).cloned());
                    match known {
                        Some(d) => d,
                        None => {
                            let best = self.picks_of(game, id as u32)?;
                            let d = self.stage_dist(game, id, &self.plays, Some(&best), scratch)?;
                            if let Ok(mut dists) = self.dists.lock() {
                                dists.insert(id as u32, d.clone());
                            }
                            d
                        }
                    }
                }
            },
            Plan::Local => local
                .get(&entry.template)
                .cloned()
                .ok_or_else(|| mismatch(&self.start_states[id]))?,
            Plan::Follow => self.stage_dist(game, id, plays, None, scratch)?,
            Plan::Mixed => {
                let best = self.picks_of(game, id as u32)?;
                self.stage_dist(game, id, plays, Some(&best), scratch)?
            }
        })
    }
}
