//! The search: candidate edits around an error, each scored by replaying the
//! record after it from a snapshot, ranked, and the best applied before the
//! search moves on to the next error.
//!
//! Speed: the positions before every move from the last fixed point up to the
//! error are kept (an engine position is a small array and one table), so an
//! edit costs only the replay of what follows it, and that replay stops at the
//! first move that breaks a rule — for most edits within a move or two.

use crate::record::{GameRecord, parse_move};

use super::costs::{AFTER_END_MORE, EXTRA, LEFT_OUT, PER_MOVE_BACK, TWICE};
use super::edits::Alternative;
use super::plies::{Ply, play_checked, plies_of, step_checked};
use super::{EditKind, Judged, MoveAt, RepairLimits, Slip, Suggestion};
use crate::check::GameResult;
use crate::check::engine::{Engine, OrderCosts, step};

/// The suggestions for one error.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The record's move (0-based) where the error shows.
    pub token: usize,
    /// The suggestions, best first.
    pub suggestions: Vec<Suggestion>,
}

/// One candidate edit of the working record.
#[derive(Debug, Clone)]
struct Candidate<M> {
    /// First ply it changes.
    start: usize,
    /// Plies it takes out from `start`.
    remove: usize,
    /// Plies it writes in their place.
    insert: Vec<Ply<M>>,
    /// A deletion: the taken-out move's number and player, which pass to the
    /// next move when it has none (the edit removes the move's text only).
    pass_on: Option<Ply<M>>,
    kind: EditKind,
    slip: Slip,
    /// The prior of the slip (lower is likelier).
    cost: f32,
    /// How far before the error it is, as a cost added to the prior.
    back: f32,
    /// The one move written after the end of the game, deleted: the first
    /// reading of a record that goes on after its game ended.
    prefer: bool,
    /// The text written (replace, insert).
    text: Option<String>,
    /// An insertion or deletion in a record numbered as typed: every later
    /// move goes one place on (or back) in the numbered lines, so `insert`
    /// holds the whole rest of the record.
    shift: bool,
}

impl<M> Candidate<M> {
    /// `remove` plies taken out from `start` and `insert` written in their
    /// place, as `kind` undoing `slip` at prior `cost`, `back` from the
    /// error: no text, nothing passed on, not preferred, not a shift (the
    /// edits that differ say so over this).
    fn new(
        kind: EditKind,
        slip: Slip,
        cost: f32,
        start: usize,
        remove: usize,
        insert: Vec<Ply<M>>,
        back: f32,
    ) -> Self {
        Candidate {
            start,
            remove,
            insert,
            pass_on: None,
            kind,
            slip,
            cost,
            back,
            prefer: false,
            shift: false,
            text: None,
        }
    }

    /// A move left out, written as `text`: `insert` (the move, and the
    /// plies it displaces) in place of `remove` plies from `start`.
    fn left_out(start: usize, remove: usize, insert: Vec<Ply<M>>, back: f32, text: &str) -> Self {
        Candidate {
            text: Some(text.to_string()),
            ..Candidate::new(
                EditKind::Insert,
                Slip::MoveLeftOut,
                LEFT_OUT,
                start,
                remove,
                insert,
                back,
            )
        }
    }
}

/// A candidate with its evidence.
#[derive(Debug, Clone)]
struct Scored<M> {
    cand: Candidate<M>,
    /// Index of the first ply still illegal after the edit (the plies' length
    /// when none is).
    end: usize,
    /// Legal moves after the edited ones.
    legal_after: usize,
    /// Legal to the end, and the game is over at the last move.
    finished: bool,
    /// What the game's claims say of the replay, when legal to the end.
    claim: Option<bool>,
    /// The result of the replay, when legal to the end.
    result: Option<GameResult>,
    /// Rank among equals: generation order.
    order: usize,
}

