//! Registration's cap on unused bots: a contestant's bot that has never answered a ping and sits
//! in no match is unused, and a server holds a bounded number of them, so that registrations
//! from many networks cannot grow the database and every list of bots without end. A bot stops
//! being unused when it first answers (it is active from then on: `bots.active_since`) or is
//! seated in a match (practice included). Removed bots are counted too: their rows stay.

use super::bots::{NewBot, insert_bot_in};
use super::{Store, StoreError, Tx};

/// Why a bot was not registered: the server holds this many unused bots, its cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnusedFull(pub u32);

/// How many contestants' bots are unused, read in `tx`: the partial index `bots_never_active`
/// holds the bots that never answered, and each is looked up in `seats_by_bot`.
async fn unused_bots(tx: &mut Tx) -> Result<i64, StoreError> {
    let count = sqlx::query_scalar(
        "SELECT COUNT(*) FROM bots b
         WHERE b.active_since IS NULL AND b.kind IN ('http', 'dial', 'module')
           AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.bot_id = b.id)",
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok(count)
}

impl Store {
    /// Registers a contestant's `bot` ([`Store::insert_bot`]) unless the server holds
    /// `max_unused` unused bots already, counted in the same write transaction.
    pub async fn register_bot(
        &self,
        bot: &NewBot,
        max_unused: u32,
    ) -> Result<Result<(), UnusedFull>, StoreError> {
        let mut tx = self.write().await?;
        if unused_bots(&mut tx).await? >= i64::from(max_unused) {
            return Ok(Err(UnusedFull(max_unused)));
        }
        insert_bot_in(&mut tx, bot).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }
}
