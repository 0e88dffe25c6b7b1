//! What the live registry keeps of a running match: the game as dealt and each action with how
//! it was played, not its frames. A frame holds a whole table (hundreds of bytes to kilobytes);
//! an action is a few bytes, so a match nobody watches costs little memory and no serializing
//! per step. The public frames are rebuilt from the deal when a viewer asks for them
//! ([`Recorded::frames`]), exactly as they would have been made step by step.

use std::any::Any;

use cardarena_engine::{Eye, Game};

use crate::frames::{FaultFrame, Frame, Frames, Played, table_of, words_for};

/// A running match's record, whatever its game.
pub(super) trait Recorded: Send + std::fmt::Debug {
    /// The public frames so far.
    fn frames(&self) -> Frames;
    /// The last action's public frame, rebuilt (`None` before the first action).
    fn last_frame(&self) -> Option<Frame>;
    /// How many actions were played.
    fn steps(&self) -> usize;
    /// The faults so far, in the order they happened.
    fn faults_mut(&mut self) -> &mut Vec<FaultFrame>;
    /// The record as [`Any`], to reach its game's actions.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// The record of a match of `G`.
#[derive(Debug)]
pub(super) struct Steps<G: Game> {
    initial: G,
    played: Vec<(G::Action, Played)>,
    faults: Vec<FaultFrame>,
}

impl<G: Game> Steps<G> {
    /// The record of a match dealt as `initial`, nothing played yet.
    pub(super) fn new(initial: &G) -> Steps<G> {
        Steps {
            initial: initial.clone(),
            played: Vec::new(),
            faults: Vec::new(),
        }
    }

    /// Notes that `action` was played as `played` says.
    pub(super) fn push(&mut self, action: &G::Action, played: Played) {
        self.played.push((action.clone(), played));
    }

    /// Replays the first `upto` actions from the deal, calling `each` with every action's frame.
    fn replay(&self, upto: usize, mut each: impl FnMut(Frame)) {
        let mut game = self.initial.clone();
        for (action, played) in &self.played[..upto] {
            let (text, shown) = words_for(&game, action, Eye::Public);
            if let Err(e) = game.apply(action) {
                // It was applied once already: a game whose rules are not deterministic.
                tracing::error!("a played {} action does not replay: {e}", G::ID);
                return;
            }
            let shown = shown.then_some(action);
            each(Frame::new(
                &game,
                Eye::Public,
                shown,
                text,
                played.clone(),
                None,
            ));
        }
    }
}

impl<G: Game> Recorded for Steps<G> {
    fn frames(&self) -> Frames {
        let mut frames = Vec::with_capacity(self.played.len());
        self.replay(self.played.len(), |frame| frames.push(frame));
        Frames {
            initial: table_of(&self.initial, Eye::Public),
            frames,
            faults: self.faults.clone(),
        }
    }

    fn last_frame(&self) -> Option<Frame> {
        let mut last = None;
        self.replay(self.played.len(), |frame| last = Some(frame));
        last
    }

    fn steps(&self) -> usize {
        self.played.len()
    }

    fn faults_mut(&mut self) -> &mut Vec<FaultFrame> {
        &mut self.faults
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use cardarena_bots::{By, GameVisitor, Observer, Step, game_ids, with_game};
    use tokio::sync::broadcast::Receiver;

    use super::super::{Live, LiveEvent};

    /// Every frame event a receiver has, as JSON text.
    fn frames_of(events: &mut Receiver<LiveEvent>) -> Vec<String> {
        let mut frames = Vec::new();
        while let Ok(event) = events.try_recv() {
            if event.name == "frame" {
                frames.push(event.data.to_string());
            }
        }
        frames
    }

    struct Compared;

    impl GameVisitor for Compared {
        type Output = ();

        fn visit<G: cardarena_bots::HouseGame>(self) {
            let players = G::PLAYERS.min;
            let mut game = G::new(&G::Options::default(), players, 17).unwrap();
            let live = Live::default();
            let mut unwatched = live.begin("unwatched", &game);
            let mut watched = live.begin("watched", &game);
            let mut from_start = live.subscribe("watched").unwrap().unwrap();
            let mut late = live.begin("late", &game);
            let mut joined = None;
            let mut legal = Vec::new();
            let mut decision = 0;
            while let Some(seat) = game.to_act() {
                game.legal_actions_into(&mut legal);
                let action = legal[decision as usize % legal.len()].clone();
                decision += 1;
                let step = Step {
                    by: By::Bot,
                    ms: decision,
                };
                Observer::<G>::before(&mut unwatched, &game, &action);
                Observer::<G>::before(&mut watched, &game, &action);
                Observer::<G>::before(&mut late, &game, &action);
                // A viewer comes between an action's words and the action itself.
                if decision == 3 {
                    joined = Some(live.subscribe("late").unwrap().unwrap());
                }
                game.apply(&action).unwrap();
                for feed in [&mut unwatched, &mut watched, &mut late] {
                    Observer::<G>::action(feed, &game, decision, seat, &action, step, None);
                }
                if decision >= 40 {
                    break;
                }
            }
            let rebuilt = live.frames("unwatched").unwrap();
            let rebuilt: Vec<String> = (rebuilt.frames.iter())
                .map(|frame| crate::frames::raw(frame).get().to_string())
                .collect();
            assert_eq!(rebuilt.len(), decision as usize, "{}", G::ID);
            assert_eq!(frames_of(&mut from_start.events), rebuilt, "{}", G::ID);
            let mut joined = joined.unwrap();
            assert_eq!(joined.initial.frames.len(), 2, "{}", G::ID);
            assert_eq!(frames_of(&mut joined.events), rebuilt[2..], "{}", G::ID);
            let unwatched = serde_json::to_string(&live.frames("unwatched").unwrap()).unwrap();
            let watched = serde_json::to_string(&live.frames("watched").unwrap()).unwrap();
            assert_eq!(unwatched, watched, "{}", G::ID);
        }
    }

    /// A match nobody watches keeps only its actions; the frames rebuilt from them are the ones
    /// sent step by step to a viewer who watched from the start, and to one who came between an
    /// action's words and the action.
    #[test]
    fn frames_rebuilt_from_the_actions_are_those_sent_as_played() {
        for id in game_ids() {
            with_game(id, Compared);
        }
    }
}
