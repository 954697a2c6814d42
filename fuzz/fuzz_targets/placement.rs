//! Text fuzzing seldom produces a scenario that passes every check, so the start of a
//! battle gets little exercise from the `scenario` target. This target starts from the
//! Ligny example and lets the input move its units and reinforcement points about (and
//! switch to free deployment). Whatever the checks accept must start in a state that keeps
//! every invariant, and the verdict must not change when the scenario is written out as
//! TOML and read back.

#![no_main]

use grognard_engine::Ruleset;
use grognard_rules_two_by_two::scenario::{Deployment, Edge, Scenario};
use grognard_rules_two_by_two::design::validate;
use grognard_rules_two_by_two::TwoByTwo;
use libfuzzer_sys::{arbitrary, fuzz_target};

const LIGNY: &str = include_str!("../../scenarios/two-by-two/ligny-skirmish.toml");

#[derive(Debug, arbitrary::Arbitrary)]
struct Moves {
    free: bool,
    /// Per unit, in file order: where it stands (x, y and facing as fractions of their
    /// ranges), or which point it waits at.
    units: Vec<Option<(u16, u16, u16)>>,
    /// Per reinforcement point: the edge and the distance along it.
    points: Vec<(u8, u16)>,
}

/// A fraction of 65535 spread over `lo..=hi`.
fn spread(v: u16, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * f64::from(v) / 65535.0
}

fn rearrange(s: &mut Scenario, m: &Moves) {
    if m.free {
        s.game.deployment = Deployment::Free;
    }
    let (w, d) = (s.table.width, s.table.depth);
    let mut moves = m.units.iter();
    let mut points = m.points.iter();
    for side in &mut s.sides {
        for p in &mut side.points {
            if let Some(&(edge, at)) = points.next() {
                p.edge = Edge::ALL[usize::from(edge) % 4];
                p.at = spread(at, -1.0, w.max(d) + 1.0);
            }
        }
        let n_points = side.points.len();
        for u in &mut side.units {
            match moves.next() {
                Some(Some((x, y, f))) => {
                    // A little beyond the table on every side, and every facing.
                    u.at = Some([
                        spread(*x, -1.0, w + 1.0),
                        spread(*y, -1.0, d + 1.0),
                        spread(*f, -360.0, 360.0),
                    ]);
                    u.point = None;
                }
                Some(None) => {
                    u.at = None;
                    // Now and then one past the last point, which the checks must refuse.
                    u.point = Some(u.name.len() % (n_points + 1));
                }
                None => {}
            }
        }
    }
}

fuzz_target!(|m: Moves| {
    let mut s = validate::load("ligny.toml", LIGNY).expect("the example is valid");
    rearrange(&mut s, &m);
    let problems = validate::problems(&s);
    let text = toml::to_string(&s).expect("a scenario writes as TOML");
    let reread = validate::load("rearranged.toml", &text);
    assert_eq!(
        problems.is_empty(),
        reread.is_ok(),
        "the verdict changed on writing out: {problems:?} / {reread:?}\n{text}"
    );
    if problems.is_empty() {
        let state = TwoByTwo.start(&s);
        if let Err(e) = TwoByTwo.invariants(&state) {
            panic!("an accepted scenario starts in a broken state: {e}\n{text}");
        }
    }
});
