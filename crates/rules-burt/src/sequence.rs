//! The sequence of play ("Burt 3"): twelve phases a turn, the sides alternating within
//! each, the winner of the initiative choosing which side goes first.

use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};

const fn phase(key: &'static str, title: &'static str) -> PhaseSpec {
    PhaseSpec {
        key,
        title,
        actor: Actor::Both,
        half: 0,
    }
}

pub const SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "Napoleonic Wargames Rules (Steve Burt)",
    phases: &[
        phase("orders", "change orders"),
        phase("initiative", "initiative"),
        phase("compulsory", "compulsory moves"),
        phase("declare", "declare assaults"),
        phase("manoeuvre", "manoeuvres"),
        phase("reserve", "reserve movement"),
        phase("command", "command elements"),
        phase("regroup", "regroup"),
        phase("fire", "firing"),
        phase("reaction", "assault reaction"),
        phase("assaults", "resolve assaults"),
        phase("morale", "morale tests"),
    ],
};
