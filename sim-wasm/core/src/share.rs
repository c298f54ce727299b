//! Shareable links: a whole run (scenario, seed, engine version and the page's view state) in
//! a URL fragment, so opening the link reproduces the run exactly.
//!
//! Format: `v1.` followed by URL-safe base64 (no padding) of raw DEFLATE (RFC 1951) of the
//! JSON `{"engine_version", "seed", "scenario", "view"}`. The fragment never reaches a
//! server, and DEFLATE keeps a typical scenario link to a few hundred characters.
//!
//! A link is untrusted input. Decoding bounds every step — the encoded length, the inflated
//! size ([`MAX_DECODED_BYTES`], so a small "zip bomb" link cannot exhaust memory), the JSON
//! shape — and validates the scenario with the same validator as every other entry point.
//! Every failure is a one-line [`ScenarioError`] naming what is wrong; nothing panics.

use crate::metrics::summary::ENGINE_VERSION;
use crate::scenario::{self, ScenarioError};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest accepted decompressed payload (1 MiB).
pub const MAX_DECODED_BYTES: usize = 1 << 20;
/// Largest accepted encoded link body; anything longer cannot be a link this lab made.
pub const MAX_ENCODED_CHARS: usize = 2 * MAX_DECODED_BYTES;
const PREFIX: &str = "v1.";
/// DEFLATE level: links are made rarely and read often, so compress hard.
const LEVEL: u8 = 9;

/// What a link carries.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    pub engine_version: String,
    pub seed: u64,
    /// The full scenario, exactly as run (knobs and variant already applied).
    pub scenario: Value,
    /// The page's view state (selected charts, zoom…); opaque to the engine, but it must be
    /// a JSON object.
    #[serde(default)]
    pub view: Value,
}

/// A decoded, validated link.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Opened {
    #[serde(flatten)]
    pub shared: Shared,
    /// Set when the link was made by another engine version: results may differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notice: Option<String>,
}

fn link_err(msg: impl Into<String>) -> ScenarioError {
    ScenarioError::new("link", msg)
}

/// Encode a run as a link body (the part after `#`-whatever prefix the page uses).
pub fn encode(scenario: &Value, seed: u64, view: &Value) -> Result<String, ScenarioError> {
    scenario::check_seed("seed", seed)?;
    let shared = Shared {
        engine_version: ENGINE_VERSION.to_string(),
        seed,
        scenario: scenario.clone(),
        view: if view.is_null() { Value::Object(Default::default()) } else { view.clone() },
    };
    let json = serde_json::to_vec(&shared).map_err(|e| link_err(e.to_string()))?;
    if json.len() > MAX_DECODED_BYTES {
        return Err(link_err(format!("the scenario is too large to share ({} bytes, at most {MAX_DECODED_BYTES})", json.len())));
    }
    let packed = miniz_oxide::deflate::compress_to_vec(&json, LEVEL);
    Ok(format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed)))
}

