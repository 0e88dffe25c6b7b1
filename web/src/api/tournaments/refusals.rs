//! A tournament's refusals in the API's words: each [`Refusal`] the contest crate names, as a
//! [`Detail`] the request's language renders, its English the crate's own sentence (its
//! `Display`).

use cardarena_contest::games;
use cardarena_contest::tournament::refusal::{Outside, Refusal, Stage, StageFault};
use cardarena_contest::tournament::spec::{
    DEADLINE_MS, FINALISTS, MATCH_TIME_LIMIT_MS, MAX_STAGE_MATCHES, MAX_TIME_BANK_MS,
};

use crate::api::Detail;
use crate::api::detail::players;
use crate::api::words::{house_bots, outside_sizes};

/// Why a tournament refused a request, in words.
pub(super) fn words(refusal: &Refusal) -> Detail {
    match refusal {
        Refusal::Name { max } => Detail::new("api-tournament-name-length").number("max", n(*max)),
        Refusal::UnknownGame { game } => Detail::new("api-tournament-no-game").quoted("game", game),
        Refusal::StageCount { max } => {
            Detail::new("api-tournament-stage-count").number("max", n(*max))
        }
        Refusal::Stage { index, fault } => Detail::new("api-tournament-stage-fault")
            .number("index", n(*index))
            .words("fault", stage_fault(fault)),
        Refusal::EntriesClosed => Detail::new("api-tournament-entries-closed"),
        Refusal::UnknownBot { id } => Detail::new("api-no-bot").quoted("id", id),
        Refusal::Disqualified { bot } => {
            Detail::new("api-tournament-disqualified").text("bot", bot)
        }
        Refusal::WrongGame { bot, plays, game } => Detail::new("api-tournament-wrong-game")
            .text("bot", bot)
            .text("plays", plays)
            .text("game", game),
        Refusal::HouseOpponent { bot } => {
            Detail::new("api-tournament-house-opponent").text("bot", bot)
        }
        Refusal::AlreadyEntered { bot } => {
            Detail::new("api-tournament-already-entered").text("bot", bot)
        }
        Refusal::EntryOutside(outside) => Detail::new("api-tournament-entry-outside")
            .words("outside", outside_words(outside))
            .number("size", n(outside.size)),
        Refusal::ChangeOutside {
            bot,
            tournament,
            stage,
            size,
        } => Detail::new("api-tournament-change-outside")
            .text("bot", bot)
            .text("tournament", tournament)
            .words("stage", stage_words("api-tournament-stage", *stage))
            .number("size", n(*size)),
        Refusal::StageOutside(outside) => Detail::new("api-tournament-stage-outside")
            .words("outside", outside_words(outside))
            .number("size", n(outside.size)),
        Refusal::StageRunning { stage } => {
            Detail::new("api-tournament-stage-running").number("stage", u64::from(*stage))
        }
        Refusal::StageStarted { stage } => {
            Detail::new("api-tournament-stage-started").number("stage", u64::from(*stage))
        }
        Refusal::Finished => Detail::new("api-tournament-finished"),
        Refusal::NoEntries => Detail::new("api-tournament-no-entries"),
        Refusal::TooFewFinalists { count } => {
            Detail::new("api-tournament-few-finalists").number("count", n(*count))
        }
        Refusal::StageTooLarge { matches } => Detail::new("api-tournament-stage-too-large")
            .number("count", n(*matches))
            .number("max", n(MAX_STAGE_MATCHES)),
        Refusal::Other(text) => Detail::english(text),
    }
}

/// What is wrong with a stage of a spec, in words.
fn stage_fault(fault: &StageFault) -> Detail {
    match fault {
        StageFault::FirstNotHouse => Detail::new("api-tournament-first-house"),
        StageFault::Deadline => Detail::new("api-tournament-deadline")
            .number("min", u64::from(*DEADLINE_MS.start()))
            .number("max", u64::from(*DEADLINE_MS.end())),
        StageFault::TimeBank => {
            Detail::new("api-tournament-time-bank").number("max", u64::from(MAX_TIME_BANK_MS))
        }
        StageFault::MatchCap => Detail::new("api-tournament-match-cap")
            .number("min", u64::from(*MATCH_TIME_LIMIT_MS.start()))
            .number("max", u64::from(*MATCH_TIME_LIMIT_MS.end())),
        StageFault::Options(why) => Detail::new("api-tournament-options").text("reason", why),
        StageFault::NoOpponents => Detail::new("api-tournament-no-opponents"),
        StageFault::NoHouseBot { name, game } => match games::game(game) {
            Some(info) => Detail::new("api-tournament-no-house-bot")
                .quoted("name", name)
                .text("game", game)
                .words("bots", house_bots(&info)),
            None => Detail::english(fault.to_string()),
        },
        StageFault::Seats { game, players: p } => Detail::new("api-tournament-seats")
            .text("game", game)
            .words("seats", players(*p)),
        StageFault::Count { field, most } => Detail::new("api-tournament-give-count")
            .text("field", field)
            .number("max", n(*most)),
        StageFault::NoTop => Detail::new("api-tournament-give-top"),
        StageFault::GauntletTop { top, players: p } => Detail::new("api-tournament-gauntlet-top")
            .number("top", n(*top))
            .words("seats", players(*p)),
        StageFault::Finalists => Detail::new("api-tournament-finalists")
            .number("min", n(*FINALISTS.start()))
            .number("max", n(*FINALISTS.end())),
        StageFault::FinalTable { table, players: p } => Detail::new("api-tournament-final-table")
            .number("table", n(*table))
            .words("seats", players(*p)),
        StageFault::SameDeals => Detail::new("api-tournament-same-deals"),
    }
}

/// A stage in words: `id` is `api-tournament-stage` ("stage 1 (final)") or
/// `api-tournament-this-stage` ("stage 1 (final) of this tournament").
fn stage_words(id: &'static str, stage: Stage) -> Detail {
    Detail::new(id)
        .number("index", n(stage.index))
        .text("kind", stage.kind.as_str())
}

/// "pair plays at 2 seats only; stage 0 (house) of this tournament seats 3".
fn outside_words(outside: &Outside) -> Detail {
    let what = stage_words("api-tournament-this-stage", outside.stage);
    outside_sizes(&outside.bot, &outside.sizes, what, outside.size)
}

/// A count or size as a message's number.
fn n(value: usize) -> u64 {
    value as u64
}

#[cfg(test)]
#[path = "refusals_tests.rs"]
mod tests;
