//! Every phrase id the engine says, with its English template (the placeholders are
//! [`english`](super::english)'s). The pages give each id one Fluent message a language
//! (web/locales/<code>/moves.ftl); a test of the web crate holds those ids exactly these and their
//! English equal to these templates.

/// Each id and its English template, the common ones first, then each game's.
pub const ENGLISH: &[(&str, &str)] = &[
    // Any game.
    ("move", "{actor}: {action}"),
    ("game-over", "the game is over:"),
    ("deal-dealt", "the deal is over; deal {deal} is dealt"),
    ("draws-cards", "{seat} [draw|draws] {count|card|cards}"),
    ("goes-out", "{seat} [go|goes] out"),
    ("last-deal", "the last deal:"),
    // A seat's place in a result.
    ("place-won", "won"),
    ("place-last", "last"),
    ("place-nth", "{place}"),
    ("place-shared", "shared {place} with {seats}"),
    ("place-draw", "a draw"),
    ("points", "{points|point|points}"),
    // Who won a match scored in points.
    ("points-won", "{seat} won"),
    ("points-shared", "{seats} shared first"),
    ("points-draw", "everyone tied: a draw"),
    // durak.
    ("durak-attacks", "{actor} [attack|attacks] with {card}"),
    ("durak-adds", "{actor} [add|adds] {card}"),
    ("durak-beats", "{actor} [beat|beats] {attack} with {card}"),
    ("durak-beats-with", "{actor} [beat|beats] with {card}"),
    ("durak-takes", "{actor} [take|takes] {count|card|cards}"),
    ("durak-done", "{actor} [are|is] done"),
    (
        "durak-last-card",
        "{seat} [attack|attacks] with [your|its] last card, {card}",
    ),
    (
        "durak-cannot-beat",
        "{seat} cannot beat it and [take|takes] {count|card|cards}",
    ),
    (
        "durak-cannot-beat-thrown",
        "{seat} cannot beat it and [take|takes] {count|card|cards} ({thrower} [throw|throws] in {cards})",
    ),
    ("durak-throws-in", "{seat} [throw|throws] in {cards}"),
    ("durak-beaten-off", "{count|card is|cards are} beaten off"),
    (
        "durak-nothing-to-add",
        "{seat} [have|has] nothing to add: {count|card is|cards are} beaten off",
    ),
    ("durak-out", "{seats} [are|is] out"),
    (
        "durak-fool",
        "{fool} [are|is] the fool, the last player holding cards ({count})",
    ),
    (
        "durak-fool-stalled",
        "{fool} [are|is] the fool: play stalled for {turns} turns and {fool} held the most cards ({count})",
    ),
    (
        "durak-draw",
        "nobody is the fool: the last cards went out together, a draw",
    ),
    (
        "durak-draw-stalled",
        "nobody is the fool: play stalled for {turns} turns, a draw",
    ),
    ("durak-seat-fool", "the fool"),
    ("durak-seat-not-fool", "not the fool"),
    (
        "durak-seat-not-fool-shared",
        "not the fool, shared first with {seats}",
    ),
    ("durak-seat-draw", "a draw: nobody is the fool"),
    // durak-duel.
    (
        "durak-duel-attacks",
        "{actor} [attack|attacks] with {cards}",
    ),
    ("durak-duel-adds", "{actor} [add|adds] {cards}"),
    (
        "durak-duel-beats",
        "{actor} [beat|beats] {attack} with {card}",
    ),
    (
        "durak-duel-counterattacks",
        "{actor} [counterattack|counterattacks] with {cards}: the roles turn",
    ),
    (
        "durak-duel-passes",
        "{actor} [pass|passes] and will take the table",
    ),
    ("durak-duel-piles-on", "{actor} [pile|piles] on {cards}"),
    (
        "durak-duel-piles-on-nothing",
        "{actor} [pile|piles] on nothing",
    ),
    ("durak-duel-done", "{actor} [are|is] done"),
    ("durak-duel-takes", "{seat} [take|takes] {count|card|cards}"),
    (
        "durak-duel-beaten-off",
        "{count|card is|cards are} beaten off",
    ),
    (
        "durak-duel-round-over",
        "the round is over: {count|card is|cards are} beaten off",
    ),
    (
        "durak-duel-won",
        "{winner} won; {fool} [are|is] the fool: {fool} held {count|card|cards} when the stock was gone",
    ),
    (
        "durak-duel-won-stalled",
        "{winner} won; {fool} [are|is] the fool: play stalled for {rounds} rounds and {winner} held fewer cards",
    ),
    ("durak-duel-draw", "a draw: neither player is the fool"),
    ("durak-duel-seat-draw", "a draw: neither is the fool"),
    // prsi.
    ("prsi-plays", "{actor} [play|plays] {cards}"),
    (
        "prsi-plays-naming",
        "{actor} [play|plays] {cards}, naming {suit}",
    ),
    ("prsi-cancels", "the green under cancels the draw"),
    ("prsi-stands", "{actor} [stand|stands] (ace)"),
    ("prsi-draws", "{actor} [draw|draws] a card"),
    (
        "prsi-draws-sevens",
        "{actor} [draw|draws] {count|card|cards} (sevens)",
    ),
    (
        "prsi-reshuffled",
        "the stock ran out: the pile but its top card is shuffled into a new stock",
    ),
    ("prsi-drew-only", "only {count|card|cards} could be drawn"),
    ("prsi-turn-limit", "the {turns}-turn limit ended the game"),
    ("prsi-out", "{seat} went out {place}"),
    (
        "prsi-left-holding",
        "{seat} [are|is] left holding {count|card|cards}",
    ),
    (
        "prsi-still-holding",
        "{seat} still [hold|holds] {count|card|cards}",
    ),
    ("prsi-seat-out", "went out {place}"),
    ("prsi-seat-last", "last, left holding {count|card|cards}"),
    ("prsi-seat-holding", "still holding {count|card|cards}"),
    // bridge.
    ("bridge-plays", "{actor} [play|plays] {card}"),
    (
        "bridge-plays-ordering",
        "{actor} [play|plays] {card}, ordering {suit}",
    ),
    ("bridge-covers", "{actor} [cover|covers] {six} with {card}"),
    (
        "bridge-covers-ordering",
        "{actor} [cover|covers] {six} with {card}, ordering {suit}",
    ),
    ("bridge-draws", "{actor} [draw|draws]"),
    (
        "bridge-draws-to-cover",
        "{actor} [draw|draws] to cover {six}",
    ),
    ("bridge-ends-turn", "{actor} [end|ends] the turn"),
    (
        "bridge-ends-turn-out",
        "{actor} [end|ends] the turn and [go|goes] out",
    ),
    ("bridge-takes", "{seat} [take|takes] {count|card|cards}"),
    (
        "bridge-loses-turns",
        "{seat} [lose|loses] {turns|turn|turns}",
    ),
    (
        "bridge-takes-loses",
        "{seat} [take|takes] {count|card|cards} and [lose|loses] {turns|turn|turns}",
    ),
    (
        "bridge-totals",
        "after {deals|deal|deals} (whoever has lost {target} points loses the match):",
    ),
    ("bridge-lost", "{seat} lost {points|point|points}"),
    ("bridge-seat-lost", "lost {points|point|points}"),
    // most.
    ("most-draws", "{actor} [draw|draws] from the deck"),
    (
        "most-takes-card",
        "{actor} [take|takes] the bridge card {card} and must meld it",
    ),
    (
        "most-takes",
        "{actor} [take|takes] {cards} from the bridge and must meld {card}",
    ),
    ("most-melds", "{actor} [meld|melds] {meld}"),
    (
        "most-lays-off",
        "{actor} [lay|lays] off {cards} on {owner's} {kind} {meld}",
    ),
    (
        "most-lays-off-own",
        "{actor} [lay|lays] off {cards} on [your|their] own {kind} {meld}",
    ),
    (
        "most-swaps",
        "{actor} [swap|swaps] {card} for {joker} in {owner's} {kind} {meld}",
    ),
    (
        "most-swaps-own",
        "{actor} [swap|swaps] {card} for {joker} in [your|their] own {kind} {meld}",
    ),
    ("most-discards", "{actor} [discard|discards] {card}"),
    (
        "most-discards-out",
        "{actor} [discard|discards] {card} and [go|goes] out",
    ),
    (
        "most-discards-last",
        "{actor} [discard|discards] {card}, and the deal ends: the deck is empty",
    ),
    (
        "most-totals",
        "totals after {deals|deal|deals} ({target} ends the match):",
    ),
    ("most-total", "{seat} [have|has] {points|point|points}"),
    ("most-scored", "{seat} scored {points|point|points}"),
    // fifty-six.
    ("fifty-six-bids", "{actor} [bid|bids] {points}"),
    ("fifty-six-bids-tani", "{actor} [bid|bids] {points} (tani)"),
    ("fifty-six-passes", "{actor} [pass|passes]"),
    (
        "fifty-six-passes-bidding-won",
        "{actor} [pass|passes]: {winner} [win|wins] the bidding at {points}",
    ),
    ("fifty-six-hides", "{actor} [hide|hides] {card} as trump"),
    (
        "fifty-six-hides-a-card",
        "{actor} [hide|hides] a card as trump",
    ),
    (
        "fifty-six-hides-void",
        "{actor} [hide|hides] {card} as trump, but the other team holds none of its suit: the deal is void",
    ),
    (
        "fifty-six-reveals",
        "{actor} [reveal|reveals] the trump: {card}",
    ),
    (
        "fifty-six-reveals-hidden",
        "{actor} [reveal|reveals] the trump",
    ),
    ("fifty-six-plays", "{actor} [play|plays] {card}"),
    (
        "fifty-six-plays-wins",
        "{actor} [play|plays] {card} and [win|wins] the trick, {points|point|points}",
    ),
    (
        "fifty-six-plays-other-wins",
        "{actor} [play|plays] {card}: {winner} [win|wins] the trick, {points|point|points}",
    ),
    (
        "fifty-six-trump-turns-up",
        "{seat} [have|has] only the hidden trump left: it turns up, trumps are {suit}",
    ),
    (
        "fifty-six-trump-back",
        "the trump goes back to {seat's} hand",
    ),
    (
        "fifty-six-won",
        "{winners} won {won} to {lost} against {losers}",
    ),
    (
        "fifty-six-tied",
        "the teams tied on {points} points: a draw",
    ),
    (
        "fifty-six-last-made",
        "the last deal: {bidder} won the bid with {bid} and made it, taking {points} card points (+{change})",
    ),
    (
        "fifty-six-last-lost",
        "the last deal: {bidder} won the bid with {bid} and lost it, taking {points} card points ({change})",
    ),
    (
        "fifty-six-last-tani-made",
        "the last deal: {bidder} won the bid with tani (all eight tricks alone) and made it, taking {points} card points (+{change})",
    ),
    (
        "fifty-six-last-tani-lost",
        "the last deal: {bidder} won the bid with tani (all eight tricks alone) and lost it, taking {points} card points ({change})",
    ),
    (
        "fifty-six-seat-won",
        "won with {partners}, {ours} to {theirs}",
    ),
    (
        "fifty-six-seat-lost",
        "lost with {partners}, {ours} to {theirs}",
    ),
    (
        "fifty-six-seat-draw",
        "a draw with {partners}, {ours} to {theirs}",
    ),
];
