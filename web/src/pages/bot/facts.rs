//! The facts at the top of a bot's page, in the reader's language: its kind, whether it plays
//! (and why not), its table sizes on the ladder, its probation, its recent faults and what its
//! kit played at random. Sentences with a link or code in them are HTML ([`markup`]).

use super::super::format::{fault_kind, short_id, utc};
use super::super::leaderboard::recent_faults;
use super::super::words::{Arg, Words, code, code_link, escaped, link, markup};
use cardarena_contest::health::{Verdict, probation_verdict};
use cardarena_contest::{games, table_sizes};
use cardarena_store::{
    BotKind, BotRecord, OrganiserHold, PauseReason, ProbationMatch, RecentFallbacks,
};

/// The bot itself, ready to print.
pub(super) struct BotView {
    pub name: String,
    pub game: String,
    /// Its kind in words.
    pub kind: String,
    /// "(house bot <code>id</code>)" for a house bot (HTML).
    pub house: Option<String>,
    pub url: Option<String>,
    pub removed: bool,
    pub registered: String,
    /// "active: …" or "paused: <why>".
    pub status: String,
    /// What the last failed ping or the pause rule said (the server's words, in English).
    pub status_detail: Option<String>,
    /// What to do when the last failed ping was refused with 401: the bot checks signatures
    /// with another secret than the one registration gave (HTML).
    pub wrong_secret: Option<String>,
    /// When the next ping is due.
    pub next_check: Option<String>,
    /// What the next check is: a ping, or a probation match for a bot paused for faults.
    pub next_check_label: String,
    /// Whether it is on probation (paused for faults).
    pub on_probation: bool,
    /// The probation match out now, linked (HTML).
    pub probation_match: Option<String>,
    /// How the last probation went (HTML).
    pub last_probation: Option<String>,
    /// Its faults over its recent matches, in a sentence ("3/50 (6%): faulted of …").
    pub recent_faults: String,
    /// The table sizes it plays on the ladder, as a sentence; none for the people's row, which
    /// the ladder never seats.
    pub ladder_sizes: Option<String>,
    /// What its kit played at random in its latest matches, in words (contestants' bots with a
    /// finished match).
    pub fallbacks: Option<String>,
}

impl BotView {
    /// The view of `bot`, its last probation and its kit's recent random plays.
    pub(super) fn new(
        w: Words,
        bot: &BotRecord,
        last_probation: Option<ProbationMatch>,
        fallbacks: RecentFallbacks,
    ) -> BotView {
        let on_probation = bot.health.paused == Some(PauseReason::Faults);
        let (url, house) = match &bot.kind {
            BotKind::Http { url } => (Some(url.clone()), None),
            BotKind::House { house_id } => {
                let sentence = w.t("bot-house-bot", &[("id", Arg::Mark(0))]);
                (None, Some(markup(&sentence, &[code(house_id)])))
            }
            BotKind::Dial | BotKind::Module { .. } | BotKind::Person => (None, None),
        };
        let health = &bot.health;
        let rate = (health.recent_matches > 0).then(|| {
            let share = f64::from(health.faults()) / f64::from(health.recent_matches);
            w.t(
                "bot-percent",
                &[("percent", Arg::num((100.0 * share).round()))],
            )
        });
        let faults = recent_faults(health.faults(), health.recent_matches);
        let recent_faults = match rate {
            Some(rate) => w.t(
                "bot-recent-faults-rate",
                &[("faults", Arg::Text(faults)), ("rate", Arg::Text(rate))],
            ),
            None => w.t("bot-recent-faults-text", &[("faults", Arg::Text(faults))]),
        };
        BotView {
            name: bot.name.clone(),
            game: bot.game.clone(),
            kind: kind_text(w, &bot.kind),
            house,
            url,
            removed: bot.deleted,
            registered: utc(bot.created_at),
            status: status_text(w, bot.organiser, health.paused),
            wrong_secret: refused_signature(health.detail.as_deref()).then(|| wrong_secret(w)),
            status_detail: health.detail.clone(),
            next_check: health.next_check_at.map(utc),
            on_probation,
            next_check_label: match on_probation {
                true => w.t("bot-next-probation", &[]),
                false => w.t("bot-next-check", &[]),
            },
            probation_match: (health.probation_match.as_ref())
                .filter(|_| on_probation)
                .map(|id| {
                    let sentence = w.t("bot-probation-match-now", &[("match", Arg::Mark(0))]);
                    markup(&sentence, &[match_link(id)])
                }),
            last_probation: last_probation.and_then(|m| last_probation_text(w, m)),
            ladder_sizes: games::game(&bot.game)
                .filter(|_| bot.kind != BotKind::Person)
                .map(|game| ladder_sentence(w, bot, &game)),
            recent_faults,
            fallbacks: fallbacks_text(w, &bot.kind, fallbacks),
        }
    }
}

