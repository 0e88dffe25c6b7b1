//! `fifty-six`: the South Indian trick-taking game 56 of seed 004 (Lib56), for 4 or 6 players in
//! two teams, with two copies of each card, a hidden trump and a match of several deals.
//!
//! Every decision is one atomic action: [`FiftySixAction::Bid`] or [`FiftySixAction::Pass`] in the
//! bidding, [`FiftySixAction::HideTrump`] by the bid's winner, then [`FiftySixAction::Play`] and
//! [`FiftySixAction::RevealTrump`] in the tricks. The rules and every decision on the seed's gaps
//! are in RULES.md beside this file.

mod bidding;
mod clone;
mod deal;
mod describe;
mod determinize;
mod encode;
mod pack;
mod play;
mod replay;
mod table;
mod transcript;
mod view;

#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use deal::score_change;
pub use play::trick_winner;
pub use table::{FiftySixLayout, Revealed, Won};
pub use view::{Bid, BidEntry, DealResult, FiftySixView, FinishedTrick, PlayedCard, Reveal, Trick};

#[cfg(test)]
use crate::cards::Suit;
use crate::cards::{Card, Rank};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError};
use crate::relabel;
use crate::reuse::Buffers;
use crate::shuffle::ShuffleModel;
pub use pack::fifty_six_pack;
#[cfg(test)]
use pack::hand_order;
use pack::{distinct, insert_sorted, sort_hand};

/// Cards dealt to each player, and tricks in a deal.
pub const HAND_SIZE: usize = 8;
/// Cards each seat gets at a time in the uniform model's deal (the seed: "4 cards at a time").
pub const DEAL_PACKET: usize = 4;
/// The lowest bid, compulsory for the first bidder.
pub const MIN_BID: u32 = 28;
/// The lowest bid of the upper band (40–55), worth +2 / −3.
pub const HIGH_BID: u32 = 40;
/// The highest bid, "tani": the bidder plays alone and must win every trick.
pub const TANI: u32 = 56;
/// The most deals a match may be set to last.
pub const MAX_DEALS: u32 = 100;

/// Options of a fifty-six match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct FiftySixOptions {
    /// How many deals (void deals not counted) the match lasts, at most 100; 0 (the default)
    /// means one per seat, so every seat deals once.
    #[schemars(range(max = MAX_DEALS))]
    pub deals: u32,
    /// How the cards are shuffled before each deal: `{"kind":"uniform"}` (the default) or the
    /// seed's imperfect dealer's shuffle `{"kind":"riffle","riffles":2}`, which starts from the
    /// last deal's cards as the table gathered them.
    pub shuffle: ShuffleModel,
}

/// One decision in fifty-six.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum FiftySixAction {
    /// Bid to make this many card points (28 to 56; 56 is tani).
    Bid {
        /// The bid.
        points: u32,
    },
    /// Pass in the bidding (not allowed to the first bidder, who must bid).
    Pass,
    /// The bid's winner puts this card from their hand face down: its suit is trump.
    HideTrump {
        /// The card hidden; either copy of a card is the same.
        card: Card,
    },
    /// Unable to follow suit, ask for the hidden trump to be shown; then act again.
    RevealTrump,
    /// Play this card to the trick.
    Play {
        /// The card played; either copy of a card is the same.
        card: Card,
    },
}

/// Where a deal is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The players bid in turn.
    Bidding,
    /// The bid's winner is to hide the trump card.
    HidingTrump,
    /// The eight tricks are being played.
    Playing,
    /// The match is over.
    Over,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Bidding => "bidding",
            Phase::HidingTrump => "hiding_trump",
            Phase::Playing => "playing",
            Phase::Over => "over",
        }
    }
}

/// A card's points: J 3, 9 2, A 1, 10 1, K 0, Q 0 (56 in a deal).
pub fn points(card: Card) -> u32 {
    match card.rank() {
        Some(Rank::Jack) => 3,
        Some(Rank::Nine) => 2,
        Some(Rank::Ace | Rank::Ten) => 1,
        _ => 0,
    }
}

