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
    let t2 = grognard_rules_two_by_two::resolutions::book_tables();
    let rally = grognard_rules_two_by_two::rally::Situation::default();
    c.bench_function("typed two-by-two rally", |b| {
        b.iter(|| {
            black_box(grognard_rules_two_by_two::rally::RallyRoll.odds(t2, black_box(&rally)))
        })
    });
    let nw = grognard_rules_napoleons_wars::resolutions::book_tables();
    let facts = grognard_rules_napoleons_wars::resolve::maneuver::Facts::default();
    c.bench_function("typed napoleons-wars maneuver", |b| {
        b.iter(|| {
            black_box(
                grognard_rules_napoleons_wars::resolve::maneuver::ManeuverRoll
                    .odds(nw, black_box(&facts)),
            )
        })
    });
}

fn all(c: &mut Criterion) {
    book(c, &TwoByTwo);
    book(c, &NapoleonsWars);
    typed(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
