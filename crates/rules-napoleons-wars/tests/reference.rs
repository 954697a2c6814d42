//! The reference page of the files this rule set reads (`grognard reference --rules
//! napoleons-wars`): every key and every value a file may name says what it means.

use grognard_engine::book::Files;
use grognard_engine::reference::{gaps, page};
use grognard_rules_napoleons_wars::NapoleonsWars;

#[test]
fn every_key_and_value_of_every_file_has_a_meaning() {
    let page = page("Files", "Reference.", &NapoleonsWars.file_schemas());
    let gaps = gaps(&page);
    assert!(gaps.is_empty(), "without a meaning:\n{}", gaps.join("\n"));
    for key in ["| `turns` |", "| `outnumbered_step` |", "- `\"Guard\"`: "] {
        assert!(page.contains(key), "no {key} in\n{page}");
    }
}
