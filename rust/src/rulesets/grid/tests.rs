use super::*;

fn board(text: &str) -> Board {
    Board::<u128>::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
}

#[test]
fn a_crop_holds_the_parts_cells_in_their_bounding_box() {
    // Against the definition, cell by cell, on random boards and random sets of cells.
    let mut seed = 5u64;
    for _ in 0..3000 {
        let (height, width) = (
            1 + xorshift(&mut seed) as usize % 11,
            1 + xorshift(&mut seed) as usize % 11,
        );
        let text = random_text(&mut seed, height, width, &['x', 'o', '.', '#']);
        let b = board(&text);
        let mut part = 0u128;
        for i in 0..b.len() {
            if xorshift(&mut seed).is_multiple_of(3) {
                part |= 1 << i;
            }
        }
        if part == 0 {
            part = 1 << (xorshift(&mut seed) as usize % b.len());
        }
        let fill = ['.', '#'][xorshift(&mut seed) as usize % 2];
        let cells: Vec<(i32, i32)> = bits(part).map(|i| b.at(i)).collect();
        let r0 = cells.iter().map(|c| c.0).min().unwrap();
        let r1 = cells.iter().map(|c| c.0).max().unwrap();
        let c0 = cells.iter().map(|c| c.1).min().unwrap();
        let c1 = cells.iter().map(|c| c.1).max().unwrap();
        let rows: Vec<String> = (r0..=r1)
            .map(|r| {
                (c0..=c1)
                    .map(|c| {
                        if cells.contains(&(r, c)) {
                            ['.', 'x', 'o', '#'][usize::from(b.get((r, c)).unwrap())]
                        } else {
                            fill
                        }
                    })
                    .collect()
            })
            .collect();
        let fill_value = if fill == '.' { EMPTY } else { BLOCKED };
        assert_eq!(
            b.crop(part, fill_value),
            board(&rows.join("|")),
            "{text:?} {part:b}"
        );
    }
}

#[test]
fn cells_cut_out_of_a_line_close_up_in_order() {
    let row = board("x.o#xo.");
    let cut = (1u128 << 1) | (1 << 3) | (1 << 6);
    assert_eq!(row.without(cut), board("xoxo"));
    assert_eq!(row.without(0), row);
    assert_eq!(board("x|.|o|o").without(1 << 2), board("x|.|o"));
    // A 128-cell row, its last cell cut.
    let long = board(&format!("{}o", ".".repeat(127)));
    assert_eq!(long.without(1 << 127), board(&".".repeat(127)));
}

#[test]
fn a_board_is_its_own_negative_when_swapping_colours_gives_an_image_of_it() {
    // xo swapped is ox, xo mirrored; a checkerboard swapped is it shifted, turned
    // half round; xox swapped is oxo, no image of xox; xxo swapped is oox.
    for (text, expected) in [
        ("xo", true),
        ("xoxo|oxox", true),
        ("..", true),
        ("x.o|o.x", true),
        ("xox", false),
        ("xxo", false),
        ("x.|.o|#.", false),
    ] {
        for b in [board(text), board(text).swapped()] {
            assert_eq!(b.self_negative(Symmetries::EVERY), expected, "{text}");
            let (image, _) = b.least_image(Symmetries::EVERY);
            assert_eq!(image.self_negative(Symmetries::EVERY), expected, "{text}");
        }
        // Without the colour swap among the symmetries nothing is told.
        assert!(!board(text).self_negative(Symmetries::new(0xff, 0, false)));
    }
    // A large board (past 64 cells) goes by the other image search.
    let rows = ["xoxoxoxoxo"; 7];
    assert!(Board::<u128>::from_rows(&rows)
        .unwrap()
        .self_negative(Symmetries::EVERY));
}

#[test]
fn rows_are_read_cell_by_cell() {
    let b = board("x.|#o");
    assert_eq!((b.height(), b.width()), (2, 2));
    assert_eq!(
        b.cells().map(|(_, v)| v).collect::<Vec<_>>(),
        [LEFT, EMPTY, BLOCKED, RIGHT]
    );
    assert_eq!(b.get((1, 1)), Some(RIGHT));
    assert_eq!(b.get((2, 0)), None);
    assert_eq!(b.get((0, -1)), None);
    assert!(Board::<u128>::from_rows(&["x.", "o"]).is_none());
    assert!(Board::<u128>::from_rows(&["xz"]).is_none());
    assert!(b.contains(BLOCKED) && b.contains(EMPTY) && !board("x.o|.x.").contains(BLOCKED));
    let long =
        Board::<u128>::from_rows(&[&"x".repeat(40), &format!("{}#", "x".repeat(39))]).unwrap();
    assert!(long.contains(BLOCKED) && !long.contains(RIGHT));
    assert!(Board::<u128>::from_rows(&vec!["........"; 16]).is_some());
    assert!(
        Board::<u128>::from_rows(&vec!["........."; 15]).is_none(),
        "135 cells do not fit"
    );
    assert!(Board::<u64>::from_rows(&["........"; 8]).is_some());
    assert!(
        Board::<u64>::from_rows(&["........"; 9]).is_none(),
        "72 cells are past a u64"
    );
    assert_eq!(
        b.resized::<u64>().and_then(|small| small.resized::<u128>()),
        Some(b)
    );
    assert_eq!(long.resized::<u64>(), None);
}

