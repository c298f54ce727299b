//! A link direction's properties, declared once.
//!
//! Every topology writes the same things about a link: its rate and delay (as the shorthand
//! fits: a dumbbell bottleneck's `delay_ms`, a parallel path's `rtt_ms`, a graph link's
//! `delay_ms`) and, in [`LinkProps`], what it does to the packets it carries — its queue
//! (`buffer`, `aqm`, `aqm_params`), its wire (`loss`, `drop_packets`) and `jitter_ms`. The
//! shorthand specs ([`super::PathSpec`], [`super::LinkSpec`]) and a graph link direction
//! ([`LinkDirSpec`]) flatten `LinkProps` in, so the JSON stays flat
//! (`{"rate_mbps": 10, "buffer": {"bdp": 1}, "aqm": "codel"}`) and a new property is one field
//! here, one default in its accessor and one line in [`LinkDirSpec::reverse_of`] saying whether
//! a link's reverse direction copies it.
//!
//! Every field is optional: a field left out takes its default (accessors below), except under
//! a graph link's `reverse`, where it takes the forward direction's value or none
//! (docs/model/topology.md §Full duplex). Every topology is expanded into a graph and each
//! direction the user wrote is checked once, by [`LinkDirSpec::validate`].
//!
//! serde loses the field path of an error inside a flattened struct (it buffers the fields
//! first), so `LinkProps` is read through [`read`], which reads it with the path kept and hands
//! it up in the message; [`super::error_at`] joins it to the outer path
//! (`topology.paths[0].buffer.bdp`, not `topology.paths[0]`). A topology's body is read the same
//! way ([`read_value`], scenario/topology.rs), so a path handed up from inside is joined on the way.

use super::validate;
use super::{BufferSpec, ScenarioError};
use crate::engine::json;
use serde::de::{self, DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// Default one-way delay of a link direction, ms (the dumbbell bottleneck's and a graph link's).
pub const DEFAULT_LINK_DELAY_MS: f64 = 1.0;
/// The queue discipline a link runs when it names none.
pub const DEFAULT_AQM: &str = "droptail";

/// What a link direction does to the packets it carries (see the module header).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkProps {
    /// Queue limit (default 1 BDP of the largest base RTT of the routes through it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub buffer: Option<BufferSpec>,
    /// Probability that a packet is lost on the wire (Bernoulli, per packet; default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub loss: Option<f64>,
    /// Data packets to drop on the wire, by their 0-based index among the data packets
    /// offered to this direction (ns-3's ReceiveListErrorModel): "drop the 5th packet" made
    /// exact, for teaching loss recovery step by step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub drop_packets: Option<Vec<u64>>,
    /// The queue discipline (docs/model/aqm.md): droptail (default), red, codel, fq_codel or
    /// pie. `buffer` is every discipline's hard limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(title = "Queue discipline")]
    pub aqm: Option<String>,
    /// The discipline's parameters (CoDel: `target_ms`, `interval_ms`, …), checked by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aqm_params: Option<serde_json::Value>,
    /// Up to this much extra one-way delay per packet, uniformly at random from the seed;
    /// packets on a link stay in order (docs/model/aqm.md §Jitter; default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(title = "Jitter", extend("x-unit" = "ms"))]
    pub jitter_ms: Option<f64>,
    /// Not a scenario field: set where the shorthands turn a sender's host jitter into its
    /// access link's, so that the link draws it as a host does (net/link.rs, `Jitter::Host`).
    #[serde(skip)]
    #[ts(skip)]
    #[schemars(skip)]
    pub host_jitter: bool,
}

impl LinkProps {
    pub fn buffer(&self) -> BufferSpec {
        self.buffer.clone().unwrap_or_default()
    }

    pub fn loss(&self) -> f64 {
        self.loss.unwrap_or(0.0)
    }

    pub fn drop_packets(&self) -> &[u64] {
        self.drop_packets.as_deref().unwrap_or(&[])
    }

    pub fn aqm(&self) -> &str {
        self.aqm.as_deref().unwrap_or(DEFAULT_AQM)
    }

    pub fn jitter_ms(&self) -> f64 {
        self.jitter_ms.unwrap_or(0.0)
    }
}

/// Separates the inner field path from the message in an error [`read`] hands up.
pub(super) const PATH_MARK: char = '\u{1f}';

/// Read a flattened struct keeping the path of an error inside it (module header).
pub fn read<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    T::deserialize(Flattened(d))
}

/// Read `T` from a JSON object (a topology's body), handing an error's path up in the message.
pub fn read_value<T: DeserializeOwned, E: de::Error>(body: Value) -> Result<T, E> {
    json::from_json(body).map_err(hand_up)
}

/// An error from inside, as a message that carries its path before [`PATH_MARK`]. An error
/// handed up by a read inside (a topology's links) already carries its path: the two paths are
/// joined, so one mark always separates the whole path from the message.
fn hand_up<E: de::Error>(e: json::PathError) -> E {
    let path = e.path().to_string();
    let inner = e.into_inner().to_string();
    if path.is_empty() {
        return E::custom(inner);
    }
    match inner.split_once(PATH_MARK) {
        Some((deeper, msg)) => E::custom(format!("{path}.{deeper}{PATH_MARK}{msg}")),
        None => E::custom(format!("{path}{PATH_MARK}{inner}")),
    }
}

