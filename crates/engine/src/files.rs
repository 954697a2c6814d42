//! Reading what people write: TOML with precise errors (file, line, column, field path and a
//! hint). The engine never touches the file system; callers pass the text and the name.

use serde::de::DeserializeOwned;
use std::fmt;
use toml::de::{DeTable, DeValue};

/// A problem in a file a person wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Field path, e.g. `sides[0].units[3].kind`.
    pub path: String,
    pub message: String,
    pub hint: String,
}

/// `s` with every control character (an escape sequence, a NUL, a line break) and every
/// bidirectional override written as a Rust escape, so that text quoted from a file cannot
/// act on the terminal it is shown in.
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| {
        c.is_control()
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    if !s.chars().any(bad) {
        return s.into();
    }
    s.chars()
        .map(|c| {
            if bad(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: ",
            printable(&self.file),
            self.line,
            self.column
        )?;
        if !self.path.is_empty() {
            write!(f, "{}: ", printable(&self.path))?;
        }
        write!(f, "{}", printable(&self.message))?;
        if !self.hint.is_empty() {
            write!(f, "\n  hint: {}", printable(&self.hint))?;
        }
        Ok(())
    }
}

impl std::error::Error for FileError {}

/// The files a scenario names (army lists, rosters, orders of battle). The engine never
/// touches the file system: whoever hands a book a scenario's text also reads, through this,
/// what the scenario names.
pub trait Includes {
    /// The text of the file a scenario names as `name` (a path relative to the scenario's own
    /// folder), with the name to show in its errors; or why it cannot be had, in words.
    fn read(&self, name: &str) -> Result<(String, String), String>;
}

/// For scenarios that may name no other file (built in, sent whole, inside a replay).
pub struct NoIncludes;

impl Includes for NoIncludes {
    fn read(&self, name: &str) -> Result<(String, String), String> {
        Err(format!(
            "\"{name}\" cannot be read here: a scenario given whole may not name other files"
        ))
    }
}

/// A problem found after parsing, by field path; [`Problem::locate`] turns it into a
/// [`FileError`] pointing at the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub message: String,
    pub hint: String,
}

impl Problem {
    pub fn new(
        path: impl Into<String>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Problem {
            path: path.into(),
            message: message.into(),
            hint: hint.into(),
        }
    }

    /// The problem as one line of text, its path under `root` (e.g. "scenario"), as the
    /// command line lists a scenario's problems.
    pub fn line(&self, root: &str) -> String {
        format!(
            "{root}.{}: {} (hint: {})",
            self.path, self.message, self.hint
        )
    }

    pub fn locate(self, file: &str, text: &str) -> FileError {
        let (line, column) = locate(text, &self.path).unwrap_or((1, 1));
        FileError {
            file: file.to_string(),
            line,
            column,
            path: self.path,
            message: self.message,
            hint: self.hint,
        }
    }
}

/// The problems every scenario file may have in its frame, whatever its book: a `rules`
/// other than `rules` (`book` names the book in the message), a table under 12" or over
/// 1,440" either way, and fewer than 1 or more than 100 turns.
pub fn frame_problems(
    rules: &str,
    book: &str,
    named: Option<&str>,
    (width, depth): (f64, f64),
    turns: u32,
) -> Vec<Problem> {
    let mut out = Vec::new();
    if let Some(r) = named {
        if r != rules {
            out.push(Problem::new(
                "rules",
                format!("rules = {r:?} in a scenario for {book}"),
                format!("write rules = \"{rules}\""),
            ));
        }
    }
    if !(width.is_finite() && depth.is_finite() && width >= 12.0 && depth >= 12.0)
        || width > 1440.0
        || depth > 1440.0
    {
        out.push(Problem::new(
            "table",
            format!("a table {width}\" by {depth}\""),
            "give a table from 12\" to 1,440\" each way, e.g. width = 72, depth = 48",
        ));
    }
    if turns == 0 || turns > 100 {
        out.push(Problem::new(
            "turns",
            format!("{turns} turns"),
            "give 1 to 100 turns",
        ));
    }
    out
}

/// The one-line summary of a checked scenario of two sides: its name, each side with its
/// number of units, the terrain features and the turns.
pub fn scenario_summary(
    name: &str,
    sides: [(&str, usize); 2],
    features: usize,
    turns: u32,
) -> String {
    format!(
        "\"{name}\": {} ({} units) against {} ({} units), {features} terrain features, {turns} turns",
        sides[0].0, sides[0].1, sides[1].0, sides[1].1
    )
}

