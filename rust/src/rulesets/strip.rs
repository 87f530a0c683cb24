//! Games on a strip of cells (the twin of `cgt/rulesets/strip.py`): CGSuite's
//! `GenToadsAndFrogs` family and Toppling Dominoes.
//!
//! A strip is a small value: up to [`MAX_CELLS`] cells of two bits each.  In
//! both families the players' rules mirror each other, so a strip read
//! backwards with the players' pieces swapped is worth the negative.

use super::search::{Player, Rules};

/// The most cells a strip may have.
pub const MAX_CELLS: usize = 64;

const EMPTY: u8 = 0;
/// Left's piece (a toad, a Left domino), then Right's; Toppling Dominoes' green domino is 3.
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const GREEN: u8 = 3;

/// Every pair of bits' low bit.
const LOW_BITS: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

/// A strip of cells, two bits a cell, cell 0 in the lowest bits.
///
/// Strips order by length, then cells (as a number): the least of a strip's
/// images stands for its symmetry class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    len: u8,
    bits: u128,
}

impl Strip {
    /// The strip of `cells` (each 0 to 3), or None when a value is larger or
    /// there are more than [`MAX_CELLS`] cells.
    pub fn from_cells(cells: &[u8]) -> Option<Strip> {
        if cells.len() > MAX_CELLS || cells.iter().any(|&v| v > 3) {
            return None;
        }
        let mut strip = Strip {
            len: cells.len() as u8,
            bits: 0,
        };
        for (i, &v) in cells.iter().enumerate() {
            strip.set(i, v);
        }
        Some(strip)
    }

    #[allow(clippy::len_without_is_empty)] // an empty strip is still a strip
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// How many cells hold a piece.
    pub fn pieces(&self) -> u32 {
        ((self.bits | self.bits >> 1) & LOW_BITS).count_ones()
    }

    pub fn cell(&self, i: usize) -> u8 {
        (self.bits >> (2 * i) & 3) as u8
    }

    /// The cell at `i`, or None off the strip.
    fn get(&self, i: isize) -> Option<u8> {
        (0..self.len() as isize)
            .contains(&i)
            .then(|| self.cell(i as usize))
    }

    fn set(&mut self, i: usize, value: u8) {
        self.bits = self.bits & !(3 << (2 * i)) | u128::from(value) << (2 * i);
    }

    /// A copy with cell `from` emptied and `value` put on cell `to`.
    fn moved(&self, from: usize, to: usize, value: u8) -> Strip {
        let mut strip = *self;
        strip.set(from, EMPTY);
        strip.set(to, value);
        strip
    }

    /// Cells `start..end`.
    fn slice(&self, start: usize, end: usize) -> Strip {
        let width = 2 * (end - start);
        let mask = if width == 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        Strip {
            len: (end - start) as u8,
            bits: self.bits.checked_shr(2 * start as u32).unwrap_or(0) & mask,
        }
    }

    /// The strip read backwards.
    fn reversed(&self) -> Strip {
        let mut out = Strip {
            len: self.len,
            bits: 0,
        };
        for i in 0..self.len() {
            out.set(self.len() - 1 - i, self.cell(i));
        }
        out
    }

    /// The strip with Left's and Right's pieces (values 1 and 2) swapped.
    fn swapped(&self) -> Strip {
        let differ = (self.bits ^ self.bits >> 1) & LOW_BITS;
        Strip {
            len: self.len,
            bits: self.bits ^ (differ | differ << 1),
        }
    }

    /// The strip without its empty cells.
    fn compacted(&self) -> Strip {
        let mut out = Strip { len: 0, bits: 0 };
        for i in 0..self.len() {
            let v = self.cell(i);
            if v != EMPTY {
                out.set(out.len(), v);
                out.len += 1;
            }
        }
        out
    }
}

fn piece(player: Player) -> u8 {
    match player {
        Player::Left => LEFT,
        Player::Right => RIGHT,
    }
}

/// CGSuite's `GenToadsAndFrogs`: Left's toads move right, Right's frogs left.
///
/// A piece slides `k` cells over empty cells for `min_slide <= k <= max_slide`,
/// `k != 0` (`k < 0` is a backslide), or jumps over up to `max_jump` adjacent
/// enemy pieces (any pieces, with `friendly_jumps`) onto the empty cell beyond.
#[derive(Clone)]
pub struct ToadsAndFrogs {
    min_slide: i32,
    max_slide: i32,
    max_jump: u32,
    friendly_jumps: bool,
}

