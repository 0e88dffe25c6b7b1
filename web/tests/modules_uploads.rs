//! A thousand uploads from one bot's owner against a real server: each network uploads so many
//! modules an hour (past it `429 rate_limited`, nothing checked or stored), the same bytes again
//! change nothing and cost nothing, every module is stored once however many bots run it, and
//! retention keeps the modules of a bot's latest versions only.

use crate::support;

use cardarena_store::{KEPT_MODULE_VERSIONS, now_ms};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Server, TempDb, config, test_bot_module};

/// `module` with a custom section named after `n` appended: another module (another hash) that
/// plays alike.
fn variant(module: &[u8], n: u32) -> Vec<u8> {
    let name = format!("variant-{n}");
    let mut payload = vec![name.len() as u8];
    payload.extend_from_slice(name.as_bytes());
    let mut bytes = module.to_vec();
    bytes.push(0); // a custom section
    bytes.push(payload.len() as u8);
    bytes.extend_from_slice(&payload);
    bytes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_uploads_are_rate_limited_stored_once_and_dropped_by_retention() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.limits.modules_per_hour = 12;
    let server = Server::start(config).await;
    let body = json!({"name": "uploader", "game": "prsi", "wasm": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    let path = server.url(&format!("/api/bots/{}/module", bot["id"].as_str().unwrap()));
    let token = bot["token"].as_str().unwrap();
    let module = test_bot_module("uploaded", &[]);
    let mut counts = std::collections::BTreeMap::new();
    for n in 0..1000u32 {
        // Every other upload repeats the one before it.
        let bytes = variant(&module, n / 2);
        let response = server
            .http
            .put(&path)
            .bearer_auth(token)
            .header("content-type", "application/wasm")
            .body(bytes)
            .send()
            .await
            .unwrap();
        *counts.entry(response.status().as_u16()).or_insert(0u32) += 1;
    }
    // 12 new modules, each then repeated (200, not counted); then 429s.
    assert_eq!(counts.get(&201), Some(&12), "{counts:?}");
    assert_eq!(counts.get(&200), Some(&12), "{counts:?}");
    assert_eq!(counts.get(&429), Some(&976), "{counts:?}");
    let store = &server.running.store;
    assert_eq!(store.module_totals().await.unwrap().0, 12);
    let versions = store
        .bot_versions(bot["id"].as_str().unwrap())
        .await
        .unwrap();
    assert_eq!(versions.len(), 12);
    // Retention, past the grace of an hour: the latest versions' modules stay.
    let dropped = store.drop_unused_modules(now_ms() + 1).await.unwrap();
    assert_eq!(dropped, 12 - KEPT_MODULE_VERSIONS as u64);
    assert_eq!(
        store.module_totals().await.unwrap().0,
        KEPT_MODULE_VERSIONS as u64
    );
}