impl<M> Scored<M> {
    /// The evidence, best first when sorted ascending: not against the
    /// claims; the one move after the end deleted; how far the record is
    /// then legal; legal to the end with the claimed result (or, with no
    /// claim, with the game over at the last move); the prior of the slip
    /// with the distance from the error (measured: the nearer slip is the
    /// likelier, see `RepairLimits`). Only the generation order orders what
    /// this leaves equal, and that is no evidence: equal evidence is a tie.
    fn evidence(&self) -> (bool, bool, std::cmp::Reverse<usize>, bool, i64) {
        let to_end_as_claimed = self.claim == Some(true) || (self.claim.is_none() && self.finished);
        (
            self.claim == Some(false),
            !self.cand.prefer,
            std::cmp::Reverse(self.end),
            !to_end_as_claimed,
            (f64::from(self.cand.cost + self.cand.back) * 100.0).round() as i64,
        )
    }
}

/// What a replay after an edit found.
struct Evaluated {
    end: usize,
    legal_after: usize,
    finished: bool,
    judged: Option<Judged>,
}

struct Search<'a, E: Engine> {
    record: &'a GameRecord,
    plies: Vec<Ply<E::Move>>,
    /// The first ply the search may edit (plies before were fixed or passed).
    floor: usize,
    /// `states[k]`: the position before ply `floor + k`.
    states: Vec<E>,
    limits: RepairLimits,
    /// What the game's claims say of a position at the record's end.
    judge: &'a dyn Fn(&E) -> Judged,
    /// The costs of the order slips in this game.
    order: OrderCosts,
}

/// Runs the search on a record for a game starting at `fresh`; `players` reads
/// a written player.
pub(super) fn repair<E: Engine>(
    fresh: E,
    record: &GameRecord,
    players: &dyn Fn(&str) -> Option<usize>,
    judge: &dyn Fn(&E) -> Judged,
    limits: &RepairLimits,
) -> Vec<Finding> {
    let order = fresh.order_costs();
    let mut search = Search {
        record,
        plies: plies_of(&fresh, &record.moves, players),
        floor: 0,
        states: vec![fresh],
        limits: *limits,
        judge,
        order,
    };
    let mut findings = Vec::new();
    for _ in 0..limits.rounds {
        let Some(anchor) = search.next_error() else {
            break;
        };
        let ranked = search.ranked(anchor);
        let Some(token) = search.plies[anchor].token else {
            break;
        };
        match ranked.first().cloned() {
            Some(best) => {
                let tie = ranked
                    .get(1)
                    .is_some_and(|next| next.evidence() == best.evidence());
                findings.push(Finding {
                    token,
                    suggestions: ranked
                        .iter()
                        .map(|s| {
                            search.suggestion(s, anchor, tie && s.evidence() == best.evidence())
                        })
                        .collect(),
                });
                search.apply(&best.cand);
            }
            None => search.pass(anchor),
        }
    }
    findings
}

