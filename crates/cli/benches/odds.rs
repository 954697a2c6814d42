//! `cargo bench -p grognard-cli --bench odds`: how long one odds query takes, for every roll
//! of every book, asked as the command line and the companion ask it (a situation in JSON,
//! read, checked and answered with every outcome's exact chance).

use criterion::{criterion_group, criterion_main, Criterion};
use grognard_engine::book::Book;
use grognard_rules_napoleons_wars::NapoleonsWars;
use grognard_rules_two_by_two::TwoByTwo;
use std::hint::black_box;

fn book<B: Book>(c: &mut Criterion, rules: &B) {
    for r in rules.resolutions() {
        let situation = r.defaults();
        let name = format!("{} {}", rules.name(), r.about().name);
        c.bench_function(&name, |b| {
            b.iter(|| {
                black_box(
                    r.odds(black_box(&situation))
                        .expect("the defaults are a situation"),
                )
            })
        });
    }
}

/// The typed queries alone, as a program linking a book asks them: no JSON.
fn typed(c: &mut Criterion) {
    use grognard_engine::resolution::Resolution;
    use grognard_rules_napoleons_wars::resolve as nw;
    use grognard_rules_two_by_two as two;
    fn one<T: Sync, R: Resolution<T>>(c: &mut Criterion, name: &str, r: R, t: &T) {
        let s = R::Situation::default();
        c.bench_function(name, |b| b.iter(|| black_box(r.odds(t, black_box(&s)))));
    }
    let t2 = two::resolve::resolutions::book_tables();
    one(
        c,
        "typed two-by-two rally",
        two::phases::rally::RallyRoll,
        t2,
    );
    one(
        c,
        "typed two-by-two shooting",
        two::resolve::shooting::ShootingRoll,
        t2,
    );
    one(
        c,
        "typed two-by-two melee",
        two::resolve::melee::MeleeRoll,
        t2,
    );
    let tn = grognard_rules_napoleons_wars::resolve::resolutions::book_tables();
    one(
        c,
        "typed napoleons-wars maneuver",
        nw::maneuver::ManeuverRoll,
        tn,
    );
    one(c, "typed napoleons-wars combat", nw::combat::CombatRoll, tn);
    one(
        c,
        "typed napoleons-wars artillery",
        nw::fire::ArtilleryRoll,
        tn,
    );
}

fn all(c: &mut Criterion) {
    book(c, &TwoByTwo);
    book(c, &NapoleonsWars);
    typed(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
