//! Lists of matches, paged: the query parameters they share (checked where they arrive: a bad
//! one is a 400 page), the links to the next pages, and `/matches`, every match of a game or of
//! a tournament's stage, newest first.

use askama::Template;
use axum::extract::{RawQuery, State};

use super::format::{match_kind, match_status, place, short_id, utc, version_label};
use super::words::{Arg, Words, link, markup};
use super::{Frame, PageError, PageResult, ok};
use crate::locale::Locale;
use cardarena_store::{MAX_PAGE, MatchFilter, MatchKind, MatchPage, MatchSummary, PageAt, Store};

/// Matches on a page unless `per_page` says otherwise.
pub(super) const PER_PAGE: u32 = 25;

/// The parameters of a list of matches, checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct ListParams {
    /// `kind=practice|ladder|tournament` (empty: every kind).
    pub kind: Option<MatchKind>,
    /// `game=<id>`.
    pub game: Option<&'static str>,
    /// `tournament=<id>&stage=<index>` (the stage is numbered from 0, as in the API).
    pub stage: Option<(String, u32)>,
    /// `before=<n>` or `after=<n>`: the cursors of the pager's links.
    pub at: PageAt,
    /// `per_page=1..100`.
    pub per_page: u32,
}

fn bad(detail: impl Into<String>) -> PageError {
    PageError::BadRequest(detail.into())
}

impl ListParams {
    /// Reads a query string, accepting only the `allowed` parameters (and `before`, `after`,
    /// `per_page`), each at most once; what is wrong is said in `w`'s language.
    pub(super) fn parse(
        raw: Option<&str>,
        allowed: &[&str],
        w: Words,
    ) -> Result<ListParams, PageError> {
        let mut out = ListParams {
            per_page: PER_PAGE,
            ..ListParams::default()
        };
        let mut seen: Vec<String> = Vec::new();
        let mut tournament = None;
        let mut stage = None;
        let raw = raw.unwrap_or("");
        if raw.len() > 1000 {
            return Err(bad(w.t("matches-error-query-long", &[])));
        }
        for (key, value) in url::form_urlencoded::parse(raw.as_bytes()) {
            // The language switch's parameter, read by the pages' layer.
            if key == crate::locale::QUERY {
                continue;
            }
            if seen.iter().any(|k| *k == key) {
                return Err(bad(w.t("matches-error-twice", &[("name", Arg::text(&key))])));
            }
            seen.push(key.to_string());
            let cursor = |v: &str| {
                v.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| {
                    bad(w.t(
                        "matches-error-cursor",
                        &[("name", Arg::text(&key)), ("value", Arg::text(v))],
                    ))
                })
            };
            match key.as_ref() {
                "before" | "after" if out.at != PageAt::Newest => {
                    return Err(bad(w.t("matches-error-both", &[])));
                }
                "before" => out.at = PageAt::Before(cursor(&value)?),
                "after" => out.at = PageAt::After(cursor(&value)?),
                "per_page" => {
                    out.per_page = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=MAX_PAGE).contains(n))
                        .ok_or_else(|| {
                            bad(w.t("matches-error-per-page", &[("max", Arg::num(MAX_PAGE))]))
                        })?;
                }
                k if !allowed.contains(&k) => {
                    return Err(bad(
                        w.t("matches-error-parameter", &[("name", Arg::text(k))])
                    ));
                }
                "kind" => {
                    out.kind = match value.as_ref() {
                        "" => None,
                        "practice" => Some(MatchKind::Practice),
                        "ladder" => Some(MatchKind::Ladder),
                        "tournament" => Some(MatchKind::Tournament),
                        "human" => Some(MatchKind::Human),
                        other => {
                            return Err(bad(
                                w.t("matches-error-kind", &[("value", Arg::text(other))])
                            ));
                        }
                    }
                }
                "game" => {
                    out.game = match cardarena_bots::game_ids().iter().find(|g| **g == value) {
                        Some(game) => Some(*game),
                        None if value.is_empty() => None,
                        None => {
                            return Err(bad(
                                w.t("matches-error-game", &[("value", Arg::text(&value))])
                            ));
                        }
                    }
                }
                "tournament" => tournament = Some(value.to_string()),
                "stage" => {
                    stage = Some(value.parse::<u32>().ok().filter(|s| *s < 100).ok_or_else(
                        || bad(w.t("matches-error-stage", &[("value", Arg::text(&value))])),
                    )?)
                }
                _ => {
                    return Err(bad(
                        w.t("matches-error-parameter", &[("name", Arg::text(&key))])
                    ));
                }
            }
        }
        out.stage = match (tournament, stage) {
            (Some(t), Some(s)) => Some((t, s)),
            (None, None) => None,
            _ => return Err(bad(w.t("matches-error-stage-pair", &[]))),
        };
        Ok(out)
    }

    /// The store's filter for these parameters, for `bot_id`'s matches or everyone's.
    pub(super) fn filter(&self, bot_id: Option<&str>) -> MatchFilter {
        MatchFilter {
            bot_id: bot_id.map(str::to_string),
            game: self.game.map(str::to_string),
            kind: self.kind,
            stage: self.stage.clone(),
        }
    }

    /// The query string of these filters (no cursor) with `extra` added, "" or "?…".
    pub(super) fn query(&self, extra: Option<(&str, String)>) -> String {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        if let Some(kind) = self.kind {
            q.append_pair("kind", kind.as_str());
        }
        if let Some(game) = self.game {
            q.append_pair("game", game);
        }
        if let Some((t, s)) = &self.stage {
            q.append_pair("tournament", t);
            q.append_pair("stage", &s.to_string());
        }
        if self.per_page != PER_PAGE {
            q.append_pair("per_page", &self.per_page.to_string());
        }
        if let Some((k, v)) = extra {
            q.append_pair(k, &v);
        }
        let q = q.finish();
        if q.is_empty() { q } else { format!("?{q}") }
    }
}