/// The JSON schema of a file type, for `grognard schema`.
pub fn schema_of<T: schemars::JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default()
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    // A span should start on a character, but slicing must never panic if one does not.
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.chars().count(), |i| before[i + 1..].chars().count())
        + 1;
    (line, col)
}

fn hint_for(message: &str) -> &'static str {
    if message.contains("unknown field") {
        "remove the field or correct its spelling; the fields allowed here are listed above"
    } else if message.contains("unknown variant") {
        "use one of the values listed above"
    } else if message.contains("missing field") {
        "add the field named above to this table"
    } else if message.contains("invalid type") {
        "check the kind of value: a number, a string in quotes, a list in [ ], or a table"
    } else if message.contains("invalid length") {
        "check how many items the list holds"
    } else if message.contains("invalid value") {
        "the value is of the right kind but out of range here, e.g. a negative count"
    } else if message.contains("recursion") {
        "lists or tables are nested far deeper than any scenario or army list needs"
    } else if message.starts_with("duplicate key") {
        "give each key once per table; a second [[...]] header starts another entry"
    } else {
        "check the TOML syntax here: quotes, brackets, commas and '=' between key and value"
    }
}

fn syntax_error(file: &str, text: &str, e: toml::de::Error) -> FileError {
    let (line, column) = e.span().map_or((1, 1), |s| line_col(text, s.start));
    let mut message = e.message().trim().to_string();
    // The parser says "duplicate key" without naming it; the span covers the key.
    if message == "duplicate key" {
        let key = e.span().and_then(|s| text.get(s)).map(str::trim);
        if let Some(key) = key.filter(|k| !k.is_empty() && k.len() <= 80) {
            message = format!("duplicate key `{key}`");
        }
    }
    FileError {
        file: file.to_string(),
        line,
        column,
        path: String::new(),
        hint: hint_for(&message).to_string(),
        message,
    }
}

/// Parse a TOML document into `T`, or say exactly where and why it is wrong.
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, FileError> {
    let de = toml::de::Deserializer::parse(text).map_err(|e| syntax_error(file, text, e))?;
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        let inner = e.into_inner();
        let message = inner.message().trim().to_string();
        let (path, (line, column)) = match refine(text, &path, &message) {
            Some(found) => found,
            None => {
                let at = inner
                    .span()
                    .map(|s| line_col(text, s.start))
                    .or_else(|| locate(text, &path))
                    .unwrap_or((1, 1));
                (path, at)
            }
        };
        FileError {
            file: file.to_string(),
            line,
            column,
            path,
            hint: hint_for(&message).to_string(),
            message,
        }
    })
}

/// What a document says of itself before it is read as any one kind of file: the rule set
/// its `rules` key names, and its top-level keys, from which a book tells a scenario from an
/// army list by shape.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    pub rules: Option<String>,
    /// Line and column of the `rules` value, (1, 1) when there is none.
    pub rules_at: (usize, usize),
    pub keys: Vec<String>,
}

impl Header {
    pub fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|k| k == key)
    }

    /// Read the header of a TOML document; a syntax error is reported as [`parse_toml`]
    /// would report it.
    pub fn read(file: &str, text: &str) -> Result<Header, FileError> {
        let root = DeTable::parse(text).map_err(|e| syntax_error(file, text, e))?;
        let root = root.get_ref();
        let mut rules_at = (1, 1);
        let rules = match root.get("rules") {
            None => None,
            Some(v) => match v.get_ref() {
                DeValue::String(s) => {
                    rules_at = line_col(text, v.span().start);
                    Some(s.to_string())
                }
                _ => {
                    let (line, column) = line_col(text, v.span().start);
                    return Err(FileError {
                        file: file.to_string(),
                        line,
                        column,
                        path: "rules".into(),
                        message: "the rule set must be a name in quotes".into(),
                        hint: "rules = \"two-by-two\" or rules = \"napoleons-wars\"".into(),
                    });
                }
            },
        };
        let mut keys: Vec<(usize, String)> = root
            .iter()
            .map(|(k, v)| (v.span().start, k.get_ref().to_string()))
            .collect();
        keys.sort();
        Ok(Header {
            rules,
            rules_at,
            keys: keys.into_iter().map(|(_, k)| k).collect(),
        })
    }
}

