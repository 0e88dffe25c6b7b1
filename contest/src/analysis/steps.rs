//! A match being analysed one decision at a time, so that each decision's search can take its
//! turn in the thinking pool ([`cardarena_bots::thinking`]) and an analysis can stop between
//! two.

use cardarena_bots::expert::Expert;
use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::phrase::english::{self, Names};
use cardarena_engine::shuffle::derive_seed;
use serde_json::Value;

use super::{Analysis, AnalysisError, Decision, Played, round3};
use cardarena_store::SavedAction;

/// A match being analysed: its replay so far and the decisions evaluated.
pub struct Analysing {
    steps: Box<dyn Steps>,
    budget_ms: u32,
    players: usize,
    decisions: Vec<Decision>,
}

/// One game's replay, evaluated decision by decision.
trait Steps: Send {
    /// Evaluates the next decision and plays it: `None` once every action is replayed.
    fn next(&mut self) -> Option<Result<Decision, AnalysisError>>;
}

impl Analysing {
    /// The analysis of `played` at `budget_ms` per decision, before its first decision.
    pub fn new(played: &Played<'_>, budget_ms: u32) -> Result<Analysing, AnalysisError> {
        let steps = with_game(played.game, Start { played, budget_ms })
            .ok_or_else(|| AnalysisError::UnknownGame(played.game.to_string()))??;
        Ok(Analysing {
            steps,
            budget_ms,
            players: played.players,
            decisions: Vec::with_capacity(played.actions.len()),
        })
    }

    /// Evaluates the next decision (a search of about the budget): `false` once all are.
    pub fn step(&mut self) -> Result<bool, AnalysisError> {
        match self.steps.next() {
            Some(decision) => {
                self.decisions.push(decision?);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The decisions evaluated so far.
    pub fn done(&self) -> u32 {
        self.decisions.len() as u32
    }

    /// The analysis of the decisions evaluated.
    pub fn finish(self) -> Analysis {
        Analysis::new(self.budget_ms, self.players, self.decisions)
    }
}

struct Start<'a, 'b> {
    played: &'a Played<'b>,
    budget_ms: u32,
}

impl GameVisitor for Start<'_, '_> {
    type Output = Result<Box<dyn Steps>, AnalysisError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let played = self.played;
        let options: G::Options = serde_json::from_value(played.options.clone())
            .map_err(|e| AnalysisError::Options(e.to_string()))?;
        let game = G::new(&options, played.players, played.seed)
            .map_err(|e| AnalysisError::Options(e.to_string()))?;
        let experts: Vec<Expert<G>> = (0..played.players)
            .map(|seat| {
                let seed = derive_seed(played.seed, seat as u64 + 1);
                Expert::new(seed, self.budget_ms, G::EXPERT)
            })
            .collect();
        Ok(Box::new(Replay {
            game,
            experts,
            actions: played.actions.to_vec(),
            fault_steps: played.fault_steps.to_vec(),
            index: 0,
            legal: Vec::new(),
        }))
    }
}

/// The replay of game `G`: the game before action `index`, and each seat's expert.
struct Replay<G: HouseGame> {
    game: G,
    experts: Vec<Expert<G>>,
    actions: Vec<SavedAction>,
    fault_steps: Vec<Option<u32>>,
    index: usize,
    legal: Vec<G::Action>,
}

impl<G: HouseGame> Steps for Replay<G> {
    fn next(&mut self) -> Option<Result<Decision, AnalysisError>> {
        let saved = self.actions.get(self.index)?;
        let index = self.index;
        self.index += 1;
        let replay_error = |detail: String| AnalysisError::Replay { index, detail };
        Some((|| {
            let step = index as u32 + 1;
            let game = &mut self.game;
            let seat = game
                .to_act()
                .ok_or_else(|| replay_error("the game is over".into()))?;
            let action: G::Action = serde_json::from_value(saved.action.clone())
                .map_err(|e| replay_error(e.to_string()))?;
            let legal = &mut self.legal;
            game.legal_actions_into(legal);
            let taken = legal
                .iter()
                .position(|a| *a == action)
                .ok_or_else(|| replay_error("the action taken was not legal".into()))?;
            let view = game.view(seat);
            let values: Vec<f64> = self.experts[seat]
                .evaluate(seat, step, &view, legal)
                .into_iter()
                .map(round3)
                .collect();
            let best = (0..values.len()).fold(0, |best, i| match values[i] > values[best] {
                true => i,
                false => best,
            });
            let phrases: Vec<_> = legal.iter().map(|a| game.describe(a)).collect();
            let decision = Decision {
                step,
                seat,
                by: crate::frames::by_of(&self.fault_steps, seat, step),
                loss: round3(values[best] - values[taken]),
                actions: legal
                    .iter()
                    .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
                    .collect(),
                texts: (phrases.iter())
                    .map(|p| english::words(p, &Names::numbered()))
                    .collect(),
                phrases,
                values,
                best,
                taken,
            };
            game.apply(&action)
                .map_err(|e| replay_error(e.to_string()))?;
            Ok(decision)
        })())
    }
}
