//! The crate graph of docs/architecture.md ("The crates"), held: every workspace crate's
//! cardarena dependencies, read from its Cargo.toml, are the ones the document draws, so a change
//! that makes the store import the bots, or the contest import the web face, fails here before
//! it is reviewed.

use std::collections::BTreeSet;
use std::path::Path;

/// Each crate's folder and the cardarena crates it may depend on (normal dependencies).
const GRAPH: &[(&str, &[&str])] = &[
    ("engine", &[]),
    ("rating", &[]),
    ("testkit", &[]),
    ("bots", &["cardarena-engine"]),
    ("sandbox", &["cardarena-engine", "cardarena-bots"]),
    ("store", &["cardarena-engine", "cardarena-rating"]),
    (
        "contest",
        &[
            "cardarena-engine",
            "cardarena-bots",
            "cardarena-sandbox",
            "cardarena-store",
        ],
    ),
    (
        "web",
        &[
            "cardarena-engine",
            "cardarena-bots",
            "cardarena-rating",
            "cardarena-sandbox",
            "cardarena-store",
            "cardarena-contest",
        ],
    ),
    (
        "cli",
        &[
            "cardarena-engine",
            "cardarena-bots",
            "cardarena-sandbox",
            "cardarena-store",
            "cardarena-contest",
            "cardarena-web",
        ],
    ),
];

/// The cardarena crates named in the `[dependencies]` table of the manifest at `path`.
fn dependencies(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut in_dependencies = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && line.starts_with("cardarena-") {
            let name = line.split(['.', ' ', '=']).next().unwrap();
            found.insert(name.to_string());
        }
    }
    found
}

#[test]
fn every_crate_depends_only_on_the_crates_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    for (folder, allowed) in GRAPH {
        assert!(
            workspace.contains(&format!("\"{folder}\"")),
            "{folder} is not a workspace member"
        );
        let found = dependencies(&root.join(folder).join("Cargo.toml"));
        let allowed: BTreeSet<String> = allowed.iter().map(|s| s.to_string()).collect();
        let extra: Vec<_> = found.difference(&allowed).collect();
        assert!(
            extra.is_empty(),
            "{folder} depends on {extra:?}, which docs/architecture.md does not draw below it"
        );
    }
}

#[test]
fn the_reader_finds_a_forbidden_edge() {
    // The check above reads manifests the way this one is written: a store that named the bots
    // would be caught.
    let dir = std::env::temp_dir().join(format!("cardarena-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = dir.join("Cargo.toml");
    std::fs::write(
        &manifest,
        "[package]\nname = \"x\"\n\n[dependencies]\ncardarena-engine.workspace = true\n\
         cardarena-bots = { path = \"../bots\" }\n\n[dev-dependencies]\ncardarena-web.workspace = true\n",
    )
    .unwrap();
    let found = dependencies(&manifest);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        found,
        BTreeSet::from(["cardarena-bots".to_string(), "cardarena-engine".to_string()])
    );
}
