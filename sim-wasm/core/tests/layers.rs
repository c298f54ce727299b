//! The core's layers (docs/ARCHITECTURE.md): every top-level module of `src/` has a layer
//! number, and a module may use (`crate::<module>…`) only modules of a lower layer or itself.
//! Two modules of one layer cannot use each other, so the module graph has no cycle.
//!
//! The check reads the source, not the compiler's view: it collects every `crate::<name>`
//! path outside comments, `use crate::{a, b::c}` groups included, and maps a crate-root
//! re-export (`crate::Scenario`) to the module lib.rs re-exports it from. `super::` paths
//! never leave their top-level module (nothing in the crate climbs above it) and are ignored.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Layer of every top-level module, lowest first. Adding a module means placing it here.
const LAYERS: &[(&str, u32)] = &[
    ("engine", 0),     // time, event queue, rng, timers, math, registry shape, shared ids
    ("metrics", 1),    // series, events, counters, summary types: a leaf fed by events
    ("cc", 2),         // congestion controllers
    ("net", 2),        // packets, links, queue disciplines, routes, the network
    ("sim", 3),        // the world (network + agents + recorders) and its run loop
    ("endpoint", 4),   // what every transport endpoint shares: the congestion-control driver
    ("tcp", 5),        // TCP sender and receiver
    ("mptcp", 6),      // MPTCP connection and schedulers (subflows are TCP senders)
    ("quic", 6),       // QUIC connection and stream schedulers (uses tcp's rate sampler)
    ("scenario", 7),   // spec types, validation, the one builder of a run
    ("simulation", 8), // the public handle, snapshots and the summary
    ("registry", 9),   // every role's registry and the scenario schema, for the page
    ("share", 9),      // shareable links
    ("batch", 9),      // runs outside the page: loading, parallel runs, the CLI's and Python's JSON
];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a line without its `//` comment (doc comments included: a doc link upward
/// is not a dependency).
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first path segment of every `crate::` path of some code: `crate::a::B` gives `a`,
/// `crate::{a, b::C}` gives `a` and `b` (the group may span lines), each with the path for
/// the message and the byte offset where it starts.
fn crate_paths(text: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("crate::").map(|i| i + from) {
        let before = text[..i].chars().last();
        let after = &text[i + "crate::".len()..];
        from = i + "crate::".len();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `netlab_core::` or another crate's name ending in "crate"
        }
        if let Some(group) = after.strip_prefix('{') {
            // Top-level items of the group: split on commas at depth 0.
            let mut depth = 0;
            let mut item_start = 0;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        push_item(&group[item_start..j], i, &mut out);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        push_item(&group[item_start..j], i, &mut out);
                        item_start = j + 1;
                    }
                    _ => {}
                }
            }
        } else {
            let full = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(after, |e| &after[..e]);
            out.push((ident(after).to_string(), format!("crate::{full}"), i));
        }
    }
    out
}

fn push_item(item: &str, at: usize, out: &mut Vec<(String, String, usize)>) {
    let item = item.split_whitespace().collect::<Vec<_>>().join(" ");
    let name = ident(&item);
    if !name.is_empty() {
        out.push((name.to_string(), format!("crate::{{{item}…}}"), at));
    }
}

/// Names lib.rs re-exports at the crate root (`pub use metrics::summary::{Summary, …};`),
/// mapped to the module they come from.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib.lines().map(code) {
        let Some(path) = line.trim().strip_prefix("pub use ") else { continue };
        let path = path.trim_end_matches(';');
        let module = ident(path).to_string();
        let names: Vec<&str> = match (path.find('{'), path.rfind('}')) {
            (Some(a), Some(b)) => path[a + 1..b].split(',').collect(),
            _ => vec![path.rsplit("::").next().unwrap()],
        };
        for n in names {
            let n = n.trim();
            let n = n.split(" as ").last().unwrap().trim();
            if !n.is_empty() {
                map.insert(n.to_string(), module.clone());
            }
        }
    }
    map
}

#[test]
fn every_module_uses_only_lower_layers() {
    let src = src_dir();
    let layer: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let reexports = root_reexports(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();

    let mut violations = Vec::new();
    let mut edges: BTreeMap<(String, String), usize> = BTreeMap::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_str().unwrap();
        // The crate root and the CLI sit above every layer.
        if first == "lib.rs" || first == "bin" {
            continue;
        }
        let module = first.trim_end_matches(".rs");
        let Some(&own) = layer.get(module) else {
            violations.push(format!("src/{}: module `{module}` has no layer in tests/layers.rs LAYERS", rel.display()));
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        let text: String = text.lines().map(code).collect::<Vec<_>>().join("\n");
        for (name, path, at) in crate_paths(&text) {
            let line = text[..at].matches('\n').count() + 1;
            let target = if layer.contains_key(name.as_str()) {
                name.clone()
            } else if let Some(m) = reexports.get(&name) {
                m.clone()
            } else {
                violations.push(format!("src/{}:{}: `{path}` names no module of the layer table", rel.display(), line));
                continue;
            };
            if target == module {
                continue;
            }
            *edges.entry((module.to_string(), target.clone())).or_default() += 1;
            let theirs = layer[target.as_str()];
            if theirs >= own {
                violations.push(format!(
                    "src/{}:{}: {module} (layer {own}) uses `{path}` of {target} (layer {theirs}); \
                     a module may use only lower layers",
                    rel.display(),
                    line
                ));
            }
        }
    }
    assert!(files.len() > 50, "found only {} source files under {}", files.len(), src.display());
    assert!(violations.is_empty(), "{} layer violation(s):\n{}", violations.len(), violations.join("\n"));

    // With every edge going strictly down, the module graph is acyclic; check it directly
    // too, so a future edit of the table that allows same-layer uses cannot hide a cycle.
    let mut remaining: Vec<&str> = LAYERS.iter().map(|(m, _)| *m).collect();
    while !remaining.is_empty() {
        let leaf = remaining.iter().position(|m| {
            !edges.keys().any(|(a, b)| a == m && b != m && remaining.contains(&b.as_str()))
        });
        match leaf {
            Some(i) => {
                remaining.remove(i);
            }
            None => panic!("import cycle among {remaining:?}"),
        }
    }
}

#[test]
fn the_scanner_sees_groups_and_reexports() {
    let paths = crate_paths("use crate::{\n    cc::{self, CcInit},\n    engine::time::Time, Scenario};");
    let names: Vec<&str> = paths.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(names, ["cc", "engine", "Scenario"]);
    assert_eq!(crate_paths("let x = netlab_core::sim::World;"), vec![]);
    assert_eq!(crate_paths(code("x // see crate::simulation")), vec![]);
    let lib = "pub use metrics::summary::{Summary, ENGINE_VERSION};\npub use simulation::Simulation;";
    let map = root_reexports(lib);
    assert_eq!(map["ENGINE_VERSION"], "metrics");
    assert_eq!(map["Simulation"], "simulation");
}
