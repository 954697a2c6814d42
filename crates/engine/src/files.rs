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

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "{}", self.message)?;
        if !self.hint.is_empty() {
            write!(f, "\n  hint: {}", self.hint)?;
        }
        Ok(())
    }
}

impl std::error::Error for FileError {}

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

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
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
    } else {
        "check the TOML syntax here: quotes, brackets, commas and '=' between key and value"
    }
}

/// Parse a TOML document into `T`, or say exactly where and why it is wrong.
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, FileError> {
    let syntax = |e: toml::de::Error| {
        let (line, column) = e.span().map_or((1, 1), |s| line_col(text, s.start));
        let message = e.message().trim().to_string();
        FileError {
            file: file.to_string(),
            line,
            column,
            path: String::new(),
            hint: hint_for(&message).to_string(),
            message,
        }
    };
    let de = toml::de::Deserializer::parse(text).map_err(syntax)?;
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        let inner = e.into_inner();
        let message = inner.message().trim().to_string();
        let (line, column) = inner
            .span()
            .map(|s| line_col(text, s.start))
            .or_else(|| locate(text, &path))
            .unwrap_or((1, 1));
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

/// Line and column of the deepest part of `path` found in the document.
pub fn locate(text: &str, path: &str) -> Option<(usize, usize)> {
    let root = DeTable::parse(text).ok()?;
    let mut best = None;
    let mut table: Option<&DeTable<'_>> = Some(root.get_ref());
    let mut array: Option<&toml::de::DeArray<'_>> = None;
    for seg in segments(path) {
        let value = match (seg, table, array) {
            (Seg::Key(k), Some(t), _) => t.get(k),
            (Seg::Index(i), _, Some(a)) => a.get(i),
            _ => None,
        };
        let Some(value) = value else { break };
        best = Some(line_col(text, value.span().start));
        table = None;
        array = None;
        match value.get_ref() {
            DeValue::Table(t) => table = Some(t),
            DeValue::Array(a) => array = Some(a),
            _ => {}
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

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

    #[test]
    fn problems_locate_their_path() {
        let text = "name = \"x\"\n[[units]]\nkind = \"line\"\n[[units]]\nkind = \"line\"\n";
        assert_eq!(locate(text, "units[1].kind"), Some((5, 8)));
        let e = Problem::new("units[1].kind", "too many", "remove one").locate("c.toml", text);
        assert_eq!((e.line, e.column), (5, 8));
    }
}
