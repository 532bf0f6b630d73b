//! The proof search: "can `attacker` force a win within `d` plies from here?"
//! as a depth-first AND/OR search, with a transposition table.
//!
//! At a node where the attacker moves one winning move is enough (an OR
//! node); where the defender moves every reply must lose (an AND node). The
//! answer is exact: nothing is estimated, so no evaluation can make a proof
//! wrong, and the first refutation or the first win ends a node's work
//! (alpha-beta on a two-valued game). Whoever's move ends the game, the
//! outcome is read from the engine: with draws counting for both a move can
//! complete the other player's line, so a defender's move can lose at once
//! and an attacker's can throw the game away.
//!
//! The table is keyed by [`Game::position_key`] and the attacker. An answer
//! holds only for the depth it was searched to, so an entry keeps two
//! depths: the least at which a win was proven (true for every greater
//! depth) and the greatest at which none exists (true for every smaller
//! one); a look-up with any other remaining depth searches again. It also
//! keeps the move that proved or refuted, tried first next time: iterative
//! deepening fills the table with the good moves of the shallower searches.

use crate::games::ttt::{Game, Mark, Move, Outcome};

/// One slot of the table, packed into two words so a fresh table is
/// zeroed memory (the system hands it over untouched, so a small search
/// pays only for the slots it uses): the key (0 for an empty slot), then
/// the least depth known to win (0: none), the greatest depth known not to
/// win (0: none) and the operational index + 1 of the move that won or
/// refuted (0: none).
type Slot = [u64; 2];

fn unpack(data: u64) -> (u8, u8, u16) {
    (data as u8, (data >> 8) as u8, (data >> 16) as u16)
}

fn pack(win: u8, fail: u8, best: u16) -> u64 {
    u64::from(win) | u64::from(fail) << 8 | u64::from(best) << 16
}

/// Slots of the table at most: 2^18 entries of 16 bytes, 4 MiB, enough for
/// the largest search the budget allows to keep most of its positions.
const TABLE_BITS: u32 = 18;

/// Slots of a fresh table: 2^10, 16 KiB. Most searches of a game's moves
/// visit a few hundred positions; a table sized for the largest would cost
/// them a fresh page of memory for nearly every position they keep, more
/// than the search itself. The table doubles as the positions visited
/// outgrow it.
const FIRST_TABLE_BITS: u32 = 10;

/// What the search found beyond yes or no.
pub(super) struct Search {
    table: Vec<Slot>,
    /// log2 of the table's length.
    bits: u32,
    /// Positions visited.
    pub(super) nodes: u64,
    /// The most positions the search may visit.
    max_nodes: u64,
    /// Set when the budget ran out: every answer since is worthless.
    pub(super) aborted: bool,
    /// One move list per ply of depth, reused.
    moves: Vec<Vec<Move>>,
    /// The positions after each of those moves, per ply, reused: a node
    /// plays each move once, both to see whether it ends the game and to
    /// search below it.
    children: Vec<Vec<Game>>,
}

