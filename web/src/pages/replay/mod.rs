//! `/matches/{id}`: a match, its seats with their results, faults and decisions played at random
//! by their kits, the card table a viewer steps through (drawn by `web/static/replay.js` from the
//! frames API; the page gives it the match's id, game and status and the controls), the
//! downloads, and its moves one by one with what the bots said (or why they are gone), each
//! linking to its step. Each move is in the game's own words (`Game::describe`, read against the
//! game before it).

mod assets;
mod ending;
mod words;

pub(super) use assets::routes as static_routes;
pub(super) use assets::{IMPORT_MAP, Links, PlayLinks, RulesLinks, links, play_links, rules_links};

use askama::Template;
use axum::extract::{Path, State};

use cardarena_bots::By;
use cardarena_engine::describe::json_phrase;
use words::{Deck, Reader, Word};

use super::format::{decimal, fault_kind, place, score_in, utc, version_label};
use super::words::Words;
use super::{Frame, PageError, PageResult, ok};
use crate::locale::Locale;
use cardarena_contest::frames::by_of;
use cardarena_contest::tables::distinct_names;
use cardarena_store::{Disclosure, LogState, MatchDetail, PlayRecord, SeatDetail, Store};
use fluent_bundle::FluentArgs;

/// The match's facts.
struct MatchView {
    id: String,
    game: String,
    status: &'static str,
    kind: String,
    rated: bool,
    /// The seed, once every hand may be shown.
    seed: Option<u64>,
    /// Why the seed is not shown yet.
    seed_note: String,
    options: String,
    rules_version: Option<u32>,
    error: Option<String>,
    created: String,
    finished: Option<String>,
}

/// One seat and its result.
struct SeatRow {
    seat: usize,
    bot_id: String,
    name: String,
    /// The version of the bot that played it, "v2".
    version: Option<String>,
    place: String,
    score: String,
    fault: Option<(String, String)>,
    /// Its decisions its bot's kit played at random after the bot's strategy failed, in words.
    fallbacks: Option<String>,
    rating_after: Option<String>,
    /// Its result in the game's words ("the fool"), once the match is finished.
    words: Option<String>,
    /// The view menu's entry for its own view: "greedy's own view (seat 1)".
    view: String,
}

impl SeatRow {
    fn new(seat: &SeatDetail, locale: Locale) -> SeatRow {
        SeatRow {
            seat: seat.seat,
            bot_id: seat.bot_id.clone(),
            name: seat.name.clone(),
            version: seat.version.map(version_label),
            place: place(seat.rank),
            score: score_in(locale, seat.score),
            fault: (seat.fault.as_ref())
                .map(|(kind, detail)| (fault_kind(Words(locale), kind), detail.clone())),
            fallbacks: (seat.fallbacks > 0)
                .then(|| locale.message_count("match-at-random-by-kit", u64::from(seat.fallbacks))),
            rating_after: seat.rating_after.map(|r| decimal(locale, r, 2)),
            words: None,
            view: String::new(),
        }
    }
}

/// One move.
struct MoveRow {
    /// Its step, from 1 (the table after it is `#step=N`).
    step: usize,
    /// The move in words, its seats linked to their bots.
    words: Vec<Word>,
    json: String,
    say: Option<String>,
    /// Whether the house bot that took over the faulted seat chose it, not the seat's bot.
    substitute: bool,
}

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    m: MatchView,
    seats: Vec<SeatRow>,
    moves: Vec<MoveRow>,
    /// How the match ended in the game's words, the seats linked to their bots, once it is
    /// finished.
    result: Option<Vec<Word>>,
    /// The first fault's step and the link's words ("flaky faulted at step 12 (timeout) →").
    fault: Option<(u32, String)>,
    /// A sentence for each seat whose bot's kit played decisions at random after its strategy
    /// failed: not faults, but shown with them.
    fallbacks: Vec<String>,
    /// Why the moves are not shown, when the log was dropped or cannot be read.
    log_note: Option<String>,
    /// The player's script, stylesheet and import map.
    links: assets::Links,
    /// How much of the match shows now: "open", "live" or "sealed" (the scripts read it).
    disclosure: &'static str,
    /// Whether the match has an analysis to show (asked for, made or failed).
    analysed: bool,
}

/// `GET /matches/{id}`; 404 if there is no such match.
pub(super) async fn page(
    State(store): State<Store>,
    Path(id): Path<String>,
    frame: Frame,
) -> PageResult {
    let Some(detail) = store.match_detail(&id).await? else {
        return Err(PageError::NotFound(frame.t1("match-missing", "id", &id)));
    };
    let record = store.play_record(&id).await?;
    let tables_left = store.deal_tables_left(&detail.summary).await?;
    let disclosure = Disclosure::of(detail.summary.status, tables_left);
    let mut page = match_page(frame, &detail, &record, disclosure, tables_left);
    page.analysed = store.has_analysis(&id).await?;
    ok(&page)
}

/// Why a sealed match shows nothing yet, and when it will.
fn sealed_note(locale: Locale, tables_left: u32) -> String {
    locale.message_count("match-sealed", u64::from(tables_left))
}

