//! Reading a typed value from JSON, keeping the field path of an error
//! (`topology.paths[0].buffer.packets: invalid type: …`).
//!
//! serde_json's own `Value` deserializer says what is wrong but not where. The usual fix,
//! `serde_path_to_error`, wraps every visitor, seed and access of the deserializer it is given,
//! so each struct, list and option read through it is compiled a second time inside those
//! wrappers: ~265 kB of the wasm engine the page downloads first (docs/cli.md, "First load over
//! a shared classroom link"). This is a deserializer over an owned `serde_json::Value` that
//! calls the visitors directly and keeps the path itself:
//! - scalars are handed to `Value`'s own `deserialize_*`, so every message is serde_json's;
//! - arrays, objects and externally tagged enums are walked here, with an index, key or variant
//!   pushed on a path (a chain of borrowed parents, as serde_path_to_error keeps it), and with
//!   serde_json's checks (`invalid length …, expected fewer elements in array/map`, `expected
//!   map with a single key`, the variant shapes);
//! - one departure from serde_json: a struct is read from an object only, not also from an
//!   array of its fields (a shape no scenario, schema or doc uses; see `deserialize_struct`);
//! - the first error records its path, exactly where serde_path_to_error would: the value that
//!   failed, the key whose name was refused, or the object a field is missing from.
//!
//! Keys and variant names are read as strings (`serde::de::value::StringDeserializer`, which
//! serde_json's enums use too): every map of a scenario is keyed by strings or string enums.
//! It lives in the engine, the lowest layer, because algorithm parameters (`cc_params`, read by
//! [`super::registry::parse_params`]) and scenarios (`scenario::from_json`) both use it: one
//! deserializer, so each type is compiled once.

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess, Visitor};
use serde_json::{Error, Map, Value};
use std::cell::RefCell;
use std::fmt;

/// An error and the field path of the value it is about ("" for the whole value).
#[derive(Debug)]
pub struct PathError {
    path: String,
    inner: Error,
}

impl PathError {
    /// Field path, `a.b[2].c`; empty when the error is about the whole value.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The error itself, without the path.
    pub fn inner(&self) -> &Error {
        &self.inner
    }

    pub fn into_inner(self) -> Error {
        self.inner
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.inner)
        } else {
            write!(f, "{}: {}", self.path, self.inner)
        }
    }
}

/// Deserialise `T` from a JSON value; an error names the field path where it happened.
pub fn from_json<T: DeserializeOwned>(value: Value) -> Result<T, PathError> {
    let track = Track::default();
    T::deserialize(De { value, at: &Chain::Root, track: &track }).map_err(|inner| PathError { path: track.path(), inner })
}

/// Drive `visitor` over the fields of `map` as [`from_json`] reads an object, with paths
/// relative to the map: for readers that collected the fields themselves (a flattened struct).
pub fn visit_fields<'de, V: Visitor<'de>>(map: Map<String, Value>, visitor: V) -> Result<V::Value, PathError> {
    let track = Track::default();
    let root = Chain::Root;
    visit_object(map, visitor, &root, &track).map_err(|inner| {
        track.trigger(&root);
        PathError { path: track.path(), inner }
    })
}

/// Where a value is: the root, or a key / array index / enum variant under a parent.
enum Chain<'a> {
    Root,
    Key(&'a Chain<'a>, &'a str),
    Index(&'a Chain<'a>, usize),
}

/// The path of the first error, recorded once by the innermost value that failed.
#[derive(Default)]
struct Track(RefCell<Option<String>>);

impl Track {
    #[inline(never)]
    fn trigger(&self, at: &Chain) {
        let mut path = self.0.borrow_mut();
        if path.is_some() {
            return;
        }
        let mut segments = Vec::new();
        let mut cur = at;
        loop {
            match cur {
                Chain::Root => break,
                Chain::Key(parent, key) => {
                    segments.push((Some(*key), 0));
                    cur = parent;
                }
                Chain::Index(parent, i) => {
                    segments.push((None, *i));
                    cur = parent;
                }
            }
        }
        let mut out = String::new();
        for (key, i) in segments.into_iter().rev() {
            match key {
                Some(key) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(key);
                }
                None => out.push_str(&format!("[{i}]")),
            }
        }
        *path = Some(out);
    }

    fn path(&self) -> String {
        self.0.borrow_mut().take().unwrap_or_default()
    }

    /// Record `at` as the error's place (unless a deeper value already did) and pass the error on.
    fn fail(&self, at: &Chain, e: Error) -> Error {
        self.trigger(at);
        e
    }
}

