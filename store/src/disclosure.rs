//! What of a match may be shown now. A match's seed and everything its hidden cards follow from
//! (all-hands frames, its moves, the replay download, the text log, a fault's quoted answer) are
//! public once the match is over and no other table dealt the same cards (a tournament stage's
//! matches that share a deal: every entrant's deal k, a final's rotations of a deal) is still
//! queued or running. Until then a running match shows its public live view, and a match whose
//! deal another table has still to play shows no cards at all: the public moves of one table
//! would tell the next table the deal (docs/protocol.md, "What a bot can know").

use cardarena_engine::relabel::{DEAL_BITS, deal_seed};

use super::{MatchStatus, MatchSummary, Store, StoreError};

/// How much of a match may be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disclosure {
    /// Over, and no other table of its deal is to be played: everything, every hand face up.
    Open,
    /// Queued or running, and no other table of its deal is to be played: what the public sees
    /// live (no hand, no seed).
    Live,
    /// Another table of its deal is still queued or running: no card, move or seed of it until
    /// that table ends.
    Sealed,
}

impl Disclosure {
    /// How much of a match in `status` may be shown, with `tables_left` other tables of its deal
    /// still to be played ([`Store::deal_tables_left`]).
    pub fn of(status: MatchStatus, tables_left: u32) -> Disclosure {
        if tables_left > 0 {
            Disclosure::Sealed
        } else if is_over(status) {
            Disclosure::Open
        } else {
            Disclosure::Live
        }
    }

    /// Whether the seed (and every hand) may be shown.
    pub fn is_open(self) -> bool {
        self == Disclosure::Open
    }

    /// The name the API gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            Disclosure::Open => "open",
            Disclosure::Live => "live",
            Disclosure::Sealed => "sealed",
        }
    }

    /// Until when the seed is hidden: `None` when it is shown, `"match_end"` for a match that
    /// is still being played, `"deal_end"` while another table of its deal is to be played.
    pub fn seed_hidden_until(self) -> Option<&'static str> {
        match self {
            Disclosure::Open => None,
            Disclosure::Live => Some("match_end"),
            Disclosure::Sealed => Some("deal_end"),
        }
    }
}

/// Whether a match in this status is over (nothing of it will be played any more).
fn is_over(status: MatchStatus) -> bool {
    matches!(
        status,
        MatchStatus::Finished | MatchStatus::Failed | MatchStatus::Cancelled
    )
}

impl Store {
    /// How much of match `m` may be shown now.
    pub async fn disclosure(&self, m: &MatchSummary) -> Result<Disclosure, StoreError> {
        Ok(Disclosure::of(m.status, self.deal_tables_left(m).await?))
    }

    /// How many other tables of match `m`'s tournament deal are still queued or running (0 for
    /// a match of no tournament): while there are any, `m` is [`Disclosure::Sealed`].
    pub async fn deal_tables_left(&self, m: &MatchSummary) -> Result<u32, StoreError> {
        let Some(stage) = &m.stage else {
            return Ok(0);
        };
        // Tables of one deal share the seed's deal bits (a relabelling changes only the bits
        // above them); one index range of the stage's matches.
        let deal = deal_seed(m.seed) as i64;
        let pending: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM matches
             WHERE tournament_id = $1 AND stage = $2 AND id <> $3
               AND status IN ('queued', 'running') AND seed % $4 = $5",
        )
        .bind(&stage.tournament_id)
        .bind(i64::from(stage.stage))
        .bind(&m.id)
        .bind(1i64 << DEAL_BITS)
        .bind(deal)
        .fetch_one(&self.pool)
        .await?;
        Ok(u32::try_from(pending).unwrap_or(u32::MAX))
    }
}
