//! The published figures of docs/rules.md ("The transition analysis"),
//! computed, and cross-checks.

use super::*;
use crate::maps::{FunctionalMap, HyperfunctionalMap, builtin_functional, hmap2, map34};
use crate::rng::SplitMix64;

fn ratio(n: u64, d: u64) -> Ratio {
    Ratio::new(n, d).unwrap()
}

#[test]
fn tactical_is_17_9_returning_in_1_or_2() {
    let a = analyze("tactical", Ruleset::Tactical);
    assert_eq!(a.figures.nodes, 81);
    assert_eq!(a.figures.mean, Some(ratio(17, 9)));
    assert_eq!(a.figures.return_set(), vec![1, 2]);
    // ST 55 sends to itself; ST 57 comes back through ST 75.
    assert_eq!(a.matrix.get(40, 40), Some(1));
    assert_eq!(a.matrix.get(42, 42), Some(2));
    assert_eq!(a.figures.returns[&1], 9);
    assert_eq!(a.figures.largest, Some(2));
}

#[test]
fn map34_and_map67_are_8_3_returning_in_exactly_3() {
    for name in ["map34", "map67"] {
        let m = builtin_functional(name).unwrap();
        let a = analyze(name, Ruleset::Functional(m));
        assert_eq!(a.figures.nodes, 27, "{name}");
        assert_eq!(a.figures.mean, Some(ratio(8, 3)), "{name}");
        assert!(
            a.figures.every_return_is(3),
            "{name}: {:?}",
            a.figures.returns
        );
        assert_eq!(a.figures.largest, Some(4), "{name}");
    }
}

#[test]
fn hmap2_is_536_243_returning_in_exactly_3() {
    let a = analyze("hmap2", Ruleset::Hyperfunctional(Box::new(hmap2())));
    assert_eq!(a.figures.nodes, 81);
    assert_eq!(a.figures.mean, Some(ratio(536, 243)));
    assert!(a.figures.every_return_is(3), "{:?}", a.figures.returns);
    assert_eq!(a.figures.largest, Some(3));
}

#[test]
fn analyze_all_covers_every_builtin() {
    let all = analyze_all();
    let labels: Vec<_> = all.iter().map(|a| a.label.to_string()).collect();
    assert_eq!(
        labels,
        [
            "tactical",
            "functional map34",
            "functional map67",
            "functional map14",
            "functional map42",
            "functional map48",
            "hyperfunctional map34 : hmap1",
            "hyperfunctional map34 : hmap2",
        ]
    );
    assert!(all.iter().all(|a| a.figures.unreachable == 0));
}

fn random_functional(rng: &mut SplitMix64) -> FunctionalMap {
    let mut columns = [[0; 9]; 3];
    for v in columns.iter_mut().flatten() {
        *v = rng.below(9) as u8 + 1;
    }
    FunctionalMap::new(columns).unwrap()
}

fn random_hyperfunctional(rng: &mut SplitMix64) -> HyperfunctionalMap {
    // Few distinct targets per strategic cell, so some maps leave nodes unreachable.
    let spread = rng.below(9) + 1;
    let mut cells = [[0; 81]; 9];
    for v in cells.iter_mut().flatten() {
        *v = rng.below(spread) as u8 + 1;
    }
    HyperfunctionalMap::new(cells).expect("1..9")
}

#[test]
fn bfs_and_floyd_warshall_agree_on_random_functional_maps() {
    let mut rng = SplitMix64::new(0xF00D);
    for _ in 0..300 {
        let g = Graph::of(&Ruleset::Functional(random_functional(&mut rng)));
        assert_eq!(bfs_all_pairs(&g), floyd_warshall(&g));
    }
}

#[test]
fn bfs_and_floyd_warshall_agree_on_random_hyperfunctional_maps() {
    let mut rng = SplitMix64::new(0xBEEF);
    for _ in 0..12 {
        let g = Graph::of(&Ruleset::Hyperfunctional(Box::new(random_hyperfunctional(
            &mut rng,
        ))));
        assert_eq!(bfs_all_pairs(&g), floyd_warshall(&g));
    }
    let g = Graph::of(&Ruleset::Hyperfunctional(Box::new(hmap2())));
    assert_eq!(bfs_all_pairs(&g), floyd_warshall(&g));
}

#[test]
fn bitset_evaluator_matches_the_general_figures() {
    let mut rng = SplitMix64::new(7);
    let mut seen_unreachable = false;
    for i in 0..500 {
        let m = if i == 0 {
            map34()
        } else {
            random_functional(&mut rng)
        };
        let general = analyze("m", Ruleset::Functional(m)).figures;
        let fast = band_figures(&m).to_figures();
        assert_eq!(fast, general, "{m}");
        let per_node = figures_of_successors(&band_successors(&m)).to_figures();
        assert_eq!(per_node, general, "{m}");
        seen_unreachable |= general.unreachable > 0;
    }
    assert!(
        seen_unreachable,
        "random maps should include some with unreachable nodes"
    );
}
