//! Reference pages for the files people write, made from the JSON schema of the types that
//! read them, so the page cannot describe a field the reader does not have or miss one it
//! has. A rule set derives `schemars::JsonSchema` for its file types; the doc comments of
//! their fields become the descriptions here.

use serde_json::{Map, Value};
use std::collections::VecDeque;
use std::fmt::Write;

/// One page section for each type of a file, the file's own type first and then the types
/// it uses in the order they are first met. `kind` names the file ("scenario").
pub fn markdown(kind: &str, schema: &Value) -> String {
    let defs = schema
        .get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let root = schema
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or(kind)
        .to_string();
    let mut out = String::new();
    let mut queue = VecDeque::from([(root.clone(), schema.clone())]);
    let mut seen = vec![root];
    while let Some((name, s)) = queue.pop_front() {
        section(&mut out, &name, &s);
        let mut refs = Vec::new();
        collect_refs(&s, &mut refs);
        for r in refs {
            if !seen.contains(&r) {
                if let Some(d) = defs.get(&r) {
                    seen.push(r.clone());
                    queue.push_back((r, d.clone()));
                }
            }
        }
    }
    out
}

/// A whole reference page: a heading for each kind of file, then its types.
pub fn page(title: &str, intro: &str, kinds: &[(&str, Value)]) -> String {
    let mut out = format!("# {title}\n\n{intro}\n\n");
    for (kind, schema) in kinds {
        let mut heading = kind.to_string();
        if let Some(first) = heading.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let _ = write!(out, "# {heading} files\n\n");
        out.push_str(&markdown(kind, schema));
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// What a page leaves unexplained: every key whose meaning is empty and every value of a
/// choice given without one, each named with the type it belongs to. A rule set's test
/// asserts there are none, so each field and each value a file may name has a doc comment.
pub fn gaps(page: &str) -> Vec<String> {
    let mut section = "";
    let mut out = Vec::new();
    for line in page.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            section = name;
        } else if line.starts_with("| `") && line.ends_with("|  |") {
            let key = line.split('`').nth(1).unwrap_or_default();
            out.push(format!("{section}.{key}: no meaning"));
        } else if line.starts_with("- `\"") && !line.contains("`: ") {
            out.push(format!("{section}: {} has no meaning", &line[2..]));
        }
    }
    out
}

/// One fact a situation takes, for a terminal: its key (dotted for a part's facts), how its
/// value is written, its default and its meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    pub key: String,
    pub value: String,
    pub default: String,
    pub meaning: String,
}

/// Every fact of a situation's schema, the facts of its parts under dotted keys.
pub fn facts(schema: &Value) -> Vec<Fact> {
    let defs = schema.get("$defs").cloned().unwrap_or(Value::Null);
    let mut out = Vec::new();
    facts_of(&defs, schema, "", None, &mut out, 0);
    out
}

