//! `most`: the rummy "Мост" (bridge) of seed 001, 2 to 6 players with a 54-card pack.
//!
//! A turn is a chain of atomic actions: draw from the deck or take from the bridge (a card and
//! every card after it), then melds, lay-offs and joker swaps, then one discard onto the bridge.
//! The rules and every decision on the seed's gaps are in RULES.md beside this file.

mod check;
mod clone;
mod deal;
mod describe;
mod determinize;
mod encode;
mod melds;
mod search;
mod table;
mod transcript;
mod turn;
mod view;

#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use melds::meld_shape;
pub use table::{MeldOnTable, MostLayout};

pub use view::MostView;

use crate::card_list::{Blank, CardList, InlineList};
use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError};
use crate::relabel::{self, SuitMap};
use crate::reuse::Buffers;
use crate::shuffle::ShuffleModel;

/// The cards each player is dealt.
pub const HAND_SIZE: usize = 6;
/// Cards in the pack: 52 standard cards and two jokers.
pub const PACK_SIZE: usize = 54;
/// What a joker left in hand costs at the end of a deal.
pub const JOKER_PENALTY: i32 = 100;

/// Options of a most match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MostOptions {
    /// The match ends after the deal in which someone's total reaches this many points.
    #[schemars(range(min = 1))]
    pub target: i32,
    /// Play one deal only, placed by its points (for short matches).
    pub single_deal: bool,
    /// A guard against matches nobody wins: the match ends after this many deals at most.
    #[schemars(range(min = 1))]
    pub max_deals: u32,
    /// How the match seed shuffles each deal: uniformly (the default), or by a dealer's riffles, a
    /// cut and a deal in packets, starting from the pack in order and then from the last deal's
    /// cards as the table gathers them (see RULES.md).
    pub shuffle: ShuffleModel,
}

impl Default for MostOptions {
    fn default() -> MostOptions {
        MostOptions {
            target: 500,
            single_deal: false,
            max_deals: 50,
            shuffle: ShuffleModel::Uniform,
        }
    }
}

/// A joker in a meld or lay-off and the card it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JokerAs {
    /// The joker (`BJ` or `RJ`).
    pub joker: Card,
    /// The standard card it stands for.
    pub stands_for: Card,
}

impl Blank for JokerAs {
    const BLANK: JokerAs = JokerAs {
        joker: Card::BLACK_JOKER,
        stands_for: Card::BLACK_JOKER,
    };
}

/// The jokers of a meld with the cards they stand for: at most the two jokers of the pack.
pub type JokerList = InlineList<JokerAs, 2>;

/// One decision in most.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MostAction {
    /// Take the top card of the deck.
    Draw,
    /// Take the bridge card at `index` (0 is the oldest) and every card after it; a meld with
    /// that card must follow in this turn.
    Take {
        /// The position in the bridge.
        index: usize,
    },
    /// Put down a new meld of three or more: a run in one suit (wrapping …K, A, 2…) or one rank
    /// in different suits.
    Meld {
        /// The standard cards from hand, ascending, each once.
        cards: CardList,
        /// The jokers from hand with the cards they stand for, ordered by joker (`BJ` first).
        jokers: JokerList,
    },
    /// Add one card to meld `meld` (anyone's), once the player has a meld of their own.
    LayOff {
        /// The meld's index on the table.
        meld: usize,
        /// The card from hand.
        card: Card,
        /// For a joker, the card it stands for; absent for a standard card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stands_for: Option<Card>,
    },
    /// Put `card` from hand into meld `meld` in place of the joker standing for it; the joker
    /// goes to the hand.
    Swap {
        /// The meld's index on the table.
        meld: usize,
        /// The standard card the joker stands for.
        card: Card,
    },
    /// End the turn by putting a card onto the bridge.
    Discard {
        /// The card.
        card: Card,
    },
}

/// The shape of a meld on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// A run in one suit.
    Run,
    /// Cards of one rank in different suits.
    Set,
}

/// One card in a meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Slot {
    /// The card lying there: the standard card itself or a joker.
    pub card: Card,
    /// The standard card it is (for a joker, the card it stands for).
    pub stands_for: Card,
    /// The seat that put it there and scores it.
    pub by: Seat,
}

