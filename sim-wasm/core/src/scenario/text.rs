//! Texts a student reads, in the lab's languages.
//!
//! A preset's words (a title, a "what to look for", a tour stop, a worksheet question) are
//! written either as one English string or as one string per language:
//!
//! ```json
//! "title": "One TCP flow through a bottleneck"
//! "title": {"en": "One TCP flow through a bottleneck", "zh": "…", "ja": "…"}
//! ```
//!
//! English is always there (it is what the engine's own messages, the CLI and the regression
//! reports use); a language without its text falls back to English, so a preset can be
//! translated one field at a time. The texts sit beside the preset rather than in the page's
//! message catalogs because they belong to the preset: an edited or shared scenario carries its
//! own translations, and the engine validates them like every other field ([`LocalText::check`]).

use super::ScenarioError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The languages a text may be written in, by BCP 47 primary tag: English, Simplified Chinese,
/// Japanese. The page's language picker offers the same list.
pub const LANGUAGES: &[&str] = &["en", "zh", "ja"];

/// The language every text has and every other falls back to.
pub const FALLBACK: &str = "en";

/// One text, in English or in several languages (see the module header).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(untagged)]
pub enum LocalText {
    /// English only.
    Plain(String),
    /// Language tag → text; `en` is required.
    ByLanguage(BTreeMap<String, String>),
}

impl Default for LocalText {
    fn default() -> Self {
        LocalText::Plain(String::new())
    }
}

impl From<&str> for LocalText {
    fn from(s: &str) -> Self {
        LocalText::Plain(s.to_string())
    }
}

impl From<String> for LocalText {
    fn from(s: String) -> Self {
        LocalText::Plain(s)
    }
}

impl LocalText {
    /// The English text.
    pub fn en(&self) -> &str {
        self.get(FALLBACK)
    }

    /// The text in `lang`, or in English when it has none in that language.
    pub fn get(&self, lang: &str) -> &str {
        match self {
            LocalText::Plain(s) => s,
            LocalText::ByLanguage(m) => m
                .get(lang)
                .filter(|s| !s.trim().is_empty())
                .or_else(|| m.get(FALLBACK))
                .map(String::as_str)
                .unwrap_or(""),
        }
    }

    /// Whether the text is written in `lang` itself (not by falling back to English).
    pub fn has(&self, lang: &str) -> bool {
        match self {
            LocalText::Plain(s) => lang == FALLBACK && !s.trim().is_empty(),
            LocalText::ByLanguage(m) => m.get(lang).is_some_and(|s| !s.trim().is_empty()),
        }
    }

    /// Every (language, text) written, English first.
    pub fn versions(&self) -> Vec<(&str, &str)> {
        match self {
            LocalText::Plain(s) => vec![(FALLBACK, s.as_str())],
            LocalText::ByLanguage(m) => {
                let mut v: Vec<(&str, &str)> = m.iter().map(|(k, s)| (k.as_str(), s.as_str())).collect();
                v.sort_by_key(|(k, _)| *k != FALLBACK);
                v
            }
        }
    }

    /// Refuse, naming `path` (e.g. `tour[2].text.ja`), a language the lab does not have, a
    /// missing or empty English text, and any version longer than `max_chars` characters
    /// (counted as characters, so a CJK text gets the same room on a callout as its English).
    pub fn check(&self, path: &str, max_chars: usize) -> Result<(), ScenarioError> {
        if let LocalText::ByLanguage(m) = self {
            for lang in m.keys() {
                if !LANGUAGES.contains(&lang.as_str()) {
                    return Err(ScenarioError::new(
                        format!("{path}.{lang}"),
                        format!("unknown language '{lang}' (expected one of: {})", LANGUAGES.join(", ")),
                    ));
                }
            }
            if !m.contains_key(FALLBACK) {
                return Err(ScenarioError::new(path, "has no English text ('en'), which every other language falls back to"));
            }
        }
        for (lang, text) in self.versions() {
            let at = match self {
                LocalText::Plain(_) => path.to_string(),
                LocalText::ByLanguage(_) => format!("{path}.{lang}"),
            };
            if text.trim().is_empty() {
                return Err(ScenarioError::new(at, "is empty"));
            }
            let n = text.chars().count();
            if n > max_chars {
                return Err(ScenarioError::new(at, format!("is {n} characters long; at most {max_chars} fit")));
            }
        }
        Ok(())
    }
}

/// A preset's title: one line in the preset list, the gallery card and the header.
pub const MAX_TITLE_CHARS: usize = 120;
/// "What to look for": at most this many English words (issue 30 item 14), the first thing a
/// student reads about a preset.
pub const MAX_LOOK_FOR_WORDS: usize = 80;
/// …and at most this many characters in any language (80 English words are ≈ 500 characters).
pub const MAX_LOOK_FOR_CHARS: usize = 700;
/// A knob's label sits beside its control.
pub const MAX_KNOB_LABEL_CHARS: usize = 60;
/// A knob's help text is a tooltip of a sentence or three.
pub const MAX_KNOB_HELP_CHARS: usize = 500;

/// The words of an English text, as a reader counts them (runs separated by white space).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

