//! What a game file defines, read line by line so that a file being typed
//! (and not yet valid) still offers its names: kinds (`[pieces.NAME]`),
//! sides, barriers, regions, flags and tokens, each where it is written,
//! and the base file `extends` names. Also the conversions between byte
//! offsets and the protocol's positions (lines, and columns counted in
//! UTF-16 code units), and between file paths and `file:` URIs.

use lsp_types::{Position, Range};
use std::path::{Path, PathBuf};

/// What a name stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum What {
    Kind,
    Side,
    Barrier,
    Region,
    Flag,
    Token,
}

impl What {
    pub fn label(self) -> &'static str {
        match self {
            What::Kind => "kind",
            What::Side => "side",
            What::Barrier => "barrier",
            What::Region => "region",
            What::Flag => "flag",
            What::Token => "token",
        }
    }
}

/// A name a file defines, and the byte span of its definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    pub name: String,
    pub what: What,
    pub span: std::ops::Range<usize>,
}

/// What one file says of its names.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub defs: Vec<Def>,
    /// The `extends` path as written, and the byte span of the string.
    pub extends: Option<(String, std::ops::Range<usize>)>,
}

/// Reads a file's definitions.
pub fn scan(text: &str) -> Scan {
    let mut scan = Scan::default();
    let mut table = String::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let body = line.trim_start();
        let at = start + (line.len() - body.len());
        if body.starts_with('[') {
            let name = body.trim_start_matches('[');
            let end = name.find(']').unwrap_or(name.len());
            table = name[..end].trim().to_string();
            let inner_at = at + (body.len() - name.len());
            if let Some((head, entry)) = name[..end].split_once('.') {
                let what = match head.trim() {
                    "pieces" => Some(What::Kind),
                    "sides" => Some(What::Side),
                    "barriers" => Some(What::Barrier),
                    "flags" => Some(What::Flag),
                    _ => None,
                };
                let entry_at = inner_at + head.len() + 1;
                let (name, name_at) = unquoted(entry, entry_at);
                if let (Some(what), false) = (what, name.is_empty() || name.contains('.')) {
                    scan.defs.push(Def {
                        name: name.to_string(),
                        what,
                        span: name_at..name_at + name.len(),
                    });
                }
            }
            continue;
        }
        let Some((key, key_at)) = key_of(body, at) else {
            continue;
        };
        let what = match table.as_str() {
            "regions" => Some(What::Region),
            "flags" => Some(What::Flag),
            "tokens" => Some(What::Token),
            "pieces" => Some(What::Kind),
            _ => None,
        };
        if let Some(what) = what {
            scan.defs.push(Def {
                name: key.to_string(),
                what,
                span: key_at..key_at + key.len(),
            });
        } else if table.is_empty() && key == "extends" {
            let value = body.split_once('=').map_or("", |(_, v)| v);
            let value_at = at + (body.len() - value.len());
            let trimmed = value.trim_start();
            let q_at = value_at + (value.len() - trimmed.len());
            if let Some(rest) = trimmed.strip_prefix('"') {
                let path = rest.split('"').next().unwrap_or("");
                scan.extends = Some((path.to_string(), q_at..q_at + path.len() + 2));
            }
        }
    }
    scan
}

/// A name with its quotes taken off, and where it starts.
fn unquoted(text: &str, at: usize) -> (&str, usize) {
    let trimmed = text.trim_start();
    let at = at + (text.len() - trimmed.len());
    let trimmed = trimmed.trim_end();
    match trimmed.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) => (inner, at + 1),
        None => (trimmed, at),
    }
}

/// The key of a `key = value` line, and where it starts.
fn key_of(body: &str, at: usize) -> Option<(&str, usize)> {
    let (key, _) = body.split_once('=')?;
    let (key, key_at) = unquoted(key, at);
    let ok = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    ok.then_some((key, key_at))
}