/// One value being read, and where it is.
struct De<'a> {
    value: Value,
    at: &'a Chain<'a>,
    track: &'a Track,
}

/// Arrays as serde_json's `Value` reads them, elements through [`De`], then its length check.
fn visit_array<'de, V: Visitor<'de>>(items: Vec<Value>, visitor: V, at: &Chain, track: &Track) -> Result<V::Value, Error> {
    let len = items.len();
    let mut seq = Seq { iter: items.into_iter(), index: 0, at, track };
    let out = visitor.visit_seq(&mut seq)?;
    if seq.iter.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in array"))
    }
}

/// Objects as serde_json's `Map` reads them, values through [`De`], then its length check.
fn visit_object<'de, V: Visitor<'de>>(map: Map<String, Value>, visitor: V, at: &Chain, track: &Track) -> Result<V::Value, Error> {
    let len = map.len();
    let mut entries = Entries { iter: map.into_iter(), next: None, at, track };
    let out = visitor.visit_map(&mut entries)?;
    if entries.iter.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in map"))
    }
}

/// serde_json's "invalid type: <what the value is>, expected <what the reader wanted>".
/// The compound cases are written out here rather than handed to `Value`'s methods, because
/// those would compile every visitor a second time for serde_json's own array and map readers.
fn invalid_type(value: &Value, expected: &dyn de::Expected) -> Error {
    let unexpected = match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => de::Unexpected::Unsigned(u),
            (None, Some(i)) => de::Unexpected::Signed(i),
            _ => de::Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    };
    de::Error::invalid_type(unexpected, expected)
}

/// Scalars: `Value`'s own method (its messages), with the path recorded on error.
macro_rules! scalar {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let (at, track) = (self.at, self.track);
            self.value.$method(visitor).map_err(|e| track.fail(at, e))
        }
    )*};
}

impl De<'_> {
    /// An array and/or an object, as the method asks; any other value is of the wrong type.
    fn compound<'de, V: Visitor<'de>>(self, visitor: V, arrays: bool, objects: bool) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        match self.value {
            Value::Array(items) if arrays => visit_array(items, visitor, at, track),
            Value::Object(map) if objects => visit_object(map, visitor, at, track),
            other => Err(invalid_type(&other, &visitor)),
        }
        .map_err(|e| track.fail(at, e))
    }
}

impl<'de> Deserializer<'de> for De<'_> {
    type Error = Error;

    scalar! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str deserialize_string
        deserialize_unit deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        match self.value {
            Value::Array(items) => visit_array(items, visitor, at, track),
            Value::Object(map) => visit_object(map, visitor, at, track),
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => n.deserialize_any(visitor),
            Value::String(s) => visitor.visit_string(s),
        }
        .map_err(|e| track.fail(at, e))
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_byte_buf(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        match self.value {
            Value::Array(items) => visit_array(items, visitor, at, track),
            Value::String(s) => visitor.visit_string(s),
            other => Err(invalid_type(&other, &visitor)),
        }
        .map_err(|e| track.fail(at, e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
        .map_err(|e| track.fail(at, e))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        visitor.visit_newtype_struct(self).map_err(|e| track.fail(at, e))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.compound(visitor, true, false)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _name: &'static str, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.compound(visitor, false, true)
    }

    /// A struct is an object. serde_json also reads one from an array of its fields, a shape no
    /// scenario, schema or doc uses: taking it compiled every struct's sequence reader into the
    /// wasm engine (~40 kB), and an array where an object belongs said "invalid length 0,
    /// expected struct LinkSpec with 6 elements" instead of what is wrong.
    fn deserialize_struct<V: Visitor<'de>>(self, _name: &'static str, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        self.compound(visitor, false, true)
    }

    /// serde_json's external tagging: `"variant"` or `{"variant": payload}`.
    fn deserialize_enum<V: Visitor<'de>>(self, _name: &'static str, _variants: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (self.at, self.track);
        let tagged = match self.value {
            Value::String(variant) => Ok((variant, None)),
            Value::Object(map) if map.len() == 1 => Ok(map.into_iter().next().map(|(k, v)| (k, Some(v))).expect("one entry")),
            Value::Object(_) => Err(de::Error::invalid_value(de::Unexpected::Map, &"map with a single key")),
            other => Err(invalid_type(&other, &"string or map")),
        };
        tagged.and_then(|(variant, value)| visitor.visit_enum(Enum { variant, value, at, track })).map_err(|e| track.fail(at, e))
    }
}