/// The links between pages: to the newest, newer and older matches (`None` where there is no
/// such page).
pub(super) struct Pager {
    pub newest: Option<String>,
    pub newer: Option<String>,
    pub older: Option<String>,
}

impl Pager {
    /// The pager of `page` at `path` with `params`.
    pub(super) fn new(path: &str, params: &ListParams, page: &MatchPage) -> Pager {
        let first = page.matches.first().map(|(n, _)| *n);
        let last = page.matches.last().map(|(n, _)| *n);
        let link = |extra| format!("{path}{}", params.query(extra));
        Pager {
            newest: (params.at != PageAt::Newest).then(|| link(None)),
            newer: match (page.has_newer, first) {
                (true, Some(n)) => Some(link(Some(("after", n.to_string())))),
                _ => None,
            },
            older: match (page.has_older, last) {
                (true, Some(n)) => Some(link(Some(("before", n.to_string())))),
                _ => None,
            },
        }
    }
}

/// A seat in a list of matches: "name v2 1".
pub(super) struct SeatCell {
    pub bot_id: String,
    pub name: String,
    /// The version of the bot that played it, "v2" (contestants' bots only).
    pub version: Option<String>,
    pub place: String,
}

/// A match in a list, ready to print.
pub(super) struct ListRow {
    pub match_id: String,
    pub short_id: String,
    pub when: String,
    pub game: String,
    /// The kind in words.
    pub kind: String,
    /// The status in words.
    pub status: String,
    pub seats: Vec<SeatCell>,
}

impl ListRow {
    fn new(m: &MatchSummary, w: Words) -> ListRow {
        ListRow {
            match_id: m.id.clone(),
            short_id: short_id(&m.id).to_string(),
            when: utc(m.finished_at.unwrap_or(m.created_at)),
            game: m.game.clone(),
            kind: match_kind(w, &m.kind),
            status: match_status(w, m.status.as_str()),
            seats: m
                .seats
                .iter()
                .map(|s| SeatCell {
                    bot_id: s.bot_id.clone(),
                    name: s.name.clone(),
                    version: s.version.map(version_label),
                    place: place(s.rank),
                })
                .collect(),
        }
    }
}

