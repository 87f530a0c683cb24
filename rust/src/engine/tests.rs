//! Facts from the textbooks (Siegel, *Combinatorial Game Theory*, ch. II), checked on the engine.
use super::*;

fn int(e: &mut Engine, n: i64) -> Id {
    e.number(Dyadic::int(n)).unwrap()
}

fn nimber(e: &mut Engine, m: u128) -> Id {
    e.nus(Uptimal::classic(Dyadic::ZERO, 0, m)).unwrap()
}

#[test]
fn star_plus_star_is_zero_and_star_is_confused_with_zero() {
    let mut e = Engine::default();
    let star = e.canon(&[ZERO], &[ZERO]).unwrap();
    assert_eq!(star, nimber(&mut e, 1));
    assert_eq!(e.add(star, star).unwrap(), ZERO);
    assert!(!e.le(star, ZERO).unwrap() && !e.le(ZERO, star).unwrap());
}

#[test]
fn up_is_recognised_and_positive_and_up_star_is_confused_with_zero() {
    let mut e = Engine::default();
    let star = nimber(&mut e, 1);
    let up = e.canon(&[ZERO], &[star]).unwrap();
    assert_eq!(e.fast_path(up), Some(&Uptimal::classic(Dyadic::ZERO, 1, 0)));
    assert!(e.le(ZERO, up).unwrap() && !e.le(up, ZERO).unwrap());
    let up_star = e.add(up, star).unwrap();
    // ↑* = {0, * | 0}
    assert_eq!(e.canon(&[ZERO, star], &[ZERO]).unwrap(), up_star);
    assert!(!e.le(ZERO, up_star).unwrap() && !e.le(up_star, ZERO).unwrap());
}

#[test]
fn a_switch_is_its_own_negative_and_numbers_translate_it() {
    let mut e = Engine::default();
    let (one, minus_one) = (int(&mut e, 1), int(&mut e, -1));
    let pm1 = e.canon(&[one], &[minus_one]).unwrap(); // ±1
    assert!(e.fast_path(pm1).is_none());
    assert_eq!(e.neg(pm1).unwrap(), pm1);
    assert_eq!(e.add(pm1, pm1).unwrap(), ZERO); // ±1 ± 1 = 0
    let two = int(&mut e, 2);
    let g = e.canon(&[two], &[ZERO]).unwrap(); // {2|0} = 1 ± 1, by number translation
    assert_eq!(e.add(one, pm1).unwrap(), g);
    let minus_g = e.neg(g).unwrap();
    assert_eq!(e.add(g, minus_g).unwrap(), ZERO);
}

#[test]
fn simplicity_gives_numbers_and_dominated_options_go() {
    let mut e = Engine::default();
    let one = int(&mut e, 1);
    assert_eq!(
        e.canon(&[ZERO], &[one]).unwrap(),
        e.number(Dyadic::new(BigInt::from(1), 1)).unwrap()
    );
    let star = nimber(&mut e, 1);
    // {0, * | } = 1: both options reverse out or are dominated.
    assert_eq!(e.canon(&[ZERO, star], &[]).unwrap(), one);
    // {1, 0 | 1, 2} = 1*? No: {1 | 1} = 1*, and 0 < 1, 2 > 1 are dominated.
    let two = int(&mut e, 2);
    let one_star = e.nus(Uptimal::classic(Dyadic::int(1), 0, 1)).unwrap();
    assert_eq!(e.canon(&[one, ZERO], &[one, two]).unwrap(), one_star);
}

#[test]
fn integer_multiples_by_doubling() {
    let mut e = Engine::default();
    let star = nimber(&mut e, 1);
    let up = e.canon(&[ZERO], &[star]).unwrap();
    let many = e.multiple(up, &BigInt::from(1_000_001)).unwrap();
    assert_eq!(
        e.fast_path(many),
        Some(&Uptimal::classic(Dyadic::ZERO, 1_000_001, 0))
    );
    let half = e.number(Dyadic::new(BigInt::from(1), 1)).unwrap();
    let g = e.canon(&[half], &[star]).unwrap(); // {1/2 | *}, not a fast-path value
    let three_g = e.multiple(g, &BigInt::from(3)).unwrap();
    let by_hand = {
        let two_g = e.add(g, g).unwrap();
        e.add(two_g, g).unwrap()
    };
    assert_eq!(three_g, by_hand);
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    let mut e = Engine::default();
    let minus_ten = int(&mut e, -10);
    let mut g = ZERO;
    let mut chain = Vec::new();
    for _ in 0..200_000 {
        g = e.canon(&[g], &[minus_ten]).unwrap();
        chain.push(g);
    }
    assert!(e.depth(g) >= 200_000);
    let other = {
        let (one, minus_nine) = (int(&mut e, 1), int(&mut e, -9));
        e.canon(&[one], &[minus_nine]).unwrap()
    };
    let _ = e.le(g, other).unwrap();
    let negative = e.neg(g).unwrap();
    assert_eq!(e.neg(negative).unwrap(), g);
}

/// `{1/2 | *} + {1 | -1}` and friends: a sum that needs many recursive steps.
fn some_sums(e: &mut Engine) -> Stoppable<Vec<Id>> {
    let star = nimber(e, 1);
    let (half, one, minus_one) = (
        e.number(Dyadic::new(BigInt::from(1), 1)).unwrap(),
        int(e, 1),
        int(e, -1),
    );
    let (a, b) = (e.canon(&[half], &[star])?, e.canon(&[one], &[minus_one])?);
    let c = e.canon(&[a], &[b])?;
    let ab = e.add(a, b)?;
    let abc = e.add(ab, c)?;
    let twice = e.add(abc, abc)?;
    let minus = e.neg(twice)?;
    Ok(vec![ab, abc, twice, minus, e.add(twice, minus)?])
}

#[test]
fn a_poll_that_fires_stops_the_operation_and_the_tables_stay_usable() {
    fn always() -> bool {
        true
    }
    let mut e = Engine::new(always);
    e.poll_every = 1;
    assert_eq!(some_sums(&mut e), Err(Stop::Interrupted));
    e.poll = never;
    let after = some_sums(&mut e).unwrap();
    assert_eq!(*after.last().unwrap(), ZERO);
    // The same values, read back as forms, as a fresh engine computes them.
    let mut fresh = Engine::default();
    let expected = some_sums(&mut fresh).unwrap();
    for (&g, &h) in after.iter().zip(expected.iter()) {
        assert_eq!(e.stops(g), fresh.stops(h));
        assert_eq!(e.birthday(g), fresh.birthday(h));
    }
}

#[test]
fn an_allocation_too_large_for_memory_is_a_memory_stop_not_an_abort() {
    let mut items: Vec<u32> = Vec::new();
    assert_eq!(
        room(
            &mut items,
            std::hint::black_box(usize::MAX / 8),
            "a test table"
        ),
        Err(Stop::Memory("a test table"))
    );
}

#[test]
fn a_nimber_past_max_options_is_refused_before_its_options_are_listed() {
    let mut e = Engine::new(|| false);
    e.max_options = 1000;
    let big = nimber(&mut e, 1 << 40);
    assert_eq!(
        e.spans(big).map(|_| ()),
        Err(Stop::TooLarge {
            limit: "max_options",
            what: "the options of a nimber *n, n of them",
            value: Some(1 << 40),
        })
    );
}
