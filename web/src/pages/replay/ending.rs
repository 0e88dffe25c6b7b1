//! How a finished match ended, for the top of its page: the result in the game's own words (the
//! last table's `result`, replayed from the seed and the stored actions), the seats named, and a
//! link straight to the first fault's step.

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

/// `words` with each "seat N" (or "Seat N") replaced by seat N's name in `names`, the highest
/// numbers first so "seat 1" never eats the start of "seat 10".
pub(super) fn with_names(words: &str, names: &[String]) -> String {
    let mut out = words.to_string();
    for (seat, name) in names.iter().enumerate().rev() {
        for form in [format!("seat {seat}"), format!("Seat {seat}")] {
            out = out.replace(&form, name);
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_replace_seats_highest_first() {
        let names: Vec<String> = (0..11).map(|i| format!("bot{i}")).collect();
        assert_eq!(
            with_names("Seat 10 won; seat 1 is the fool", &names),
            "bot10 won; bot1 is the fool"
        );
    }
}