/// The word (letters, digits, `_`) around a byte offset, and its span.
pub fn word_at(text: &str, offset: usize) -> Option<(&str, std::ops::Range<usize>)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let offset = offset.min(text.len());
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = offset
        + text[offset..]
            .char_indices()
            .find(|&(_, c)| !is_word(c))
            .map_or(text.len() - offset, |(i, _)| i);
    (start < end).then(|| (&text[start..end], start..end))
}

/// The name of the table a byte offset is in (`pieces.king`, `fen`), and
/// whether the offset is on the key of a `key = value` line.
pub fn context_at(text: &str, offset: usize) -> (String, bool) {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("");
    let on_key = line
        .find('=')
        .is_some_and(|eq| offset - line_start < eq && !line.trim_start().starts_with('['));
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim_start)
        .find(|l| l.starts_with('['))
        .map(|l| {
            let name = l.trim_start_matches('[');
            name[..name.find(']').unwrap_or(name.len())]
                .trim()
                .to_string()
        })
        .unwrap_or_default();
    (table, on_key)
}

/// The protocol position of a byte offset: its line, and its column in
/// UTF-16 code units.
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..offset].matches('\n').count();
    let column: usize = text[line_start..offset].chars().map(char::len_utf16).sum();
    Position::new(line as u32, column as u32)
}

/// The protocol range of a byte span.
pub fn range(text: &str, span: &std::ops::Range<usize>) -> Range {
    Range::new(position(text, span.start), position(text, span.end))
}

/// The byte offset of a protocol position (the end of its line, past it).
pub fn offset(text: &str, pos: Position) -> usize {
    let mut start = 0;
    for _ in 0..pos.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line = text[start..].split('\n').next().unwrap_or("");
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= pos.character as usize {
            return start + i;
        }
        units += c.len_utf16();
    }
    start + line.len()
}

/// The path of a `file:` URI, percent-decoded.
pub fn uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file:///C:/...` on Windows; `file:///home/...` elsewhere.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h)? * 16 + hex(l)?) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of an absolute path, percent-encoded.
pub fn path_uri(path: &Path) -> String {
    let mut uri = String::from("file://");
    let text = path.to_string_lossy();
    if !text.starts_with('/') {
        uri.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~:".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_and_extends() {
        let text = "extends = \"base.toml\"\n[regions]\nzone = \"rank 1\"\n[pieces.king]\nroyal = true\n[sides.white]\nforward = \"n\"\n[flags]\nunmoved = {}\n";
        let scan = scan(text);
        let names: Vec<(&str, What)> = scan
            .defs
            .iter()
            .map(|d| (d.name.as_str(), d.what))
            .collect();
        assert_eq!(
            names,
            [
                ("zone", What::Region),
                ("king", What::Kind),
                ("white", What::Side),
                ("unmoved", What::Flag)
            ]
        );
        assert_eq!(&text[scan.defs[1].span.clone()], "king");
        let (path, span) = scan.extends.unwrap();
        assert_eq!((path.as_str(), &text[span]), ("base.toml", "\"base.toml\""));
    }

    #[test]
    fn positions_count_utf16_units() {
        let text = "a = \"é𝄞x\"\nb";
        // `x` is after a 2-byte é (1 unit) and a 4-byte clef (2 units).
        let x = text.find('x').unwrap();
        assert_eq!(position(text, x), Position::new(0, 8));
        assert_eq!(offset(text, Position::new(0, 8)), x);
        assert_eq!(offset(text, Position::new(1, 0)), text.len() - 1);
        assert_eq!(
            word_at(text, text.len()),
            Some(("b", text.len() - 1..text.len()))
        );
    }

    #[test]
    fn uris_and_paths() {
        let p = Path::new("/tmp/my games/base.toml");
        let uri = path_uri(p);
        assert_eq!(uri, "file:///tmp/my%20games/base.toml");
        assert_eq!(uri_path(&uri).as_deref(), Some(p));
    }
}
