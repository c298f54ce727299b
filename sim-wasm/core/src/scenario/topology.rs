//! Reading a scenario's `topology`: `{"kind": "dumbbell", …}` in two steps.
//!
//! serde's derive for an internally tagged enum buffers the whole object in its `Content` type
//! before it looks at the tag, then reads the variant from that buffer. That costs twice: the
//! field path of an error inside is lost ("topology: unknown field" instead of
//! "topology.bottleneck: unknown field"), and every struct of every topology (links, buffers,
//! graph nodes, …) is compiled a second time for the buffer's deserializer — tens of kB of the
//! wasm module the page downloads first (docs/cli.md, "First load over a shared classroom link").
//! Here the object is read as JSON values with `kind` taken out, and the chosen variant's struct
//! is read from the rest through [`link::read_value`], the same path-keeping reader as a link's
//! flattened properties: one deserializer for every topology struct, errors with their full path.
//! The messages are serde's own (`missing field `kind``, `unknown variant `ring`, expected one
//! of …`), and `kind` is still the shape written, in the schema and in TypeScript.

use super::{link, Topology};
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// The kinds, as written.
const KINDS: &[&str] = &["dumbbell", "parallel", "graph"];

/// The tag, read as serde's tagged enums read it: an identifier, so a wrong type or an unknown
/// kind gets serde's message ("expected variant identifier", "unknown variant `ring`, expected
/// one of …").
struct Kind(usize);

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_identifier(KindVisitor)
    }
}

struct KindVisitor;

impl<'de> Visitor<'de> for KindVisitor {
    type Value = Kind;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Kind, E> {
        KINDS.iter().position(|k| *k == v).map(Kind).ok_or_else(|| E::unknown_variant(v, KINDS))
    }
}

impl<'de> Deserialize<'de> for Topology {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TopologyVisitor)
    }
}

struct TopologyVisitor;

impl<'de> Visitor<'de> for TopologyVisitor {
    type Value = Topology;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("internally tagged enum Topology")
    }

    /// serde's derive also took `[kind, fields…]` for a topology, a shape neither the schema
    /// nor the docs offer; it is refused now (an empty array with serde's own message).
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Topology, A::Error> {
        match seq.next_element::<IgnoredAny>()? {
            None => Err(de::Error::missing_field("kind")),
            Some(_) => Err(de::Error::invalid_type(de::Unexpected::Seq, &self)),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Topology, A::Error> {
        let mut kind = None;
        let mut body = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "kind" {
                kind = Some(map.next_value::<Kind>()?);
            } else {
                body.insert(key, map.next_value::<Value>()?);
            }
        }
        let kind = kind.ok_or_else(|| de::Error::missing_field("kind"))?;
        let body = Value::Object(body);
        let read = match KINDS[kind.0] {
            "dumbbell" => link::read_value(body).map(Topology::Dumbbell),
            "parallel" => link::read_value(body).map(Topology::Parallel),
            _ => link::read_value(body).map(Topology::Graph),
        };
        read
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    fn refusal(topology: Value) -> String {
        let v = json!({"duration_s": 1, "topology": topology, "flows": [{}]});
        super::super::from_value(v).map(drop).unwrap_err().to_string()
    }

    #[test]
    fn the_tag_is_refused_with_serdes_messages() {
        assert_eq!(refusal(json!({})), "topology: missing field `kind`");
        assert_eq!(refusal(json!("dumbbell")), "topology: invalid type: string \"dumbbell\", expected internally tagged enum Topology");
        assert_eq!(refusal(json!({"kind": 5})), "topology.kind: invalid type: integer `5`, expected variant identifier");
        assert_eq!(refusal(json!({"kind": "ring"})), "topology.kind: unknown variant `ring`, expected one of `dumbbell`, `parallel`, `graph`");
    }

    #[test]
    fn errors_inside_keep_their_whole_path() {
        let dumbbell = |bottleneck: Value| json!({"kind": "dumbbell", "bottleneck": bottleneck, "senders": [{"rtt_ms": 20}]});
        assert_eq!(refusal(dumbbell(json!({"rate_mbps": 10, "buffer": {"bdq": 1}}))),
                   "topology.bottleneck.buffer.bdq: unknown field `bdq`, expected one of `packets`, `bytes`, `bdp`, `rtt_ms`, `unlimited`");
        assert_eq!(refusal(dumbbell(json!({"rate_mbps": 10, "loss": "x"}))), "topology.bottleneck.loss: invalid type: string \"x\", expected f64");
        assert_eq!(refusal(dumbbell(json!({"rate_mbps": 10, "bogus": 1}))), "topology.bottleneck: unknown field `bogus`");
        assert_eq!(refusal(json!({"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}})), "topology: missing field `senders`");
        let link = json!({"from": "a", "to": "b", "rate_mbps": 1, "reverse": {"buffer": {"x": 1}}});
        let graph = json!({"kind": "graph", "nodes": [{"name": "a", "kind": "host"}, {"name": "b", "kind": "host"}], "links": [link]});
        assert!(refusal(graph).starts_with("topology.links[0].reverse.buffer.x: unknown field `x`"));
        assert_eq!(refusal(json!({"kind": "parallel", "paths": [{"rate_mbps": 10, "rtt_ms": 10, "drop_packets": [1, "x"]}]})),
                   "topology.paths[0].drop_packets[1]: invalid type: string \"x\", expected u64");
        assert_eq!(refusal(json!({"kind": "parallel", "paths": [], "extra": 1})), "topology.extra: unknown field `extra`, expected `paths`");
    }
}