#[test]
fn every_image_of_a_board_has_one_least_image() {
    let all = Symmetries::new(0xff, 0, false);
    let images = [
        "xo.|..#", ".ox|#..", "..#|xo.", "#..|.ox", "x.|o.|.#", ".#|o.|x.", "x.|o.|.#",
    ];
    let least = board(images[0]).least_image(all).0;
    for text in images {
        assert_eq!(board(text).least_image(all).0, least, "{text}");
    }
    assert_ne!(board("xx.|..#").least_image(all).0, least);
}

#[test]
fn small_boards_have_the_least_image_of_every_board() {
    // Boards of at most 64 cells take a faster way to the same least image.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2000 {
        xorshift(&mut seed);
        let (height, width) = (1 + seed % 8, 1 + (seed >> 8) % 8);
        let mut b = Board::<u128>::empty(height as usize, width as usize).unwrap();
        for i in 0..b.len() {
            b.set(i, (seed >> (16 + i % 48)) as u8 % 4);
        }
        // Every symmetry, quarter turns negating; the upright ones; the diagonal ones.
        for symmetries in [
            Symmetries::new(0xff, 0xf0, true),
            Symmetries::new(0x0f, 0, false),
            Symmetries::new(0b1001_1001, 0xf0, true),
        ] {
            assert_eq!(
                b.least_image(symmetries),
                b.least_large_image(symmetries),
                "{b:?}"
            );
        }
    }
}

#[test]
fn a_colour_swap_is_a_negation() {
    let identity = Symmetries::new(1, 0, true);
    let (image, negated) = board("o.x").least_image(identity);
    assert_eq!(board("x.o").least_image(identity), (image, !negated));
    assert!(image == board("x.o") || image == board("o.x"));
}

#[test]
fn symmetries_keep_a_set_of_steps() {
    let kept = |steps: &[Step]| Symmetries::keeping(steps, false).each().count();
    assert_eq!(kept(&ORTHOGONAL), 8);
    assert_eq!(kept(&[(1, 0), (-1, 0)]), 4);
    assert_eq!(kept(&[(1, 0)]), 2);
    let transposes = Symmetry(4);
    assert_eq!(transposes.step((1, 0)), (0, 1));
}

#[test]
fn neighbourhoods_stop_at_the_edges() {
    let board: Board<u64> = Board::empty(3, 4).unwrap();
    let around = Orthogonal::of(&board);
    // (0, 3), the end of the first row: (0, 2) and (1, 3), not (1, 0) after it.
    assert_eq!(around.around(1u64 << 3), 1 << 2 | 1 << 7);
    // (1, 0): (0, 0), (2, 0) and (1, 1), not (0, 3) before it.
    assert_eq!(around.around(1u64 << 4), 1 << 0 | 1 << 8 | 1 << 5);
    let row: Board<u128> = Board::empty(1, 128).unwrap();
    let around = Orthogonal::of(&row);
    assert_eq!(around.around(1u128 << 127), 1 << 126);
    assert_eq!(around.around(1), 2);
    assert_eq!(around.fill(1, !(1u128 << 64)), (1u128 << 64) - 1);
    assert_eq!(bits(0b1010_0001u64).collect::<Vec<_>>(), vec![0, 5, 7]);
    assert_eq!(lowest(0b1011_0000u64), 0b1_0000);
}

#[test]
fn regions_are_cropped_and_filled() {
    let mut out = Vec::new();
    board("xo..|....|..#x").regions(|v| v == LEFT || v == RIGHT, &ORTHOGONAL, EMPTY, &mut out);
    assert_eq!(out, vec![board("xo"), board("x")]);
    out.clear();
    board("x#.|#o.").regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, &mut out);
    assert_eq!(out, vec![board("x"), board("#.|o.")]);
    out.clear();
    board("x#.|#o.").regions(|v| v != BLOCKED, &COMPASS, BLOCKED, &mut out);
    assert_eq!(out, vec![board("x#.|#o.")]);
    out.clear();
    board("#o|ox").regions(|v| v != BLOCKED, &[(1, 0), (0, 1)], BLOCKED, &mut out);
    assert_eq!(out, vec![board("#o|ox")], "steps link cells either way");
}

#[test]
fn the_regions_of_a_row_or_a_column_are_its_runs_cut_out() {
    // The runs cut out whole must be the regions the cell-by-cell search crops (with the
    // diagonal steps too, which leave a row or a column, so that it takes its general way).
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..500 {
        xorshift(&mut seed);
        let n = 1 + (seed % 128) as usize;
        let (height, width) = if seed & (1 << 40) == 0 {
            (1, n)
        } else {
            (n, 1)
        };
        let mut b = Board::<u128>::empty(height, width).unwrap();
        for i in 0..n {
            let bits = seed.rotate_left(i as u32) ^ (i as u64).wrapping_mul(0x2545_f491);
            b.set(i, (bits % 4) as u8);
        }
        for member in [|v: u8| v == LEFT || v == RIGHT, |v: u8| v != BLOCKED] {
            let (mut runs, mut cropped) = (Vec::new(), Vec::new());
            b.orthogonal_regions(member, BLOCKED, &mut runs);
            b.regions(member, &COMPASS, BLOCKED, &mut cropped);
            assert_eq!(runs, cropped, "{height}x{width}");
        }
    }
}
