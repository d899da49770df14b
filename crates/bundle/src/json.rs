//! Just enough JSON to read `cargo metadata`: values, with no number arithmetic (numbers are kept
//! as their text, the bundler never needs one).

use std::iter::Peekable;
use std::str::Chars;

#[derive(Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut chars = text.chars().peekable();
        let value = parse_value(&mut chars)?;
        skip_space(&mut chars);
        match chars.next() {
            None => Ok(value),
            Some(c) => Err(format!("JSON: unexpected '{c}' after the value")),
        }
    }

    /// The member `key` of an object (`Null` when absent or not an object).
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The elements of a list (none when not a list).
    pub fn items(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            _ => &[],
        }
    }
}

fn skip_space(chars: &mut Peekable<Chars>) {
    while chars.peek().is_some_and(|c| c.is_ascii_whitespace()) {
        chars.next();
    }
}

fn expect_word(chars: &mut Peekable<Chars>, word: &str, value: Json) -> Result<Json, String> {
    for expected in word.chars() {
        if chars.next() != Some(expected) {
            return Err(format!("JSON: expected '{word}'"));
        }
    }
    Ok(value)
}

fn parse_value(chars: &mut Peekable<Chars>) -> Result<Json, String> {
    skip_space(chars);
    match chars.peek().copied() {
        None => Err("JSON: unexpected end".to_string()),
        Some('n') => expect_word(chars, "null", Json::Null),
        Some('t') => expect_word(chars, "true", Json::Bool(true)),
        Some('f') => expect_word(chars, "false", Json::Bool(false)),
        Some('"') => parse_text(chars).map(Json::Text),
        Some('[') => {
            chars.next();
            let mut items = Vec::new();
            skip_space(chars);
            if chars.peek() == Some(&']') {
                chars.next();
                return Ok(Json::List(items));
            }
            loop {
                items.push(parse_value(chars)?);
                skip_space(chars);
                match chars.next() {
                    Some(',') => continue,
                    Some(']') => return Ok(Json::List(items)),
                    _ => return Err("JSON: expected ',' or ']' in a list".to_string()),
                }
            }
        }
        Some('{') => {
            chars.next();
            let mut members = Vec::new();
            skip_space(chars);
            if chars.peek() == Some(&'}') {
                chars.next();
                return Ok(Json::Object(members));
            }
            loop {
                skip_space(chars);
                let key = parse_text(chars)?;
                skip_space(chars);
                if chars.next() != Some(':') {
                    return Err(format!("JSON: expected ':' after \"{key}\""));
                }
                members.push((key, parse_value(chars)?));
                skip_space(chars);
                match chars.next() {
                    Some(',') => continue,
                    Some('}') => return Ok(Json::Object(members)),
                    _ => return Err("JSON: expected ',' or '}' in an object".to_string()),
                }
            }
        }
        Some(c) if c == '-' || c.is_ascii_digit() => {
            let mut number = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_ascii_digit() || "+-.eE".contains(c) {
                    number.push(c);
                    chars.next();
                } else {
                    break;
                }
            }
            Ok(Json::Number(number))
        }
        Some(c) => Err(format!("JSON: unexpected '{c}'")),
    }
}

fn parse_text(chars: &mut Peekable<Chars>) -> Result<String, String> {
    if chars.next() != Some('"') {
        return Err("JSON: expected a string".to_string());
    }
    let mut text = String::new();
    loop {
        match chars.next() {
            None => return Err("JSON: unterminated string".to_string()),
            Some('"') => return Ok(text),
            Some('\\') => match chars.next() {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some('r') => text.push('\r'),
                Some('b') => text.push('\u{8}'),
                Some('f') => text.push('\u{c}'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let code =
                        u32::from_str_radix(&hex, 16).map_err(|_| format!("JSON: bad escape \\u{hex}"))?;
                    // Surrogate pairs never occur in paths and names cargo writes; keep a marker.
                    text.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                }
                Some(c) => text.push(c),
                None => return Err("JSON: unterminated escape".to_string()),
            },
            Some(c) => text.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_values_and_escapes() {
        let json =
            Json::parse(r#" {"a": [1, -2.5e3, true, null], "b": {"c": "x\"y\\z\u0041"}, "d": []} "#).unwrap();
        assert_eq!(json.get("a").items().len(), 4);
        assert_eq!(json.get("a").items()[1], Json::Number("-2.5e3".into()));
        assert_eq!(json.get("b").get("c").as_str(), Some("x\"y\\zA"));
        assert!(json.get("d").items().is_empty());
        assert_eq!(json.get("missing"), &Json::Null);
    }

    #[test]
    fn refuses_broken_text() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"open", "nul", "[1] 2"] {
            assert!(Json::parse(bad).is_err(), "{bad}");
        }
    }
}
