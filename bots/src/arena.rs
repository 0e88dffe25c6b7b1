//! The match runner: deals a game and asks each seat's bot in turn until the game is over.
//!
//! A bot that faults (no answer in time, a broken answer, an illegal action) forfeits: the game's
//! first house bot takes its seat so that the others' game goes on, and when the game ends the
//! faulted seat is ranked last (see [`forfeit`]).

use cardarena_engine::{Game, Outcome, Seat, SeatResult, SetupError};

use std::time::{Duration, Instant};

use crate::bot::{Bot, BotFault, BotFuture, FaultKind, Reply, Turn};
use crate::roster::HouseGame;

/// Who chose an action: the seat's own bot, or the house bot that took over a faulted seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// The seat's own bot.
    Bot,
    /// The substitute house bot, from the seat's fault on.
    Substitute,
}

/// How one action was chosen: by whom, and how long the answer took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Who chose it.
    pub by: By,
    /// How long the bot took to answer, in ms.
    pub ms: u32,
}

/// Watches a match as it is played (the server's live feed): told of every action once it is
/// applied and of every fault as it happens. The no-op observer is `()`.
pub trait Observer<G: Game>: Send {
    /// `action` is about to be played in `game` (the game before it): the moment to read it
    /// against the game, e.g. with [`Game::describe`]. Does nothing unless implemented.
    fn before(&mut self, game: &G, action: &G::Action) {
        let _ = (game, action);
    }

    /// `action` was played by `seat` as `step` says, with the say line `say`; `game` is the game
    /// after it and `decision` its number from 1.
    fn action(
        &mut self,
        game: &G,
        decision: u32,
        seat: Seat,
        action: &G::Action,
        step: Step,
        say: Option<&str>,
    );

    /// `seat`'s bot faulted at decision `decision` (its substitute plays that decision next).
    fn fault(&mut self, decision: u32, seat: Seat, fault: &BotFault);
}

impl<G: Game> Observer<G> for () {
    fn action(&mut self, _: &G, _: u32, _: Seat, _: &G::Action, _: Step, _: Option<&str>) {}
    fn fault(&mut self, _: u32, _: Seat, _: &BotFault) {}
}

/// An observer that may be absent: told of everything when present.
impl<G: Game, O: Observer<G>> Observer<G> for Option<O> {
    fn before(&mut self, game: &G, action: &G::Action) {
        if let Some(observer) = self {
            observer.before(game, action);
        }
    }

    fn action(
        &mut self,
        game: &G,
        decision: u32,
        seat: Seat,
        action: &G::Action,
        step: Step,
        say: Option<&str>,
    ) {
        if let Some(observer) = self {
            observer.action(game, decision, seat, action, step, say);
        }
    }

    fn fault(&mut self, decision: u32, seat: Seat, fault: &BotFault) {
        if let Some(observer) = self {
            observer.fault(decision, seat, fault);
        }
    }
}

/// Two observers told of everything, the first first.
impl<G: Game, A: Observer<G>, B: Observer<G>> Observer<G> for (A, B) {
    fn before(&mut self, game: &G, action: &G::Action) {
        self.0.before(game, action);
        self.1.before(game, action);
    }

    fn action(
        &mut self,
        game: &G,
        decision: u32,
        seat: Seat,
        action: &G::Action,
        step: Step,
        say: Option<&str>,
    ) {
        self.0.action(game, decision, seat, action, step, say);
        self.1.action(game, decision, seat, action, step, say);
    }

    fn fault(&mut self, decision: u32, seat: Seat, fault: &BotFault) {
        self.0.fault(decision, seat, fault);
        self.1.fault(decision, seat, fault);
    }
}

/// A line a bot said with one of its actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The decision it came with: its index in [`Played::actions`].
    pub index: usize,
    /// The seat whose bot said it.
    pub seat: Seat,
    /// What it said, at most [`Reply::MAX_SAY_CHARS`] characters.
    pub text: String,
}

