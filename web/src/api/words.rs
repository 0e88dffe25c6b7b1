//! Other crates' refusals in the API's words: each kind of refusal a crate names (a bot URL's,
//! an uploaded module's, a live view's, a long poll's, a list of table sizes') as a [`Detail`]
//! the request's language renders, the English the same sentence the crate writes.

use cardarena_bots::expert;
use cardarena_bots::http::{BotUrlError, MAX_URL_LEN};
use cardarena_contest::games::GameInfo;
use cardarena_contest::live::Full;
use cardarena_contest::table_sizes::{self, MAX_SIZES};
use cardarena_contest::tables::WaitRefused;
use cardarena_sandbox::Refusal;
use cardarena_store::BotRecord;

use super::Detail;
use super::detail::{numbers, players};

/// Why a bot URL is refused.
pub(super) fn url(error: BotUrlError) -> Detail {
    match error {
        BotUrlError::TooLong { len } => Detail::new("api-url-too-long")
            .number("len", len as u64)
            .number("max", MAX_URL_LEN as u64),
        BotUrlError::Invalid(e) => Detail::new("api-url-invalid").text("reason", e),
        BotUrlError::Scheme { scheme } => Detail::new("api-url-scheme").text("scheme", scheme),
        BotUrlError::NoHost => Detail::new("api-url-no-host"),
        BotUrlError::Credentials => Detail::new("api-url-credentials"),
        BotUrlError::Fragment => Detail::new("api-url-fragment"),
        BotUrlError::Unresolved { host, detail } => Detail::new("api-url-unresolved")
            .text("host", host)
            .text("reason", detail),
        BotUrlError::NotPublic { host, ip } => Detail::new("api-url-not-public")
            .text("host", host)
            .text("ip", ip),
    }
}

/// A game's house bots, for a sentence: "random, greedy, expert (or expert:N, N ms a decision:
/// 50, 200, 1000)" ([`GameInfo::house_bots_in_words`]).
pub(super) fn house_bots(info: &GameInfo) -> Detail {
    let bots = info.house_bots.join(", ");
    match info.house_bots.contains(&expert::ID) {
        true => Detail::new("api-house-bots-expert")
            .text("bots", bots)
            .text("budgets", expert::budgets_in_words()),
        false => Detail::new("api-house-bots").text("bots", bots),
    }
}

/// Why an uploaded module is not a bot module.
pub(super) fn module(refusal: Refusal) -> Detail {
    match refusal {
        Refusal::TooLarge { bytes, limit } => Detail::new("api-module-over-limit")
            .number("bytes", bytes as u64)
            .number("max", limit as u64),
        Refusal::CoreModule => Detail::new("api-module-core"),
        Refusal::Invalid(why) => Detail::new("api-module-invalid").text("reason", why),
        Refusal::Imports(why) => Detail::new("api-module-imports").text("reason", why),
        Refusal::Interface(why) => Detail::new("api-module-interface").text("reason", why),
        Refusal::Start(why) => Detail::new("api-module-start").text("reason", why),
    }
}

/// Why a live view is refused.
pub(super) fn live_full(full: Full) -> Detail {
    match full {
        Full::Match(n) => Detail::new("api-live-match-full").number("count", n as u64),
        Full::Server(n) => Detail::new("api-live-server-full").number("count", n as u64),
    }
}

/// Why a long poll is refused (its bound, which the tables' crate keeps to itself, read from
/// its own sentence).
pub(super) fn wait_refused(refused: WaitRefused) -> Detail {
    let text = refused.to_string();
    let Some(bound) = (text.split(' ')).find_map(|word| word.parse::<u64>().ok()) else {
        return Detail::english(text);
    };
    let id = match refused {
        WaitRefused::Client => "api-polls-address",
        WaitRefused::Table => "api-polls-table",
    };
    Detail::new(id).number("count", bound)
}