impl ToadsAndFrogs {
    pub fn new(
        min_slide: i32,
        max_slide: i32,
        max_jump: u32,
        friendly_jumps: bool,
    ) -> ToadsAndFrogs {
        ToadsAndFrogs {
            min_slide,
            max_slide,
            max_jump,
            friendly_jumps,
        }
    }

    /// Whether a piece may ever slide backwards (play may then return to a position).
    fn backslides(&self) -> bool {
        self.min_slide <= -1 && self.min_slide <= self.max_slide
    }

    fn has_move(&self, strip: &Strip) -> bool {
        [Player::Left, Player::Right]
            .into_iter()
            .any(|player| !self.each_move(strip, player, |_, _| false))
    }

    /// `visit(from, to)` for each move of `player` (a piece from cell `from` to
    /// cell `to`), in the order of [`Rules::moves`], until `visit` returns false;
    /// whether it never did.
    fn each_move(
        &self,
        strip: &Strip,
        player: Player,
        mut visit: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let us = piece(player);
        let them = piece(match player {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        });
        let sign: isize = if player == Player::Left { 1 } else { -1 };
        for n in (0..strip.len()).filter(|&n| strip.cell(n) == us) {
            let at = |k: i32| n as isize + k as isize * sign;
            // Forward slides, then backslides, each over empty cells only.
            for k in 1..=self.max_slide {
                if strip.get(at(k)) != Some(EMPTY) {
                    break;
                }
                if k >= self.min_slide && !visit(n, at(k) as usize) {
                    return false;
                }
            }
            for k in (self.min_slide..=-1).rev() {
                if strip.get(at(k)) != Some(EMPTY) {
                    break;
                }
                if k <= self.max_slide && !visit(n, at(k) as usize) {
                    return false;
                }
            }
            for k in 1..=self.max_jump.min(MAX_CELLS as u32) as i32 {
                let over = strip.get(at(k));
                if !(over == Some(them) || self.friendly_jumps && over == Some(us)) {
                    break;
                }
                if strip.get(at(k + 1)) == Some(EMPTY) && !visit(n, at(k + 1) as usize) {
                    return false;
                }
            }
        }
        true
    }

    /// The parts of `strip` between frozen blocks, each without the frogs at
    /// its left end and the toads at its right end.
    ///
    /// A run of more than `max_jump` toads followed by a run of more than
    /// `max_jump` frogs never moves (no piece in it can slide, and a jump out
    /// of it would land on one of its own pieces), and no piece can get past
    /// it: it ends the strip on both sides.  Frogs at the left end and toads
    /// at the right end never move either.  None of this holds with backslides.
    fn parts(&self, strip: &Strip, out: &mut Vec<Strip>) {
        let limit = self.max_jump as usize;
        let (mut start, mut i) = (0, 0);
        while i < strip.len() {
            if strip.cell(i) != LEFT {
                i += 1;
                continue;
            }
            let toads = i;
            while i < strip.len() && strip.cell(i) == LEFT {
                i += 1;
            }
            let frogs = i;
            while i < strip.len() && strip.cell(i) == RIGHT {
                i += 1;
            }
            if frogs - toads > limit && i - frogs > limit {
                out.push(strip.slice(start, toads));
                start = i;
            }
        }
        out.push(strip.slice(start, strip.len()));
    }
}

/// A part of a strip without the frogs at its left end and the toads at its right end.
fn trimmed(strip: &Strip) -> Strip {
    let mut start = 0;
    while start < strip.len() && strip.cell(start) == RIGHT {
        start += 1;
    }
    let mut end = strip.len();
    while end > start && strip.cell(end - 1) == LEFT {
        end -= 1;
    }
    strip.slice(start, end)
}

impl Rules for ToadsAndFrogs {
    type Position = Strip;

    fn components(&self, strip: &Strip, out: &mut Vec<Strip>) {
        if self.backslides() {
            if self.has_move(strip) {
                out.push(*strip);
            }
            return;
        }
        let start = out.len();
        self.parts(strip, out);
        let mut k = start;
        while k < out.len() {
            let part = trimmed(&out[k]);
            if self.has_move(&part) {
                out[k] = part;
                k += 1;
            } else {
                out.swap_remove(k);
            }
        }
    }

    fn canonical(&self, strip: &Strip) -> (Strip, bool) {
        let mirror = strip.reversed().swapped();
        if mirror < *strip {
            (mirror, true)
        } else {
            (*strip, false)
        }
    }