/// Most bytes a file a person writes (a scenario, an army list, an order of battle) may hold.
pub const MAX_TEXT_BYTES: usize = 8 << 20;

/// Turn the bytes of a file into text: UTF-8, with a leading byte-order mark dropped. Text
/// in another encoding is refused with the place where it stops being UTF-8.
pub fn decode(file: &str, bytes: Vec<u8>) -> Result<String, FileError> {
    let error = |line, column, message: String, hint: &str| FileError {
        file: file.to_string(),
        line,
        column,
        path: String::new(),
        message,
        hint: hint.to_string(),
    };
    let utf16 = "save the file as UTF-8 (most editors offer it under \"Save as\" or \"Encoding\")";
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let order = if bytes[0] == 0xFF { "little" } else { "big" };
        return Err(error(
            1,
            1,
            format!("the file is UTF-16 ({order}-endian byte-order mark), not UTF-8"),
            utf16,
        ));
    }
    let bytes = match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    // UTF-16 without a mark puts a zero byte beside every ASCII character.
    let head = &bytes[..bytes.len().min(64)];
    let zeros = head.iter().filter(|b| **b == 0).count();
    if head.len() >= 4 && zeros * 3 >= head.len() {
        return Err(error(
            1,
            1,
            "the file looks like UTF-16 (every other byte is zero), not UTF-8".into(),
            utf16,
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            let (line, column) = line_col(valid, at);
            Err(error(
                line,
                column,
                format!(
                    "not UTF-8 text: byte 0x{:02X} at byte offset {at} does not begin a UTF-8 character",
                    bytes[at]
                ),
                "save the file as UTF-8 text; scenario, army and order-of-battle files are plain text",
            ))
        }
    }
}

enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

fn segments(path: &str) -> Vec<Seg<'_>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(i) = rest.find('[') {
            if i > 0 {
                out.push(Seg::Key(&rest[..i]));
            }
            rest = &rest[i..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let end = stripped.find(']').unwrap_or(stripped.len());
                if let Ok(n) = stripped[..end].parse() {
                    out.push(Seg::Index(n));
                }
                rest = stripped.get(end + 1..).unwrap_or("");
            }
        } else if !rest.is_empty() {
            out.push(Seg::Key(rest));
        }
    }
    out
}

type Node<'i> = toml::Spanned<DeValue<'i>>;

/// The deepest value along `path`, and whether the whole path was found.
fn walk<'a, 'i>(root: &'a DeTable<'i>, path: &str) -> (Option<&'a Node<'i>>, bool) {
    let mut best = None;
    let mut table: Option<&DeTable<'_>> = Some(root);
    let mut array: Option<&toml::de::DeArray<'_>> = None;
    for seg in segments(path) {
        let value = match (seg, table, array) {
            (Seg::Key(k), Some(t), _) => t.get(k),
            (Seg::Index(i), _, Some(a)) => a.get(i),
            _ => None,
        };
        let Some(value) = value else {
            return (best, false);
        };
        best = Some(value);
        table = None;
        array = None;
        match value.get_ref() {
            DeValue::Table(t) => table = Some(t),
            DeValue::Array(a) => array = Some(a),
            _ => {}
        }
    }
    (best, true)
}

/// Read a book's file and check it, every problem with its file, line and column: first
/// the terrain's keys (a misspelt one is named with the keys it may mean), then the file's
/// shape, then the book's own `problems` with what it says.
pub fn load_checked<T: DeserializeOwned>(
    file: &str,
    text: &str,
    problems: impl Fn(&T) -> Vec<Problem>,
) -> Result<T, Vec<FileError>> {
    let unknown = crate::terrain::unknown_keys(text);
    if !unknown.is_empty() {
        return Err(unknown.into_iter().map(|p| p.locate(file, text)).collect());
    }
    let value: T = parse_toml(file, text).map_err(|e| vec![e])?;
    let found = problems(&value);
    if found.is_empty() {
        Ok(value)
    } else {
        Err(found.into_iter().map(|p| p.locate(file, text)).collect())
    }
}

/// Line and column of the deepest part of `path` found in the document.
pub fn locate(text: &str, path: &str) -> Option<(usize, usize)> {
    let root = DeTable::parse(text).ok()?;
    let (value, _) = walk(root.get_ref(), path);
    value.map(|v| line_col(text, v.span().start))
}

/// What a deserialisation message says about the value it rejected, as far as it can be
/// recognised in the document.
enum Culprit {
    Str(String),
    Int(i128),
    Float(f64),
    Bool(bool),
    Len(usize),
    Array,
    Table,
}

