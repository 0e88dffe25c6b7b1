//! The web face's tests, one binary: the server in process on loopback over a temporary SQLite
//! file (or a PostgreSQL cluster), real bots, and headless Chromium for the pages. One binary
//! rather than one per file: each would link the whole server (wasmtime included), about 150 MB
//! apiece, and fifty of them filled CI's disk. Run one file's tests with
//! `cargo test -p cardarena-web --test web languages::`.

mod frames_replay;
mod support;

mod accessible;
mod analysis;
mod analysis_page;
mod analysis_turns;
mod api_languages;
mod body_errors;
mod browser;
mod decimals_languages;
mod decks;
mod demo_cup;
mod dial;
mod dial_limits;
mod dial_registry;
mod ending;
mod errors;
mod fail_fast;
mod fairness;
mod fallbacks;
mod findable;
mod frames;
mod frames_cache;
mod frames_live;
mod health;
mod join_module;
mod join_page;
mod kits;
mod kits_connect;
mod kits_dial;
mod kits_settings;
mod ladder_players;
mod ladder_ratings;
mod languages;
mod layout;
mod modules;
mod modules_uploads;
mod moves;
mod my_bots_add;
mod my_bots_sizes;
mod openapi;
mod organiser;
mod organiser_page;
mod pages;
mod pages_languages;
mod phone;
mod play;
mod play_form_phone;
mod proxy;
mod registrations;
mod rules_pages;
mod says;
mod schemas;
mod sealed_page;
mod seats_languages;
mod slots;
mod slow_clients;
mod tables;
mod thinking;
mod tournaments;
mod versions;
mod watch;

/// Every file and folder of tests/ is one of this binary's modules: a test file left out of
/// the list above would compile into nothing and never run.
#[test]
fn every_test_file_is_a_module() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = std::fs::read_to_string(here.join("main.rs")).unwrap();
    for entry in std::fs::read_dir(&here).unwrap() {
        let path = entry.unwrap().path();
        let name = if path.is_dir() && path.join("mod.rs").exists() {
            path.file_name().unwrap().to_string_lossy().into_owned()
        } else if path.extension().is_some_and(|e| e == "rs") {
            path.file_stem().unwrap().to_string_lossy().into_owned()
        } else {
            continue;
        };
        if name != "main" {
            assert!(
                main.contains(&format!("\nmod {name};\n")),
                "tests/{name} is not a module of main.rs"
            );
        }
    }
}