impl<E: Engine> Search<'_, E> {
    fn state(&self, ply: usize) -> &E {
        &self.states[ply - self.floor]
    }

    /// Replays from the floor, keeping the position before every ply, and
    /// returns the first ply that breaks a rule (`None`: legal to the end).
    fn next_error(&mut self) -> Option<usize> {
        self.states.truncate(1);
        let mut state = self.states[0].clone();
        for i in self.floor..self.plies.len() {
            if !play_checked(&mut state, &self.plies[i], i) {
                return Some(i);
            }
            self.states.push(state.clone());
        }
        None
    }

    /// Carries the replay past an error no edit mends, as the checker does.
    fn pass(&mut self, anchor: usize) {
        let mut state = self.state(anchor).clone();
        step_checked(&mut state, &self.plies[anchor], anchor);
        self.floor = anchor + 1;
        self.states = vec![state];
    }

    /// Applies an edit: the next round starts after it.
    fn apply(&mut self, c: &Candidate<E::Move>) {
        let mut state = self.state(c.start).clone();
        for (k, p) in c.insert.iter().enumerate() {
            step_checked(&mut state, p, c.start + k);
        }
        self.plies
            .splice(c.start..c.start + c.remove, c.insert.iter().cloned());
        let next = c.start + c.insert.len();
        if let (Some(gone), Some(p)) = (&c.pass_on, self.plies.get_mut(next)) {
            p.number = p.number.or(gone.number);
            p.player = p.player.or(gone.player);
        }
        self.floor = next;
        self.states = vec![state];
    }

    /// The moves of the plies, `None` where no move of this game is written.
    fn moves(&self) -> Vec<Option<E::Move>> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// The written text of a ply's move.
    fn text(&self, i: usize) -> &str {
        self.plies[i]
            .token
            .and_then(|t| self.record.moves.get(t))
            .map_or("", |tok| &tok.text)
    }

    /// Every candidate edit for the error at `anchor`.
    fn candidates(&self, anchor: usize) -> Vec<Candidate<E::Move>> {
        let lo = anchor.saturating_sub(self.limits.window).max(self.floor);
        let mut out = Vec::new();
        self.after_end(anchor, &mut out);
        let mut suspects: Vec<usize> = self
            .state(anchor)
            .suspects(&self.moves(), anchor)
            .into_iter()
            .filter(|&s| s >= self.floor && s < lo)
            .collect();
        suspects.sort_unstable();
        let shiftable = self.shiftable_from();
        for i in (lo..=anchor).rev() {
            self.replacements(
                i,
                anchor,
                self.state(i).alternatives(self.text(i)),
                &mut out,
            );
            self.exchange(i, anchor, &mut out);
            self.exchange_rows(i, anchor, &mut out);
            self.insertions(i, anchor, &mut out);
            self.deletion(i, anchor, &mut out);
            if shiftable.contains(&i) {
                self.shifts(i, anchor, &mut out);
            }
        }
        // A move skipped or typed twice by a transcriber numbering the lines
        // as typed can lie anywhere before the error: in a game with free
        // moves the shifted record may stay legal for many moves. Only a
        // shift that makes the whole rest legal is kept, so the search
        // beyond the window costs a short replay per gap.
        for i in (self.floor.max(shiftable.start)..lo.min(shiftable.end)).rev() {
            self.shifts(i, anchor, &mut out);
        }
        for &s in suspects.iter().rev() {
            let text = self.text(s);
            let state = self.state(s);
            let alts = state
                .suspect_alternatives(text)
                .unwrap_or_else(|| state.alternatives(text));
            self.replacements(s, anchor, alts, &mut out);
        }
        out
    }

    fn back(&self, i: usize, anchor: usize) -> f32 {
        (anchor - i.min(anchor)) as f32 * PER_MOVE_BACK
    }

    fn replacements(
        &self,
        i: usize,
        anchor: usize,
        alts: Vec<Alternative>,
        out: &mut Vec<Candidate<E::Move>>,
    ) {
        for a in alts {
            let Ok(mv) = self.state(i).read(&parse_move(&a.text)) else {
                continue;
            };
            let insert = vec![self.plies[i].with_move(Some(mv))];
            let back = self.back(i, anchor);
            out.push(Candidate {
                text: Some(a.text),
                ..Candidate::new(EditKind::Replace, a.slip, a.cost, i, 1, insert, back)
            });
        }
    }

    fn exchange(&self, i: usize, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        let (Some(a), Some(b)) = (self.plies.get(i), self.plies.get(i + 1)) else {
            return;
        };
        if a.mv == b.mv || a.token.is_none() || b.token.is_none() {
            return;
        }
        let insert = vec![a.with_move(b.mv), b.with_move(a.mv)];
        let cost = self.order.exchanged;
        out.push(self.swap(i, anchor, insert, Slip::MovesExchanged, cost));
    }

    /// Plies `i` and `i + 2` exchanged: a transcriber copying one column
    /// wrote two of one player's moves in each other's rows.
    fn exchange_rows(&self, i: usize, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        let (Some(a), Some(b), Some(c)) = (
            self.plies.get(i),
            self.plies.get(i + 1),
            self.plies.get(i + 2),
        ) else {
            return;
        };
        if a.mv == c.mv || a.token.is_none() || c.token.is_none() {
            return;
        }
        let insert = vec![a.with_move(c.mv), b.clone(), c.with_move(a.mv)];
        let cost = self.order.rows_exchanged;
        out.push(self.swap(i, anchor, insert, Slip::RowsExchanged, cost));
    }

    /// The plies from `i` written again in another order: as many go in as
    /// come out.
    fn swap(
        &self,
        i: usize,
        anchor: usize,
        insert: Vec<Ply<E::Move>>,
        slip: Slip,
        cost: f32,
    ) -> Candidate<E::Move> {
        let back = self.back(i, anchor);
        Candidate::new(EditKind::Swap, slip, cost, i, insert.len(), insert, back)
    }

    /// A move left out before ply `i`: every legal move, written after the
    /// move before (so it has no number), and when ply `i` has a number or
    /// player, also written right before ply `i`'s text (so it takes them: a
    /// left-out X move whose number was typed before O's move).
    fn insertions(&self, i: usize, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        let style = self.text(i);
        let next = &self.plies[i];
        let back = self.back(i, anchor);
        for mv in self.state(i).legal_moves() {
            let text = E::write(mv, style);
            let left_out = |remove, insert| Candidate::left_out(i, remove, insert, back, &text);
            if next.number.is_some() || next.player.is_some() {
                let taking_its_number = vec![
                    Ply {
                        number: next.number,
                        player: next.player,
                        ..Ply::inserted(mv)
                    },
                    Ply {
                        number: None,
                        player: None,
                        ..next.clone()
                    },
                ];
                out.push(left_out(1, taking_its_number));
            }
            out.push(left_out(0, vec![Ply::inserted(mv)]));
        }
    }

    fn deletion(&self, i: usize, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        let mv = self.plies[i].mv;
        let repeats = mv.is_some()
            && ((i > 0 && self.plies[i - 1].mv == mv)
                || self.plies.get(i + 1).is_some_and(|p| p.mv == mv));
        let (slip, cost) = if repeats {
            (Slip::MoveWrittenTwice, TWICE)
        } else {
            (Slip::ExtraMove, EXTRA)
        };
        let back = self.back(i, anchor);
        out.push(Candidate {
            pass_on: Some(self.plies[i].clone()),
            ..Candidate::new(EditKind::Delete, slip, cost, i, 1, Vec::new(), back)
        });
    }

    /// The plies `i` from which a move may have been skipped or typed twice
    /// by a transcriber numbering the lines as typed: every ply from `i` on
    /// is a written move, in order, and a number is written at `i` or later.
    fn shiftable_from(&self) -> std::ops::Range<usize> {
        let n = self.plies.len();
        let Some(last_number) = self.plies.iter().rposition(|p| p.number.is_some()) else {
            return 0..0;
        };
        let mut start = n;
        while start > 0 {
            let p = &self.plies[start - 1];
            let in_order = match self.plies.get(start) {
                Some(next) => p.token.is_some() && next.token == p.token.map(|t| t + 1),
                None => p.token.is_some(),
            };
            if !in_order {
                break;
            }
            start -= 1;
        }
        start..(last_number + 1).max(start)
    }

    /// `mv` written in the place of ply `at`: it keeps the number and
    /// player written there (past the record's end, none).
    fn in_place(&self, at: usize, mv: Option<E::Move>) -> Ply<E::Move> {
        match self.plies.get(at) {
            Some(slot) => Ply { mv, ..slot.clone() },
            None => Ply {
                mv,
                number: None,
                player: None,
                token: None,
            },
        }
    }

    /// Whether the plies from `i` on, with `moves` written in their places
    /// as [`Self::shifted`] writes them, are all legal from the position
    /// before `i`: the test a shift must pass, without building it.
    fn shift_legal(&self, i: usize, moves: impl Iterator<Item = Option<E::Move>>) -> bool {
        let mut state = self.state(i).clone();
        moves
            .enumerate()
            .all(|(k, mv)| play_checked(&mut state, &self.in_place(i + k, mv), i + k))
    }

    /// The plies from `i` on with `moves` written in their places.
    fn shifted(&self, i: usize, moves: &[Option<E::Move>]) -> Vec<Ply<E::Move>> {
        moves
            .iter()
            .enumerate()
            .map(|(k, &mv)| self.in_place(i + k, mv))
            .collect()
    }

    /// A move skipped or typed twice at ply `i` by a transcriber numbering
    /// the lines as typed: the later moves each go one place on (every
    /// legal move tried in the gap) or back. Only shifts that leave the
    /// whole rest of the record legal are candidates (the evaluation asks
    /// no less of them), so each is first replayed without being built.
    fn shifts(&self, i: usize, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        let written = || self.plies[i..].iter().map(|p| p.mv);
        let back = self.back(i, anchor);
        let remove = self.plies.len() - i;
        let mv = self.plies[i].mv;
        let repeats = mv.is_some() && i > 0 && self.plies[i - 1].mv == mv;
        if self.shift_legal(i, written().skip(1)) {
            let moves: Vec<Option<E::Move>> = written().skip(1).collect();
            let (slip, cost) = if repeats {
                (Slip::MoveWrittenTwice, TWICE)
            } else {
                (Slip::ExtraMove, EXTRA)
            };
            let insert = self.shifted(i, &moves);
            out.push(Candidate {
                shift: true,
                ..Candidate::new(EditKind::Delete, slip, cost, i, remove, insert, back)
            });
        }
        let style = self.text(i);
        for m in self.state(i).legal_moves() {
            if !self.shift_legal(i, std::iter::once(Some(m)).chain(written())) {
                continue;
            }
            let mut moves = vec![Some(m)];
            moves.extend(written());
            let insert = self.shifted(i, &moves);
            let text = E::write(m, style);
            out.push(Candidate {
                shift: true,
                ..Candidate::left_out(i, remove, insert, back, &text)
            });
        }
    }

    /// The moves from `anchor` to the record's end deleted, when the game
    /// was over before `anchor`: a move after the end is first of all an
    /// extra move. One such move is the preferred reading; several are an
    /// ordinary candidate, dearer the more there are.
    fn after_end(&self, anchor: usize, out: &mut Vec<Candidate<E::Move>>) {
        if !self.state(anchor).is_over() {
            return;
        }
        let count = self.plies.len() - anchor;
        let cost = EXTRA + AFTER_END_MORE * (count - 1) as f32;
        out.push(Candidate {
            prefer: count == 1,
            ..Candidate::new(
                EditKind::Delete,
                Slip::AfterEnd,
                cost,
                anchor,
                count,
                Vec::new(),
                0.0,
            )
        });
    }

    /// Replays the record after an edit: `None` if the edit itself is illegal
    /// or the record still breaks at the error; else the first ply that is
    /// still illegal, the count of legal moves after the edit, whether the
    /// game is over just at the last move, and, legal to the end, what the
    /// claims say.
    fn evaluate(&self, c: &Candidate<E::Move>, anchor: usize) -> Option<Evaluated> {
        let mut state = self.state(c.start).clone();
        let mut j = c.start;
        for p in &c.insert {
            if !play_checked(&mut state, p, j) {
                return None;
            }
            j += 1;
        }
        let resume = c.start + c.remove;
        let mut i = resume;
        while i < self.plies.len() {
            let legal = match (&c.pass_on, i == resume) {
                (Some(gone), true) => {
                    let p = &self.plies[i];
                    let merged = Ply {
                        number: p.number.or(gone.number),
                        player: p.player.or(gone.player),
                        ..p.clone()
                    };
                    play_checked(&mut state, &merged, j)
                }
                _ => play_checked(&mut state, &self.plies[i], j),
            };
            if !legal {
                break;
            }
            i += 1;
            j += 1;
        }
        let to_end = i == self.plies.len();
        let enough = to_end || i - resume >= self.limits.min_legal_after;
        if !(i > anchor && enough) {
            return None;
        }
        let legal_after = if c.shift {
            // The rest of the record is the edit's: its moves after the
            // edited one.
            c.insert.len() - usize::from(c.kind == EditKind::Insert)
        } else {
            i - resume
        };
        Some(Evaluated {
            end: i,
            legal_after,
            finished: to_end && state.is_over(),
            judged: to_end.then(|| (self.judge)(&state)),
        })
    }

    /// The candidates that get past the error, best first, at most
    /// `limits.shown`, no two giving the same moves.
    fn ranked(&self, anchor: usize) -> Vec<Scored<E::Move>> {
        let mut scored: Vec<Scored<E::Move>> = self
            .candidates(anchor)
            .into_iter()
            .enumerate()
            .filter_map(|(order, cand)| {
                let e = self.evaluate(&cand, anchor)?;
                let (claim, result) = match e.judged {
                    Some(j) => (j.agrees, Some(j.result)),
                    None => (None, None),
                };
                Some(Scored {
                    cand,
                    end: e.end,
                    legal_after: e.legal_after,
                    finished: e.finished,
                    claim,
                    result,
                    order,
                })
            })
            .collect();
        scored.sort_by(|a, b| a.evidence().cmp(&b.evidence()).then(a.order.cmp(&b.order)));
        let mut kept: Vec<Scored<E::Move>> = Vec::new();
        let mut seen: Vec<Vec<Option<E::Move>>> = Vec::new();
        for s in scored {
            if kept.len() == self.limits.shown {
                break;
            }
            let moves = self.moves_after(&s.cand);
            if !seen.contains(&moves) {
                seen.push(moves);
                kept.push(s);
            }
        }
        kept
    }

    /// The moves from the floor on after an edit, to tell edits apart that
    /// give the same record (either copy of a doubled move deleted).
    fn moves_after(&self, c: &Candidate<E::Move>) -> Vec<Option<E::Move>> {
        let plies = &self.plies;
        plies[self.floor..c.start]
            .iter()
            .chain(&c.insert)
            .chain(&plies[c.start + c.remove..])
            .map(|p| p.mv)
            .collect()
    }

    /// `move 10 (X) 3.5` for ply `i`, or empty for the error's own move.
    fn at(&self, i: usize, anchor: usize) -> Option<MoveAt> {
        if i == anchor {
            return None;
        }
        let token = self.plies[i].token.unwrap_or(i);
        let (number, player) = E::label(token, self.state(i).mover());
        Some(MoveAt {
            number,
            player,
            text: self.text(i).to_string(),
        })
    }

    fn suggestion(&self, s: &Scored<E::Move>, anchor: usize, tie: bool) -> Suggestion {
        let c = &s.cand;
        let ply = |i: usize| self.plies[i].token.map_or(i + 1, |t| t + 1);
        let swap = c.kind == EditKind::Swap;
        // The other move of a swap: the next, or two on for one column's rows.
        let other = c.start + c.insert.len().saturating_sub(1);
        Suggestion {
            edit: c.kind,
            ply: ply(c.start),
            text: c.text.clone(),
            with: swap.then(|| ply(other)),
            legal_after: s.legal_after,
            to_end: s.end == self.plies.len(),
            slip: c.slip,
            after_number: c.kind == EditKind::Insert && c.remove == 1 && !c.shift,
            at: self.at(c.start, anchor),
            with_at: if swap {
                let mut next = self.state(c.start).clone();
                for p in &self.plies[c.start..other] {
                    // Carried as the checker carries it; legal or not.
                    let _ = step(&mut next, p.mv);
                }
                let token = self.plies[other].token.unwrap_or(other);
                let (number, player) = E::label(token, next.mover());
                Some(MoveAt {
                    number,
                    player,
                    text: self.text(other).to_string(),
                })
            } else {
                None
            },
            count: if c.kind == EditKind::Delete && !c.shift {
                c.remove
            } else {
                1
            },
            claim: s.claim,
            result: s.result.clone(),
            tie,
            shift: c.shift,
        }
    }
}