impl Search {
    /// A search of at most `max_nodes` positions, for games of one ruleset
    /// and one set of options.
    pub(super) fn new(max_nodes: u64) -> Search {
        Search {
            table: vec![[0; 2]; 1 << FIRST_TABLE_BITS],
            bits: FIRST_TABLE_BITS,
            nodes: 0,
            max_nodes,
            aborted: false,
            moves: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Lets the search visit `more` positions beyond those visited so far.
    pub(super) fn allow(&mut self, more: u64) {
        self.max_nodes = self.nodes.saturating_add(more);
        self.aborted = false;
    }

    fn slot(&self, key: u64) -> usize {
        (key >> (64 - self.bits)) as usize
    }

    /// Doubles the table, keeping its entries, once the search has visited
    /// twice as many positions as it has slots.
    fn grow_if_full(&mut self) {
        if self.bits >= TABLE_BITS || self.nodes < 2 << self.bits {
            return;
        }
        self.bits += 1;
        let old = std::mem::replace(&mut self.table, vec![[0; 2]; 1 << self.bits]);
        for [key, data] in old {
            if key != 0 {
                let slot = self.slot(key);
                self.table[slot] = [key, data];
            }
        }
    }

    /// Whether `attacker` forces a win within `d` plies of `game` (the
    /// plies of both players counted). False, and `aborted` set, when the
    /// budget runs out.
    pub(super) fn forced(&mut self, game: &Game, attacker: Mark, d: u8) -> bool {
        match game.outcome() {
            Outcome::Winner(w) => return w == attacker,
            Outcome::Draw => return false,
            Outcome::Unfinished => {}
        }
        self.search(game, attacker, d, 0)
    }

    /// [`Search::forced`] for an unfinished game; `ply` is the depth from
    /// the root, which picks the move list to use.
    fn search(&mut self, game: &Game, attacker: Mark, d: u8, ply: usize) -> bool {
        if d == 0 || self.aborted {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
            return false;
        }
        self.grow_if_full();
        let side = match attacker {
            Mark::X => 0x9e37_79b9_7f4a_7c15,
            Mark::O => 0,
        };
        // 0 marks an empty slot; a key of 0 is only looked up, never kept.
        let key = game.position_key() ^ side;
        let slot = self.slot(key);
        let mut hint = 0;
        let [stored, data] = self.table[slot];
        if stored == key && key != 0 {
            let (win, fail, best) = unpack(data);
            if win != 0 && win <= d {
                return true;
            }
            if fail >= d {
                return false;
            }
            hint = best;
        }
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.children.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        game.legal_moves_into(&mut moves);
        if hint != 0
            && let Some(i) = moves
                .iter()
                .position(|m| m.index() + 1 == usize::from(hint))
        {
            moves.swap(0, i);
        }
        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();
        children.extend(moves.iter().map(|&m| after(game, m)));
        let attacking = game.to_move() == attacker;
        let node = Node {
            attacker,
            d,
            ply,
            moves: &moves,
            children: &children,
        };
        let (won, best) = if attacking {
            self.or_node(node)
        } else {
            self.and_node(node)
        };
        self.moves[ply] = moves;
        self.children[ply] = children;
        if self.aborted {
            return false;
        }
        // The table may have grown below: the slot is looked up again.
        let slot = self.slot(key);
        let [stored, data] = self.table[slot];
        let (mut win, mut fail, mut hint) = if stored == key {
            unpack(data)
        } else {
            (0, 0, 0)
        };
        if won {
            win = if win == 0 { d } else { win.min(d) };
        } else {
            fail = fail.max(d);
        }
        if let Some(m) = best {
            hint = (m.index() + 1) as u16;
        }
        self.table[slot] = [key, pack(win, fail, hint)];
        won
    }

    /// The attacker moves: a move that wins at once first, then one that
    /// forces the win.
    fn or_node(&mut self, node: Node<'_>) -> (bool, Option<Move>) {
        for (&m, child) in node.moves.iter().zip(node.children) {
            if child.outcome() == Outcome::Winner(node.attacker) {
                return (true, Some(m));
            }
        }
        if node.d < 2 {
            return (false, None);
        }
        let forcing = self.first_answering(node, true);
        (forcing.is_some(), forcing)
    }

    /// The defender moves: a move that ends the game without the
    /// attacker's win refutes at once; else every reply must lose.
    fn and_node(&mut self, node: Node<'_>) -> (bool, Option<Move>) {
        for (&m, child) in node.moves.iter().zip(node.children) {
            match child.outcome() {
                Outcome::Winner(w) if w == node.attacker => {}
                Outcome::Unfinished if node.d >= 2 => {}
                _ => return (false, Some(m)),
            }
        }
        if let Some(m) = self.first_answering(node, false) {
            return (false, Some(m));
        }
        // No legal move in an unfinished game cannot happen: a position with
        // no empty cell open is decided. Were it to, nobody wins from it.
        (!node.moves.is_empty(), None)
    }

    /// The first move whose unfinished child's search answers `wanted`:
    /// the attacker's forcing move (`true`), the defender's refutation
    /// (`false`). None once the budget runs out, when no answer counts.
    fn first_answering(&mut self, node: Node<'_>, wanted: bool) -> Option<Move> {
        for (&m, child) in node.moves.iter().zip(node.children) {
            if child.is_over() {
                continue;
            }
            if self.search(child, node.attacker, node.d - 1, node.ply + 1) == wanted {
                return Some(m);
            }
            if self.aborted {
                break;
            }
        }
        None
    }
}

/// A position searched: its moves and the positions they lead to.
#[derive(Clone, Copy)]
struct Node<'a> {
    /// The side that tries to force the win.
    attacker: Mark,
    /// Plies left to force it in.
    d: u8,
    /// Depth from the root, which picks the move list to use.
    ply: usize,
    /// The legal moves.
    moves: &'a [Move],
    /// `children[i]` is the position after `moves[i]`.
    children: &'a [Game],
}

/// The position after `m`, a move listed for `game`.
pub(super) fn after(game: &Game, m: Move) -> Game {
    let mut child = game.clone();
    child.play_listed(m);
    child
}
