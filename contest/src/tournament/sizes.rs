//! A tournament holds a bot to the table sizes it plays ([`crate::table_sizes`]): entry is refused
//! when one of the tournament's stages is planned to seat the bot at another size, an entered
//! bot's owner cannot drop a size a stage still to come seats it at, and a stage does not start
//! while one of its tables seats a bot at a size it does not play (a final with fewer finalists
//! than planned sits at a smaller table).

use std::collections::HashMap;

use cardarena_store::{BotRecord, NewMatch, Store};

use super::refusal::{Outside, Refusal, Stage};
use super::spec::StageSpec;
use super::{TournamentError, conflict, invalid, stages_of};
use crate::games::{self, GameInfo};
use crate::table_sizes;

/// The first of `stages` from index `from` planned to seat `bot` at a size it does not play: the
/// stage and that size.
fn first_outside(
    bot: &BotRecord,
    info: &GameInfo,
    stages: &[StageSpec],
    from: usize,
) -> Option<(Stage, usize)> {
    stages
        .iter()
        .enumerate()
        .skip(from)
        .find_map(|(index, stage)| {
            let size = stage
                .planned_sizes(info)
                .into_iter()
                .find(|&n| !bot.plays_at(n))?;
            let kind = stage.kind;
            Some((Stage { index, kind }, size))
        })
}

/// `bot` (of the game `info`) outside the sizes it plays, were `stage` to seat it at `size`.
fn outside(bot: &BotRecord, info: &GameInfo, stage: Stage, size: usize) -> Outside {
    Outside {
        bot: bot.name.clone(),
        sizes: table_sizes::of(bot, info.players),
        stage,
        size,
    }
}

/// Refuses to enter `bot` in a tournament of `info` with `stages` when a stage is planned to seat
/// it at a size it does not play.
pub(super) fn check_entry(
    bot: &BotRecord,
    info: &GameInfo,
    stages: &[StageSpec],
) -> Result<(), TournamentError> {
    let Some((stage, size)) = first_outside(bot, info, stages, 0) else {
        return Ok(());
    };
    let outside = outside(bot, info, stage, size);
    Err(invalid(
        "outside_ladder_players",
        Refusal::EntryOutside(outside),
    ))
}

/// Refuses to change `bot`'s table sizes to `sizes` (`None`: every size) while it is entered in
/// a tournament not finished whose current or later stage is planned to seat it at a size the new
/// list leaves out.
pub async fn check_change(
    store: &Store,
    bot: &BotRecord,
    sizes: Option<&[usize]>,
) -> Result<(), TournamentError> {
    let changed = BotRecord {
        ladder_players: sizes.map(<[usize]>::to_vec),
        ..bot.clone()
    };
    for t in store.entered_tournaments(&bot.id).await? {
        let Some(info) = games::game(&t.game) else {
            continue;
        };
        let stages = stages_of(&t)?;
        let from = t.current_stage.unwrap_or(0) as usize;
        if let Some((stage, size)) = first_outside(&changed, &info, &stages, from) {
            let (bot, tournament) = (bot.name.clone(), t.name);
            return Err(conflict(
                "outside_ladder_players",
                Refusal::ChangeOutside {
                    bot,
                    tournament,
                    stage,
                    size,
                },
            ));
        }
    }
    Ok(())
}

/// Refuses to start stage `index` with `matches` when one of them seats a bot at a size it does
/// not play, saying what the organiser and the owner can do.
pub(super) async fn check_stage(
    store: &Store,
    info: &GameInfo,
    index: u32,
    stage: &StageSpec,
    matches: &[NewMatch],
) -> Result<(), TournamentError> {
    let mut bots: HashMap<&str, Option<BotRecord>> = HashMap::new();
    for m in matches {
        let size = m.bot_ids.len();
        for id in &m.bot_ids {
            if !bots.contains_key(id.as_str()) {
                bots.insert(id, store.bot(id).await?);
            }
            let Some(Some(bot)) = bots.get(id.as_str()) else {
                continue;
            };
            if !bot.plays_at(size) {
                let (index, kind) = (index as usize, stage.kind);
                let outside = outside(bot, info, Stage { index, kind }, size);
                return Err(conflict(
                    "outside_ladder_players",
                    Refusal::StageOutside(outside),
                ));
            }
        }
    }
    Ok(())
}
