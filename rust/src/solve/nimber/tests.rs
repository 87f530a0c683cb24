//! The nimber search on small games whose nimbers the definition gives.

use super::checkpoint::{checksum, MAGIC};
use super::*;
use std::time::Duration;

/// Kayles: a row of pins; knock down one or two adjacent ones.
struct Kayles;

impl Impartial for Kayles {
    type Position = Vec<u16>;
    type Component = u16;
    const KEY_BYTES: usize = 2;

    fn components(&self, position: &Vec<u16>, out: &mut Vec<u16>) {
        out.extend(position.iter().copied().filter(|&n| n > 0));
    }

    fn options(&self, &n: &u16, parts: &mut Vec<u16>, ends: &mut Vec<usize>, more: More<u16>) {
        let splits: Vec<(u16, u16)> = (1..=2.min(n))
            .flat_map(|take| (0..=(n - take) / 2).map(move |left| (left, n - take - left)))
            .collect();
        for &(left, right) in &splits {
            let start = parts.len();
            parts.extend([left, right].into_iter().filter(|&h| h > 0));
            ends.push(parts.len());
            if !more(splits.len(), &parts[start..]) {
                return;
            }
        }
    }

    fn size(&self, &n: &u16) -> u32 {
        u32::from(n)
    }

    fn write_key(&self, &n: &u16, out: &mut Vec<u8>) {
        out.extend(n.to_le_bytes());
    }

    fn read_key(&self, bytes: &[u8]) -> Option<u16> {
        Some(u16::from_le_bytes(bytes.try_into().ok()?))
    }
}

/// Nim: a heap of `n` moves to any smaller heap; its nimber is `n`.
struct Nim;

impl Impartial for Nim {
    type Position = u16;
    type Component = u16;

    fn components(&self, &n: &u16, out: &mut Vec<u16>) {
        out.extend((n > 0).then_some(n));
    }

    fn options(&self, &n: &u16, parts: &mut Vec<u16>, ends: &mut Vec<usize>, more: More<u16>) {
        for smaller in (0..n).rev() {
            let start = parts.len();
            parts.extend((smaller > 0).then_some(smaller));
            ends.push(parts.len());
            if !more(usize::from(n), &parts[start..]) {
                return;
            }
        }
    }

    fn size(&self, &n: &u16) -> u32 {
        u32::from(n)
    }
}

#[test]
fn nimbers_past_127_are_found_and_past_255_refused() {
    let mut search = NimSearch::new(Nim, 1 << 20);
    assert_eq!(search.nimber(&127, &mut |_| false), Ok(127));
    assert_eq!(search.nimber(&200, &mut |_| false), Ok(200));
    assert!(matches!(
        search.nimber(&300, &mut |_| false),
        Err(Stop::Overflow(_))
    ));
}

