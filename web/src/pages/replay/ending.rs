//! How a finished match ended, for the top of its page: the result in the game's own words (the
//! last table's `result`, replayed from the seed and the stored actions), and a link straight to
//! the first fault's step.

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_contest::replay::deal;
use cardarena_engine::{Eye, Verdict};
use cardarena_store::{MatchDetail, PlayRecord};

/// The result of `detail`'s game, replayed to its end: `None` unless every stored action
/// replays and the game is over.
pub(super) fn verdict(detail: &MatchDetail) -> Option<Verdict> {
    struct Replay<'a>(&'a MatchDetail);
    impl GameVisitor for Replay<'_> {
        type Output = Option<Verdict>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let m = &self.0.summary;
            let mut game: G = deal(&m.options, m.seats.len(), m.seed).ok()?;
            for saved in &self.0.actions {
                let action: G::Action = serde_json::from_value(saved.action.clone()).ok()?;
                game.apply(&action).ok()?;
            }
            game.table(Eye::Public).result
        }
    }
    with_game(&detail.summary.game, Replay(detail)).flatten()
}

/// The first fault of the match, by step: (the seat's name, the step, the fault's kind).
pub(super) fn first_fault(
    detail: &MatchDetail,
    record: &PlayRecord,
) -> Option<(String, u32, String)> {
    let seats = &detail.summary.seats;
    let steps = record.fault_steps(seats.len());
    seats
        .iter()
        .filter_map(|s| {
            let (kind, _) = s.fault.as_ref()?;
            let step = steps.get(s.seat).copied().flatten()?;
            Some((s.name.clone(), step, kind.clone()))
        })
        .min_by_key(|(_, step, _)| *step)
}