fn facts_of(
    defs: &Value,
    s: &Value,
    prefix: &str,
    defaults: Option<&Value>,
    out: &mut Vec<Fact>,
    depth: usize,
) {
    let Some(props) = s.get("properties").and_then(Value::as_object) else {
        return;
    };
    for (key, p) in props {
        let full = format!("{prefix}{key}");
        // The enclosing part's default, where it gives one, is the one that applies.
        let default = defaults
            .and_then(|d| d.get(key))
            .or_else(|| p.get("default"));
        // A part with facts of its own: list those, under this key.
        let target = ref_name(p).and_then(|r| defs.get(r));
        if let Some(t) = target.filter(|t| t.get("properties").is_some() && depth < 4) {
            facts_of(defs, t, &format!("{full}."), default, out, depth + 1);
            continue;
        }
        // A list of parts: its entries are numbered from 0, each with the part's facts.
        if let Some(t) = p
            .get("items")
            .and_then(ref_name)
            .and_then(|r| defs.get(r))
            .filter(|t| t.get("properties").is_some() && depth < 4)
        {
            let given = default.and_then(Value::as_array);
            out.push(Fact {
                key: full.clone(),
                value: format!(
                    "a list: number its entries from 0, {full}.0.FACT, {full}.1.FACT..."
                ),
                default: match given.map(Vec::len) {
                    None | Some(0) => "none".to_string(),
                    Some(1) => "one entry".to_string(),
                    Some(n) => format!("{n} entries"),
                },
                meaning: description(p).unwrap_or_default(),
            });
            let first = given.and_then(|g| g.first());
            facts_of(defs, t, &format!("{full}.0."), first, out, depth + 1);
            continue;
        }
        // A part that may be left out: its facts, given under this key, bring it in.
        if let Some(t) = p
            .get("anyOf")
            .and_then(Value::as_array)
            .and_then(|alts| {
                alts.iter()
                    .find_map(|a| ref_name(a).and_then(|r| defs.get(r)))
            })
            .filter(|t| t.get("properties").is_some() && depth < 4)
        {
            out.push(Fact {
                key: full.clone(),
                value: format!("a part left out unless one of its facts is given, {full}.FACT"),
                default: "none".to_string(),
                meaning: description(p).unwrap_or_default(),
            });
            facts_of(defs, t, &format!("{full}."), None, out, depth + 1);
            continue;
        }
        let value = value_words(defs, p);
        let default = match default {
            None | Some(Value::Null) => "none".to_string(),
            Some(Value::Bool(b)) => if *b { "yes" } else { "no" }.to_string(),
            Some(Value::String(v)) => v.clone(),
            Some(v) => v.to_string(),
        };
        out.push(Fact {
            key: full,
            value,
            default,
            meaning: description(p).unwrap_or_default(),
        });
    }
}

/// How a fact's value is written, for a terminal: the choices of an enumeration spelt out,
/// alternatives joined, no Markdown.
fn value_words(defs: &Value, p: &Value) -> String {
    if let Some(t) = ref_name(p).and_then(|r| defs.get(r)) {
        return value_words(defs, t);
    }
    if let Some(any) = p.get("anyOf").and_then(Value::as_array) {
        let alts: Vec<String> = any
            .iter()
            .filter(|v| v.get("type").and_then(Value::as_str) != Some("null"))
            .map(|v| value_words(defs, v))
            .collect();
        return alts.join(" or ");
    }
    if let Some(values) = choices(p) {
        let list: Vec<String> = values.into_iter().map(|(v, _)| v).collect();
        return format!("one of {}", list.join(", "));
    }
    match p.get("type") {
        Some(Value::Array(ts)) => {
            let t = ts.iter().filter_map(Value::as_str).find(|t| *t != "null");
            let mut q = p.clone();
            if let (Some(t), Some(obj)) = (t, q.as_object_mut()) {
                obj.insert("type".into(), Value::String(t.into()));
            }
            value_words(defs, &q)
        }
        _ => type_words(p)
            .replace("`true` or `false`", "yes or no")
            .replace('`', ""),
    }
}

/// The anchor a heading gets on a rendered page.
fn anchor(name: &str) -> String {
    name.to_lowercase()
}

fn ref_name(s: &Value) -> Option<&str> {
    s.get("$ref")?.as_str()?.strip_prefix("#/$defs/")
}

