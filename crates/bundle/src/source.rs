//! Rust source text as the bundler edits it: which parts are code (not comments, strings or
//! character literals), the end of an item, and the rewrites that move a crate into a module.

use std::ops::Range;

/// The byte ranges of `text` that are code, in order; everything between them is a comment or a
/// string, byte string, raw string or character literal.
pub fn code_ranges(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut ranges = Vec::new();
    let mut code_start = 0;
    let mut at = 0;
    while at < bytes.len() {
        if let Some(end) = non_code_end(bytes, at) {
            if code_start < at {
                ranges.push(code_start..at);
            }
            at = end;
            code_start = end;
        } else {
            at += 1;
        }
    }
    if code_start < bytes.len() {
        ranges.push(code_start..bytes.len());
    }
    ranges
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80
}

/// If a comment or literal starts at `at`, where it ends.
fn non_code_end(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = &bytes[at..];
    let after_ident = at > 0 && is_ident(bytes[at - 1]);
    if rest.starts_with(b"//") {
        return Some(rest.iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| at + p));
    }
    if rest.starts_with(b"/*") {
        let mut depth = 0;
        let mut i = at;
        while i < bytes.len() {
            if bytes[i..].starts_with(b"/*") {
                depth += 1;
                i += 2;
            } else if bytes[i..].starts_with(b"*/") {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            } else {
                i += 1;
            }
        }
        return Some(bytes.len());
    }
    if after_ident {
        return None;
    }
    // Raw strings: r"..", r#".."#, br"..".
    let raw_start = if rest.starts_with(b"br") {
        Some(at + 2)
    } else if rest.starts_with(b"r") {
        Some(at + 1)
    } else {
        None
    };
    if let Some(mut i) = raw_start {
        let mut hashes = 0;
        while i < bytes.len() && bytes[i] == b'#' {
            hashes += 1;
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'"' {
            let mut closing = vec![b'"'];
            closing.extend(std::iter::repeat(b'#').take(hashes));
            let body = i + 1;
            return Some(
                bytes[body..]
                    .windows(closing.len())
                    .position(|w| w == closing.as_slice())
                    .map_or(bytes.len(), |p| body + p + closing.len()),
            );
        }
        return None;
    }
    let quoted_start = if rest.starts_with(b"b\"") || rest.starts_with(b"b'") { at + 1 } else { at };
    match bytes.get(quoted_start) {
        Some(b'"') => {
            let mut i = quoted_start + 1;
            while i < bytes.len() {
                match bytes[i] {
                    b'\\' => i += 2,
                    b'"' => return Some(i + 1),
                    _ => i += 1,
                }
            }
            Some(bytes.len())
        }
        Some(b'\'') => {
            // A character literal ('x', '\n', '\u{..}', 'é'), not a lifetime or label ('a).
            let body = quoted_start + 1;
            if bytes.get(body) == Some(&b'\\') {
                let close = bytes[body + 2..].iter().position(|&b| b == b'\'')?;
                return Some(body + 2 + close + 1);
            }
            let width = utf8_width(*bytes.get(body)?);
            (bytes.get(body + width) == Some(&b'\'')).then_some(body + width + 1)
        }
        _ => None,
    }
}