    /// The mirror image (reversed, sides swapped) is the negative.
    fn self_negative(&self, strip: &Strip) -> bool {
        strip.reversed().swapped() == *strip
    }

    fn moves(&self, strip: &Strip, player: Player, out: &mut Vec<Strip>) {
        let us = piece(player);
        self.each_move(strip, player, |from, to| {
            out.push(strip.moved(from, to, us));
            true
        });
    }

    fn move_count(&self, strip: &Strip, player: Player, _room: &mut Vec<Strip>) -> usize {
        let mut count = 0;
        self.each_move(strip, player, |_, _| {
            count += 1;
            true
        });
        count
    }
}

/// Toppling Dominoes: a player topples one of their dominoes (or a green one,
/// 3) to the left or to the right, knocking down every domino on that side.
///
/// Empty cells stop nothing, so a strip is worth its dominoes without the gaps.
#[derive(Clone, Copy)]
pub struct TopplingDominoes;

impl Rules for TopplingDominoes {
    type Position = Strip;

    fn components(&self, strip: &Strip, out: &mut Vec<Strip>) {
        let dominoes = strip.compacted();
        if dominoes.len() > 0 {
            out.push(dominoes);
        }
    }

    fn canonical(&self, strip: &Strip) -> (Strip, bool) {
        let (reversed, swapped) = (strip.reversed(), strip.swapped());
        [
            (*strip, false),
            (reversed, false),
            (swapped, true),
            (swapped.reversed(), true),
        ]
        .into_iter()
        .min()
        .unwrap_or((*strip, false))
    }

    /// Swapping the colours negates; reversing keeps the value.
    fn self_negative(&self, strip: &Strip) -> bool {
        let swapped = strip.swapped();
        swapped == *strip || swapped.reversed() == *strip
    }