/// A finished match: the game as dealt, every action in order, and the result. Replaying the
/// actions on `initial` gives the same game again.
#[derive(Debug, Clone)]
pub struct Played<G: HouseGame> {
    /// The game as dealt, before the first action.
    pub initial: G,
    /// Every action applied, in order, including those a substitute made for a faulted bot.
    pub actions: Vec<G::Action>,
    /// The seat that took each action.
    pub actors: Vec<Seat>,
    /// How each action was chosen: by whom, and in how long.
    pub steps: Vec<Step>,
    /// What the bots said, in order.
    pub says: Vec<Said>,
    /// Each seat's fault, if its bot faulted (the first one; the seat was then substituted),
    /// with the time the call took in its [`crate::FaultAnswer`].
    pub faults: Vec<Option<BotFault>>,
    /// The decision (from 1) at which each faulted seat faulted: the first its substitute played.
    pub fault_steps: Vec<Option<u32>>,
    /// How many of each seat's decisions its bot's kit played at random because the bot's
    /// strategy failed ([`Reply::fallback`]): not faults, but shown beside them.
    pub fallbacks: Vec<u32>,
    /// The game's own result, before forfeits.
    pub game_outcome: Outcome,
    /// The result after forfeits: faulted seats last.
    pub outcome: Outcome,
}

/// Why a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The game could not be dealt.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The number of bots does not match the number of seats.
    #[error("{bots} bots for {seats} seats")]
    Seats {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// A substitute house bot could not make a legal move: a bug in the house bots or the rules.
    #[error("the substitute of seat {seat} failed: {fault}")]
    Substitute {
        /// The seat.
        seat: Seat,
        /// What the substitute did.
        fault: BotFault,
    },
    /// The game went on past the game's decision cap ([`HouseGame::MAX_DECISIONS`]): legal play
    /// can cycle in some games (durak, when every player keeps taking), so a match is cut off.
    #[error("no result after {0} decisions")]
    TooLong(u32),
    /// The game has nobody to act but no result: a bug in the game's rules, never a bot's doing.
    #[error("the game stopped without a result")]
    NoOutcome,
}

/// Deals `G` for `bots.len()` seats from `options` and `seed` and plays it to the end, each seat's
/// decisions taken by its bot. Every answer is checked against the legal actions; a bot that
/// faults forfeits and is replaced by the game's first house bot for the rest of the game.
pub async fn play_match<G: HouseGame>(
    options: &G::Options,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<Played<G>, MatchError> {
    play_match_within(options, seed, bots, None).await
}

/// [`play_match`] with a wall-clock cap: once `cap` has passed since the deal, the bot being
/// waited on faults (timeout) and a house bot plays its seat on; the rest of the match runs
/// without the cap (each bot's calls keep their own deadlines).
pub async fn play_match_within<G: HouseGame>(
    options: &G::Options,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
    cap: Option<Duration>,
) -> Result<Played<G>, MatchError> {
    play_match_observed(options, seed, bots, cap, &mut ()).await
}

/// [`play_match_within`], telling `observer` of every action and fault as it happens.
pub async fn play_match_observed<G: HouseGame>(
    options: &G::Options,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
    cap: Option<Duration>,
    observer: &mut dyn Observer<G>,
) -> Result<Played<G>, MatchError> {
    let mut deadline = cap.map(|cap| tokio::time::Instant::now() + cap);
    let initial = G::new(options, bots.len(), seed)?;
    if initial.players() != bots.len() {
        return Err(MatchError::Seats {
            bots: bots.len(),
            seats: initial.players(),
        });
    }
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.start(seat, initial.players()).await;
    }
    let mut game = initial.clone();
    let mut actions = Vec::new();
    let mut actors = Vec::new();
    let mut steps = Vec::new();
    let mut says = Vec::new();
    let mut said = vec![0; bots.len()];
    let mut faults: Vec<Option<BotFault>> = vec![None; bots.len()];
    let mut fault_steps = vec![None; bots.len()];
    let mut fallbacks = vec![0; bots.len()];
    let mut substitutes: Vec<Option<Box<dyn Bot<G>>>> = (0..bots.len()).map(|_| None).collect();
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        if actions.len() >= G::MAX_DECISIONS as usize {
            return Err(MatchError::TooLong(G::MAX_DECISIONS));
        }
        game.legal_actions_into(&mut legal);
        let view = game.view(seat);
        let turn = Turn {
            seat,
            decision: actions.len() as u32 + 1,
            view: &view,
            legal_actions: &legal,
        };
        let started = Instant::now();
        let decision = turn.decision;
        let (action, by, say) = match &mut substitutes[seat] {
            Some(substitute) => {
                let reply = substitute.act(turn).await;
                let action = checked(reply, &legal)
                    .map_err(|fault| MatchError::Substitute { seat, fault })?
                    .action;
                (action, By::Substitute, None)
            }
            None => match checked(
                act_before(bots[seat].act(turn), deadline, cap).await,
                &legal,
            ) {
                Ok(Reply {
                    action,
                    say,
                    fallback,
                }) => {
                    fallbacks[seat] += u32::from(fallback);
                    let say = say.and_then(|text| within_budget(text, &mut said[seat]));
                    if let Some(text) = &say {
                        let index = actions.len();
                        says.push(Said {
                            index,
                            seat,
                            text: text.clone(),
                        });
                    }
                    (action, By::Bot, say)
                }
                Err(mut fault) => {
                    if deadline.is_some_and(|d| tokio::time::Instant::now() >= d) {
                        deadline = None;
                    }
                    fault.answer.get_or_insert_default().ms = Some(millis(started));
                    observer.fault(decision, seat, &fault);
                    faults[seat] = Some(fault);
                    fault_steps[seat] = Some(decision);
                    substitutes[seat] = Some(substitute::<G>(seed, seat));
                    continue;
                }
            },
        };
        let step = Step {
            by,
            ms: millis(started),
        };
        observer.before(&game, &action);
        game.apply(&action).map_err(|e| MatchError::Substitute {
            seat,
            fault: BotFault::illegal(format!("a listed legal action was refused: {e}")),
        })?;
        observer.action(&game, decision, seat, &action, step, say.as_deref());
        actions.push(action);
        actors.push(seat);
        steps.push(step);
    }
    let game_outcome = game.outcome().ok_or(MatchError::NoOutcome)?;
    let faulted: Vec<bool> = faults.iter().map(Option::is_some).collect();
    let outcome = forfeit(&game_outcome, &faulted);
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.end(seat, &outcome).await;
    }
    Ok(Played {
        initial,
        actions,
        actors,
        steps,
        says,
        faults,
        fault_steps,
        fallbacks,
        game_outcome,
        outcome,
    })
}