/// Kayles by the definition: mex over every option, no pruning.
fn kayles_by_mex(limit: usize) -> Vec<u32> {
    let mut g = vec![0u32; limit];
    for n in 1..limit {
        let mut seen = Vec::new();
        for take in 1..=2.min(n) {
            for left in 0..=n - take {
                seen.push(g[left] ^ g[n - take - left]);
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

#[test]
fn kayles_nimbers_are_the_mex_of_the_options() {
    let expected = kayles_by_mex(60);
    for (n, &g) in expected.iter().enumerate() {
        let mut search = NimSearch::new(Kayles, 1 << 20);
        assert_eq!(
            search.nimber(&vec![n as u16], &mut |_| false),
            Ok(g),
            "heap {n}"
        );
    }
}

#[test]
fn components_of_more_than_128_options_have_the_nimbers_of_the_definition() {
    // A heap of n pins has about n options: past 256 pins the sets of candidates,
    // which hold values below 128, count the others.
    let expected = kayles_by_mex(330);
    let mut search = NimSearch::new(Kayles, 1 << 20);
    for n in [255, 256, 290, 329] {
        assert_eq!(
            search.nimber(&vec![n as u16, 7, 300], &mut |_| false),
            Ok(expected[n] ^ expected[7] ^ expected[300]),
            "heaps {n}, 7, 300"
        );
    }
}

#[test]
fn a_sum_is_the_nim_sum_of_its_components() {
    let g = kayles_by_mex(20);
    let mut search = NimSearch::new(Kayles, 1 << 20);
    assert_eq!(
        search.nimber(&vec![7, 11, 13], &mut |_| false),
        Ok(g[7] ^ g[11] ^ g[13])
    );
}

#[test]
fn xor_translation_moves_every_value() {
    for x in 0..128u32 {
        let set: Set = (1 << 3) | (1 << 77) | (1 << 127);
        let expected: Set = [3u32, 77, 127].iter().fold(0, |s, v| s | 1 << (v ^ x));
        assert_eq!(xor_translate(set, x), expected, "x = {x}");
    }
}

#[test]
fn a_squeezed_set_keeps_every_value_and_those_below_63_exactly() {
    for set in [
        0,
        1,
        1 << 62,
        1 << 63,
        1 << 100,
        ALL,
        below(63),
        (1 << 5) | (1 << 90),
    ] {
        let back = unsqueeze(squeeze(set));
        assert_eq!(back & set, set, "{set:#x}");
        assert_eq!(back & below(63), set & below(63), "{set:#x}");
    }
}

#[test]
fn a_component_shown_outside_one_set_is_still_found_in_another() {
    let g = kayles_by_mex(40);
    let n = (20..40).find(|&n| g[n] >= 2).unwrap();
    let (v, lower) = (g[n], below(g[n]));
    let mut search = NimSearch::new(Kayles, 1 << 20);
    let poll: Poll = &mut |_| false;
    // Asked whether Kayles n is worth less than it is: no, and the search notes where it can lie.
    assert_eq!(search.in_set(&(n as u16), lower, 0, poll), Ok(None));
    let bound = unsqueeze(search.bounds[&(n as u16)]);
    assert!(bound & (1 << v) != 0 && bound & lower == 0, "{bound:#b}");
    assert_eq!(search.in_set(&(n as u16), 1, 0, poll), Ok(None));
    assert_eq!(search.in_set(&(n as u16), 1 << v, 0, poll), Ok(Some(v)));
}

#[test]
fn a_full_table_is_refused() {
    let mut search = NimSearch::new(Kayles, 5);
    assert!(matches!(
        search.nimber(&vec![30], &mut |_| false),
        Err(Stop::TooLarge { .. })
    ));
}

#[test]
fn a_full_table_of_a_search_kept_in_a_checkpoint_forgets_its_smallest_components() {
    let expected = kayles_by_mex(61);
    let path = std::env::temp_dir().join(format!("cgt-forget-{}.ckpt", std::process::id()));
    let mut search = NimSearch::new(Kayles, 5);
    // Written every hour: never, in this test.
    search.checkpoint_to(Checkpoint::new(
        path,
        "kayles".into(),
        Duration::from_secs(3600),
        0,
    ));
    assert_eq!(
        search.nimber(&vec![60, 17], &mut |_| false),
        Ok(expected[60] ^ expected[17])
    );
    assert!(search.known() <= 5);
}

#[test]
fn a_poll_stops_the_search() {
    let mut search = NimSearch::new(Kayles, 1 << 20);
    assert_eq!(
        search.nimber(&vec![5000], &mut |_| true),
        Err(Stop::Interrupted)
    );
}

#[test]
fn making_room_forgets_the_smaller_half_of_the_components() {
    let mut entries: FxHashMap<u16, u64> = (1..=10).map(|n| (n, u64::from(n))).collect();
    forget_smallest(&Kayles, &mut entries);
    let mut kept: Vec<u16> = entries.into_keys().collect();
    kept.sort_unstable();
    assert_eq!(kept, [6, 7, 8, 9, 10]);
}

#[test]
fn a_checkpoint_cut_short_altered_or_of_another_search_is_refused() {
    let path = std::env::temp_dir().join(format!("cgt-cut-{}.ckpt", std::process::id()));
    let mut search = NimSearch::new(Kayles, 1 << 20);
    search.checkpoint_to(Checkpoint::new(
        path.clone(),
        "kayles".into(),
        Duration::from_secs(3600),
        0,
    ));
    search.nimber(&vec![40], &mut |_| false).unwrap();
    search.save().unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let mut fresh = NimSearch::new(Kayles, 1 << 20);
    assert!(fresh.load(&bytes, "kayles").is_ok());
    assert_eq!(fresh.known(), search.known());
    let damaged = Err("a checkpoint cut short or altered (its checksum does not match)");
    for cut in [bytes.len() - 1, MAGIC.len() + 10] {
        let mut fresh = NimSearch::new(Kayles, 1 << 20);
        assert_eq!(fresh.load(&bytes[..cut], "kayles"), damaged);
    }
    // The first nimber's byte (after the header line, the candidate, the round and the count) made
    // 1 larger.
    let first_nimber = MAGIC.len() + "kayles\n".len() + 24 + Kayles::KEY_BYTES;
    let mut altered = bytes.clone();
    altered[first_nimber] = altered[first_nimber].wrapping_add(1);
    assert_eq!(
        NimSearch::new(Kayles, 1 << 20).load(&altered, "kayles"),
        damaged
    );
    assert!(NimSearch::new(Kayles, 1 << 20).load(&bytes, "nim").is_err());
}

#[test]
fn a_checkpoint_with_a_nimber_past_its_options_or_a_round_of_no_budget_is_refused() {
    // Kayles 5 has 5 options, so no nimber above 5; and a bound that leaves no value is no bound.
    for (entries, count) in [
        (vec![5u8, 0, 6], 1u64),
        (vec![5, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0),
    ] {
        assert_eq!(
            NimSearch::new(Kayles, 1 << 20).load(&kayles_checkpoint(1, count, &entries), "kayles"),
            Err("a checkpoint with a nimber its component cannot have")
        );
    }
    assert_eq!(
        NimSearch::new(Kayles, 1 << 20).load(&kayles_checkpoint(0, 0, &[]), "kayles"),
        Err("a checkpoint whose search was in a round of no budget")
    );
}

/// A hand-made Kayles checkpoint with a right checksum: its round (for candidate 0), its count of
/// nimbers and its entries.
fn kayles_checkpoint(round: u64, count: u64, entries: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::from(MAGIC);
    bytes.extend(b"kayles\n");
    bytes.extend(0u64.to_le_bytes());
    bytes.extend(round.to_le_bytes());
    bytes.extend(count.to_le_bytes());
    bytes.extend(entries);
    bytes.extend(checksum(&bytes).to_le_bytes());
    bytes
}

/// A game of many components and no moves, to fill a cache of bounds.
struct Wide;

impl Impartial for Wide {
    type Position = u32;
    type Component = u32;

    fn components(&self, &n: &u32, out: &mut Vec<u32>) {
        out.push(n);
    }

    fn options(&self, _: &u32, _: &mut Vec<u32>, _: &mut Vec<usize>, _: More<u32>) {}

    fn size(&self, &n: &u32) -> u32 {
        n % 64
    }
}

#[test]
fn a_search_kept_in_a_checkpoint_keeps_its_bounds_up_to_half_the_tables_limit() {
    let note = |search: &mut NimSearch<Wide>| {
        for n in 0..600_000 {
            search.bound(&n, !0 << 1);
        }
        search.bounds.len()
    };
    let mut kept = NimSearch::new(Wide, 1 << 22);
    kept.checkpoint_to(Checkpoint::new(
        std::env::temp_dir().join("never-written"),
        "wide".into(),
        Duration::from_secs(3600),
        0,
    ));
    assert_eq!(note(&mut kept), 600_000);
    // Without a checkpoint the room is the table's size, or 262,144 at least: the smaller half goes.
    assert!(note(&mut NimSearch::new(Wide, 1 << 22)) < 600_000);
}

/// A game with a component that is slow to show worth 0: `Slow`, whose options are a heap of 1
/// and a node of odd depth of a full binary tree, and the tree, whose nodes are as many as
/// the search asks about (no two alike: nothing is found twice).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    /// A node `depth` above the leaves of the tree, `id` telling it from the others.
    Node { depth: u8, id: u64 },
    /// The option to nothing: worth 1.
    HeapOfOne,
    /// Worth 0 (its options worth 1 each), but only after the search of the tree.
    Slow { depth: u8 },
    /// No options: worth 0, at once.
    Quick,
    /// Options `Slow` and `Quick`: worth 1.
    Top { depth: u8 },
}

struct TwoRoads;

impl Impartial for TwoRoads {
    type Position = Part;
    type Component = Part;
    /// A kind, a depth and an id.
    const KEY_BYTES: usize = 10;

    fn components(&self, &part: &Part, out: &mut Vec<Part>) {
        out.push(part);
    }

    fn options(
        &self,
        &part: &Part,
        parts: &mut Vec<Part>,
        ends: &mut Vec<usize>,
        more: More<Part>,
    ) {
        let options: Vec<Vec<Part>> = match part {
            Part::Node { depth: 0, .. } | Part::Quick => vec![],
            Part::Node { depth, id } => (0..2)
                .map(|k| {
                    vec![Part::Node {
                        depth: depth - 1,
                        id: 2 * id + k,
                    }]
                })
                .collect(),
            Part::HeapOfOne => vec![vec![]],
            Part::Slow { depth } => vec![vec![Part::HeapOfOne], vec![Part::Node { depth, id: 1 }]],
            Part::Top { depth } => vec![vec![Part::Slow { depth }], vec![Part::Quick]],
        };
        for option in &options {
            let start = parts.len();
            parts.extend(option);
            ends.push(parts.len());
            if !more(options.len(), &parts[start..]) {
                return;
            }
        }
    }

    /// The sizes order the options: `Slow` is asked before `Quick`.
    fn size(&self, &part: &Part) -> u32 {
        match part {
            Part::Quick => 100,
            _ => 1,
        }
    }

    fn write_key(&self, &part: &Part, out: &mut Vec<u8>) {
        let (kind, depth, id) = match part {
            Part::Node { depth, id } => (0, depth, id),
            Part::HeapOfOne => (1, 0, 0),
            Part::Slow { depth } => (2, depth, 0),
            Part::Quick => (3, 0, 0),
            Part::Top { depth } => (4, depth, 0),
        };
        out.extend([kind, depth]);
        out.extend(id.to_le_bytes());
    }

    fn read_key(&self, bytes: &[u8]) -> Option<Part> {
        let (&[kind, depth], id) = bytes.split_first_chunk()?;
        let id = u64::from_le_bytes(id.try_into().ok()?);
        Some(match kind {
            0 => Part::Node { depth, id },
            1 => Part::HeapOfOne,
            2 => Part::Slow { depth },
            3 => Part::Quick,
            _ => Part::Top { depth },
        })
    }
}

#[test]
fn an_option_slow_to_answer_does_not_keep_the_search_from_a_quick_one() {
    let depth = 31;
    let expanded = |position: Part, first_round: u64| {
        let mut search = NimSearch::new(TwoRoads, 1 << 22);
        search.first_round = first_round;
        let nimber = search.nimber(&position, &mut |_| false).unwrap();
        (nimber, search.progress.expanded)
    };
    let whole = u64::MAX / 8;
    // Nodes of odd depth are worth 1, of even depth 0: `Slow` is worth 0, the mex of 1 and 1.
    let (slow, slow_cost) = expanded(Part::Slow { depth }, whole);
    assert_eq!(slow, 0);
    assert!(slow_cost > 1 << 16, "{slow_cost}");
    // `Top` (options `Slow` and `Quick`, both worth 0) is worth 1.  Asked whether it is 0, the
    // options are asked whether they are 0: `Quick` answers before the search of `Slow` ends, and
    // asked then whether it is 1, `Slow` answers at once (its option, a heap of one, is).
    let (top, top_cost) = expanded(Part::Top { depth }, 1 << 10);
    assert_eq!(top, 1);
    assert!(top_cost < 1 << 12, "{top_cost}");
    // With a first round larger than the search of `Slow`, that search goes on to its end.
    let (top, top_cost) = expanded(Part::Top { depth }, whole);
    assert_eq!(top, 1);
    assert!(top_cost > slow_cost, "{top_cost}");
}

#[test]
fn a_search_resumed_from_its_checkpoint_begins_at_the_round_it_had_reached() {
    // `Slow` asks its slow option about 0 in rounds of 10, 40, 160, ... components, together
    // 13,650 up to the round of 40,960: stopped past 2^15 components, it is in that round.
    let path = std::env::temp_dir().join(format!("cgt-round-{}.ckpt", std::process::id()));
    let mut search = NimSearch::new(TwoRoads, 1 << 22);
    search.first_round = 10;
    let every = Duration::from_secs(3600);
    search.checkpoint_to(Checkpoint::new(path.clone(), "two roads".into(), every, 0));
    let slow = Part::Slow { depth: 31 };
    let stopped = search.nimber(&slow, &mut |progress| progress.expanded > 1 << 15);
    assert!(matches!(stopped, Err(Stop::Interrupted)));
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let mut resumed = NimSearch::new(TwoRoads, 1 << 22);
    resumed.load(&bytes, "two roads").unwrap();
    assert_eq!(resumed.resume, Some((0, 40_960)));
    assert_eq!(resumed.first_budget(0), 40_960);
    assert_eq!(resumed.nimber(&slow, &mut |_| false), Ok(0));
}

#[test]
fn a_resumed_round_is_for_the_candidate_it_was_reached_on_and_is_kept_until_the_search_is_back_there(
) {
    let mut search = NimSearch::new(Kayles, 1 << 20);
    search.resume = Some((2, 1 << 22));
    assert_eq!(search.first_budget(2), 1 << 22);
    assert_eq!(search.first_budget(0), FIRST_ROUND);
    assert_eq!(search.first_budget(3), FIRST_ROUND);
    // Asking candidates 0 and 1 again, the search writes the round it was resumed in; at 2, its own.
    search.top = Some((1, FIRST_ROUND));
    assert_eq!(search.round_reached(), (2, 1 << 22));
    search.top = Some((2, 1 << 24));
    assert_eq!(search.round_reached(), (2, 1 << 24));
    assert_eq!(
        NimSearch::new(Kayles, 1 << 20).round_reached(),
        (0, FIRST_ROUND)
    );
}
