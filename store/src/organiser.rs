//! The organiser's actions on a contestant's bot: pause, resume, disqualify, reinstate, delete,
//! each kept with who took it, why and when (migration 0014). The organiser's hold
//! (`bots.organiser_hold`) stands apart from the bot's health (`status`), which its owner and the
//! health loop move: neither can lift it. What a hold keeps the bot out of is decided where bots
//! are picked (the ladder's pool, the claim of queued matches, the health loop's due pings,
//! tournament entries, the leaderboard); docs/architecture.md, "The organiser's actions".

use sqlx::Row;

use super::probation::end_probation_by_owner;
use super::{Store, StoreError, Tx, now_ms};

/// The organiser's hold on a bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrganiserHold {
    /// It plays no match until the organiser resumes it; its tournament matches wait.
    Paused,
    /// It plays no match, enters no tournament and ranks nowhere; its results are kept.
    Disqualified,
}

impl OrganiserHold {
    /// The hold's name in the database and the API: `paused` or `disqualified`.
    pub fn as_str(self) -> &'static str {
        match self {
            OrganiserHold::Paused => "paused",
            OrganiserHold::Disqualified => "disqualified",
        }
    }

    /// The stored hold `name` (NULL: none).
    pub(super) fn parse(name: Option<&str>) -> Result<Option<OrganiserHold>, StoreError> {
        match name {
            None => Ok(None),
            Some("paused") => Ok(Some(OrganiserHold::Paused)),
            Some("disqualified") => Ok(Some(OrganiserHold::Disqualified)),
            Some(other) => Err(StoreError::Corrupt(format!("organiser hold {other:?}"))),
        }
    }
}

/// What the organiser can do to a contestant's bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrganiserAction {
    /// Hold it out of every match until resumed.
    Pause,
    /// Lift the organiser's pause.
    Resume,
    /// Put it out of the contest; its results stay.
    Disqualify,
    /// Undo a disqualification.
    Reinstate,
    /// Remove it, as its owner can.
    Delete,
}

impl OrganiserAction {
    /// Every action, in the order the API lists them.
    pub const ALL: [OrganiserAction; 5] = [
        OrganiserAction::Pause,
        OrganiserAction::Resume,
        OrganiserAction::Disqualify,
        OrganiserAction::Reinstate,
        OrganiserAction::Delete,
    ];

    /// The action's name in the database, the API's paths and its JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            OrganiserAction::Pause => "pause",
            OrganiserAction::Resume => "resume",
            OrganiserAction::Disqualify => "disqualify",
            OrganiserAction::Reinstate => "reinstate",
            OrganiserAction::Delete => "delete",
        }
    }

    fn parse(name: &str) -> Result<OrganiserAction, StoreError> {
        OrganiserAction::ALL
            .into_iter()
            .find(|a| a.as_str() == name)
            .ok_or_else(|| StoreError::Corrupt(format!("organiser action {name:?}")))
    }

    /// The hold after this action on a bot held as `hold`, or `None` if the action does not
    /// apply to it: a pause of a bot that is not held, a resume of a paused one, a
    /// disqualification of one that is not disqualified yet (paused or not), a reinstatement of a
    /// disqualified one; a deletion applies to any (the hold stays on record).
    pub fn after(self, hold: Option<OrganiserHold>) -> Option<Option<OrganiserHold>> {
        use OrganiserHold::{Disqualified, Paused};
        match (self, hold) {
            (OrganiserAction::Pause, None) => Some(Some(Paused)),
            (OrganiserAction::Resume, Some(Paused)) => Some(None),
            (OrganiserAction::Disqualify, None | Some(Paused)) => Some(Some(Disqualified)),
            (OrganiserAction::Reinstate, Some(Disqualified)) => Some(None),
            (OrganiserAction::Delete, hold) => Some(hold),
            _ => None,
        }
    }
}

/// An action the organiser took, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrganiserActionRecord {
    /// Its number, increasing over every bot's actions (the paging cursor).
    pub number: i64,
    /// What was done.
    pub action: OrganiserAction,
    /// Why, in the organiser's words.
    pub reason: String,
    /// Who did it, as the organiser named themselves.
    pub by: String,
    /// When, Unix ms.
    pub at: i64,
}

/// Why an action was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionRefused {
    /// No bot has this id, or it was removed.
    NoSuchBot,
    /// It is a house bot or the people's row, which the organiser runs anyway.
    NotContestant,
    /// The action does not apply to a bot held so ([`OrganiserAction::after`]).
    Held(Option<OrganiserHold>),
}

