//! The bound the advisor puts on a charge's melee before the charge is planned
//! (`melee::charge_lead`): the least and the most the attacker's modifiers could come to
//! above the defender's in the melee the charge would open. Each test sets the charger at
//! a distance, takes the bound, and then stands the charger where the charge would end
//! (touching the defender's front) to find the lead of the melee itself.

mod common;

use common::{Battle, Table, AUSTRIA, FRANCE};
use grognard_engine::terrain::TerrainKind::{Hill, Town};
use grognard_rules_two_by_two::phases::melee;
use grognard_rules_two_by_two::resolve::melee as resolve;
use grognard_rules_two_by_two::state::Contact;
use grognard_rules_two_by_two::units::UnitType::{Hq, LightCavalry, Line};

/// The bound on a charge by "French" on "Austrians" as the battle stands.
fn bound(t: &Table) -> Option<(i32, i32)> {
    melee::charge_lead(&t.state, t.unit("French"), t.unit("Austrians"))
}

/// The lead of the melee once "French" touches the front of "Austrians", in contact.
fn lead(mut t: Table) -> i32 {
    t.contact("French", "Austrians");
    let c = Contact {
        attacker: t.id("French"),
        defender: t.id("Austrians"),
    };
    let engaged = melee::engaged_counts(&t.state.contacts);
    let s = melee::situation(&t.state, &c, &engaged, &t.state.melee.columns);
    resolve::lead(&t.state.field.tables.melee, &s)
}

/// The Austrian line at the centre facing north, and the French charger `at`, facing south.
fn battle(charger: grognard_rules_two_by_two::units::UnitType, at: [f64; 2]) -> Battle {
    Battle::new()
        .unit(AUSTRIA, "Austrians", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "French", charger, [at[0], at[1], 270.0])
}

/// Where the charger's centre stands once its front touches the Austrians' front.
const TOUCHING: [f64; 2] = [12.0, 12.5];

#[test]
fn on_open_ground_the_bound_is_the_lead_itself() {
    for kind in [Line, LightCavalry] {
        let far = bound(&battle(kind, [12.0, 16.0]).start());
        let touching = lead(battle(kind, TOUCHING).start());
        assert_eq!(far, Some((touching, touching)), "{kind:?}");
    }
    // Light cavalry has +1 against the line's nothing: the bound is not the same for both.
    assert_ne!(
        bound(&battle(Line, [12.0, 16.0]).start()),
        bound(&battle(LightCavalry, [12.0, 16.0]).start())
    );
}

#[test]
fn a_hill_near_the_defender_leaves_the_chargers_height_open() {
    // A low hill just in front of the Austrians: a charger ending on it stands higher.
    let hill = |b: Battle| b.rect(Hill, 12.0, 12.8, 4.0, 0.8);
    let (lo, hi) = bound(&hill(battle(Line, [12.0, 16.0])).start()).expect("bounded");
    let above = lead(hill(battle(Line, TOUCHING)).start());
    let flat = lead(battle(Line, TOUCHING).start());
    assert_eq!(above, flat + 1, "higher than the enemy: +1");
    assert!(
        lo <= flat && above <= hi,
        "{lo}..={hi} holds {flat} and {above}"
    );
}

#[test]
fn an_hq_near_the_defender_leaves_its_contact_open() {
    // A French HQ beside where the charger would end, touching it there.
    let with_hq = |b: Battle| b.unit(FRANCE, "HQ", Hq, [13.0, 12.5, 270.0]);
    let (lo, hi) = bound(&with_hq(battle(Line, [12.0, 16.0])).start()).expect("bounded");
    let helped = lead(with_hq(battle(Line, TOUCHING)).start());
    let alone = lead(battle(Line, TOUCHING).start());
    assert_eq!(helped, alone + 1, "HQ in base-to-base contact: +1");
    assert!(
        lo <= alone && helped <= hi,
        "{lo}..={hi} holds {alone} and {helped}"
    );
    // An HQ far off leaves nothing open.
    let far_hq = battle(Line, [12.0, 16.0]).unit(FRANCE, "HQ", Hq, [2.0, 20.0, 270.0]);
    assert_eq!(bound(&far_hq.start()), Some((alone, alone)));
}

#[test]
fn a_town_near_the_defender_leaves_a_cavalry_chargers_town_open() {
    // Cavalry in a town has -2: a town where the charge would end can only lower the lead,
    // and the bound reaches from the one to the other.
    let town = |b: Battle| b.rect(Town, 12.0, 13.0, 3.0, 1.5);
    let (lo, hi) = bound(&town(battle(LightCavalry, [12.0, 16.0])).start()).expect("bounded");
    let inside = lead(town(battle(LightCavalry, TOUCHING)).start());
    let open = lead(battle(LightCavalry, TOUCHING).start());
    assert!(inside < open, "cavalry in a town fights worse");
    assert_eq!((lo, hi), (inside, open));
}