/// Decode and validate a link body. Accepts the body with or without a leading `#`.
pub fn decode(link: &str) -> Result<Opened, ScenarioError> {
    let body = link.trim().trim_start_matches('#');
    if body.len() > MAX_ENCODED_CHARS {
        return Err(link_err(format!("the link is too long ({} characters)", body.len())));
    }
    let Some(data) = body.strip_prefix(PREFIX) else {
        return Err(link_err("not a NetLab link (it should start with \"v1.\")"));
    };
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| link_err(format!("the link is garbled ({e}); was it cut off or changed?")))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_DECODED_BYTES).map_err(|e| {
        if matches!(e.status, miniz_oxide::inflate::TINFLStatus::HasMoreOutput) {
            link_err(format!("the link expands to more than {MAX_DECODED_BYTES} bytes"))
        } else {
            link_err("the link is truncated or corrupted (its compressed data does not decode)")
        }
    })?;
    let at = |path: String| if path.is_empty() || path == "." { "link".to_string() } else { format!("link.{path}") };
    // The same reader as scenario text: duplicate keys are refused, not silently resolved.
    let text = std::str::from_utf8(&json).map_err(|_| link_err("the link's data is not UTF-8 text"))?;
    let value = scenario::parse_text(text).map_err(|e| ScenarioError::new(at(e.path), e.message))?;
    let shared: Shared = scenario::from_json(value).map_err(|e| ScenarioError::new(at(e.path().to_string()), e.inner().to_string()))?;
    scenario::check_seed("link.seed", shared.seed)?;
    if !shared.view.is_object() && !shared.view.is_null() {
        return Err(link_err("view: expected an object"));
    }
    // The scenario is checked exactly as if it had been typed in; field paths stay relative
    // to the scenario so the message reads like any other validation error.
    scenario::from_value(shared.scenario.clone()).map_err(|e| {
        ScenarioError::new(if e.path.is_empty() { "scenario".into() } else { format!("scenario.{}", e.path) }, e.message)
    })?;
    let notice = (shared.engine_version != ENGINE_VERSION).then(|| {
        format!(
            "this link was made with engine {} and is running on {}: results may differ from the original",
            shared.engine_version, ENGINE_VERSION
        )
    });
    Ok(Opened { shared, notice })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn scenario() -> Value {
        json!({"name": "t", "duration_s": 2,
               "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
               "flows": [{"cc": "reno"}]})
    }

    #[test]
    fn round_trip_keeps_everything() {
        let link = encode(&scenario(), 42, &json!({"chart": "cwnd"})).unwrap();
        assert!(link.starts_with("v1.") && link.len() < 400, "{link}");
        assert!(link.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)), "URL-safe");
        let opened = decode(&format!("#{link}")).unwrap();
        assert_eq!(opened.shared.scenario, scenario());
        assert_eq!(opened.shared.seed, 42);
        assert_eq!(opened.shared.view, json!({"chart": "cwnd"}));
        assert!(opened.notice.is_none());
    }

    #[test]
    fn bad_links_name_the_problem() {
        let link = encode(&scenario(), 1, &Value::Null).unwrap();
        let msg = |l: &str| decode(l).unwrap_err().to_string();
        assert!(msg("hello").contains("not a NetLab link"));
        assert!(msg("v1.***").contains("garbled"));
        assert!(msg(&link[..link.len() / 2]).contains("truncated"));
        let long = "v1.".to_string() + &"A".repeat(MAX_ENCODED_CHARS);
        assert!(msg(&long).contains("too long"));
    }

    #[test]
    fn a_decompression_bomb_is_refused() {
        // 8 MiB of spaces inside a JSON string compresses to a few kilobytes.
        let json = format!("{{\"engine_version\":\"{}\",\"seed\":1,\"scenario\":\"{}\"}}", ENGINE_VERSION, " ".repeat(8 << 20));
        let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
        let link = format!("v1.{}", URL_SAFE_NO_PAD.encode(packed));
        assert!(link.len() < 100_000);
        assert!(decode(&link).unwrap_err().to_string().contains("more than 1048576 bytes"));
    }

    #[test]
    fn invalid_fields_inside_a_link_are_named() {
        let mut s = scenario();
        s["topology"]["bottleneck"]["rate_mbps"] = json!(-5);
        let link = encode(&s, 1, &Value::Null).unwrap();
        let e = decode(&link).unwrap_err();
        assert_eq!(e.path, "scenario.topology.bottleneck.rate_mbps", "{e}");

        let wrong_shape = json!({"engine_version": "0.1.0", "seed": "one", "scenario": scenario()});
        let packed = miniz_oxide::deflate::compress_to_vec(wrong_shape.to_string().as_bytes(), 9);
        let e = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(packed))).unwrap_err();
        assert_eq!(e.path, "link.seed", "{e}");
    }

    #[test]
    fn another_engine_version_opens_with_a_notice() {
        let shared = json!({"engine_version": "0.0.1", "seed": 3, "scenario": scenario(), "view": {}});
        let packed = miniz_oxide::deflate::compress_to_vec(shared.to_string().as_bytes(), 9);
        let opened = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(packed))).unwrap();
        assert!(opened.notice.unwrap().contains("0.0.1"));
    }
}
