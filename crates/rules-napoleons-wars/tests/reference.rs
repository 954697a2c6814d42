//! The reference page of the files this rule set reads (`grognard reference --rules
//! napoleons-wars`): every key and every value a file may name says what it means.

use grognard_engine::book::Book;
use grognard_rules_napoleons_wars::NapoleonsWars;

fn page() -> String {
    grognard_engine::reference::page("Files", "Reference.", &NapoleonsWars.file_schemas())
}

#[test]
fn every_key_of_every_file_has_a_meaning() {
    let page = page();
    let empty: Vec<&str> = page
        .lines()
        .filter(|l| l.starts_with("| `") && l.ends_with("|  |"))
        .collect();
    assert!(
        empty.is_empty(),
        "keys without a meaning:\n{}",
        empty.join("\n")
    );
    assert!(page.contains("| `turns` |"), "{page}");
    assert!(page.contains("| `outnumbered_step` |"), "{page}");
}

// Every value a file may name (quality, rating, weather, weights, results, terrain...) says
// what it means.
#[test]
fn every_value_a_file_may_name_has_a_meaning() {
    let page = page();
    let mut section = "";
    let mut bare = Vec::new();
    for line in page.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            section = name;
        } else if line.starts_with("- `\"") && !line.contains("`: ") {
            bare.push(format!("{section}: {line}"));
        }
    }
    assert!(
        bare.is_empty(),
        "values without a meaning:\n{}",
        bare.join("\n")
    );
    assert!(page.contains("## Quality"), "{page}");
    assert!(page.contains("- `\"Guard\"`: "), "{page}");
}