/// Check the texts a preset shows a student, by their path: `title`, `look_for` (also at most
/// [`MAX_LOOK_FOR_WORDS`] English words), every knob's `label` and `help`. Tour stops are checked
/// with the rest of the tour (tour.rs).
pub fn validate_preset_texts(s: &super::Scenario) -> Result<(), ScenarioError> {
    if let Some(t) = &s.title {
        t.check("title", MAX_TITLE_CHARS)?;
    }
    if let Some(t) = &s.look_for {
        t.check("look_for", MAX_LOOK_FOR_CHARS)?;
        let words = word_count(t.en());
        if words > MAX_LOOK_FOR_WORDS {
            let at = if matches!(t, LocalText::Plain(_)) { "look_for" } else { "look_for.en" };
            return Err(ScenarioError::new(
                at,
                format!("is {words} words long; a student's first read is at most {MAX_LOOK_FOR_WORDS} (the paper notes go in description)"),
            ));
        }
    }
    for (i, k) in s.knobs.iter().enumerate() {
        k.label.check(&format!("knobs[{i}].label"), MAX_KNOB_LABEL_CHARS)?;
        if let Some(h) = &k.help {
            h.check(&format!("knobs[{i}].help"), MAX_KNOB_HELP_CHARS)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> LocalText {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn a_plain_string_is_english_and_every_language_falls_back_to_it() {
        let t = parse(r#""Slow start""#);
        assert_eq!(t.get("en"), "Slow start");
        assert_eq!(t.get("ja"), "Slow start");
        assert!(t.has("en") && !t.has("zh"));
        assert!(t.check("title", 80).is_ok());
    }

    #[test]
    fn a_translated_text_gives_each_language_its_own_words() {
        let t = parse(r#"{"en": "Slow start", "zh": "慢启动", "ja": "スロースタート"}"#);
        assert_eq!(t.get("zh"), "慢启动");
        assert_eq!(t.get("ja"), "スロースタート");
        assert_eq!(t.versions()[0], ("en", "Slow start"));
        // A language left out, or left blank, reads in English.
        let partial = parse(r#"{"en": "Slow start", "zh": " "}"#);
        assert_eq!(partial.get("zh"), "Slow start");
        assert_eq!(partial.get("ja"), "Slow start");
    }

    #[test]
    fn a_bad_text_is_refused_by_its_path() {
        let e = parse(r#"{"en": "x", "fr": "y"}"#).check("tour[1].title", 80).unwrap_err();
        assert_eq!(e.path, "tour[1].title.fr");
        assert!(e.message.contains("en, zh, ja"), "{e}");
        let e = parse(r#"{"zh": "慢启动"}"#).check("title", 80).unwrap_err();
        assert_eq!(e.path, "title");
        let e = parse(r#"{"en": "ok", "ja": ""}"#).check("title", 80).unwrap_err();
        assert_eq!(e.to_string(), "title.ja: is empty");
        // Characters, not bytes: 30 CJK characters are 90 bytes of UTF-8 and still fit in 40.
        assert!(parse(&format!(r#"{{"en": "ok", "zh": "{}"}}"#, "慢".repeat(30))).check("t", 40).is_ok());
        let e = parse(&format!(r#"{{"en": "ok", "zh": "{}"}}"#, "慢".repeat(41))).check("t", 40).unwrap_err();
        assert_eq!(e.path, "t.zh");
    }

    fn scenario(extra: serde_json::Value) -> crate::scenario::Scenario {
        let mut v = serde_json::json!({
            "duration_s": 5,
            "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "buffer": {"bdp": 1}}, "senders": [{"rtt_ms": 10}]},
            "flows": [{"cc": "reno", "path": 0}],
            "knobs": [{"name": "cc", "label": "Algorithm", "kind": "enum", "options": ["reno", "cubic"], "bind": ["flows.0.cc"]}]
        });
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        serde_json::from_value(v).unwrap()
    }

    fn refusal(extra: serde_json::Value) -> String {
        crate::scenario::validate::validate(&scenario(extra)).unwrap_err().to_string()
    }

    #[test]
    fn the_preset_texts_are_validated_by_field() {
        assert!(crate::scenario::validate::validate(&scenario(serde_json::json!({
            "title": {"en": "One flow", "zh": "单条流", "ja": "1 本のフロー"},
            "look_for": {"en": "Watch cwnd.", "zh": "观察拥塞窗口。", "ja": "輻輳ウィンドウを見ます。"}
        })))
        .is_ok());
        assert_eq!(refusal(serde_json::json!({"look_for": {"en": "x", "ko": "y"}})).split(':').next(), Some("look_for.ko"));
        assert_eq!(refusal(serde_json::json!({"title": {"en": "x", "zh": ""}})), "title.zh: is empty");
        let long = "word ".repeat(81);
        let e = refusal(serde_json::json!({"look_for": long}));
        assert!(e.starts_with("look_for: is 81 words long"), "{e}");
        let e = refusal(serde_json::json!({"look_for": {"en": long, "ja": "短い"}}));
        assert!(e.starts_with("look_for.en: is 81 words"), "{e}");
        let e = refusal(serde_json::json!({"knobs": [
            {"name": "cc", "label": {"en": "Algorithm", "ja": ""}, "kind": "enum", "options": ["reno"], "bind": ["flows.0.cc"]}
        ]}));
        assert_eq!(e, "knobs[0].label.ja: is empty");
    }
}
