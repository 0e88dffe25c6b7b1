//! The match page's static files: the card table (`/static/table.js`, `/static/table.css`) and
//! its words (`/static/words.js`, the phrases in English), the
//! player (`/static/replay.js`) and one renderer per game (`/static/games/<game>.js`), compiled
//! into the binary, with its analysis (`/static/analysis.js`, `/static/analysis.css`: the value
//! strip, blunders and accuracy drawn from the analysis API); and the play pages' own (`/static/play.js`, `/static/seat.js`,
//! `/static/hand.js`, `/static/play.css`), whose seat page draws its table with the same
//! modules, and the guides' (`/static/rules.js`), whose pictures are drawn with them too. The scripts are ES modules that import each other by plain paths; the page's import
//! map sends each path to its content-hashed URL, so every file may be cached for a year and a
//! changed one is fetched at once.

use std::sync::LazyLock;

use axum::Router;
use axum::routing::get;

use cardarena_store::Store;

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
            cardarena_contest::hash::fnv1a(self.body.as_bytes())
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
    body: include_str!("../../../static/replay.js"),
};

/// The match page's analysis: asks for it, follows its progress and draws it.
const ANALYSIS_JS: Asset = Asset {
    path: "/static/analysis.js",
    body: include_str!("../../../static/analysis.js"),
};

/// The analysis's styles.
const ANALYSIS_CSS: Asset = Asset {
    path: "/static/analysis.css",
    body: include_str!("../../../static/analysis.css"),
};

/// The card table's styles.
const TABLE_CSS: Asset = Asset {
    path: "/static/table.css",
    body: include_str!("../../../static/table.css"),
};

/// Every module the pages' scripts import, by the path they import it as.
const MODULES: [Asset; 14] = [
    Asset {
        path: "/static/decks.js",
        body: include_str!("../../../static/decks.js"),
    },
    Asset {
        path: "/static/fluent.js",
        body: include_str!("../../../static/fluent.js"),
    },
    Asset {
        path: "/static/l10n.js",
        body: include_str!("../../../static/l10n.js"),
    },
    Asset {
        path: "/static/mybots.js",
        body: include_str!("../../../static/mybots.js"),
    },
    Asset {
        path: "/static/table.js",
        body: include_str!("../../../static/table.js"),
    },
    Asset {
        path: "/static/mytables.js",
        body: include_str!("../../../static/mytables.js"),
    },
    Asset {
        path: "/static/words.js",
        body: include_str!("../../../static/words.js"),
    },
    Asset {
        path: "/static/hand.js",
        body: include_str!("../../../static/hand.js"),
    },
    Asset {
        path: "/static/games/durak.js",
        body: include_str!("../../../static/games/durak.js"),
    },
    Asset {
        path: "/static/games/durak-duel.js",
        body: include_str!("../../../static/games/durak-duel.js"),
    },
    Asset {
        path: "/static/games/bridge.js",
        body: include_str!("../../../static/games/bridge.js"),
    },
    Asset {
        path: "/static/games/most.js",
        body: include_str!("../../../static/games/most.js"),
    },
    Asset {
        path: "/static/games/prsi.js",
        body: include_str!("../../../static/games/prsi.js"),
    },
    Asset {
        path: "/static/games/fifty-six.js",
        body: include_str!("../../../static/games/fifty-six.js"),
    },
];

/// The play form's script (`/play`).
const PLAY_JS: Asset = Asset {
    path: "/static/play.js",
    body: include_str!("../../../static/play.js"),
};

/// The seat page's script (`/play/{token}`); it imports the modules above.
const SEAT_JS: Asset = Asset {
    path: "/static/seat.js",
    body: include_str!("../../../static/seat.js"),
};

/// The play pages' styles, over the card table's.
const PLAY_CSS: Asset = Asset {
    path: "/static/play.css",
    body: include_str!("../../../static/play.css"),
};

/// The guides' script (`/rules/{game}`): it draws their pictures with the modules above.
const RULES_JS: Asset = Asset {
    path: "/static/rules.js",
    body: include_str!("../../../static/rules.js"),
};

/// The routes of every file above.
pub(in crate::pages) fn routes() -> Router<Store> {
    let mut router = Router::new();
    let own = [
        &REPLAY_JS,
        &ANALYSIS_JS,
        &ANALYSIS_CSS,
        &TABLE_CSS,
        &PLAY_JS,
        &SEAT_JS,
        &PLAY_CSS,
        &RULES_JS,
    ];
    for asset in MODULES.iter().chain(own) {
        let (content_type, body) = (asset.content_type(), asset.body);
        router = router.route(
            asset.path,
            get(move || async move { super::super::static_file(content_type, body) }),
        );
    }
    router
}

/// Every page's import map (JSON): each module's path to its versioned URL. The layout writes
/// it into every page, so any page's script may import any module by its plain path.
pub(in crate::pages) static IMPORT_MAP: LazyLock<String> = LazyLock::new(|| {
    let imports: serde_json::Map<String, serde_json::Value> = MODULES
        .iter()
        .map(|m| (m.path.to_string(), m.versioned().into()))
        .collect();
    serde_json::json!({ "imports": imports }).to_string()
});

/// The page's links: the player's, the analysis's and the stylesheets' versioned URLs.
pub(in crate::pages) struct Links {
    pub(in crate::pages) replay_js: String,
    pub(in crate::pages) analysis_js: String,
    pub(in crate::pages) analysis_css: String,
    pub(in crate::pages) table_css: String,
}

/// The links, the same for every match page.
pub(in crate::pages) fn links() -> Links {
    Links {
        replay_js: REPLAY_JS.versioned(),
        analysis_js: ANALYSIS_JS.versioned(),
        analysis_css: ANALYSIS_CSS.versioned(),
        table_css: TABLE_CSS.versioned(),
    }
}

/// The play pages' links: their scripts' and stylesheet's versioned URLs.
pub(in crate::pages) struct PlayLinks {
    pub(in crate::pages) play_js: String,
    pub(in crate::pages) seat_js: String,
    pub(in crate::pages) play_css: String,
}

/// The play pages' links, the same for every seat.
pub(in crate::pages) fn play_links() -> PlayLinks {
    PlayLinks {
        play_js: PLAY_JS.versioned(),
        seat_js: SEAT_JS.versioned(),
        play_css: PLAY_CSS.versioned(),
    }
}

/// A guide's links: the card table's stylesheet and the pictures' script.
pub(in crate::pages) struct RulesLinks {
    pub(in crate::pages) rules_js: String,
    pub(in crate::pages) table_css: String,
}

/// The guides' links, the same for every game.
pub(in crate::pages) fn rules_links() -> RulesLinks {
    RulesLinks {
        rules_js: RULES_JS.versioned(),
        table_css: TABLE_CSS.versioned(),
    }
}