impl Store {
    /// Takes `action` on the contestant's bot `id` for `reason`, by `by`, and keeps it, in one
    /// transaction. A pause or a disqualification ends a probation and cancels the bot's queued
    /// matches (a pause those of tournaments excepted: they wait for the resume or the
    /// disqualification); a resume or a reinstatement sends it back to its owner's state with a
    /// ping due at once (a bot its owner paused stays paused; one paused for faults goes on to
    /// probation), so that it plays again only once it answers; a deletion is the owner's
    /// ([`Store::remove_bot`]). Settling a tournament whose matches were cancelled is the
    /// caller's.
    pub async fn organiser_act(
        &self,
        id: &str,
        action: OrganiserAction,
        reason: &str,
        by: &str,
    ) -> Result<Result<(), ActionRefused>, StoreError> {
        let mut tx = self.write().await?;
        let row = sqlx::query(
            "SELECT kind, organiser_hold FROM bots WHERE id = $1 AND deleted_at IS NULL",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(Err(ActionRefused::NoSuchBot));
        };
        if !matches!(
            row.try_get::<String, _>("kind")?.as_str(),
            "http" | "dial" | "module"
        ) {
            return Ok(Err(ActionRefused::NotContestant));
        }
        let hold = OrganiserHold::parse(
            row.try_get::<Option<String>, _>("organiser_hold")?
                .as_deref(),
        )?;
        let Some(next) = action.after(hold) else {
            return Ok(Err(ActionRefused::Held(hold)));
        };
        let now = now_ms();
        match action {
            OrganiserAction::Pause | OrganiserAction::Disqualify => {
                end_probation_by_owner(&mut tx, id).await?;
                set_hold(&mut tx, id, next).await?;
                let tournaments = action == OrganiserAction::Disqualify;
                cancel_queued(&mut tx, id, tournaments, now).await?;
            }
            OrganiserAction::Resume | OrganiserAction::Reinstate => {
                set_hold(&mut tx, id, next).await?;
                sqlx::query(
                    "UPDATE bots SET status = 'paused',
                         status_reason = CASE WHEN status_reason IN ('owner', 'faults')
                                              THEN status_reason ELSE 'unchecked' END,
                         next_check_at = CASE WHEN status_reason = 'owner' THEN NULL ELSE $1 END,
                         backoff_ms = CASE WHEN status_reason = 'faults' THEN backoff_ms ELSE 0 END
                     WHERE id = $2",
                )
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            OrganiserAction::Delete => {
                remove_in(&mut tx, id, now).await?;
            }
        }
        sqlx::query(
            "INSERT INTO organiser_actions (bot_id, action, reason, by_name, at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(action.as_str())
        .bind(reason)
        .bind(by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// At most `limit` of the organiser's actions on bot `id`, newest first, older than the
    /// action numbered `before`.
    pub async fn organiser_actions(
        &self,
        id: &str,
        before: Option<i64>,
        limit: u32,
    ) -> Result<Vec<OrganiserActionRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT number, action, reason, by_name, at FROM organiser_actions
             WHERE bot_id = $1 AND number < $2 ORDER BY number DESC LIMIT $3",
        )
        .bind(id)
        .bind(before.unwrap_or(i64::MAX))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(OrganiserActionRecord {
                    number: row.try_get("number")?,
                    action: OrganiserAction::parse(&row.try_get::<String, _>("action")?)?,
                    reason: row.try_get("reason")?,
                    by: row.try_get("by_name")?,
                    at: row.try_get("at")?,
                })
            })
            .collect()
    }

    /// How many actions the organiser took on bot `id`.
    pub async fn organiser_action_count(&self, id: &str) -> Result<u64, StoreError> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM organiser_actions WHERE bot_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
        Ok(n as u64)
    }
}

async fn set_hold(tx: &mut Tx, id: &str, hold: Option<OrganiserHold>) -> Result<(), StoreError> {
    sqlx::query("UPDATE bots SET organiser_hold = $1 WHERE id = $2")
        .bind(hold.map(OrganiserHold::as_str))
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Cancels the queued matches that seat bot `id`: every kind, or every kind but tournament
/// matches.
async fn cancel_queued(
    tx: &mut Tx,
    id: &str,
    tournaments: bool,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE matches SET status = 'cancelled', finished_at = $1
         WHERE status = 'queued' AND (kind <> 'tournament' OR $3 = 1)
           AND id IN (SELECT match_id FROM seats WHERE bot_id = $2)",
    )
    .bind(now)
    .bind(id)
    .bind(i64::from(tournaments))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Removes bot `id` in `tx`: it keeps its name and its results, plays no more, its token stops
/// working, and its queued matches are cancelled. False if it was not there.
pub(super) async fn remove_in(tx: &mut Tx, id: &str, now: i64) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE bots SET deleted_at = $1 WHERE id = $2 AND deleted_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    cancel_queued(tx, id, true, now).await?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::OrganiserAction::{Delete, Disqualify, Pause, Reinstate, Resume};
    use super::OrganiserHold::{Disqualified, Paused};

    #[test]
    fn each_action_applies_to_the_holds_it_undoes_or_makes() {
        assert_eq!(Pause.after(None), Some(Some(Paused)));
        assert_eq!(Pause.after(Some(Paused)), None);
        assert_eq!(Pause.after(Some(Disqualified)), None);
        assert_eq!(Resume.after(Some(Paused)), Some(None));
        assert_eq!(Resume.after(None), None);
        assert_eq!(
            Resume.after(Some(Disqualified)),
            None,
            "reinstate undoes that"
        );
        assert_eq!(Disqualify.after(Some(Paused)), Some(Some(Disqualified)));
        assert_eq!(Disqualify.after(Some(Disqualified)), None);
        assert_eq!(Reinstate.after(Some(Disqualified)), Some(None));
        assert_eq!(Reinstate.after(Some(Paused)), None);
        for hold in [None, Some(Paused), Some(Disqualified)] {
            assert_eq!(Delete.after(hold), Some(hold));
        }
    }
}