/// A link to a match, its short id as code.
fn match_link(id: &str) -> String {
    code_link(&format!("/matches/{id}"), short_id(id))
}

/// A bot's kind in words.
fn kind_text(w: Words, kind: &BotKind) -> String {
    match kind {
        BotKind::Http { .. } => w.t("bot-kind-http", &[]),
        BotKind::Dial => w.t("bot-kind-dial", &[]),
        BotKind::Module { .. } => w.t("bot-kind-module", &[]),
        BotKind::House { .. } => w.t("bot-kind-house", &[]),
        BotKind::Person => w.t("bot-kind-person", &[]),
    }
}

/// Whether the bot plays, and why not, in words.
fn status_text(w: Words, hold: Option<OrganiserHold>, paused: Option<PauseReason>) -> String {
    match (hold, paused) {
        (Some(OrganiserHold::Paused), _) => w.t("bot-status-organiser-paused", &[]),
        (Some(OrganiserHold::Disqualified), _) => w.t("bot-status-disqualified", &[]),
        (None, None) => w.t("bot-status-active", &[]),
        (None, Some(PauseReason::Unchecked)) => w.t("bot-status-unchecked", &[]),
        (None, Some(PauseReason::Faults)) => w.t("bot-status-probation", &[]),
        (None, Some(PauseReason::Owner)) => w.t("bot-status-owner", &[]),
    }
}

/// Whether a failed ping's `detail` is the bot's 401: it refused the server's signature.
fn refused_signature(detail: Option<&str>) -> bool {
    detail.is_some_and(|d| d.contains("http_status: answered 401"))
}

/// What to do about a bot that refuses the server's signature (HTML).
fn wrong_secret(w: Words) -> String {
    let sentence = w.t(
        "bot-wrong-secret",
        &[
            ("file", Arg::Mark(0)),
            ("line", Arg::Mark(1)),
            ("flag", Arg::Mark(2)),
            ("play", Arg::Mark(3)),
            ("join", Arg::Mark(4)),
            ("guide", Arg::Mark(5)),
        ],
    );
    markup(
        &sentence,
        &[
            code(".cardarena"),
            code(&w.t("bot-secret-line", &[])),
            code("cardarena play --secret"),
            code("cardarena play"),
            link("/join", &w.t("bot-join-link", &[])),
            link(
                "/docs/writing-a-bot#4-set-the-secret",
                &w.t("bot-guide-link", &[]),
            ),
        ],
    )
}

/// How the bot's last probation went (HTML), if it has a verdict.
fn last_probation_text(w: Words, m: ProbationMatch) -> Option<String> {
    let verdict = probation_verdict(&m)?;
    let result = match verdict {
        Verdict::Passed => w.t("bot-probation-passed", &[("match", Arg::Mark(0))]),
        Verdict::Faulted(..) => {
            let detail = m.fault.as_ref().map_or(String::new(), |(_, d)| d.clone());
            w.t(
                "bot-probation-faulted",
                &[
                    ("kind", Arg::Mark(1)),
                    ("detail", Arg::Text(detail)),
                    ("match", Arg::Mark(0)),
                ],
            )
        }
        Verdict::NotPlayed => w.t("bot-probation-not-played", &[("match", Arg::Mark(0))]),
    };
    let sentence = match m.ended_at {
        Some(at) => w.t(
            "bot-probation-when",
            &[
                ("result", Arg::Marked(result)),
                ("when", Arg::Text(utc(at))),
            ],
        ),
        None => result,
    };
    let kind = m
        .fault
        .as_ref()
        .map_or(String::new(), |(k, _)| fault_kind(w, k));
    let fault = format!("<span class=\"fault\">{}</span>", escaped(&kind));
    Some(markup(&sentence, &[match_link(&m.match_id), fault]))
}