struct Seq<'a> {
    iter: std::vec::IntoIter<Value>,
    index: usize,
    at: &'a Chain<'a>,
    track: &'a Track,
}

impl<'de> SeqAccess<'de> for Seq<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.iter.next() else { return Ok(None) };
        let at = Chain::Index(self.at, self.index);
        self.index += 1;
        let track = self.track;
        seed.deserialize(De { value, at: &at, track }).map(Some).map_err(|e| track.fail(&at, e))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct Entries<'a> {
    iter: <Map<String, Value> as IntoIterator>::IntoIter,
    /// The key just read and its value, waiting for `next_value_seed`.
    next: Option<(String, Value)>,
    at: &'a Chain<'a>,
    track: &'a Track,
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.iter.next() else { return Ok(None) };
        let read = seed.deserialize(key.clone().into_deserializer());
        // A refused key (an unknown field) is reported at the key itself.
        let read = read.map_err(|e| self.track.fail(&Chain::Key(self.at, &key), e))?;
        self.next = Some((key, value));
        Ok(Some(read))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let Some((key, value)) = self.next.take() else { return Err(de::Error::custom("value is missing")) };
        let at = Chain::Key(self.at, &key);
        let track = self.track;
        seed.deserialize(De { value, at: &at, track }).map_err(|e| track.fail(&at, e))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// An externally tagged enum: the variant's name, and its payload unless written as a string.
struct Enum<'a> {
    variant: String,
    value: Option<Value>,
    at: &'a Chain<'a>,
    track: &'a Track,
}

impl<'de, 'a> EnumAccess<'de> for Enum<'a> {
    type Error = Error;
    type Variant = Enum<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Enum<'a>), Error> {
        // An unknown variant is reported at the enum, as serde_path_to_error did.
        let read = seed.deserialize(self.variant.clone().into_deserializer()).map_err(|e| self.track.fail(self.at, e))?;
        Ok((read, self))
    }
}