/// The ms since `started`, saturating.
fn millis(started: Instant) -> u32 {
    u32::try_from(started.elapsed().as_millis()).unwrap_or(u32::MAX)
}

/// The bot's answer, or a timeout fault once the match's wall-clock deadline has passed.
async fn act_before<A>(
    answer: BotFuture<'_, Result<Reply<A>, BotFault>>,
    deadline: Option<tokio::time::Instant>,
    cap: Option<Duration>,
) -> Result<Reply<A>, BotFault> {
    let Some(deadline) = deadline else {
        return answer.await;
    };
    match tokio::time::timeout_at(deadline, answer).await {
        Ok(reply) => reply,
        Err(_) => Err(BotFault::new(
            FaultKind::Timeout,
            format!(
                "the match's wall-clock cap of {} ms was reached",
                cap.unwrap_or_default().as_millis()
            ),
        )),
    }
}

/// The bot's reply if its action is among the legal ones, its say line cut to length.
fn checked<A: PartialEq + std::fmt::Debug>(
    reply: Result<Reply<A>, BotFault>,
    legal: &[A],
) -> Result<Reply<A>, BotFault> {
    let mut reply = reply?;
    if !legal.contains(&reply.action) {
        return Err(BotFault::illegal(format!(
            "{:?} is not among the legal actions",
            reply.action
        )));
    }
    if let Some(say) = &mut reply.say
        && let Some((cut, _)) = say.char_indices().nth(Reply::<A>::MAX_SAY_CHARS)
    {
        say.truncate(cut);
    }
    Ok(reply)
}

/// What is kept of a say line `text` from a seat that has said `used` characters in the match
/// (counted on): all of it while the seat is within [`Reply::MAX_SAY_CHARS_PER_MATCH`], cut at
/// the budget, then nothing. An empty line is nothing.
fn within_budget(mut text: String, used: &mut usize) -> Option<String> {
    let left = Reply::<()>::MAX_SAY_CHARS_PER_MATCH.saturating_sub(*used);
    if let Some((cut, _)) = text.char_indices().nth(left) {
        text.truncate(cut);
    }
    if text.is_empty() {
        return None;
    }
    *used += text.chars().count();
    Some(text)
}

/// The house bot that takes a faulted seat: the game's first listed house bot.
fn substitute<G: HouseGame>(seed: u64, seat: Seat) -> Box<dyn Bot<G>> {
    let id = G::HOUSE_BOTS[0];
    let seed = cardarena_engine::shuffle::derive_seed(seed, (seat as u64 + 1) << 32);
    G::house_bot(id, seed).unwrap_or_else(|| unreachable!("house bot {id} is listed"))
}

