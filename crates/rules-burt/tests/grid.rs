//! The grid of units gives the answers a look at every unit would: the nearest enemy,
//! the units a footprint overlaps and the enemies within reach, on a battle with more
//! units than the grid leaves to a plain scan, its units scattered by hand.

use grognard_geometry::distance::base_base;
use grognard_geometry::overlap::bases_overlap;
use grognard_geometry::{Pose, Vec2};
use grognard_rules_burt::design::setup;
use grognard_rules_burt::measure;
use grognard_rules_burt::state::{State, Unit};

fn scattered() -> State {
    let mut s = setup::start(&setup::large(40));
    assert!(s.units().len() > 64);
    let (w, d) = (s.field.width, s.field.depth);
    let n = s.units().len();
    for i in 0..n {
        // A fixed scatter over the whole table, some units taken off.
        let x = (i as f64 * 37.31) % (w - 8.0) + 4.0;
        let y = (i as f64 * 17.93) % (d - 8.0) + 4.0;
        let u = s.unit_mut(i as u16);
        u.pose = Pose::at(Vec2::new(x, y), (i as f64 * 53.0) % 360.0);
        u.gone = i % 11 == 5;
    }
    s
}

fn enemies<'a>(s: &'a State, u: &'a Unit) -> impl Iterator<Item = &'a Unit> + 'a {
    s.units()
        .iter()
        .filter(move |e| e.on_table() && e.side != u.side)
}

#[test]
fn the_nearest_enemy_is_the_one_a_scan_finds() {
    let s = scattered();
    let mut checked = 0;
    for u in s.units().iter().filter(|u| u.on_table()) {
        let fp = u.footprint();
        let want = enemies(&s, u)
            .filter(|e| e.fights())
            .map(|e| (base_base(&fp, &e.footprint()), e.id))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(_, id)| id);
        assert_eq!(
            measure::nearest_enemy(&s, u).map(|e| e.id),
            want,
            "{}",
            u.id
        );
        checked += 1;
    }
    assert!(checked > 60);
}

#[test]
fn overlaps_and_enemies_within_reach_are_those_a_scan_finds() {
    let s = scattered();
    let mut found = 0;
    for u in s.units().iter().filter(|u| u.on_table()) {
        let fp = u.footprint();
        let want: Vec<u16> = s
            .units()
            .iter()
            .filter(|o| {
                o.on_table()
                    && o.id != u.id
                    && !o.is_officer()
                    && bases_overlap(&o.footprint(), &fp, measure::TOUCH)
            })
            .map(|o| o.id)
            .collect();
        let got: Vec<u16> = measure::overlapping(&s, &fp, &[u.id])
            .map(|o| o.id)
            .collect();
        assert_eq!(got, want, "overlapping {}", u.id);
        found += got.len();
        for reach in [1.0, 6.0, 18.0] {
            let want: Vec<u16> = enemies(&s, u)
                .filter(|e| measure::gap(u, e) <= reach)
                .map(|e| e.id)
                .collect();
            let got: Vec<u16> = measure::enemies_within(&s, u, reach)
                .filter(|e| measure::gap(u, e) <= reach)
                .map(|e| e.id)
                .collect();
            assert_eq!(got, want, "enemies within {reach} of {}", u.id);
        }
    }
    assert!(found > 0, "the scatter overlaps some units");
}