/// Why a list of table sizes does not fit the game `info`, if it does not
/// ([`table_sizes::check`]'s verdict, in words).
pub(super) fn sizes_refused(info: &GameInfo, sizes: &[u64]) -> Option<Detail> {
    table_sizes::check(info, sizes).err()?;
    let seats = players(info.players);
    let detail = if sizes.is_empty() {
        Detail::new("api-sizes-none")
    } else if sizes.len() > MAX_SIZES {
        Detail::new("api-sizes-too-many").number("max", MAX_SIZES as u64)
    } else {
        let seated = |n: u64| usize::try_from(n).is_ok_and(|n| info.players.allows(n));
        let size = sizes.iter().find(|&&n| !seated(n))?;
        Detail::new("api-sizes-unseated").text("size", size)
    };
    Some(detail.text("game", info.id).words("seats", seats))
}

/// "rick plays at 2 seats only; this practice match seats 3" ([`table_sizes::outside`]), where
/// `what` is a message that names the match or stage.
pub(super) fn outside(bot: &BotRecord, info: &GameInfo, what: Detail, size: usize) -> Detail {
    outside_sizes(&bot.name, &table_sizes::of(bot, info.players), what, size)
}

/// "rick plays at 2 seats only; this practice match seats 3": the bot named `bot` playing at
/// `sizes` (fewest first), `what` seating it at `size`.
pub(super) fn outside_sizes(bot: &str, sizes: &[usize], what: Detail, size: usize) -> Detail {
    let at = match sizes {
        [one] => Detail::new("api-plays-at-only").number("size", *one as u64),
        _ => Detail::new("api-plays-at").words("sizes", numbers(sizes, false)),
    };
    Detail::new("api-outside-sizes")
        .text("bot", bot)
        .words("at", at)
        .words("what", what)
        .number("size", size as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Locale;
    use cardarena_contest::games;

    fn english(detail: Detail) -> String {
        detail.render(Locale::En)
    }

    #[test]
    fn the_english_is_each_crates_own_sentence() {
        let urls = [
            BotUrlError::TooLong { len: 3000 },
            BotUrlError::Invalid(url::ParseError::EmptyHost),
            BotUrlError::Scheme {
                scheme: "ftp".into(),
            },
            BotUrlError::NoHost,
            BotUrlError::Credentials,
            BotUrlError::Fragment,
            BotUrlError::Unresolved {
                host: "nowhere.invalid".into(),
                detail: "no such host".into(),
            },
            BotUrlError::NotPublic {
                host: "localhost".into(),
                ip: "127.0.0.1".parse().unwrap(),
            },
        ];
        for error in urls {
            assert_eq!(english(url(error.clone())), error.to_string());
        }
        let refusals = [
            Refusal::TooLarge {
                bytes: 10,
                limit: 5,
            },
            Refusal::CoreModule,
            Refusal::Invalid("magic".into()),
            Refusal::Imports("wasi:filesystem".into()),
            Refusal::Interface("no handle".into()),
            Refusal::Start("out of fuel".into()),
        ];
        for refusal in refusals {
            assert_eq!(english(module(refusal.clone())), refusal.to_string());
        }
        for full in [Full::Match(8), Full::Server(1000)] {
            assert_eq!(english(live_full(full)), full.to_string());
        }
        for refused in [WaitRefused::Client, WaitRefused::Table] {
            assert_eq!(english(wait_refused(refused)), refused.to_string());
        }
        for info in games::games() {
            assert_eq!(english(house_bots(&info)), info.house_bots_in_words());
            let max = info.players.max as u64;
            let too_many = vec![max; MAX_SIZES + 1];
            for sizes in [&[][..], &[max + 1], &[max, 1], &too_many, &[u64::MAX]] {
                let crate_said = table_sizes::check(&info, sizes).unwrap_err();
                let said = sizes_refused(&info, sizes).map(english);
                assert_eq!(said.as_deref(), Some(crate_said.as_str()), "{sizes:?}");
            }
            assert_eq!(sizes_refused(&info, &[max]), None);
        }
    }

    #[test]
    fn a_refused_list_of_sizes_reads_in_russian_and_czech() {
        let durak = games::game("durak").unwrap();
        let said = |locale| sizes_refused(&durak, &[2, 7]).unwrap().render(locale);
        assert_eq!(
            said(Locale::Ru),
            "число игроков в durak — от 2 до 4, а не 7"
        );
        assert_eq!(said(Locale::Cs), "počet hráčů ve hře durak je 2 až 4, ne 7");
    }
}
