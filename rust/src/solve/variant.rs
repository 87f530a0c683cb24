//! The impartial variant of a ruleset, for the nimber search: either player makes any move of either.
//!
//! A component is the ruleset's standard image of a region (its least image
//! under the symmetries, colours swapped included: a swap changes no move of
//! the variant), so the table is shared by every orientation.

use super::nimber::{Impartial, More};
use crate::rulesets::grid::{Board, Plane};
use crate::rulesets::search::{Player, Rules};
use crate::rulesets::sheep::Herds;
use crate::rulesets::ski_jumps::Slope;
use crate::rulesets::strip::Strip;
use std::hash::Hash;

/// A position's size, to try small options first: the stones of a board, say.
pub trait Sized {
    fn size(&self) -> u32;
}

impl<P: Plane> Sized for Board<P> {
    fn size(&self) -> u32 {
        (self.mask(1) | self.mask(2)).count_ones()
    }
}

impl Sized for Strip {
    fn size(&self) -> u32 {
        self.pieces()
    }
}

impl Sized for Herds {
    fn size(&self) -> u32 {
        self.herds()
    }
}

impl Sized for Slope {
    fn size(&self) -> u32 {
        self.skiers()
    }
}

/// The impartial variant of the ruleset `R`.
pub struct ImpartialVariant<R>(pub R);

impl<R: Rules> ImpartialVariant<R> {
    /// The components of `position`, each in standard form, appended to `parts[start..]`
    /// (twins cancel: their nim-sum is 0).
    fn split_into(&self, position: &R::Position, parts: &mut Vec<R::Position>, start: usize) {
        let mut raw = Vec::new();
        self.0.components(position, &mut raw);
        for part in raw {
            let (key, _) = self.0.canonical(&part);
            match parts[start..].iter().position(|p| *p == key) {
                Some(k) => {
                    parts.swap_remove(start + k);
                }
                None => parts.push(key),
            }
        }
    }
}

impl<R: Rules> Impartial for ImpartialVariant<R>
where
    R::Position: Copy + Eq + Hash + Sized,
{
    type Position = R::Position;
    type Component = R::Position;

    fn components(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        let start = out.len();
        self.split_into(position, out, start);
    }

    fn options(
        &self,
        component: &R::Position,
        parts: &mut Vec<R::Position>,
        ends: &mut Vec<usize>,
        more: More<R::Position>,
    ) {
        let mut moved = Vec::new();
        self.0.moves(component, Player::Left, &mut moved);
        self.0.moves(component, Player::Right, &mut moved);
        for after in &moved {
            let start = parts.len();
            self.split_into(after, parts, start);
            ends.push(parts.len());
            if !more(moved.len(), &parts[start..]) {
                return;
            }
        }
    }

    fn size(&self, component: &R::Position) -> u32 {
        component.size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::{Engine, Uptimal};
    use crate::rulesets::search::Search;
    use crate::rulesets::stones::{Amazons, Konane, StoneGame, Stones};
    use crate::solve::nimber::NimSearch;

    /// The impartial variant's nimber against the canonical form of the variant, built by
    /// the partizan search of a ruleset whose Left and Right both make every move.
    struct Both<R>(R);

    impl<R: Rules> Rules for Both<R> {
        type Position = R::Position;
        fn components(&self, p: &R::Position, out: &mut Vec<R::Position>) {
            self.0.components(p, out);
        }
        fn canonical(&self, p: &R::Position) -> (R::Position, bool) {
            (self.0.canonical(p).0, false)
        }
        fn moves(&self, p: &R::Position, _: Player, out: &mut Vec<R::Position>) {
            self.0.moves(p, Player::Left, out);
            self.0.moves(p, Player::Right, out);
        }
    }

    fn check<G: StoneGame>(game: G, boards: &[&str]) {
        let mut engine = Engine::default();
        let mut forms = Search::new(Both(Stones::<G, u128>::new(game.clone())), 1 << 20);
        let mut nimbers = NimSearch::new(ImpartialVariant(Stones::<G, u128>::new(game)), 1 << 20);
        for text in boards {
            let rows: Vec<&[u8]> = text.split('|').map(str::as_bytes).collect();
            let board = Board::<u128>::from_rows(&rows).unwrap();
            let form = forms.value(&mut engine, &board).unwrap();
            let nimber = nimbers.nimber(&board, &mut |_| false).unwrap();
            let star = engine
                .nus(Uptimal::classic(Dyadic::ZERO, 0, u128::from(nimber)))
                .unwrap();
            assert_eq!(form, star, "{text}");
        }
    }

    #[test]
    fn variant_nimbers_are_the_canonical_forms_of_the_variants() {
        check(
            Konane,
            &["xoxo|oxox|xo.o", "xox.|o.ox|xoxo", "x.xo|oxo.|.oxo|oxox"],
        );
        // `..oo|##..|....` (*4, MCGS's 3x4_imp.test:13) caught a cache of bounds that trusted
        // the values a pruned search had not asked about.
        check(
            Amazons,
            &[
                "x..|...|..o",
                "x.#|...|o..",
                "x...|.#..|...o",
                "..oo|##..|....",
            ],
        );
    }

    #[test]
    fn a_loopy_variant_is_refused_not_searched_forever() {
        use crate::engine::Stop;
        use crate::rulesets::strip::{Strip, ToadsAndFrogs};
        // Backsliding toads and frogs: a toad slides right, then back.
        let backsliding = ToadsAndFrogs::new(-1, 1, 1, false);
        let mut nimbers = NimSearch::new(ImpartialVariant(backsliding), 1 << 10);
        let strip = Strip::from_cells(&[1, 0, 2, 0, 1]).unwrap();
        assert!(matches!(
            nimbers.nimber(&strip, &mut |_| false),
            Err(Stop::Loopy)
        ));
    }
}