impl Culprit {
    /// Read serde's wording: "invalid type: string \"x\", expected ...", "unknown variant
    /// `x`, expected ...", "invalid value: integer `3`, ...", "invalid length 2, ...".
    fn from_message(message: &str) -> Option<Culprit> {
        let ticked = |s: &str| s.split('`').nth(1).map(str::to_string);
        if let Some(rest) = message.strip_prefix("unknown variant ") {
            return ticked(rest).map(Culprit::Str);
        }
        if let Some(rest) = message.strip_prefix("invalid length ") {
            let n = rest.split(|c: char| !c.is_ascii_digit()).next()?;
            return n.parse().ok().map(Culprit::Len);
        }
        let rest = message
            .strip_prefix("invalid type: ")
            .or_else(|| message.strip_prefix("invalid value: "))?;
        if let Some(s) = rest.strip_prefix("string \"") {
            let end = s.rfind("\", expected").or_else(|| s.rfind('"'))?;
            return Some(Culprit::Str(s[..end].to_string()));
        }
        if rest.starts_with("integer ") {
            return ticked(rest)?.parse().ok().map(Culprit::Int);
        }
        if rest.starts_with("floating point ") {
            return ticked(rest)?.parse().ok().map(Culprit::Float);
        }
        if rest.starts_with("boolean ") {
            return ticked(rest)?.parse().ok().map(Culprit::Bool);
        }
        if rest.starts_with("sequence") {
            return Some(Culprit::Array);
        }
        if rest.starts_with("map") {
            return Some(Culprit::Table);
        }
        None
    }

    fn matches(&self, value: &DeValue<'_>) -> bool {
        match (self, value) {
            (Culprit::Str(s), DeValue::String(v)) => v.as_ref() == s.as_str(),
            (Culprit::Int(n), DeValue::Integer(v)) => {
                i128::from_str_radix(v.as_str(), v.radix()).ok() == Some(*n)
            }
            (Culprit::Float(x), DeValue::Float(v)) => {
                v.as_str().replace('_', "").parse::<f64>().ok() == Some(*x)
            }
            (Culprit::Bool(b), DeValue::Boolean(v)) => b == v,
            (Culprit::Len(n), DeValue::Array(a)) => a.len() == *n,
            (Culprit::Array, DeValue::Array(_)) => true,
            (Culprit::Table, DeValue::Table(_)) => true,
            _ => false,
        }
    }
}

/// The first value under `node`, in the order written, that `culprit` describes, with the
/// path to it from `node`.
fn search<'a, 'i>(
    node: &'a Node<'i>,
    culprit: &Culprit,
    depth: usize,
) -> Option<(String, &'a Node<'i>)> {
    if depth > 32 {
        return None;
    }
    let mut children: Vec<(String, &Node<'i>)> = match node.get_ref() {
        DeValue::Table(t) => t
            .iter()
            .map(|(k, v)| (format!(".{}", k.get_ref()), v))
            .collect(),
        DeValue::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("[{i}]"), v))
            .collect(),
        _ => return None,
    };
    children.sort_by_key(|(_, v)| v.span().start);
    for (step, child) in children {
        if culprit.matches(child.get_ref()) {
            return Some((step, child));
        }
        if let Some((rest, found)) = search(child, culprit, depth + 1) {
            return Some((format!("{step}{rest}"), found));
        }
    }
    None
}

/// Serde loses the field path inside flattened and internally tagged values (a terrain
/// feature's shape, for instance) and reports the error against the enclosing table. When
/// the message names the rejected value and the path stops at a table or list that does
/// not itself fit the description, look inside it for the value and point there instead.
fn refine(text: &str, path: &str, message: &str) -> Option<(String, (usize, usize))> {
    if path.is_empty() {
        return None;
    }
    let culprit = Culprit::from_message(message)?;
    let root = DeTable::parse(text).ok()?;
    let (Some(node), true) = walk(root.get_ref(), path) else {
        return None;
    };
    if culprit.matches(node.get_ref()) {
        return None;
    }
    let (rest, value) = search(node, &culprit, 0)?;
    Some((format!("{path}{rest}"), line_col(text, value.span().start)))
}