/// The page of a match (`tables_left`: the other tables of its deal still to be played, which
/// keep it sealed); `analysed` is left for the caller to fill in.
fn match_page(
    frame: Frame,
    detail: &MatchDetail,
    record: &PlayRecord,
    disclosure: Disclosure,
    tables_left: u32,
) -> MatchPage {
    let m = &detail.summary;
    let sealed = disclosure == Disclosure::Sealed;
    // A sealed match shows no move, fault detail or error: they would tell another table the
    // cards it is about to be dealt.
    let actions: &[_] = if sealed { &[] } else { &detail.actions };
    // The step each seat faulted at: from it on, a house bot played the seat.
    let fault_steps = record.fault_steps(m.seats.len());
    // A bot at two seats reads "reference" and "reference (2)", as at a table for people.
    let names = distinct_names(&m.seats.iter().map(|s| &s.name).collect::<Vec<_>>());
    let bots: Vec<String> = m.seats.iter().map(|s| s.bot_id.clone()).collect();
    let said = cardarena_contest::frames::describe_all(
        &m.game,
        &m.options,
        m.seats.len(),
        m.seed,
        actions,
    )
    .unwrap_or_else(|e| {
        tracing::warn!("match {}: its moves cannot be described: {e}", m.id);
        (actions.iter())
            .map(|a| vec![json_phrase(a.seat, &a.action)])
            .collect()
    });
    let locale = Locale::from_code(frame.lang()).unwrap_or(Locale::En);
    let reader = Reader {
        locale,
        names: &names,
        you: None,
        deck: Deck::of(&m.game, frame.prsi_deck()),
    };
    let moves = actions
        .iter()
        .enumerate()
        .map(|(i, a)| MoveRow {
            step: i + 1,
            words: said
                .get(i)
                .map(|p| words::words(p, &reader, &bots, words::CLAUSES))
                .unwrap_or_default(),
            json: a.action.to_string(),
            say: a.say.clone(),
            substitute: by_of(&fault_steps, a.seat, i as u32 + 1) == By::Substitute,
        })
        .collect();
    let finished = m.status.as_str() == "finished";
    let verdict = finished.then(|| ending::verdict(detail)).flatten();
    let mut seats: Vec<SeatRow> = m.seats.iter().map(|s| SeatRow::new(s, locale)).collect();
    for (row, name) in seats.iter_mut().zip(&names) {
        row.name = name.clone();
        let mut args = FluentArgs::new();
        args.set("name", name.as_str());
        args.set("seat", row.seat);
        row.view = locale.message_with("match-view-seat", Some(&args));
    }
    if sealed {
        for row in &mut seats {
            if let Some((_, detail)) = &mut row.fault {
                detail.clear();
            }
        }
    }
    if let Some(verdict) = &verdict {
        for row in &mut seats {
            let words = verdict
                .seats
                .get(row.seat)
                .map(|w| words::text(w, &reader, words::LIST));
            // The game's own words; a faulted seat forfeits besides (ranked last).
            row.words = match row.fault {
                Some(_) => words.map(|w| {
                    let mut args = FluentArgs::new();
                    args.set("words", w);
                    locale.message_with("match-forfeits", Some(&args))
                }),
                None => words,
            };
        }
    }
    // How many decisions each kit played at random tells nothing of the cards: shown even sealed.
    let fallbacks = (m.seats.iter().zip(&names))
        .filter(|(s, _)| s.fallbacks > 0)
        .map(|(s, name)| {
            let mut args = FluentArgs::new();
            args.set("seat", s.seat);
            args.set("name", name.as_str());
            args.set("count", s.fallbacks);
            locale.message_with("match-fallback-note", Some(&args))
        })
        .collect();
    MatchPage {
        frame,
        fallbacks,
        result: verdict.map(|v| words::words(&v.text, &reader, &bots, words::SENTENCE)),
        fault: ending::first_fault(detail, record).map(|(name, step, kind)| {
            let mut args = FluentArgs::new();
            args.set("name", name);
            args.set("step", step);
            args.set("kind", fault_kind(Words(locale), &kind));
            (step, locale.message_with("match-fault-link", Some(&args)))
        }),
        m: MatchView {
            id: m.id.clone(),
            game: m.game.clone(),
            status: m.status.as_str(),
            kind: m.kind.clone(),
            rated: m.rated,
            seed: disclosure.is_open().then_some(m.seed),
            seed_note: match disclosure {
                Disclosure::Sealed => locale.message("match-seed-sealed"),
                _ => locale.message("match-seed-hidden"),
            },
            options: m.options.to_string(),
            rules_version: m.rules_version,
            error: if sealed { None } else { m.error.clone() },
            created: utc(m.created_at),
            finished: m.finished_at.map(utc),
        },
        seats,
        moves,
        log_note: match &detail.log {
            _ if sealed => Some(sealed_note(locale, tables_left)),
            LogState::Kept => None,
            LogState::Dropped { at } => {
                let mut args = FluentArgs::new();
                args.set("date", utc(*at));
                Some(locale.message_with("match-log-dropped", Some(&args)))
            }
            LogState::Unreadable(why) => {
                let mut args = FluentArgs::new();
                args.set("why", why.as_str());
                Some(locale.message_with("match-log-unreadable", Some(&args)))
            }
        },
        links: assets::links(),
        disclosure: disclosure.as_str(),
        analysed: false,
    }
}