/// The result once faulted seats forfeit: the others keep their order (places renumbered from 1
/// with ties kept), every faulted seat shares the place after them with the score of the game's
/// worst-placed seat. When every seat faulted, all share first place with that score.
pub fn forfeit(outcome: &Outcome, faulted: &[bool]) -> Outcome {
    let Some(worst) = outcome.seats.iter().max_by_key(|s| s.rank) else {
        return outcome.clone();
    };
    let worst_score = worst.score;
    let mut kept: Vec<u32> = outcome
        .seats
        .iter()
        .zip(faulted)
        .filter(|(_, f)| !**f)
        .map(|(s, _)| s.rank)
        .collect();
    kept.sort_unstable();
    kept.dedup();
    let last = kept.len() as u32 + 1;
    let seats = outcome
        .seats
        .iter()
        .zip(faulted)
        .map(|(s, &f)| match f {
            true => SeatResult {
                rank: last,
                score: worst_score,
            },
            false => SeatResult {
                rank: kept.binary_search(&s.rank).map_or(last, |i| i as u32 + 1),
                score: s.score,
            },
        })
        .collect();
    Outcome { seats }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(results: &[(u32, f64)]) -> Outcome {
        Outcome {
            seats: results
                .iter()
                .map(|&(rank, score)| SeatResult { rank, score })
                .collect(),
        }
    }

    #[test]
    fn a_faulted_seat_goes_last_and_the_others_close_ranks() {
        let game = outcome(&[(1, 10.0), (2, 5.0), (3, 0.0)]);
        let after = forfeit(&game, &[true, false, false]);
        assert_eq!(after, outcome(&[(3, 0.0), (1, 5.0), (2, 0.0)]));
    }

    #[test]
    fn faulted_seats_share_last_place_and_ties_are_kept() {
        let game = outcome(&[(1, 1.0), (1, 1.0), (2, 0.0), (1, 1.0)]);
        let after = forfeit(&game, &[false, true, false, true]);
        assert_eq!(after, outcome(&[(1, 1.0), (3, 0.0), (2, 0.0), (3, 0.0)]));
    }

    #[test]
    fn without_faults_nothing_changes_and_all_faulted_is_a_shared_place() {
        let game = outcome(&[(2, 0.0), (1, 1.0)]);
        assert_eq!(forfeit(&game, &[false, false]), game);
        assert_eq!(
            forfeit(&game, &[true, true]),
            outcome(&[(1, 0.0), (1, 0.0)])
        );
    }

    #[test]
    fn long_says_are_cut_to_the_limit_on_a_character_boundary() {
        let long = "ы".repeat(300);
        let reply = checked(
            Ok(Reply {
                action: 1,
                say: Some(long),
                fallback: false,
            }),
            &[1, 2],
        )
        .unwrap();
        assert_eq!(
            reply.say.unwrap().chars().count(),
            Reply::<u8>::MAX_SAY_CHARS
        );
        let fault = checked(Ok(Reply::silent(3)), &[1, 2]).unwrap_err();
        assert_eq!(fault.kind, crate::FaultKind::IllegalAction);
    }

    #[test]
    fn a_seat_says_at_most_its_budget_in_a_match() {
        let line = "я".repeat(Reply::<u8>::MAX_SAY_CHARS);
        let mut used = 0;
        let kept: Vec<Option<String>> = (0..12)
            .map(|_| within_budget(line.clone(), &mut used))
            .collect();
        let full = Reply::<u8>::MAX_SAY_CHARS_PER_MATCH / Reply::<u8>::MAX_SAY_CHARS;
        assert!(
            kept[..full]
                .iter()
                .all(|k| k.as_deref() == Some(line.as_str()))
        );
        assert!(
            kept[full..].iter().all(Option::is_none),
            "past the budget: dropped"
        );
        assert_eq!(used, Reply::<u8>::MAX_SAY_CHARS_PER_MATCH);

        let mut used = Reply::<u8>::MAX_SAY_CHARS_PER_MATCH - 3;
        assert_eq!(
            within_budget("abcdef".into(), &mut used).as_deref(),
            Some("abc")
        );
        assert_eq!(within_budget("x".into(), &mut used), None);
        assert_eq!(
            within_budget(String::new(), &mut 0),
            None,
            "an empty line is nothing"
        );
    }
}