/// A card's precedence within its suit, higher wins: J 5, 9 4, A 3, 10 2, K 1, Q 0.
pub fn precedence(card: Card) -> u8 {
    PRECEDENCE[card.index() / 4]
}

/// [`precedence`] by rank position (two first); ranks below nine and jokers have 0.
const PRECEDENCE: [u8; 14] = [0, 0, 0, 0, 0, 0, 0, 4, 2, 5, 0, 1, 3, 0];

/// The team of `seat`: 0 for even seats, 1 for odd seats.
pub fn team(seat: Seat) -> usize {
    seat % 2
}

/// A fifty-six match in progress: the whole state, hidden cards included.
#[derive(Debug, PartialEq, Eq)]
pub struct FiftySix {
    players: usize,
    seed: u64,
    shuffle: ShuffleModel,
    /// Deals (not void) the match lasts.
    deals: u32,
    /// Deals started so far, void ones included, less one: keys each deal's shuffle.
    deal_counter: u64,
    /// Deals (not void) finished.
    deal: u32,
    void_deals: u32,
    dealer: Seat,
    /// Each seat's cards in the order they were dealt.
    dealt: Vec<Vec<Card>>,
    /// Each seat's cards, sorted by [`hand_order`].
    hands: Vec<Vec<Card>>,
    phase: Phase,
    /// The seat to act while the match runs.
    turn: Seat,
    bids: Vec<BidEntry>,
    /// The highest bid so far; once the bidding ends, the contract.
    standing: Option<Bid>,
    /// Passes in a row since the last bid.
    passes: usize,
    /// The trump card, once hidden (hidden until `reveal` is set).
    trump: Option<Card>,
    reveal: Option<Reveal>,
    trick: Trick,
    tricks: Vec<FinishedTrick>,
    totals: [i32; 2],
    last_deal: Option<DealResult>,
    spare: Spare,
}

/// Buffers kept from deal to deal, so that dealing, bidding and playing tricks allocate nothing
/// once the match is set up: scratch space, not state (but for the pack), so any two compare
/// equal.
#[derive(Debug)]
struct Spare {
    /// The pack as it comes out of the box for this table.
    pack: Vec<Card>,
    /// The deck being shuffled and dealt.
    deck: Vec<Card>,
    /// Emptied card lists of finished tricks, for the tricks to come.
    tricks: Buffers<PlayedCard>,
}

impl Spare {
    /// The buffers for `players`, each with room for a whole deal.
    fn new(players: usize) -> Spare {
        let pack = fifty_six_pack(players);
        Spare {
            deck: Vec::with_capacity(pack.len()),
            pack,
            tricks: Buffers::with(HAND_SIZE + 1, players),
        }
    }

    /// An empty list for a trick's cards.
    fn trick(&mut self) -> Vec<PlayedCard> {
        self.tricks.take()
    }

    /// Keeps `cards`' buffer for a later trick.
    fn keep(&mut self, cards: Vec<PlayedCard>) {
        self.tricks.keep(cards);
    }
}

impl PartialEq for Spare {
    fn eq(&self, _: &Spare) -> bool {
        true
    }
}

impl Eq for Spare {}

impl FiftySix {
    /// The cards `seat` holds, sorted by suit (♣ ♦ ♥ ♠) then precedence (J 9 A 10 K Q).
    pub fn hand(&self, seat: Seat) -> &[Card] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The card lying face down as trump, while it is hidden.
    pub fn hidden_trump(&self) -> Option<Card> {
        self.trump.filter(|_| self.reveal.is_none())
    }

    /// The trump card once it is revealed (it is back in the bidder's hand or played).
    pub fn revealed_trump(&self) -> Option<Card> {
        self.trump.filter(|_| self.reveal.is_some())
    }

    /// The trick being played.
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The finished tricks of this deal, in the order they were won.
    pub fn tricks(&self) -> &[FinishedTrick] {
        &self.tricks
    }

    /// Where the deal is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer of this deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Deals (void ones not counted) finished so far.
    pub fn deals_done(&self) -> u32 {
        self.deal
    }

