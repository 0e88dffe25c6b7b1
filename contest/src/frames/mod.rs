//! Frames: a match step by step, as the match page steps through it (docs/api.md, "Frames").
//!
//! A stored match is replayed through its engine from the seed and the stored actions (generic
//! over the game, through the roster's [`GameVisitor`]): the table before the first action, then
//! per action who played it, its words, the say line, the answer time, exactly the view and legal
//! actions the seat was sent, and the table after it. A running match's frames are made the same
//! way, one at a time, by the live feed ([`crate::live`]). Tables and views are serialized once,
//! into raw JSON, so a long match's answer is written without building a tree of values.

pub mod cache;
mod transcript;

use cardarena_bots::{BotFault, By, GameVisitor, HouseGame, with_game};
use cardarena_engine::phrase::english::{self, Names};
use cardarena_engine::{Eye, Game, Phrase, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

pub use transcript::transcript;

use crate::replay::{ReplayError, deal};
use cardarena_store::{PlayRecord, SavedAction};

/// One action of a match, with the table after it.
#[derive(Debug, Clone, Serialize)]
pub struct Frame {
    /// The action's number, from 1.
    pub step: u32,
    /// The seat that took it.
    pub seat: Seat,
    /// Whether the seat's own bot chose it or the substitute of a faulted seat.
    pub by: By,
    /// The action, as the game's JSON.
    pub action: Value,
    /// The action in English, the seats numbered ("Seat 1 takes 2 cards"): `phrases` rendered
    /// for a reader at no seat.
    pub text: String,
    /// The action in words as [`Phrase`]s, for a page to render in its reader's words.
    pub phrases: Vec<Phrase>,
    /// What the bot said with it.
    pub say: Option<String>,
    /// How long the bot took to answer, in ms; `None` where not recorded.
    pub ms: Option<u32>,
    /// The view and legal actions the seat was sent (finished matches only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent: Option<Box<RawValue>>,
    /// The table after the action.
    pub table: Box<RawValue>,
}

/// A seat's fault, at the step its bot was asked for and failed.
#[derive(Debug, Clone, Serialize)]
pub struct FaultFrame {
    /// The seat.
    pub seat: Seat,
    /// The decision it faulted at; `None` for matches stored before it was recorded.
    pub step: Option<u32>,
    /// The fault's kind (`timeout`, `bad_json`, …).
    pub kind: String,
    /// What happened.
    pub detail: String,
    /// The view and legal actions the bot was sent for that decision (finished matches only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent: Option<Box<RawValue>>,
    /// How the bot answered.
    pub answer: FaultAnswerJson,
}

/// How a faulting bot answered; each field `None` where there was nothing.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FaultAnswerJson {
    /// The HTTP status.
    pub status: Option<u16>,
    /// The time until the answer or the deadline, in ms.
    pub ms: Option<u32>,
    /// The first bytes of the body, as text.
    pub body: Option<String>,
    /// Why the answer was refused.
    pub error: Option<String>,
}

impl FaultFrame {
    /// The fault `fault` of `seat` at `step` as the public may see it while the match runs
    /// (the live feed): its kind, status and time, but neither the body nor the detail, which
    /// quote what the bot sent (an illegal card it holds, say), and no `sent`. Both are in the
    /// frames once the match is over.
    pub fn public(seat: Seat, step: u32, fault: &BotFault) -> FaultFrame {
        let answer = fault.answer.clone().unwrap_or_default();
        FaultFrame::public_parts(seat, step, fault.kind.as_str(), answer.status, answer.ms)
    }

    /// [`FaultFrame::public`] from the parts of a fault the public may see: its kind (`timeout`,
    /// …), and the answer's status and time.
    pub fn public_parts(
        seat: Seat,
        step: u32,
        kind: &str,
        status: Option<u16>,
        ms: Option<u32>,
    ) -> FaultFrame {
        let detail = format!("{kind}: the details are shown once the match is over");
        FaultFrame {
            seat,
            step: Some(step),
            kind: kind.to_string(),
            detail: detail.clone(),
            sent: None,
            answer: FaultAnswerJson {
                status,
                ms,
                body: None,
                error: Some(detail),
            },
        }
    }
}