/// A meld on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableMeld {
    /// The seat that put the meld down.
    pub owner: Seat,
    /// Run or set.
    pub kind: MeldKind,
    /// The cards: a run from its lowest card along the wrap, a set by suit.
    pub slots: Vec<Slot>,
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The player to act draws or takes from the bridge.
    Draw,
    /// The player melds, lays off, swaps, and ends with a discard.
    Play,
    /// The match is over.
    Over,
}

/// A most match in progress: the whole state, hidden cards included.
#[derive(Debug, PartialEq, Eq)]
pub struct Most {
    options: MostOptions,
    players: usize,
    /// The seed of the deals' draws (without its relabelling bits).
    seed: u64,
    /// How the suits of every fresh pack are renamed (a relabelled duplicate deal).
    suits: SuitMap,
    /// Deals finished so far.
    deal: u32,
    dealer: Seat,
    /// The deck, drawn from the end.
    deck: Vec<Card>,
    bridge: Vec<Card>,
    hands: Vec<CardSet>,
    melds: Vec<TableMeld>,
    melded: Vec<bool>,
    to_act: Seat,
    phase: Phase,
    /// The bridge card taken this turn that a meld must still use.
    pending: Option<Card>,
    totals: Vec<i32>,
    /// Every finished deal's points, deal by deal, `players` to a deal.
    scores: Vec<i32>,
    /// Turns finished in this deal.
    turns: u32,
    /// Emptied slot lists of the last deal's melds, for the melds to come.
    spare: Buffers<Slot>,
}

/// A card's points: 2 to 9 count 5, 10 to king 10, ace 15; a joker 0.
pub fn card_points(card: Card) -> i32 {
    match card.rank() {
        None => 0,
        Some(Rank::Ace) => 15,
        Some(rank) if rank >= Rank::Ten => 10,
        Some(_) => 5,
    }
}

/// What a card left in hand costs: its points, a joker 100.
pub fn hand_penalty(card: Card) -> i32 {
    if card.is_joker() {
        JOKER_PENALTY
    } else {
        card_points(card)
    }
}

/// [`most_pack`], made once.
static PACK: std::sync::LazyLock<Vec<Card>> = std::sync::LazyLock::new(most_pack);

/// The most melds a deal can put down: every card of the pack in melds of three.
const MAX_MELDS: usize = PACK_SIZE / 3;

/// The most deals whose scores a match has room for from the start.
const SCORES_ROOM: u32 = 50;

/// Slot lists for every meld a deal can put down, each with room for a whole suit.
fn spare_slots() -> Buffers<Slot> {
    Buffers::with(MAX_MELDS, CardList::CAPACITY)
}

/// The 54 cards of a fresh pack: the standard cards, then the black and red jokers.
pub fn most_pack() -> Vec<Card> {
    let mut cards = pack(Rank::Two, Suit::ALL);
    cards.push(Card::BLACK_JOKER);
    cards.push(Card::RED_JOKER);
    cards
}

impl Most {
    /// The options the match was set up with.
    pub fn options(&self) -> &MostOptions {
        &self.options
    }

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The cards left in the deck, the next to be drawn last.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The bridge, the oldest card first.
    pub fn bridge(&self) -> &[Card] {
        &self.bridge
    }

    /// The melds on the table.
    pub fn melds(&self) -> &[TableMeld] {
        &self.melds
    }