fn utf8_width(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// Applies `edit` to each code range of `text` and keeps the rest as it is.
pub fn map_code(text: &str, mut edit: impl FnMut(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut done = 0;
    for range in code_ranges(text) {
        out.push_str(&text[done..range.start]);
        out.push_str(&edit(&text[range.clone()]));
        done = range.end;
    }
    out.push_str(&text[done..]);
    out
}

/// Replaces the whole word `word` (not part of a longer identifier, and not after `$` unless
/// `word` itself starts with `$`) when `followed_by` comes right after it.
pub fn replace_word(code: &str, word: &str, followed_by: &str, with: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut done = 0;
    let mut from = 0;
    while let Some(found) = code[from..].find(word) {
        let at = from + found;
        let end = at + word.len();
        let before_ok =
            at == 0 || !(is_ident(bytes[at - 1]) || (bytes[at - 1] == b'$' && !word.starts_with('$')));
        let after_ok = code[end..].starts_with(followed_by)
            && !(followed_by.is_empty() && end < bytes.len() && is_ident(bytes[end]));
        if before_ok && after_ok {
            out.push_str(&code[done..at]);
            out.push_str(with);
            done = end;
        }
        from = end;
    }
    out.push_str(&code[done..]);
    out
}

/// The end (exclusive) of the item that starts at `start`: after its first `;` outside brackets,
/// or after the `}` that closes its first `{`.
pub fn item_end(text: &str, start: usize) -> Result<usize, String> {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    for range in code_ranges(text) {
        if range.end <= start {
            continue;
        }
        let from = range.start.max(start);
        for (i, &byte) in bytes.iter().enumerate().take(range.end).skip(from) {
            match byte {
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' => {
                    depth -= 1;
                    if depth == 0 && byte == b'}' {
                        return Ok(i + 1);
                    }
                    if depth < 0 {
                        return Err("an item closes a bracket it did not open".to_string());
                    }
                }
                b';' if depth == 0 => return Ok(i + 1),
                _ => {}
            }
        }
    }
    Err("an item runs to the end of the file".to_string())
}

/// `text` without its `#[cfg(test)]` and `#[test]` items (test modules, test-only imports and
/// functions, tests outside a test module).
pub fn strip_test_items(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while let Some(found) = find_line(text, at, |line| matches!(line.trim(), "#[cfg(test)]" | "#[test]")) {
        out.push_str(&text[at..found]);
        let end = item_end(text, found)?;
        // The rest of the item's last line (usually only its newline) goes with it.
        at = text[end..].find('\n').map_or(text.len(), |p| end + p + 1);
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// The byte offset of the first line at or after `from` (a line start) that `wanted` accepts.
fn find_line(text: &str, from: usize, wanted: impl Fn(&str) -> bool) -> Option<usize> {
    let mut start = from;
    for line in text[from..].split_inclusive('\n') {
        if wanted(line) {
            return Some(start);
        }
        start += line.len();
    }
    None
}

/// The names of the `#[macro_export]` macros defined in `text`.
pub fn exported_macros(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut exported = false;
    for line in text.lines().map(str::trim) {
        if line == "#[macro_export]" {
            exported = true;
        } else if let Some(rest) = line.strip_prefix("macro_rules!") {
            if exported {
                let name: String =
                    rest.trim().chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect();
                names.push(name);
            }
            exported = false;
        } else if !line.starts_with("#[") && !line.starts_with("//") {
            exported = false;
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_strings_and_chars_are_not_code() {
        let text = "let a = \"crate::x // {\"; // crate::y\nlet b = '{'; let c: &'static str = r#\"}\"#; /* a /* b */ } */ x";
        let code: String = code_ranges(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(code, "let a = ; \nlet b = ; let c: &'static str = ;  x");
        assert_eq!(map_code("'\\''; 'a: loop {}", |c| c.replace('a', "A")), "'\\''; 'A: loop {}");
    }

    #[test]
    fn words_are_replaced_only_whole() {
        let code = "use crate::a; pub(crate) fn f() { $crate::b; mycrate::c; crate::d }";
        assert_eq!(
            replace_word(code, "crate", "::", "crate::m"),
            "use crate::m::a; pub(crate) fn f() { $crate::b; mycrate::c; crate::m::d }"
        );
        assert_eq!(
            replace_word(code, "$crate", "::", "$crate::m"),
            code.replace("$crate::b", "$crate::m::b")
        );
    }

    #[test]
    fn test_items_are_removed_with_their_bodies() {
        let text = "fn a() {}\n#[cfg(test)]\nuse std::x;\n#[cfg(test)]\nmod tests {\n    fn b() { let s = \"}\"; }\n}\nfn c() {}\n";
        assert_eq!(strip_test_items(text).unwrap(), "fn a() {}\nfn c() {}\n");
        let loose = "#[test]\n#[cfg_attr(miri, ignore)] // slow\nfn t() { let c = '}'; }\nconst N: [u8; 2] = [1, 2];\n";
        assert_eq!(strip_test_items(loose).unwrap(), "const N: [u8; 2] = [1, 2];\n");
        assert!(strip_test_items("#[cfg(test)]\nmod tests {\n").is_err());
    }

    #[test]
    fn exported_macros_are_found() {
        let text = "#[macro_export]\nmacro_rules! one { () => {} }\nmacro_rules! private { () => {} }\n#[macro_export]\n/// doc\nmacro_rules! two_2 { () => {} }";
        assert_eq!(exported_macros(text), ["one", "two_2"]);
    }
}
