//! The table sizes a bot plays on the ladder, as the API takes them (`"ladder_players"` on
//! `POST /api/bots` and `PATCH /api/bots/{id}`) and shows them: checked where they arrive
//! ([`table_sizes::check`]), refused with `400 bad_ladder_players` and a sentence; a change that a
//! tournament the bot is entered in forbids is `409 outside_ladder_players`.

use serde::Deserialize;

use super::{ApiError, Detail};
use crate::app::AppState;
use cardarena_contest::games::{self, GameInfo};
use cardarena_contest::{table_sizes, tournament};
use cardarena_store::BotRecord;

/// A field that may be null: `Some(None)` when it is null, `None` (by `default`) when absent.
pub(super) fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// The table sizes of a request's `ladder_players` for a bot of the game `info`, checked: `None`
/// for every size.
pub(super) fn checked(
    info: &GameInfo,
    sizes: Option<&[u64]>,
) -> Result<Option<Vec<usize>>, ApiError> {
    sizes
        .map(|sizes| {
            table_sizes::check(info, sizes).map_err(|detail| {
                let detail = super::words::sizes_refused(info, sizes)
                    .unwrap_or_else(|| Detail::english(detail));
                ApiError::invalid("bad_ladder_players", detail)
            })
        })
        .transpose()
}

/// The owner's new `ladder_players` for `bot`, checked, and allowed by every tournament it is
/// entered in (which keeps the sizes its stages seat it at): the sizes to store.
pub(super) async fn change(
    state: &AppState,
    bot: &BotRecord,
    sizes: Option<&[u64]>,
) -> Result<Option<Vec<usize>>, ApiError> {
    let info = games::game(&bot.game).ok_or_else(|| ApiError::internal("bot of no game"))?;
    let sizes = checked(&info, sizes)?;
    tournament::sizes::check_change(&state.store, bot, sizes.as_deref()).await?;
    Ok(sizes)
}

/// Every table size a bot plays on the ladder at, fewest first, for its JSON.
pub(super) fn sizes_of(bot: &BotRecord) -> Vec<usize> {
    match games::game(&bot.game) {
        Some(info) => table_sizes::of(bot, info.players),
        None => bot.ladder_players.clone().unwrap_or_default(),
    }
}