fn collect_refs(s: &Value, out: &mut Vec<String>) {
    match s {
        Value::Object(m) => {
            if let Some(r) = ref_name(s) {
                out.push(r.to_string());
            }
            for (k, v) in m {
                if k != "$defs" && k != "default" {
                    collect_refs(v, out);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

fn description(s: &Value) -> Option<String> {
    s.get("description")
        .and_then(Value::as_str)
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The string values of a schema that is a choice of fixed strings, each with its
/// description.
fn choices(s: &Value) -> Option<Vec<(String, Option<String>)>> {
    if let Some(values) = s.get("enum").and_then(Value::as_array) {
        return values
            .iter()
            .map(|v| v.as_str().map(|v| (v.to_string(), None)))
            .collect();
    }
    // Variants with descriptions come one by one; those without may come grouped.
    let one_of = s.get("oneOf").and_then(Value::as_array)?;
    let mut out = Vec::new();
    for v in one_of {
        if let Some(value) = v.get("const").and_then(Value::as_str) {
            out.push((value.to_string(), description(v)));
        } else {
            for value in v.get("enum")?.as_array()? {
                out.push((value.as_str()?.to_string(), description(v)));
            }
        }
    }
    Some(out)
}

/// Variants of a tagged choice: each an object whose tag property is a constant.
fn tagged(s: &Value) -> Option<(String, Vec<(String, Value)>)> {
    let one_of = s.get("oneOf").and_then(Value::as_array)?;
    let mut tag = None;
    let mut variants = Vec::new();
    for v in one_of {
        let props = v.get("properties")?.as_object()?;
        let (key, value) = props
            .iter()
            .find_map(|(k, p)| Some((k.clone(), p.get("const")?.as_str()?.to_string())))?;
        if tag.get_or_insert_with(|| key.clone()) != &key {
            return None;
        }
        variants.push((value, v.clone()));
    }
    tag.map(|t| (t, variants))
}

/// How a value of schema `s` is written, in a few words.
fn type_words(s: &Value) -> String {
    if let Some(r) = ref_name(s) {
        return format!("[{r}](#{})", anchor(r));
    }
    if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
        let kinds: Vec<String> = any
            .iter()
            .filter(|v| v.get("type").and_then(Value::as_str) != Some("null"))
            .map(type_words)
            .collect();
        return kinds.join(" or ");
    }
    if let Some(c) = s.get("const") {
        return format!("`{c}`");
    }
    if let Some(values) = choices(s) {
        let list: Vec<String> = values.iter().map(|(v, _)| format!("`\"{v}\"`")).collect();
        return format!("one of {}", list.join(", "));
    }
    let ty = match s.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null"),
        _ => "",
    };
    match ty {
        "string" => "text".into(),
        "integer" => "whole number".into(),
        "number" => "number".into(),
        "boolean" => "`true` or `false`".into(),
        "array" => {
            let items = s.get("items").map_or("values".into(), type_words);
            let (lo, hi) = (
                s.get("minItems").and_then(Value::as_u64),
                s.get("maxItems").and_then(Value::as_u64),
            );
            match (lo, hi) {
                (Some(a), Some(b)) if a == b => format!("list of {a} × {items}"),
                _ => format!("list of {items}"),
            }
        }
        "object" => match s.get("additionalProperties") {
            Some(v @ Value::Object(_)) => format!("table of {}", type_words(v)),
            _ => "table".into(),
        },
        _ => "any value".into(),
    }
}

/// A default value as it would be written in TOML, or `None` when too long to show.
fn default_words(v: &Value) -> Option<String> {
    let shown = match v {
        Value::Null => return None,
        Value::String(s) => format!("\"{s}\""),
        Value::Array(a) if a.is_empty() => "none".into(),
        Value::Object(m) if m.is_empty() => return None,
        other => other.to_string(),
    };
    (shown.chars().count() <= 40).then(|| format!("`{shown}`"))
}

fn fields_table(out: &mut String, s: &Value) {
    let empty = Map::new();
    let props = s
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    if props.is_empty() {
        return;
    }
    let required: Vec<&str> = s
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    out.push_str("| key | value | needed | meaning |\n|---|---|---|---|\n");
    for (key, p) in props {
        let needed = if required.contains(&key.as_str()) {
            "required".to_string()
        } else {
            match p.get("default").and_then(default_words) {
                Some(d) => format!("default {d}"),
                None => "optional".into(),
            }
        };
        let meaning = description(p).unwrap_or_default().replace('|', "\\|");
        let _ = writeln!(
            out,
            "| `{key}` | {} | {needed} | {meaning} |",
            type_words(p).replace('|', "\\|")
        );
    }
    out.push('\n');
}

fn section(out: &mut String, name: &str, s: &Value) {
    let _ = writeln!(out, "## {name}\n");
    if let Some(d) = description(s) {
        let _ = writeln!(out, "{d}\n");
    }
    fields_table(out, s);
    if let Some((tag, variants)) = tagged(s) {
        let _ = writeln!(out, "By its `{tag}`:\n");
        for (value, v) in variants {
            let _ = write!(out, "### `{tag} = \"{value}\"`\n\n");
            if let Some(d) = description(&v) {
                let _ = writeln!(out, "{d}\n");
            }
            let mut own = v.clone();
            if let Some(props) = own.get_mut("properties").and_then(Value::as_object_mut) {
                props.remove(&tag);
            }
            fields_table(out, &own);
        }
    } else if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
        out.push_str("Either:\n\n");
        for v in any {
            match description(v) {
                Some(d) => {
                    let _ = writeln!(out, "- {}: {d}", type_words(v));
                }
                None => {
                    let _ = writeln!(out, "- {}", type_words(v));
                }
            }
        }
        out.push('\n');
    } else if let Some(values) = choices(s) {
        out.push_str("One of:\n\n");
        for (v, d) in values {
            match d {
                Some(d) => {
                    let _ = writeln!(out, "- `\"{v}\"`: {d}");
                }
                None => {
                    let _ = writeln!(out, "- `\"{v}\"`");
                }
            }
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "title": "Scenario",
            "description": "A whole\n battle.",
            "type": "object",
            "properties": {
                "rules": {"type": "string", "description": "The rule set."},
                "turns": {"type": "integer", "default": 30},
                "at": {"type": ["array", "null"], "items": {"type": "number"},
                       "minItems": 3, "maxItems": 3},
                "terrain": {"type": "array", "default": [], "items": {"$ref": "#/$defs/Feature"}},
                "kind": {"$ref": "#/$defs/Kind"}
            },
            "required": ["rules"],
            "$defs": {
                "Kind": {"oneOf": [
                    {"type": "string", "const": "fast", "description": "First to five."},
                    {"type": "string", "const": "decisive"}
                ]},
                "Feature": {
                    "type": "object",
                    "properties": {"name": {"type": ["string", "null"]}},
                    "oneOf": [
                        {"description": "A circle.", "type": "object",
                         "properties": {"shape": {"type": "string", "const": "circle"},
                                        "radius": {"type": "number"}},
                         "required": ["shape", "radius"]}
                    ]
                },
                "Unused": {"type": "string"}
            }
        })
    }

    #[test]
    fn every_field_is_listed_with_its_type_need_and_meaning() {
        let page = markdown("scenario", &schema());
        assert!(
            page.starts_with("## Scenario\n\nA whole battle.\n"),
            "{page}"
        );
        for row in [
            "| `rules` | text | required | The rule set. |",
            "| `turns` | whole number | default `30` |  |",
            "| `at` | list of 3 × number | optional |  |",
            "| `terrain` | list of [Feature](#feature) | default `none` |  |",
            "| `kind` | [Kind](#kind) | optional |  |",
        ] {
            assert!(page.contains(row), "no {row} in\n{page}");
        }
    }

    #[test]
    fn used_types_follow_in_the_order_met_and_unused_ones_are_left_out() {
        let page = markdown("scenario", &schema());
        let feature = page.find("## Feature").expect("Feature");
        let kind = page.find("## Kind").expect("Kind");
        assert!(feature < kind, "{page}");
        assert!(!page.contains("Unused"), "{page}");
        assert!(
            page.contains("- `\"fast\"`: First to five.\n- `\"decisive\"`\n"),
            "{page}"
        );
        assert!(page.contains("By its `shape`:"), "{page}");
        assert!(
            page.contains("### `shape = \"circle\"`\n\nA circle."),
            "{page}"
        );
        assert!(page.contains("| `radius` | number | required |"), "{page}");
        assert!(!page.contains("| `shape` |"), "{page}");
    }

    #[test]
    fn gaps_name_what_has_no_meaning() {
        let page = markdown("scenario", &schema());
        assert_eq!(
            gaps(&page),
            [
                "Scenario.turns: no meaning",
                "Scenario.at: no meaning",
                "Scenario.terrain: no meaning",
                "Scenario.kind: no meaning",
                "Feature.name: no meaning",
                "Feature.radius: no meaning",
                "Kind: `\"decisive\"` has no meaning",
            ]
        );
    }

    #[test]
    fn facts_of_listed_and_optional_parts_are_named_in_full() {
        let s = json!({
            "type": "object",
            "properties": {
                "guns": {"type": "array", "items": {"$ref": "#/$defs/Gun"},
                         "default": [{"pounds": 6}, {"pounds": 12}]},
                "second": {"anyOf": [{"$ref": "#/$defs/Gun"}, {"type": "null"}],
                           "description": "Another gun."}
            },
            "$defs": {
                "Gun": {"type": "object", "properties": {"pounds": {"type": "integer"}}}
            }
        });
        let shown: Vec<(String, String)> =
            facts(&s).into_iter().map(|f| (f.key, f.default)).collect();
        assert_eq!(
            shown,
            [
                ("guns".to_string(), "2 entries".to_string()),
                ("guns.0.pounds".to_string(), "6".to_string()),
                ("second".to_string(), "none".to_string()),
                ("second.pounds".to_string(), "none".to_string()),
            ]
        );
    }

    #[test]
    fn facts_are_listed_with_their_values_and_defaults() {
        let s = json!({
            "type": "object",
            "properties": {
                "range": {"$ref": "#/$defs/Range", "default": "short", "description": "How far."},
                "bonus": {"type": "integer", "default": 0},
                "veteran": {"type": "boolean", "default": true},
                "target": {"$ref": "#/$defs/Unit", "default": {"kind": "line"}}
            },
            "$defs": {
                "Range": {"type": "string", "enum": ["short", "long"]},
                "Unit": {"type": "object", "properties": {"kind": {"type": "string"}}}
            }
        });
        let f = facts(&s);
        let shown: Vec<(String, String, String, String)> = f
            .into_iter()
            .map(|f| (f.key, f.value, f.default, f.meaning))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "range".into(),
                    "one of short, long".into(),
                    "short".into(),
                    "How far.".into()
                ),
                (
                    "bonus".into(),
                    "whole number".into(),
                    "0".into(),
                    String::new()
                ),
                (
                    "veteran".into(),
                    "yes or no".into(),
                    "yes".into(),
                    String::new()
                ),
                (
                    "target.kind".into(),
                    "text".into(),
                    "line".into(),
                    String::new()
                ),
            ]
        );
    }

    #[test]
    fn a_choice_of_forms_lists_each() {
        let s = json!({
            "title": "Side",
            "type": "object",
            "properties": {"army": {"$ref": "#/$defs/Source"}},
            "$defs": {"Source": {"anyOf": [
                {"type": "string", "description": "A file's name."},
                {"$ref": "#/$defs/Army"}
            ]}, "Army": {"type": "object", "properties": {"name": {"type": "string"}}}}
        });
        let page = page("Files", "Made from the types.", &[("scenario", s)]);
        assert!(
            page.starts_with("# Files\n\nMade from the types.\n\n# Scenario files\n\n## Side\n"),
            "{page}"
        );
        assert!(
            page.contains("## Source\n\nEither:\n\n- text: A file's name.\n- [Army](#army)\n"),
            "{page}"
        );
        assert!(page.contains("## Army\n"), "{page}");
        assert!(page.ends_with("|\n"), "{page:?}");
    }
}
