//! Builds the presets into the extension: `netlab.run("bbr-fairness")` works wherever the wheel
//! is installed, without the repository. Reads the repository's `public/scenarios/*.json`
//! (a build from outside the repository gets none; paths then still work).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/scenarios");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = String::from("/// (name, JSON text) of every preset, sorted by name.\npub static PRESETS: &[(&str, &str)] = &[\n");
    for p in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        let name = p.file_stem().and_then(|s| s.to_str()).expect("a preset's file name is UTF-8");
        let abs = p.canonicalize().expect("a listed file exists");
        writeln!(out, "    ({name:?}, include_str!({:?})),", abs.display().to_string()).unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("presets.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
