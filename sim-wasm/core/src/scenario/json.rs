//! Reading scenario text: a size cap checked before anything is parsed, and a JSON reader
//! that refuses duplicate keys.
//!
//! serde_json keeps the last of two equal keys in an object without a word, so
//! `{"rate_mbps": 10, "rate_mbps": 1000}` silently meant 1000. Every scenario, preset and
//! shared link is read through [`parse_text`] instead: it builds the same `serde_json::Value`
//! but fails on the second occurrence of a key, naming the key and the object it is in. It is
//! general (any depth, any object: `cc_params` and `view` included) and costs one hash lookup
//! per key.

use super::ScenarioError;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use serde_json::{Map, Value};
use std::fmt;

/// Largest scenario text accepted, in bytes (1 MiB), checked before parsing: a scenario as
/// large as a shared link may carry (`share::MAX_DECODED_BYTES`) and ~100× the largest preset.
/// Parsing is several times the text's size in memory, so without a cap a 48 MB file took
/// 2.9 GB just to be refused.
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;

/// Refuse text longer than [`MAX_SCENARIO_BYTES`] (`len` in bytes).
pub fn check_size(len: u64) -> Result<(), ScenarioError> {
    if len > MAX_SCENARIO_BYTES as u64 {
        return Err(ScenarioError::new(
            "",
            format!("the scenario is too large ({len} bytes; at most {MAX_SCENARIO_BYTES})"),
        ));
    }
    Ok(())
}

/// Parse scenario (or preset, or link) JSON text: size cap, syntax, duplicate keys.
/// Syntax errors read "malformed JSON: …"; a duplicate key names the object it is in.
pub fn parse_text(text: &str) -> Result<Value, ScenarioError> {
    check_size(text.len() as u64)?;
    let refusal = |path: String, e: &serde_json::Error| {
        if e.is_syntax() || e.is_eof() {
            ScenarioError::new("", format!("malformed JSON: {e}"))
        } else {
            ScenarioError::new(path, e.to_string())
        }
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let path = RefCell::new(String::new());
    let value = Strict(&path).deserialize(&mut de).map_err(|e| refusal(path.borrow().clone(), &e))?;
    de.end().map_err(|e| refusal(String::new(), &e))?;
    Ok(value)
}

/// Deserialise `T` from a JSON value, keeping the field path of an error. Every part of a
/// scenario (the scenario itself, a link's body, knobs, variants, a worksheet question) and every
/// algorithm's parameters are read through this one deserializer (`engine::json`): serde compiles
/// a type once per deserializer that reads it, and in the wasm engine each extra one cost the
/// page's first load kilobytes of download (docs/cli.md, "First load over a shared classroom
/// link").
pub use crate::engine::json::{from_json, PathError};

/// A JSON value read with duplicate keys refused. `path` is where the reader is (`a.b[0]`):
/// left in place when an error returns, so it names the object holding the duplicate.
#[derive(Clone, Copy)]
struct Strict<'p>(&'p RefCell<String>);

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl Strict<'_> {
    /// Read one value with `segment` appended to the path, which is restored if it succeeds.
    fn nested<'de, E, F: FnOnce(Self) -> Result<Option<Value>, E>>(self, segment: fmt::Arguments, read: F) -> Result<Option<Value>, E> {
        let len = self.0.borrow().len();
        self.0.borrow_mut().push_fmt(segment);
        let v = read(self)?;
        self.0.borrow_mut().truncate(len);
        Ok(v)
    }
}

/// `String::write_fmt` without the `fmt::Write` import's `Result` to ignore at every call.
trait PushFmt {
    fn push_fmt(&mut self, args: fmt::Arguments);
}

impl PushFmt for String {
    fn push_fmt(&mut self, args: fmt::Arguments) {
        let _ = fmt::Write::write_fmt(self, args);
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // JSON text has no NaN or infinity, so this is always a number.
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = self.nested(format_args!("[{}]", out.len()), |s| seq.next_element_seed(s))? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate key '{key}' (each key may appear once in an object)")));
            }
            let dot = if self.0.borrow().is_empty() { "" } else { "." };
            let v = self.nested(format_args!("{dot}{key}"), |s| map.next_value_seed(s).map(Some))?;
            out.insert(key, v.unwrap_or(Value::Null));
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_value_as_serde_json_without_duplicates() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": 18446744073709551615, "d": 1e300}"#;
        assert_eq!(parse_text(text).unwrap(), serde_json::from_str::<Value>(text).unwrap());
    }

    #[test]
    fn duplicates_are_named_with_their_object() {
        let e = parse_text(r#"{"a": {"b": [{"c": 1, "c": 2}]}}"#).unwrap_err();
        assert_eq!(e.path, "a.b[0]");
        assert!(e.message.contains("duplicate key 'c'"), "{e}");
        let e = parse_text(r#"{"a": 1, "a": 1}"#).unwrap_err();
        assert_eq!(e.path, "");
        assert!(e.message.contains("duplicate key 'a'"), "{e}");
    }

    #[test]
    fn syntax_errors_and_trailing_text() {
        assert!(parse_text("{").unwrap_err().message.starts_with("malformed JSON"));
        assert!(parse_text("{} x").unwrap_err().message.starts_with("malformed JSON"));
        assert!(parse_text("").unwrap_err().message.starts_with("malformed JSON"));
    }
}