/// A match's frames: the table as dealt, every action's frame and the faults.
#[derive(Debug, Clone, Serialize)]
pub struct Frames {
    /// The table before the first action.
    pub initial: Box<RawValue>,
    /// One frame per action, in order.
    pub frames: Vec<Frame>,
    /// The seats' faults, in the order they happened.
    pub faults: Vec<FaultFrame>,
}

/// `value` as raw JSON (`null` in the impossible case that it does not serialize: views, tables
/// and actions are plain data).
pub fn raw<T: Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|e| {
        tracing::error!("a frame's part did not serialize: {e}");
        RawValue::NULL.to_owned()
    })
}

/// The table of `game` as `eye` sees it, as raw JSON.
pub fn table_of<G: Game>(game: &G, eye: Eye) -> Box<RawValue> {
    raw(&game.table(eye))
}

/// What the runner sent the seat to act in `game`: its view and the legal actions.
pub fn sent_of<G: Game>(game: &G, seat: Seat, legal: &[G::Action]) -> Box<RawValue> {
    #[derive(Serialize)]
    struct Sent<'a, V, A> {
        view: &'a V,
        legal_actions: &'a [A],
    }
    raw(&Sent {
        view: &game.view(seat),
        legal_actions: legal,
    })
}

/// How one action was played, besides the action itself.
#[derive(Debug, Clone)]
pub struct Played {
    /// Its number, from 1.
    pub step: u32,
    /// The seat that took it.
    pub seat: Seat,
    /// Who chose it.
    pub by: By,
    /// The answer time, if recorded.
    pub ms: Option<u32>,
    /// The say line.
    pub say: Option<String>,
}

impl Frame {
    /// The frame of `action` (in words, `phrases`) as `played` says, `after` being the game after
    /// it, seen by `eye`; `None` for an action withheld from these eyes (its `action` is then
    /// `null`, see [`words_for`]).
    pub fn new<G: Game>(
        after: &G,
        eye: Eye,
        action: Option<&G::Action>,
        phrases: Vec<Phrase>,
        played: Played,
        sent: Option<Box<RawValue>>,
    ) -> Frame {
        let action = action
            .and_then(|a| serde_json::to_value(a).ok())
            .unwrap_or(Value::Null);
        Frame {
            step: played.step,
            seat: played.seat,
            by: played.by,
            text: english::words(&phrases, &Names::numbered()),
            phrases,
            action,
            say: played.say,
            ms: played.ms,
            sent,
            table: table_of(after, eye),
        }
    }
}

/// A stored match to replay into frames.
#[derive(Debug, Clone, Copy)]
pub struct Stored<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The game's options (defaults filled in).
    pub options: &'a Value,
    /// The number of seats.
    pub players: usize,
    /// The deal's seed.
    pub seed: u64,
    /// The action log with its say lines.
    pub actions: &'a [SavedAction],
    /// The answer times and fault steps.
    pub record: &'a PlayRecord,
    /// Each seat's fault as (kind, detail).
    pub seat_faults: &'a [Option<(String, String)>],
    /// Whose eyes: [`Eye::All`] (with `sent`) for a finished match, [`Eye::Public`] otherwise.
    pub eye: Eye,
}

/// Replays `stored` through its engine into frames.
pub fn build(stored: &Stored<'_>) -> Result<Frames, ReplayError> {
    with_game(stored.game, Build(stored))
        .ok_or_else(|| ReplayError::UnknownGame(stored.game.to_string()))?
}

struct Build<'a, 'b>(&'a Stored<'b>);