/// The sizes the bot plays on the ladder, as a sentence.
fn ladder_sentence(w: Words, bot: &BotRecord, game: &games::GameInfo) -> String {
    let sizes = table_sizes::of(bot, game.players);
    let every = sizes.iter().copied().eq(game.players.counts());
    let list = list_in_words(w, &sizes);
    let args = [("sizes", Arg::Text(list)), ("game", Arg::text(game.id))];
    match (every, sizes.len()) {
        (true, 1) => w.t("bot-ladder-every-one", &args),
        (true, _) => w.t("bot-ladder-every", &args),
        (false, 1) => w.t("bot-ladder-one", &args),
        (false, _) => w.t("bot-ladder-some", &args),
    }
}

/// Numbers in a list: "2", "2 and 3", "2, 3 and 4".
fn list_in_words(w: Words, numbers: &[usize]) -> String {
    match numbers {
        [] => String::new(),
        [one] => one.to_string(),
        [first, rest @ ..] if rest.len() > 1 => w.t(
            "bot-list-more",
            &[
                ("first", Arg::text(first)),
                ("rest", Arg::Text(list_in_words(w, rest))),
            ],
        ),
        [first, last, ..] => w.t(
            "bot-list-two",
            &[("first", Arg::text(first)), ("last", Arg::text(last))],
        ),
    }
}

/// What a contestant's bot's kit played at random in its latest finished matches, in words;
/// `None` for house bots, people, and a bot with no finished match.
fn fallbacks_text(w: Words, kind: &BotKind, recent: RecentFallbacks) -> Option<String> {
    let contestant = matches!(
        kind,
        BotKind::Http { .. } | BotKind::Dial | BotKind::Module { .. }
    );
    if !contestant || recent.seats == 0 {
        return None;
    }
    let seats = ("seats", Arg::num(recent.seats as f64));
    if recent.decisions == 0 {
        return Some(w.t("bot-fallbacks-none", &[seats]));
    }
    Some(w.t(
        "bot-fallbacks-some",
        &[
            ("decisions", Arg::num(recent.decisions as f64)),
            ("matches", Arg::num(recent.with_fallbacks as f64)),
            seats,
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Locale;

    #[test]
    fn lists_and_random_plays_read_in_each_language() {
        let (en, ru, cs) = (Words(Locale::En), Words(Locale::Ru), Words(Locale::Cs));
        assert_eq!(list_in_words(en, &[2, 3, 4]), "2, 3 and 4");
        assert_eq!(list_in_words(ru, &[2, 3]), "2 и 3");
        assert_eq!(list_in_words(cs, &[4]), "4");
        let http = BotKind::Http { url: "x".into() };
        let recent = |seats, decisions, with_fallbacks| RecentFallbacks {
            seats,
            decisions,
            with_fallbacks,
        };
        let one = fallbacks_text(en, &http, recent(1, 1, 1)).unwrap();
        assert!(
            one.starts_with("1 decision in its one finished match: "),
            "{one}"
        );
        let many = fallbacks_text(ru, &http, recent(21, 5, 2)).unwrap();
        assert!(
            many.starts_with("5 решений в 2 из последнего 21 завершённого матча"),
            "{many}"
        );
        let none = fallbacks_text(cs, &http, recent(3, 0, 0)).unwrap();
        assert_eq!(none, "žádné v jeho posledních 3 dohraných zápasech");
        assert_eq!(fallbacks_text(en, &BotKind::Dial, recent(0, 0, 0)), None);
    }
}