    /// Deals (void ones not counted) the match lasts.
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// Void deals so far, re-dealt by the same dealer.
    pub fn void_deals(&self) -> u32 {
        self.void_deals
    }

    /// The highest bid so far; once the bidding is over, the contract.
    pub fn standing_bid(&self) -> Option<Bid> {
        self.standing
    }

    /// The bid's winner, once the bidding is over.
    pub fn bidder(&self) -> Option<Seat> {
        self.standing
            .filter(|_| self.phase != Phase::Bidding)
            .map(|b| b.seat)
    }

    /// Whether the contract is tani (56): the bidder plays alone.
    pub fn tani(&self) -> bool {
        self.phase != Phase::Bidding && self.standing.is_some_and(|b| b.points == TANI)
    }

    /// Each team's match total.
    pub fn totals(&self) -> [i32; 2] {
        self.totals
    }

    /// The result of the last deal played out, if any.
    pub fn last_deal(&self) -> Option<&DealResult> {
        self.last_deal.as_ref()
    }

    /// The same game with the bidder's hidden card exchanged for one copy of `card` from the
    /// bidder's hand, while the trump is hidden; `None` otherwise. What every other seat sees is
    /// the same for both games (the property tests check it): analysis tools can use it to walk
    /// the positions the other seats cannot tell apart.
    pub fn with_hidden_card(&self, card: Card) -> Option<FiftySix> {
        let hidden = self.hidden_trump()?;
        let bidder = self.bidder()?;
        let mut game = self.clone();
        let hand = &mut game.hands[bidder];
        let at = hand.iter().position(|&c| c == card)?;
        hand.remove(at);
        insert_sorted(hand, hidden);
        game.trump = Some(card);
        Some(game)
    }

    /// Whether `seat` plays in this deal: everyone, but in tani only the bidder and the
    /// opponents (the bidder's teammates sit out).
    fn plays(&self, seat: Seat) -> bool {
        match self.bidder() {
            Some(bidder) if self.tani() => seat == bidder || team(seat) != team(bidder),
            _ => true,
        }
    }

    /// The seats sitting out this deal (the bidder's teammates in tani).
    fn sitting_out(&self) -> Vec<Seat> {
        (0..self.players).filter(|&s| !self.plays(s)).collect()
    }

    /// The seat to the left of `seat` (a comparison, not the division a remainder costs on
    /// every card played).
    fn left_of(&self, seat: Seat) -> Seat {
        if seat + 1 == self.players {
            0
        } else {
            seat + 1
        }
    }

    /// The next seat after `seat` (to its left) that plays in this deal.
    fn next_player(&self, seat: Seat) -> Seat {
        let mut next = self.left_of(seat);
        while !self.plays(next) {
            next = self.left_of(next);
        }
        next
    }

    /// Card points each team has taken in this deal's tricks.
    fn card_points(&self) -> [u32; 2] {
        let mut taken = [0; 2];
        for trick in &self.tricks {
            taken[team(trick.winner)] += trick.points;
        }
        taken
    }

    /// The error refusing an action of the seat to act, saying why.
    fn illegal(&self, why: String) -> RuleError {
        RuleError::Illegal(format!("seat {}: {why}", self.turn))
    }
}