#[derive(Template)]
#[template(path = "matches.html")]
struct MatchesPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    title: String,
    /// Where the list comes from, e.g. the tournament's page: "Back to <a>…</a>." (HTML).
    back: Option<String>,
    rows: Vec<ListRow>,
    pager: Pager,
}

/// `GET /matches?game=&kind=&tournament=&stage=`: matches newest first, paged; a 400 page for a
/// bad parameter, a 404 for an unknown tournament.
pub(super) async fn list(
    State(store): State<Store>,
    RawQuery(raw): RawQuery,
    locale: Locale,
    frame: Frame,
) -> PageResult {
    let w = Words(locale);
    let params = ListParams::parse(raw.as_deref(), &["kind", "game", "tournament", "stage"], w)?;
    let mut title = w.t("matches-title", &[]);
    let mut back = None;
    if let Some((id, stage)) = &params.stage {
        let Some(t) = store.tournament(id).await? else {
            return Err(PageError::NotFound(
                w.t("tournaments-not-found", &[("id", Arg::text(id))]),
            ));
        };
        title = w.t(
            "matches-title-stage",
            &[
                ("tournament", Arg::text(&t.name)),
                ("stage", Arg::num(stage + 1)),
            ],
        );
        let href = format!("/tournaments/{}#stage-{}", t.id, stage + 1);
        back = Some((href, t.name.clone()));
    } else if let Some(game) = params.game {
        title = w.t("matches-title-game", &[("game", Arg::text(game))]);
        let label = w.t("matches-back-leaderboard", &[("game", Arg::text(game))]);
        back = Some((format!("/?game={game}"), label));
    }
    let back = back.map(|(href, label)| {
        let sentence = w.t("matches-back", &[("link", Arg::Mark(0))]);
        markup(&sentence, &[link(&href, &label)])
    });
    if let Some(kind) = params.kind {
        let kind = match_kind(w, kind.as_str());
        title = w.t(
            "matches-title-kind",
            &[("title", Arg::Text(title)), ("kind", Arg::Text(kind))],
        );
    }
    let page = store
        .browse_matches(&params.filter(None), params.at, params.per_page)
        .await?;
    ok(&MatchesPage {
        frame,
        title,
        back,
        rows: page
            .matches
            .iter()
            .map(|(_, m)| ListRow::new(m, w))
            .collect(),
        pager: Pager::new("/matches", &params, &page),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked_and_kept_in_the_pager_links() {
        let all = ["kind", "game", "tournament", "stage"];
        let w = Words(Locale::En);
        let p = ListParams::parse(
            Some("kind=ladder&tournament=t%201&stage=2&before=40"),
            &all,
            w,
        )
        .unwrap();
        assert_eq!(p.kind, Some(MatchKind::Ladder));
        assert_eq!(p.stage, Some(("t 1".to_string(), 2)));
        assert_eq!(p.at, PageAt::Before(40));
        assert_eq!(
            p.query(Some(("after", "7".into()))),
            "?kind=ladder&tournament=t+1&stage=2&after=7"
        );
        for bad in [
            "kind=blitz",
            "game=chess",
            "stage=1",
            "tournament=x&stage=-1",
            "before=1&after=2",
            "before=x",
            "per_page=0",
            "per_page=101",
            "kind=ladder&kind=practice",
            "colour=red",
        ] {
            assert!(
                matches!(
                    ListParams::parse(Some(bad), &all, w),
                    Err(PageError::BadRequest(_))
                ),
                "{bad}"
            );
        }
        assert!(ListParams::parse(Some("game=bridge"), &["kind"], w).is_err());
        assert_eq!(ListParams::parse(None, &[], w).unwrap().query(None), "");
        let Err(PageError::BadRequest(said)) =
            ListParams::parse(Some("kind=x"), &all, Words(Locale::Cs))
        else {
            panic!("kind=x is refused");
        };
        assert_eq!(
            said,
            "kind je practice, ladder, tournament nebo human, ne „x“."
        );
    }
}
