//! The match page's static files: the card table (`/static/table.js`, `/static/table.css`), the
//! player (`/static/replay.js`) and one renderer per game (`/static/games/<game>.js`), compiled
//! into the binary. The scripts are ES modules that import each other by plain paths; the page's
//! import map sends each path to its content-hashed URL, so every file may be cached for a year
//! and a changed one is fetched at once.

use axum::Router;
use axum::routing::get;

use crate::store::Store;

/// One static file: where it is served and its text.
struct Asset {
    path: &'static str,
    body: &'static str,
}

impl Asset {
    /// The file's URL with its content's hash, as the page links it.
    fn versioned(&self) -> String {
        format!(
            "{}?v={}",
            self.path,
            crate::hash::fnv1a(self.body.as_bytes())
        )
    }

    fn content_type(&self) -> &'static str {
        if self.path.ends_with(".css") {
            "text/css; charset=utf-8"
        } else {
            "text/javascript; charset=utf-8"
        }
    }
}

/// The player; the page loads it as a module.
const REPLAY_JS: Asset = Asset {
    path: "/static/replay.js",
    body: include_str!("../../../../web/static/replay.js"),
};

/// The card table's styles.
const TABLE_CSS: Asset = Asset {
    path: "/static/table.css",
    body: include_str!("../../../../web/static/table.css"),
};

/// Every module the player imports, by the path it imports it as.
const MODULES: [Asset; 7] = [
    Asset {
        path: "/static/table.js",
        body: include_str!("../../../../web/static/table.js"),
    },
    Asset {
        path: "/static/games/durak.js",
        body: include_str!("../../../../web/static/games/durak.js"),
    },
    Asset {
        path: "/static/games/durak-duel.js",
        body: include_str!("../../../../web/static/games/durak-duel.js"),
    },
    Asset {
        path: "/static/games/bridge.js",
        body: include_str!("../../../../web/static/games/bridge.js"),
    },
    Asset {
        path: "/static/games/most.js",
        body: include_str!("../../../../web/static/games/most.js"),
    },
    Asset {
        path: "/static/games/prsi.js",
        body: include_str!("../../../../web/static/games/prsi.js"),
    },
    Asset {
        path: "/static/games/fifty-six.js",
        body: include_str!("../../../../web/static/games/fifty-six.js"),
    },
];

/// The routes of every file above.
pub(in crate::pages) fn routes() -> Router<Store> {
    let mut router = Router::new();
    for asset in MODULES.iter().chain([&REPLAY_JS, &TABLE_CSS]) {
        let (content_type, body) = (asset.content_type(), asset.body);
        router = router.route(
            asset.path,
            get(move || async move { super::super::static_file(content_type, body) }),
        );
    }
    router
}

/// The page's links: the player's and the stylesheet's versioned URLs, and the import map
/// (JSON) from each module's path to its versioned URL.
pub(super) struct Links {
    pub(super) replay_js: String,
    pub(super) table_css: String,
    pub(super) import_map: String,
}

/// The links, the same for every match page.
pub(super) fn links() -> Links {
    let imports: serde_json::Map<String, serde_json::Value> = MODULES
        .iter()
        .map(|m| (m.path.to_string(), m.versioned().into()))
        .collect();
    Links {
        replay_js: REPLAY_JS.versioned(),
        table_css: TABLE_CSS.versioned(),
        import_map: serde_json::json!({ "imports": imports }).to_string(),
    }
}