impl Game for FiftySix {
    const ID: &'static str = "fifty-six";
    const RULES_VERSION: u32 = 1;
    const RELABELS: bool = true;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 4,
        max: 6,
        default: 4,
        step: 2,
    };
    const PARTNERSHIPS: bool = true;

    type Options = FiftySixOptions;
    type Action = FiftySixAction;
    type View = FiftySixView;
    type Layout = FiftySixLayout;

    fn new(options: &FiftySixOptions, players: usize, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<FiftySix>(players)?;
        let bad = |detail: String| SetupError::Options {
            game: FiftySix::ID,
            detail,
        };
        if options.deals > MAX_DEALS {
            return Err(bad(format!(
                "deals is 0 (one per seat) to {MAX_DEALS}, not {}",
                options.deals
            )));
        }
        options.shuffle.validate().map_err(bad)?;
        let (seed, suits) = relabel::split_seed(seed);
        let deals = match options.deals {
            0 => players as u32,
            d => d,
        };
        let mut game = FiftySix {
            players,
            seed,
            shuffle: options.shuffle,
            deals,
            deal_counter: 0,
            deal: 0,
            void_deals: 0,
            dealer: players - 1,
            dealt: (0..players)
                .map(|_| Vec::with_capacity(HAND_SIZE))
                .collect(),
            hands: (0..players)
                .map(|_| Vec::with_capacity(HAND_SIZE + 1))
                .collect(),
            phase: Phase::Bidding,
            turn: 0,
            // Every bid from 28 to 56, each followed by passes round the table.
            bids: Vec::with_capacity((TANI - MIN_BID + 1) as usize * players),
            standing: None,
            passes: 0,
            trump: None,
            reveal: None,
            trick: Trick {
                leader: 0,
                cards: Vec::new(),
            },
            tricks: Vec::with_capacity(HAND_SIZE),
            totals: [0; 2],
            last_deal: None,
            spare: Spare::new(players),
        };
        // A relabelled deal's pack comes out of the box with its suits renamed.
        suits.cards(&mut game.spare.pack);
        // The riffle model's first shuffle starts from the pack as it comes out of the box.
        let lying = match options.shuffle {
            ShuffleModel::Uniform => Vec::new(),
            ShuffleModel::Riffle(_) => game.spare.pack.clone(),
        };
        game.start_deal(lying);
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.turn)
    }

    fn legal_actions_into(&self, out: &mut Vec<FiftySixAction>) {
        out.clear();
        let seat = self.turn;
        match self.phase {
            Phase::Bidding => {
                out.extend(
                    (self.min_bid(seat)..=TANI).map(|points| FiftySixAction::Bid { points }),
                );
                if self.standing.is_some() {
                    out.push(FiftySixAction::Pass);
                }
            }
            Phase::HidingTrump => {
                out.extend(
                    distinct(&self.hands[seat]).map(|card| FiftySixAction::HideTrump { card }),
                );
            }
            Phase::Playing => self.plays_into(seat, out),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: &FiftySixAction) -> Result<(), RuleError> {
        match (*action, self.phase) {
            (_, Phase::Over) => Err(RuleError::GameOver),
            (FiftySixAction::Bid { points }, Phase::Bidding) => self.bid(points),
            (FiftySixAction::Pass, Phase::Bidding) => self.pass(),
            (FiftySixAction::HideTrump { card }, Phase::HidingTrump) => self.hide_trump(card),
            (FiftySixAction::Play { card }, Phase::Playing) => self.play(card),
            (FiftySixAction::RevealTrump, Phase::Playing) => self.reveal_trump(),
            (action, phase) => Err(self.illegal(format!(
                "{action:?} is not an action of the {} phase",
                phase.name()
            ))),
        }
    }

    fn describe(&self, action: &FiftySixAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> FiftySixView {
        FiftySixView::of(self, seat)
    }

    fn view_into(&self, seat: Seat, out: &mut FiftySixView) {
        out.refill(self, seat);
    }

    fn hidden(&self, action: &FiftySixAction) -> Option<Vec<crate::phrase::Phrase>> {
        matches!(action, FiftySixAction::HideTrump { .. }).then(|| describe::hidden(self))
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<FiftySixLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let [even, odd] = self.totals;
        let seats = (0..self.players)
            .map(|seat| {
                let (mine, theirs) = if team(seat) == 0 {
                    (even, odd)
                } else {
                    (odd, even)
                };
                SeatResult {
                    rank: if mine < theirs { 2 } else { 1 },
                    score: f64::from(mine),
                }
            })
            .collect();
        Some(Outcome { seats })
    }

    fn transcript(initial: &Self, actions: &[FiftySixAction], names: &[String]) -> Option<String> {
        transcript::write(initial, actions, names)
    }
}