impl GameVisitor for Build<'_, '_> {
    type Output = Result<Frames, ReplayError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let stored = self.0;
        let mut game: G = deal(stored.options, stored.players, stored.seed)?;
        let with_sent = stored.eye == Eye::All;
        let initial = table_of(&game, stored.eye);
        let mut faults = fault_frames(stored);
        let fault_step = |seat: Seat| faults.iter().find(|f| f.seat == seat).and_then(|f| f.step);
        let fault_steps: Vec<Option<u32>> = (0..stored.players).map(fault_step).collect();
        let mut frames = Vec::with_capacity(stored.actions.len());
        let mut legal = Vec::new();
        let mut sent_at_fault = Vec::new();
        for (index, saved) in stored.actions.iter().enumerate() {
            let step = index as u32 + 1;
            let replay_error = |detail: String| ReplayError::Action { index, detail };
            let seat = game
                .to_act()
                .ok_or_else(|| replay_error("the game is over".into()))?;
            let action: G::Action = serde_json::from_value(saved.action.clone())
                .map_err(|e| replay_error(e.to_string()))?;
            let sent = with_sent.then(|| {
                game.legal_actions_into(&mut legal);
                sent_of(&game, seat, &legal)
            });
            if let Some(sent) = &sent
                && fault_steps[seat] == Some(step)
            {
                sent_at_fault.push((seat, sent.clone()));
            }
            let (phrases, shown) = words_for(&game, &action, stored.eye);
            game.apply(&action)
                .map_err(|e| replay_error(e.to_string()))?;
            let by = by_of(&fault_steps, seat, step);
            let played = Played {
                step,
                seat,
                by,
                ms: stored.record.timing.get(index).copied(),
                say: saved.say.clone(),
            };
            frames.push(Frame::new(
                &game,
                stored.eye,
                shown.then_some(&action),
                phrases,
                played,
                sent,
            ));
        }
        for (seat, sent) in sent_at_fault {
            if let Some(fault) = faults.iter_mut().find(|f| f.seat == seat) {
                fault.sent = Some(sent);
            }
        }
        Ok(Frames {
            initial,
            frames,
            faults,
        })
    }
}

/// `action` in words as `eye` may see it, read against `before` (the game before it), and
/// whether the action itself may be shown: an action that shows a card these eyes may not see
/// (fifty-six's trump hidden face down, seen by the public) is withheld and told in the game's
/// stand-in words ([`Game::hidden`]).
pub fn words_for<G: Game>(before: &G, action: &G::Action, eye: Eye) -> (Vec<Phrase>, bool) {
    match before.hidden(action).filter(|_| !eye.sees_all()) {
        Some(words) => (words, false),
        None => (before.describe(action), true),
    }
}

/// Every action of a stored match in words ([`Game::describe`], each read against the game
/// before it), for the match page's list of moves.
pub fn describe_all(
    game: &str,
    options: &Value,
    players: usize,
    seed: u64,
    actions: &[SavedAction],
) -> Result<Vec<Vec<Phrase>>, ReplayError> {
    struct Describe<'a>(&'a Value, usize, u64, &'a [SavedAction]);
    impl GameVisitor for Describe<'_> {
        type Output = Result<Vec<Vec<Phrase>>, ReplayError>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let Describe(options, players, seed, actions) = self;
            let mut game: G = deal(options, players, seed)?;
            let mut texts = Vec::with_capacity(actions.len());
            for (index, saved) in actions.iter().enumerate() {
                let replay_error = |detail: String| ReplayError::Action { index, detail };
                let action = G::Action::deserialize(&saved.action)
                    .map_err(|e| replay_error(e.to_string()))?;
                texts.push(game.describe(&action));
                game.apply(&action)
                    .map_err(|e| replay_error(e.to_string()))?;
            }
            Ok(texts)
        }
    }
    with_game(game, Describe(options, players, seed, actions))
        .ok_or_else(|| ReplayError::UnknownGame(game.to_string()))?
}

/// Who chose action `step` of `seat`, given the step each seat faulted at: the substitute from
/// the fault's step on.
pub fn by_of(fault_steps: &[Option<u32>], seat: Seat, step: u32) -> By {
    match fault_steps.get(seat).copied().flatten() {
        Some(at) if step >= at => By::Substitute,
        _ => By::Bot,
    }
}

/// The stored faults as frames (without `sent`), in the order they happened.
pub fn fault_frames(stored: &Stored<'_>) -> Vec<FaultFrame> {
    let mut faults: Vec<FaultFrame> = stored
        .seat_faults
        .iter()
        .enumerate()
        .filter_map(|(seat, fault)| {
            let (kind, detail) = fault.as_ref()?;
            let record = stored.record.faults.get(seat).cloned().flatten();
            let record = record.unwrap_or_default();
            Some(FaultFrame {
                seat,
                step: record.step,
                kind: kind.clone(),
                detail: detail.clone(),
                sent: None,
                answer: FaultAnswerJson {
                    status: record.status,
                    ms: record.ms,
                    body: record.body,
                    error: Some(detail.clone()),
                },
            })
        })
        .collect();
    faults.sort_by_key(|f| (f.step.unwrap_or(u32::MAX), f.seat));
    faults
}
