//! One environment of a [`super::VectorEnv`]: a game of kind `G` with the learner at one seat
//! and the opponents' moves played natively, dealt again as soon as it ends.

use cardarena_bots::{HouseGame, Turn};
use cardarena_engine::shuffle::{below, rng};
use cardarena_engine::{Game, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use crate::dynamic::HouseBot;

/// What every environment of a batch shares: the table and who sits at it.
pub struct Table<G: Game> {
    /// The game's options.
    pub options: G::Options,
    /// The same options as JSON, as a `cardarena.Game` takes them.
    pub options_json: serde_json::Value,
    /// The table size.
    pub players: usize,
    /// The learner's seat, or `None` for a seat drawn each episode.
    pub seat: Option<Seat>,
    /// The opponent of each other seat, in seat order.
    pub opponents: Vec<Opponent>,
}

/// Who plays a seat that is not the learner's.
#[derive(Clone, Debug, PartialEq)]
pub enum Opponent {
    /// A uniformly random legal action, drawn from the environment's generator.
    Random,
    /// The house bot with this id (`greedy`, `expert:20`…), a new one each episode.
    House(String),
}

/// A house bot at a seat, and whether it was told the match started.
struct Seated<G: Game> {
    bot: HouseBot<G>,
    started: bool,
}

/// One environment (see the module's documentation).
pub struct Slot<G: HouseGame> {
    game: G,
    rng: ChaCha8Rng,
    seat: Seat,
    /// The house bot of each seat that has one this episode.
    bots: Vec<Option<Seated<G>>>,
    view: G::View,
    legal: Vec<G::Action>,
    ids: Vec<usize>,
    decisions: u32,
    /// The seed the game was dealt from, and the index among the legal actions of every action
    /// played in it since: enough to deal the same game again in a `cardarena.Game`.
    deal_seed: u64,
    history: Vec<u32>,
}

impl<G: HouseGame> Slot<G> {
    /// An environment whose deals and choices follow from `seed`, dealt and played up to the
    /// learner's first turn.
    pub fn new(table: &Table<G>, seed: u64) -> Result<Slot<G>, String> {
        let mut rng = rng(seed);
        let game =
            G::new(&table.options, table.players, rng.next_u64()).map_err(|e| e.to_string())?;
        let view = game.view(0);
        let mut slot = Slot {
            game,
            rng,
            seat: 0,
            bots: Vec::new(),
            view,
            legal: Vec::new(),
            ids: Vec::new(),
            decisions: 0,
            deal_seed: 0,
            history: Vec::new(),
        };
        slot.deal(table)?;
        Ok(slot)
    }

    /// The learner's seat this episode.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The ids of the learner's legal actions.
    pub fn ids(&self) -> &[usize] {
        &self.ids
    }

    /// Deals a new game and plays the opponents up to the learner's first turn (again, for a
    /// deal the learner never acts in).
    pub fn deal(&mut self, table: &Table<G>) -> Result<(), String> {
        loop {
            self.deal_seed = self.rng.next_u64();
            self.history.clear();
            self.game =
                G::new(&table.options, table.players, self.deal_seed).map_err(|e| e.to_string())?;
            self.seat = match table.seat {
                Some(seat) => seat,
                None => below(&mut self.rng, table.players),
            };
            self.decisions = 0;
            let mut opponents = table.opponents.iter();
            let mut bots = Vec::with_capacity(table.players);
            for seat in 0..table.players {
                let opponent = if seat == self.seat {
                    None
                } else {
                    opponents.next()
                };
                bots.push(match opponent {
                    Some(Opponent::House(id)) => Some(Seated {
                        bot: G::house_bot(id, self.rng.next_u64())
                            .ok_or_else(|| format!("{} has no house bot {id:?}", G::ID))?,
                        started: false,
                    }),
                    _ => None,
                });
            }
            self.bots = bots;
            if self.play_opponents(table)?.is_none() {
                return Ok(());
            }
        }
    }

    /// Plays the opponents until the learner is to act (`None`) or the game is over (the
    /// learner's place value).
    fn play_opponents(&mut self, table: &Table<G>) -> Result<Option<f32>, String> {
        loop {
            let Some(actor) = self.game.to_act() else {
                let outcome = self.game.outcome().ok_or("a game over has an outcome")?;
                return Ok(Some(outcome.place_value(self.seat) as f32));
            };
            if actor == self.seat {
                self.read_turn();
                return Ok(None);
            }
            self.game.legal_actions_into(&mut self.legal);
            self.decisions += 1;
            let index = match self.bots[actor].as_mut() {
                None => below(&mut self.rng, self.legal.len()),
                Some(seated) => house_choice(
                    seated,
                    &self.game,
                    actor,
                    self.decisions,
                    &self.legal,
                    table,
                )?,
            };
            self.play(index)?;
        }
    }

    /// Plays the legal action at `index` and keeps it in the history.
    fn play(&mut self, index: usize) -> Result<(), String> {
        self.history.push(index as u32);
        self.game
            .apply(&self.legal[index])
            .map_err(|e| e.to_string())
    }

    /// The seed the current game was dealt from and the actions played in it, by index.
    pub fn record(&self) -> (u64, &[u32]) {
        (self.deal_seed, &self.history)
    }

    /// Reads the learner's view, legal actions and their ids.
    fn read_turn(&mut self) {
        self.game.view_into(self.seat, &mut self.view);
        self.game.legal_actions_into(&mut self.legal);
        self.ids.clear();
        let view = &self.view;
        self.ids
            .extend(self.legal.iter().map(|a| G::action_id(view, a)));
    }

    /// The index of the legal action with id `id`, if one has it.
    pub fn index_of(&self, id: usize) -> Option<usize> {
        self.ids.iter().position(|&i| i == id)
    }

    /// Plays the learner's legal action at `index`, then the opponents; when the game ends,
    /// deals the next. Returns the learner's reward (its place value once the game is over, else
    /// 0) and whether the game ended.
    pub fn step(&mut self, table: &Table<G>, index: usize) -> Result<(f32, bool), String> {
        self.decisions += 1;
        self.play(index)?;
        match self.play_opponents(table)? {
            None => Ok((0.0, false)),
            Some(reward) => {
                self.deal(table)?;
                Ok((reward, true))
            }
        }
    }

    /// Writes the learner's observation over `observation` and its legal ids over `mask` (all
    /// false before).
    pub fn write(&self, observation: &mut [f32], mask: &mut [bool]) {
        G::observe(&self.view, observation);
        for &id in &self.ids {
            mask[id] = true;
        }
    }
}

/// The index among `legal` that a house bot chooses for `seat`.
fn house_choice<G: HouseGame>(
    seated: &mut Seated<G>,
    game: &G,
    seat: Seat,
    decision: u32,
    legal: &[G::Action],
    table: &Table<G>,
) -> Result<usize, String> {
    let view = game.view(seat);
    let runtime = crate::runtime::get().map_err(|e| e.to_string())?;
    let reply = runtime.block_on(async {
        if !seated.started {
            seated.bot.start(seat, table.players).await;
        }
        seated
            .bot
            .act(Turn {
                seat,
                decision,
                view: &view,
                legal_actions: legal,
            })
            .await
    });
    seated.started = true;
    let reply = reply.map_err(|fault| format!("a house bot faulted: {}", fault.detail))?;
    legal
        .iter()
        .position(|a| *a == reply.action)
        .ok_or_else(|| "a house bot chose an illegal action".to_string())
}