    fn moves(&self, strip: &Strip, player: Player, out: &mut Vec<Strip>) {
        let us = piece(player);
        for i in 0..strip.len() {
            let v = strip.cell(i);
            if v == us || v == GREEN {
                out.push(strip.slice(i + 1, strip.len()));
                out.push(strip.slice(0, i));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id, ZERO};
    use crate::rulesets::search::Search;

    /// A strip from text: `.` empty, `t`/`l` Left's, `f`/`r` Right's, `e` green.
    fn strip(text: &str) -> Strip {
        let cells: Vec<u8> = text
            .bytes()
            .map(|c| match c {
                b't' | b'l' => LEFT,
                b'f' | b'r' => RIGHT,
                b'e' => GREEN,
                _ => EMPTY,
            })
            .collect();
        Strip::from_cells(&cells).unwrap()
    }

    fn toads_and_frogs() -> ToadsAndFrogs {
        ToadsAndFrogs::new(1, 1, 1, false)
    }

    fn value<R: Rules<Position = Strip>>(engine: &mut Engine, rules: R, text: &str) -> Id {
        Search::new(rules, 1 << 16)
            .value(engine, &strip(text))
            .unwrap()
    }

    #[test]
    fn a_strip_is_its_own_negative_when_an_image_with_sides_swapped_is_it() {
        // Such a strip's value G has G = -G (checked on the values).
        let mut engine = Engine::default();
        for (text, expected) in [
            ("ttt...fff", true),
            ("t.f", true),
            ("t..f.", false),
            ("tt.f", false),
        ] {
            assert_eq!(
                toads_and_frogs().self_negative(&strip(text)),
                expected,
                "{text}"
            );
            let g = value(&mut engine, toads_and_frogs(), text);
            assert!(!expected || engine.neg(g).unwrap() == g, "{text}");
        }
        for (text, expected) in [("lr", true), ("ler", true), ("lle", false), ("lrr", false)] {
            assert_eq!(
                TopplingDominoes.self_negative(&strip(text)),
                expected,
                "{text}"
            );
            let g = value(&mut engine, TopplingDominoes, text);
            assert!(!expected || engine.neg(g).unwrap() == g, "{text}");
        }
    }

    #[test]
    fn strips_slice_reverse_and_swap() {
        let s = strip("t.ff");
        assert_eq!(s.slice(1, 3), strip(".f"));
        assert_eq!(s.reversed(), strip("ff.t"));
        assert_eq!(s.swapped(), strip("f.tt"));
        assert_eq!(strip("l..e.r").compacted(), strip("ler"));
        let long = strip(&"t".repeat(64));
        assert_eq!(long.slice(0, 64), long);
        assert_eq!(long.slice(64, 64), strip(""));
        assert!(Strip::from_cells(&[0; 65]).is_none());
        assert!(Strip::from_cells(&[4]).is_none());
    }

    #[test]
    fn toads_slide_and_jump() {
        let mut out = Vec::new();
        toads_and_frogs().moves(&strip("t.f"), Player::Left, &mut out);
        assert_eq!(out, vec![strip(".tf")]);
        out.clear();
        toads_and_frogs().moves(&strip("tf."), Player::Left, &mut out);
        assert_eq!(out, vec![strip(".ft")]);
        out.clear();
        ToadsAndFrogs::new(1, 1, 2, false).moves(&strip("tff."), Player::Left, &mut out);
        assert_eq!(out, vec![strip(".fft")]);
        out.clear();
        ToadsAndFrogs::new(-1, 1, 0, false).moves(&strip(".t."), Player::Left, &mut out);
        assert_eq!(out, vec![strip("..t"), strip("t..")]);
        out.clear();
        ToadsAndFrogs::new(1, 1, 1, true).moves(&strip("tt."), Player::Left, &mut out);
        assert_eq!(out, vec![strip(".tt"), strip("t.t")]);
    }

    #[test]
    fn move_counts_and_has_move_agree_with_the_move_lists() {
        let rulesets = [
            toads_and_frogs(),
            ToadsAndFrogs::new(1, 2, 2, false),
            ToadsAndFrogs::new(-1, 1, 1, true),
            ToadsAndFrogs::new(1, 1, 0, false),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut out = Vec::new();
        for _ in 0..500 {
            let len = (crate::rulesets::grid::xorshift(&mut seed) % 20) as usize;
            let cells: Vec<u8> = (0..len)
                .map(|_| (crate::rulesets::grid::xorshift(&mut seed) % 3) as u8)
                .collect();
            let s = Strip::from_cells(&cells).unwrap();
            for rules in &rulesets {
                let mut any = false;
                for player in [Player::Left, Player::Right] {
                    out.clear();
                    rules.moves(&s, player, &mut out);
                    assert_eq!(rules.move_count(&s, player, &mut Vec::new()), out.len());
                    any |= !out.is_empty();
                }
                assert_eq!(rules.has_move(&s), any);
            }
        }
    }

    #[test]
    fn frozen_blocks_split_a_strip() {
        let mut out = Vec::new();
        toads_and_frogs().components(&strip("ft.f.ttff.t.fft"), &mut out);
        assert_eq!(out, vec![strip("t.f."), strip(".t.ff")]);
        out.clear();
        ToadsAndFrogs::new(1, 1, 2, false).components(&strip("t.ttff.f"), &mut out);
        assert_eq!(out, vec![strip("t.ttff.f")]);
    }

    #[test]
    fn cgsuite_values() {
        // GameStripTest.scala: ElephantsAndRhinos("tttt..fff") = 1.
        let mut e = Engine::default();
        let one = e.canon(&[ZERO], &[]).unwrap();
        assert_eq!(
            value(&mut e, ToadsAndFrogs::new(1, 1, 0, false), "tttt..fff"),
            one
        );
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        assert_eq!(value(&mut e, toads_and_frogs(), "tt.ff"), star);
        let g = value(&mut e, toads_and_frogs(), "t.tff");
        let h = value(&mut e, toads_and_frogs(), "ttf.f");
        assert_eq!(e.neg(g).unwrap(), h);
    }

    #[test]
    fn backslides_make_a_loop() {
        let mut e = Engine::default();
        let result =
            Search::new(ToadsAndFrogs::new(-1, 1, 1, false), 64).value(&mut e, &strip("t.."));
        assert_eq!(result, Err(crate::engine::Stop::Loopy));
    }

    #[test]
    fn toppling_dominoes() {
        let mut e = Engine::default();
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        assert_eq!(value(&mut e, TopplingDominoes, "lr"), star);
        assert_eq!(value(&mut e, TopplingDominoes, "l.r"), star);
        assert_eq!(value(&mut e, TopplingDominoes, "e"), star);
        // llr = {lr, 0, r, l | 0, ll} = {*, 0, -1, 1 | 0, 2} = {1|0} (worked by hand).
        let one = e.canon(&[ZERO], &[]).unwrap();
        let one_zero = e.canon(&[one], &[ZERO]).unwrap();
        assert_eq!(value(&mut e, TopplingDominoes, "llr"), one_zero);
        assert_eq!(value(&mut e, TopplingDominoes, "r.ll"), one_zero);
    }
}