/// Read a map into `T` as though it held `key = value` whenever it leaves `key` out: for a
/// record whose default differs by where it stands (a battery's facts default to
/// artillery). Entries are passed on one by one, so paths to a bad value are kept and
/// nothing is buffered.
pub fn with_default_key<'de, D, T>(
    d: D,
    key: &'static str,
    value: &'static str,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    use serde::de::{self, IntoDeserializer, MapAccess, Visitor};
    use std::marker::PhantomData;

    struct Entries<A> {
        inner: A,
        key: &'static str,
        value: &'static str,
        seen: bool,
        giving: bool,
    }
    impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<A> {
        type Error = A::Error;
        fn next_key_seed<K: de::DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, A::Error> {
            if self.giving {
                return Ok(None);
            }
            match self.inner.next_key::<String>()? {
                Some(k) => {
                    self.seen |= k == self.key;
                    seed.deserialize(k.into_deserializer()).map(Some)
                }
                None if self.seen => Ok(None),
                None => {
                    self.seen = true;
                    self.giving = true;
                    seed.deserialize(self.key.into_deserializer()).map(Some)
                }
            }
        }
        fn next_value_seed<V: de::DeserializeSeed<'de>>(
            &mut self,
            seed: V,
        ) -> Result<V::Value, A::Error> {
            if self.giving {
                seed.deserialize(self.value.into_deserializer())
            } else {
                self.inner.next_value_seed(seed)
            }
        }
    }

    struct Reader<T>(&'static str, &'static str, PhantomData<T>);
    impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for Reader<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a table of facts")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(de::value::MapAccessDeserializer::new(Entries {
                inner: map,
                key: self.0,
                value: self.1,
                seen: false,
                giving: false,
            }))
        }
    }
    d.deserialize_map(Reader(key, value, PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn a_frame_is_checked_for_its_rules_table_and_turns() {
        assert!(frame_problems("burt", "Burt's rules", None, (72.0, 48.0), 12).is_empty());
        assert!(frame_problems("burt", "Burt's rules", Some("burt"), (12.0, 1440.0), 1).is_empty());
        let p = frame_problems("burt", "Burt's rules", Some("two-by-two"), (6.0, 48.0), 0);
        let paths: Vec<&str> = p.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["rules", "table", "turns"]);
        assert_eq!(
            p[0].line("scenario"),
            "scenario.rules: rules = \"two-by-two\" in a scenario for Burt's rules (hint: write rules = \"burt\")"
        );
        for (w, d, t) in [(f64::NAN, 48.0, 5), (72.0, 1441.0, 5), (72.0, 48.0, 101)] {
            assert_eq!(
                frame_problems("x", "X", None, (w, d), t).len(),
                1,
                "{w} {d} {t}"
            );
        }
        assert_eq!(
            scenario_summary("Vils", [("French", 3), ("Allies", 4)], 2, 10),
            "\"Vils\": French (3 units) against Allies (4 units), 2 terrain features, 10 turns"
        );
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        name: String,
        units: Vec<Unit>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Unit {
        kind: Kind,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Line,
    }

    #[test]
    fn bad_variant_points_at_the_field() {
        let text = "name = \"x\"\n\n[[units]]\nkind = \"line\"\n\n[[units]]\nkind = \"lnie\"\n";
        let e = parse_toml::<Doc>("a.toml", text).unwrap_err();
        assert_eq!((e.line, e.column), (7, 8), "{e}");
        assert_eq!(e.path, "units[1].kind");
        assert!(e.message.contains("unknown variant"), "{e}");
        assert!(e.to_string().starts_with("a.toml:7:8: units[1].kind: "));
    }

    #[test]
    fn syntax_error_has_a_position() {
        let e = parse_toml::<Doc>("b.toml", "name = \"x\nunits = []\n").unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(!e.hint.is_empty());
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Feature {
        kind: String,
        #[serde(flatten)]
        shape: Shape,
    }

    #[derive(Debug, Deserialize)]
    #[serde(tag = "shape", rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Shape {
        Circle { radius: f64 },
        Band { points: Vec<[f64; 2]> },
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Map {
        terrain: Vec<Feature>,
    }

    #[test]
    fn errors_inside_flattened_values_point_at_the_value() {
        let text = "[[terrain]]\nkind = \"town\"\nshape = \"circle\"\nradius = \"big\"\n";
        let e = parse_toml::<Map>("d.toml", text).unwrap_err();
        assert_eq!(e.path, "terrain[0].radius", "{e}");
        assert_eq!((e.line, e.column), (4, 10), "{e}");

        let text = "[[terrain]]\nkind = \"town\"\nshape = \"hexagon\"\n";
        let e = parse_toml::<Map>("d.toml", text).unwrap_err();
        assert_eq!(e.path, "terrain[0].shape", "{e}");
        assert_eq!((e.line, e.column), (3, 9), "{e}");

        let text = "[[terrain]]\nkind = \"road\"\nshape = \"band\"\npoints = [[1.0, 2.0], [3.0]]\n";
        let e = parse_toml::<Map>("d.toml", text).unwrap_err();
        assert_eq!(e.path, "terrain[0].points[1]", "{e}");
        assert_eq!((e.line, e.column), (4, 23), "{e}");
    }

    #[test]
    fn a_duplicate_key_is_named() {
        let e = parse_toml::<Doc>("e.toml", "name = \"x\"\nname = \"y\"\n").unwrap_err();
        assert_eq!(e.message, "duplicate key `name`", "{e}");
        assert_eq!(e.line, 2, "{e}");
        assert!(e.hint.contains("once"), "{e}");
    }

    #[test]
    fn out_of_range_values_get_their_own_hint() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Count {
            count: u32,
        }
        let e = parse_toml::<Count>("f.toml", "count = -3\n").unwrap_err();
        assert_eq!(e.path, "count", "{e}");
        assert!(e.hint.contains("out of range"), "{e}");
    }

    #[test]
    fn line_col_counts_characters_and_survives_a_split_one() {
        let text = "a = \"é\"\nb = 1\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 9), (2, 1));
        // Byte 6 is inside "é"; it counts as the character it belongs to.
        assert_eq!(line_col(text, 6), (1, 6));
        assert_eq!(line_col(text, 1000), (3, 1));
    }

    #[test]
    fn quoted_text_cannot_act_on_the_terminal() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Nation {
            nation: Kind,
        }
        let e = parse_toml::<Nation>("n.toml", "nation = \"\\u001b[2Jline\\u0000\"\n").unwrap_err();
        let shown = e.to_string();
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "{shown:?}"
        );
        assert!(shown.contains("\\u{1b}[2Jline\\u{0}"), "{shown}");
        assert_eq!(printable("plain"), "plain");
        assert_eq!(printable("a\u{202e}b"), "a\\u{202e}b");
    }

    #[test]
    fn a_header_names_the_rules_and_the_keys_in_order() {
        let h = Header::read(
            "h.toml",
            "name = \"x\"\nrules = \"two-by-two\"\n[[sides]]\n",
        )
        .unwrap();
        assert_eq!(h.rules.as_deref(), Some("two-by-two"));
        assert_eq!(h.rules_at, (2, 9));
        assert_eq!(h.keys, ["name", "rules", "sides"]);
        assert!(h.has("sides") && !h.has("units"));
        let e = Header::read("h.toml", "rules = 3\n").unwrap_err();
        assert_eq!((e.path.as_str(), e.line, e.column), ("rules", 1, 9), "{e}");
        let e = Header::read("h.toml", "rules = \"x\n").unwrap_err();
        assert_eq!(e.line, 1, "{e}");
    }

    #[test]
    fn decoding_says_where_utf8_stops_and_names_utf16() {
        assert_eq!(
            decode("a", b"\xEF\xBB\xBFrules = 1".to_vec()).unwrap(),
            "rules = 1"
        );
        let e = decode("a", b"name = 1\nx = \"\xE9\"\n".to_vec()).unwrap_err();
        assert_eq!((e.line, e.column), (2, 6), "{e}");
        assert!(
            e.message.contains("0xE9") && e.message.contains("offset 14"),
            "{e}"
        );
        let e = decode("a", b"\xFF\xFEr\0u\0".to_vec()).unwrap_err();
        assert!(e.message.contains("UTF-16"), "{e}");
        let e = decode("a", b"r\0u\0l\0e\0s\0 \0=\0".to_vec()).unwrap_err();
        assert!(e.message.contains("looks like UTF-16"), "{e}");
    }

    #[test]
    fn problems_locate_their_path() {
        let text = "name = \"x\"\n[[units]]\nkind = \"line\"\n[[units]]\nkind = \"line\"\n";
        assert_eq!(locate(text, "units[1].kind"), Some((5, 8)));
        let e = Problem::new("units[1].kind", "too many", "remove one").locate("c.toml", text);
        assert_eq!((e.line, e.column), (5, 8));
    }
}