    /// Whether `seat` has put down a meld of their own in this deal.
    pub fn has_melded(&self, seat: Seat) -> bool {
        self.melded.get(seat).copied().unwrap_or(false)
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The bridge card taken this turn that a meld must still use.
    pub fn pending(&self) -> Option<Card> {
        self.pending
    }

    /// The number of deals finished.
    pub fn deals_played(&self) -> u32 {
        self.deal
    }

    /// The dealer of the current (or last) deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The match totals by seat.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// The points of the last finished deal by seat (zeros before the first ends).
    pub fn last_scores(&self) -> &[i32] {
        const NONE: [i32; 6] = [0; 6];
        self.scores
            .rchunks(self.players)
            .next()
            .unwrap_or(&NONE[..self.players])
    }

    /// Every standard card the table shows, as itself or through a joker.
    pub fn table_represented(&self) -> CardSet {
        self.melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.stands_for))
            .collect()
    }

    /// Every card lying on the table (jokers as jokers).
    pub fn table_cards(&self) -> CardSet {
        self.melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.card))
            .collect()
    }

    /// The points `seat` would score if the deal ended now: cards they put on the table, minus
    /// their hand.
    pub fn deal_points(&self, seat: Seat) -> i32 {
        let table: i32 = self
            .melds
            .iter()
            .flat_map(|m| m.slots.iter())
            .filter(|s| s.by == seat)
            .map(|s| card_points(s.card))
            .sum();
        table - self.hands[seat].iter().map(hand_penalty).sum::<i32>()
    }

    /// A builder for tests: a position of the current deal with these hands, bridge, deck and
    /// melds, `seat` to act in `phase`.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn from_position(
        hands: Vec<CardSet>,
        bridge: Vec<Card>,
        deck: Vec<Card>,
        melds: Vec<TableMeld>,
        melded: Vec<bool>,
        to_act: Seat,
        phase: Phase,
        pending: Option<Card>,
    ) -> Most {
        let players = hands.len();
        Most {
            options: MostOptions {
                single_deal: true,
                ..MostOptions::default()
            },
            players,
            seed: 0,
            suits: SuitMap::IDENTITY,
            deal: 0,
            dealer: (to_act + players - 1) % players,
            deck,
            bridge,
            hands,
            melds,
            melded,
            to_act,
            phase,
            pending,
            totals: vec![0; players],
            scores: Vec::new(),
            turns: 0,
            spare: spare_slots(),
        }
    }
}

impl Game for Most {
    const ID: &'static str = "most";
    const RULES_VERSION: u32 = 1;
    const RELABELS: bool = true;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: 6,
        default: 2,
        step: 1,
    };

    type Options = MostOptions;
    type Action = MostAction;
    type View = MostView;
    type Layout = MostLayout;

    fn new(options: &MostOptions, players: usize, seed: u64) -> Result<Most, SetupError> {
        SetupError::check_players::<Most>(players)?;
        if options.target <= 0 || options.max_deals == 0 {
            return Err(SetupError::Options {
                game: Most::ID,
                detail: "target and max_deals must be positive".into(),
            });
        }
        options
            .shuffle
            .validate()
            .map_err(|detail| SetupError::Options {
                game: Most::ID,
                detail,
            })?;
        let (seed, suits) = relabel::split_seed(seed);
        let mut game = Most {
            options: options.clone(),
            players,
            seed,
            suits,
            deal: 0,
            dealer: 0,
            deck: Vec::new(),
            bridge: Vec::new(),
            hands: vec![CardSet::EMPTY; players],
            melds: Vec::with_capacity(MAX_MELDS),
            melded: vec![false; players],
            to_act: 0,
            phase: Phase::Draw,
            pending: None,
            totals: vec![0; players],
            scores: Vec::with_capacity(players * options.max_deals.min(SCORES_ROOM) as usize),
            turns: 0,
            spare: spare_slots(),
        };
        game.start_deal();
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal_actions_into(&self, out: &mut Vec<MostAction>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &MostAction) -> Result<(), RuleError> {
        self.check(action)?;
        self.play(action);
        Ok(())
    }

    fn describe(&self, action: &MostAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> MostView {
        MostView::of(self, seat)
    }

    fn view_into(&self, seat: Seat, out: &mut MostView) {
        out.refill(self, seat);
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<MostLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let seats = self
            .totals
            .iter()
            .map(|&t| SeatResult {
                rank: 1 + self.totals.iter().filter(|&&o| o > t).count() as u32,
                score: f64::from(t),
            })
            .collect();
        Some(Outcome { seats })
    }

    fn transcript(initial: &Most, actions: &[MostAction], names: &[String]) -> Option<String> {
        transcript::write(initial, actions, names)
    }
}