/// The deserializer serde hands a flattened field: it gives the fields `T` names (serde marks
/// them taken, so the outer struct's `deny_unknown_fields` still sees the ones nobody took),
/// collected as JSON values and read by the path-keeping reader with `T`'s own visitor.
struct Flattened<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Flattened<D> {
    type Error = D::Error;

    fn deserialize_struct<V: Visitor<'de>>(self, name: &'static str, fields: &'static [&'static str], visitor: V) -> Result<V::Value, D::Error> {
        let fields = self.0.deserialize_struct(name, fields, Fields)?;
        json::visit_fields(fields, visitor).map_err(hand_up)
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, D::Error> {
        Err(de::Error::custom("a flattened field must be a struct"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// Collects the fields a flattened struct takes, as JSON values.
struct Fields;

impl<'de> Visitor<'de> for Fields {
    type Value = Map<String, Value>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("fields")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = Map::new();
        while let Some((key, value)) = map.next_entry::<String, Value>()? {
            out.insert(key, value);
        }
        Ok(out)
    }
}

/// The properties of one direction of a graph link. On a link every field but `rate_mbps`
/// may be left out (defaults in the accessors); under `reverse`, a field left out takes the
/// forward's value (or, for `loss`, `drop_packets` and `jitter_ms`, none).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkDirSpec {
    /// Transmission rate, Mbit/s (required on a link).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rate_mbps: Option<f64>,
    /// One-way propagation delay (default 1 ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub delay_ms: Option<f64>,
    #[serde(flatten, deserialize_with = "read")]
    pub props: LinkProps,
}

impl LinkDirSpec {
    /// Rate, Mbit/s (validated: a link's forward direction has one).
    pub fn rate_mbps(&self) -> f64 {
        self.rate_mbps.unwrap_or(0.0)
    }

    pub fn delay_ms(&self) -> f64 {
        self.delay_ms.unwrap_or(DEFAULT_LINK_DELAY_MS)
    }

    /// The reverse direction of a link whose forward direction is `fwd`, `self` being the
    /// link's `reverse` overrides. Rate, delay, buffer and queue discipline are the forward's
    /// unless overridden (both ends of a full-duplex link run the same interface settings);
    /// loss, scripted drops and jitter — what happens on one wire — are not copied
    /// (docs/model/topology.md §Full duplex).
    pub fn reverse_of(&self, fwd: &LinkDirSpec) -> LinkDirSpec {
        let (p, f) = (&self.props, &fwd.props);
        LinkDirSpec {
            rate_mbps: self.rate_mbps.or(fwd.rate_mbps),
            delay_ms: self.delay_ms.or(fwd.delay_ms),
            props: LinkProps {
                buffer: p.buffer.clone().or_else(|| f.buffer.clone()),
                loss: p.loss,
                drop_packets: p.drop_packets.clone(),
                aqm: p.aqm.clone().or_else(|| f.aqm.clone()),
                // A reverse direction naming its own discipline does not take the forward's
                // parameters, which were written for another.
                aqm_params: if p.aqm.is_some() { p.aqm_params.clone() } else { p.aqm_params.clone().or_else(|| f.aqm_params.clone()) },
                jitter_ms: p.jitter_ms,
                host_jitter: p.host_jitter,
            },
        }
    }

    /// The one check of a link direction's properties, whichever spec they were written in
    /// (a graph link or its `reverse`, the dumbbell's bottleneck, a parallel path: every
    /// topology is expanded into a graph and each direction the user wrote is checked here
    /// once, see `build::topology::Plan::validate`). `at` is where they were written,
    /// `max_rate_mbps` the fastest rate accepted there, `delay` whether `delay_ms` is the
    /// user's own (a path's is derived from its `rtt_ms`), and `inherited_aqm` the discipline
    /// the direction runs when it names none (a reverse direction inherits the forward's).
    pub fn validate(&self, at: &str, max_rate_mbps: f64, delay: bool, inherited_aqm: &str) -> Result<(), ScenarioError> {
        let p = &self.props;
        if let Some(r) = self.rate_mbps {
            validate::rate(&format!("{at}.rate_mbps"), r, max_rate_mbps)?;
        }
        if let Some(ms) = self.delay_ms.filter(|_| delay) {
            validate::delay(&format!("{at}.delay_ms"), ms, false)?;
        }
        if let Some(x) = p.loss {
            validate::probability(&format!("{at}.loss"), x)?;
        }
        if let Some(b) = &p.buffer {
            validate::buffer(&format!("{at}.buffer"), b)?;
        }
        if p.aqm.is_some() || p.aqm_params.is_some() || p.jitter_ms.is_some() {
            validate::queue(at, p.aqm.as_deref().unwrap_or(inherited_aqm), p.aqm_params.as_ref(), p.jitter_ms())?;
        }
        Ok(())
    }
}