impl<'de> VariantAccess<'de> for Enum<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        let at = Chain::Key(self.at, &self.variant);
        match self.value {
            Some(value) => de::Deserialize::deserialize(value),
            None => Ok(()),
        }
        .map_err(|e| self.track.fail(&at, e))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        let (at, track) = (Chain::Key(self.at, &self.variant), self.track);
        match self.value {
            Some(value) => seed.deserialize(De { value, at: &at, track }),
            None => Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"newtype variant")),
        }
        .map_err(|e| track.fail(&at, e))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (Chain::Key(self.at, &self.variant), self.track);
        match self.value {
            Some(Value::Array(items)) if items.is_empty() => visitor.visit_unit(),
            Some(Value::Array(items)) => visit_array(items, visitor, &at, track),
            Some(other) => Err(invalid_type(&other, &"tuple variant")),
            None => Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"tuple variant")),
        }
        .map_err(|e| track.fail(&at, e))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        let (at, track) = (Chain::Key(self.at, &self.variant), self.track);
        match self.value {
            Some(Value::Object(map)) => visit_object(map, visitor, &at, track),
            Some(other) => Err(invalid_type(&other, &"struct variant")),
            None => Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"struct variant")),
        }
        .map_err(|e| track.fail(&at, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        x: u32,
        #[serde(default)]
        o: Option<f64>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    enum Shape {
        Unit,
        New(Inner),
        Pair(u32, u32),
        Named { x: u32 },
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Outer {
        #[serde(default)]
        list: Vec<Inner>,
        #[serde(default)]
        shape: Option<Shape>,
        #[serde(default)]
        pair: Option<(u32, u32)>,
        #[serde(default)]
        names: std::collections::BTreeMap<String, Vec<u8>>,
    }

    /// The path, and the message, which must be serde_json's own word for word.
    fn refusal(v: Value) -> (String, String) {
        let ours = from_json::<Outer>(v.clone()).unwrap_err();
        let theirs = serde_json::from_value::<Outer>(v).unwrap_err().to_string();
        assert_eq!(ours.inner().to_string(), theirs);
        (ours.path().to_string(), theirs)
    }

    #[test]
    fn the_failing_value_is_named_by_its_path() {
        let (path, msg) = refusal(json!({"list": [{"x": 1}, {"x": "a"}]}));
        assert_eq!((path.as_str(), msg.as_str()), ("list[1].x", "invalid type: string \"a\", expected u32"));
        assert_eq!(refusal(json!({"list": [{"x": 1, "o": true}]})).0, "list[0].o");
        assert_eq!(refusal(json!({"names": {"a b": [1, 300]}})).0, "names.a b[1]");
        assert_eq!(refusal(json!({"list": 5})).0, "list");
        assert_eq!(refusal(json!(7)).0, "");
    }

    #[test]
    fn keys_and_missing_fields() {
        // An unknown field is named itself; a missing one by the object that lacks it.
        let (path, msg) = refusal(json!({"list": [{"x": 1, "y": 2}]}));
        assert_eq!(path, "list[0].y");
        assert!(msg.starts_with("unknown field `y`, expected"), "{msg}");
        assert_eq!(refusal(json!({"list": [{}]})), ("list[0]".into(), "missing field `x`".into()));
        assert_eq!(refusal(json!({"zz": 1})).0, "zz");
    }

    #[test]
    fn externally_tagged_variants() {
        assert_eq!(refusal(json!({"shape": {"New": {"x": -1}}})).0, "shape.New.x");
        assert_eq!(refusal(json!({"shape": {"Named": {"x": "b"}}})).0, "shape.Named.x");
        assert_eq!(refusal(json!({"shape": {"Pair": [1, "b"]}})).0, "shape.Pair[1]");
        // The variant's shape: named by the variant.
        assert_eq!(refusal(json!({"shape": "New"})), ("shape.New".into(), "invalid type: unit variant, expected newtype variant".into()));
        assert_eq!(refusal(json!({"shape": {"Named": 3}})).0, "shape.Named");
        assert_eq!(refusal(json!({"shape": {"Pair": {}}})).0, "shape.Pair");
        assert_eq!(refusal(json!({"shape": {"Unit": 3}})).0, "shape.Unit");
        // The tag itself: named by the enum.
        let (path, msg) = refusal(json!({"shape": "Circle"}));
        assert_eq!(path, "shape");
        assert!(msg.starts_with("unknown variant `Circle`"), "{msg}");
        assert_eq!(refusal(json!({"shape": {"Unit": null, "New": {}}})), ("shape".into(), "invalid value: map, expected map with a single key".into()));
        assert_eq!(refusal(json!({"shape": 4})), ("shape".into(), "invalid type: integer `4`, expected string or map".into()));
        assert!(from_json::<Outer>(json!({"shape": {"Unit": null}})).is_ok());
        assert!(from_json::<Outer>(json!({"shape": {"Pair": [1, 2]}, "list": [{"x": 0}]})).is_ok());
    }

    #[test]
    fn lengths_are_checked_as_serde_json_does() {
        assert_eq!(refusal(json!({"pair": [1, 2, 3]})), ("pair".into(), "invalid length 3, expected fewer elements in array".into()));
        assert_eq!(refusal(json!({"pair": [1]})).0, "pair");
        assert_eq!(refusal(json!({"pair": {"a": 1}})).0, "pair");
    }

    #[test]
    fn a_struct_is_an_object_not_an_array() {
        // serde_json would read `[1]` as Inner's fields in order; here it is the wrong type.
        let e = from_json::<Outer>(json!({"list": [[1]]})).unwrap_err();
        assert_eq!((e.path(), e.inner().to_string().as_str()), ("list[0]", "invalid type: sequence, expected struct Inner"));
        assert!(serde_json::from_value::<Outer>(json!({"list": [[1]]})).is_ok());
    }

    #[test]
    fn flattened_fields_are_read_with_relative_paths() {
        let map = json!({"x": 1, "o": "s"}).as_object().unwrap().clone();
        let e = visit_fields(map, InnerVisitor).unwrap_err();
        assert_eq!((e.path(), e.inner().to_string().as_str()), ("o", "invalid type: string \"s\", expected f64"));
        assert_eq!(e.to_string(), "o: invalid type: string \"s\", expected f64");
    }

    /// `Inner`'s visitor, as serde's derive hands it to a flattened field's deserializer.
    struct InnerVisitor;

    impl<'de> Visitor<'de> for InnerVisitor {
        type Value = Inner;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("struct Inner")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Inner, A::Error> {
            Inner::deserialize(de::value::MapAccessDeserializer::new(map))
        }
    }
}
