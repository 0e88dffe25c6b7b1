# The card table's words: what every game's table shows.

## The footer's deck switch: prší drawn with the Czech (German-suited) deck or the French one.

table-deck-prsi = Prší cards:
table-deck-german = Czech
table-deck-french = French

## Cards. $rank is two…ten, jack, queen, king, ace (French deck) or seven…ten, under, over,
## king, ace (German deck); $suit is hearts, spades, diamonds, clubs (French) or hearts,
## leaves, bells, acorns (German).

# The letter printed on a court card or an ace of the French deck.
table-rank-french = { $rank ->
    [jack] J
    [queen] Q
    [king] K
   *[ace] A
}
# The letter printed on an under, an over, a king or an ace of the German-suited deck.
table-rank-german = { $rank ->
    [under] U
    [over] O
    [king] K
   *[ace] A
}
# A French card's name, as a screen reader says it.
table-card-french = { $rank ->
    [two] 2
    [three] 3
    [four] 4
    [five] 5
    [six] 6
    [seven] 7
    [eight] 8
    [nine] 9
    [ten] 10
    [jack] jack
    [queen] queen
    [king] king
   *[ace] ace
} of { $suit ->
    [hearts] hearts
    [diamonds] diamonds
    [spades] spades
   *[clubs] clubs
}
# A German-suited card's name, said as in Czech: its suit's colour, then its rank ("green under").
table-card-german = { $suit ->
    [hearts] red
    [leaves] green
    [bells] bell
   *[acorns] acorn
} { $rank ->
    [seven] seven
    [eight] eight
    [nine] nine
    [ten] ten
    [under] under
    [over] over
    [king] king
   *[ace] ace
}
# $colour is red or black.
table-joker = { $colour ->
    [red] red joker
   *[black] black joker
}
# The mark on a joker, above its star.
table-joker-mark = J
table-suit-french = { $suit ->
    [hearts] hearts
    [diamonds] diamonds
    [spades] spades
   *[clubs] clubs
}
table-suit-german = { $suit ->
    [hearts] hearts
    [leaves] leaves
    [bells] bells
   *[acorns] acorns
}
table-face-down = { $count ->
    [one] a face-down card
   *[other] { $count } face-down cards
}
# The tooltip of durak's trump card under the stock; $card is the card's name.
table-trump-card = the trump card, { $card }

## The table's frame: the facts strip, the seats, the result, the score tables.

table-fact-deal = Deal
# $kind is what the game calls its next step: trick, turn or round.
table-fact-trick = { $kind ->
    [turn] Turn
    [round] Round
   *[trick] Trick
}
table-fact-to-act = To act
table-game-over = game over
table-badge-to-act = to act
table-no-cards = no cards
table-none = none
table-empty = empty
table-nobody = nobody
table-seat = seat { $seat }
table-cannot-draw = This table's layout cannot be drawn.
table-result = Result:
table-scores-deal = Deal
table-total = Total
table-total-to = Total (to { $target })

## What the games' tables show.

table-zone-stock = Stock
table-zone-pile = Pile (top card last)
table-zone-scores = Scores
table-fact-dealer = Dealer
table-badge-dealer = dealer
table-badge-total = total { $total }
table-fact-phase = Phase
# $phase is where a turn or a deal stands (the game's own word when it is none of these).
table-phase = { $phase ->
    [lead] lead
    [open] opening
    [defend] defence
    [continue] adding cards
    [pile_on] piling on
    [draw] draw
    [play] play
    [bidding] bidding
    [hiding_trump] hiding the trump
    [playing] playing
    [over] over
   *[other] { $phase }
}

# durak and durak-duel
table-zone-attack = Attack / defence
table-zone-beaten = Beaten off
table-no-attack = no attack yet
table-fact-trump = Trump
table-fact-attacks = Attacks
table-fact-defends = Defends
table-badge-attacker = attacker
table-badge-defender = defender
table-badge-out = out
table-badge-started = started the round

# bridge
table-fact-played = Played this turn
table-fact-ordered = Ordered suit
table-fact-six = Six on top
table-six-cover = must be covered
table-fact-to-take = To take at the turn's end
table-badge-takes = takes { $count }
table-badge-skips = { $count ->
    [one] skips a turn
   *[other] skips { $count } turns
}

# most
table-zone-bridge = Bridge (newest last)
table-zone-taken = Taken from the bridge, to meld
table-zone-melds = Melds
table-no-melds = no melds yet
# $kind is run or set.
table-meld-owner = { $name } · { $kind ->
    [run] run
    [set] set
   *[other] { $kind }
}
table-laid-off-by = laid off by { $name }
table-badge-melded = melded

# fifty-six
table-team = { $team } (seats { $seats })
table-team-won = Team { $team }: { $tricks ->
    [one] { $tricks } trick
   *[other] { $tricks } tricks
}, { $points ->
    [one] { $points } point
   *[other] { $points } points
}
table-team-a = Team A
table-team-b = Team B
table-zone-bids = Bids
table-zone-hidden-trump = Hidden trump
table-zone-trick = Trick
table-zone-totals = Match totals
table-no-bids = no bids yet
table-no-card = no card yet
table-bid-pass = pass
table-trump-revealed = revealed
table-trump-not-hidden = not hidden yet
table-trump-hidden = hidden
table-bidding = bidding
table-contract = { $name } { $bid }
table-contract-tani = { $name } { $bid } (tani)
table-fact-deals = Deals
table-deals-void = { $deals }, { $void } void
table-fact-contract = Contract
table-fact-sitting-out = Sitting out
table-badge-team = team { $team }
table-badge-bidder = bidder
table-badge-leads = leads
table-badge-sits-out = sits out

# prší
table-fact-suit = Suit
table-fact-draw = Draw
table-fact-aces = Aces
table-fact-out = Out
table-badge-out-place = out { $place }

## The person's choices on the seat page: each a button's words (-label) and what it does
## (-hint). $card is a card's name, $cards several.

# bridge; $effect is what the card does when the turn ends on it (seven, eight, ace, six, none).
table-bridge-order = Play { $card }, order { $suit }
table-bridge-order-hint = A jack fits anything and orders a suit: only that suit (or another jack) may follow it.
table-bridge-cover = Cover the { $six } with { $card }
table-bridge-cover-hint = Put this card on the six: then only cards of its rank may follow this turn.{ $effect ->
    [seven] { " " }A seven makes the next player take a card.
    [eight] { " " }An eight makes the next opponent take two cards and lose a turn.
    [ace] { " " }An ace makes the next opponent lose a turn.
    [six] { " " }A six must be covered: you play or draw again.
   *[none] { "" }
}
table-bridge-play = Play { $card }
table-bridge-play-too = Play { $card } too
table-bridge-play-hint = Put this card on the pile: then only cards of its rank may follow this turn.{ $effect ->
    [seven] { " " }A seven makes the next player take a card.
    [eight] { " " }An eight makes the next opponent take two cards and lose a turn.
    [ace] { " " }An ace makes the next opponent lose a turn.
    [six] { " " }A six must be covered: you play or draw again.
   *[none] { "" }
}
table-bridge-draw-cover = Draw to cover the { $six }
table-bridge-draw-cover-hint = Nothing in your hand covers the six: take a card from the deck and try again (this draw is free).
table-bridge-draw = Draw a card
table-bridge-draw-hint = Take one card from the deck; then play a card that fits, or end your turn.
table-bridge-end = End your turn
table-bridge-end-out = End your turn and go out
table-bridge-end-played-hint = Stop here: your cards' effects apply and the next player plays.
table-bridge-end-hint = Stop here without playing: the next player plays.

# durak
table-durak-add = Add { $card }
table-durak-add-hint = Throw in another card of a rank on the table: the defender must beat it too.
table-durak-attack = Attack with { $card }
table-durak-attack-hint = Lead this card: the defender must beat it or take the cards.
table-durak-beat = Beat { $attack } with { $card }
table-durak-beat-with = Beat with { $card }
table-durak-beat-hint = Cover the attacking card with a higher card of its suit, or with a trump.
table-durak-take = Take the cards
table-durak-take-hint = Give up the defence: you pick up the cards on the table, and the attacker hands you every card it holds of the ranks played (all but its highest trump).
table-durak-done = End the attack
table-durak-done-hint = Add no more cards: the beaten cards are discarded and the turn is over.

# durak-duel
table-duel-add = Add { $cards }
table-duel-add-hint = Attack again with cards of ranks on the table: the defender must beat them too.
table-duel-attack = Attack with { $cards }
table-duel-siege-hint = A siege: lead these cards of one rank; the defender must beat every one or take them.
table-duel-attack-hint = Lead this card: the defender must beat it or take the cards.
table-duel-defend = Beat { $attack } with { $card }
table-duel-defend-hint = Cover this attack card with a higher card of its suit, or with a trump.
table-duel-counter = Counterattack with { $cards }
table-duel-counter-hint = Add cards of the attacked rank: the roles turn, and the other player must answer every card on the table.
table-duel-pass = Take the cards
table-duel-pass-hint = Pass: give up the round; the attacker may pile on cards of the ranks on the table, and you take them all.
table-duel-pile-on = Pile on { $cards }
table-duel-pile-on-hint = Give the defender these cards too: they take them with the rest of the table.
table-duel-stop-piling = Add nothing more
table-duel-stop-piling-hint = Pile on no more cards: the defender takes the table now.
table-duel-done = End the attack
table-duel-done-hint = Add no more cards: the beaten cards are discarded and the defender wins the round.

# fifty-six
table-fifty-six-bid = Bid { $points }
table-fifty-six-bid-tani = Bid { $points } (tani)
table-fifty-six-bid-hint = Promise that your team wins at least that many card points in the tricks; the highest bidder hides the trump.
table-fifty-six-pass = Pass
table-fifty-six-pass-hint = Make no bid now.
table-fifty-six-hide = Hide { $card } as trump
table-fifty-six-hide-hint = This card goes face down: its suit is trump, unknown to the others until someone asks to see it.
table-fifty-six-reveal = Ask to see the trump
table-fifty-six-reveal-hint = You cannot follow the suit led: the hidden trump is turned up, then you play.
table-fifty-six-play = Play { $card }
table-fifty-six-follow-hint = Play this card to the trick: follow the suit led if you can.
table-fifty-six-lead-hint = Lead this card: the others must follow its suit if they can.
table-fifty-six-your-bid = Your bid
table-fifty-six-option = { $points }
table-fifty-six-option-tani = { $points } (tani)

# most; $kind is the meld's kind (run, set; none when it is not found), $meld its cards.
table-most-draw = Draw from the deck
table-most-draw-hint = Take the top card of the deck; then meld, lay off, and discard to end your turn.
table-most-take = { $after ->
    [0] Take { $card } from the bridge
    [one] Take { $card } and the card after it from the bridge
   *[other] Take { $card } and the { $after } cards after it from the bridge
}
table-most-take-hint = Take this discard (and every newer one) instead of drawing: you must meld with it this turn.
table-most-joker-as = { $joker } as { $card }
table-most-meld = Meld { $cards }
table-most-meld-hint = Put these down as a meld of your own: a run in one suit, or one rank in different suits.
table-most-lay-off = Add { $card } to the { $kind ->
    [run] run
    [set] set
   *[other] meld
} { $meld }
table-most-lay-off-as = Add { $card } as { $stands } to the { $kind ->
    [run] run
    [set] set
   *[other] meld
} { $meld }
table-most-lay-off-hint = Lay this card off on a meld on the table (you may, once you have a meld of your own).
table-most-swap = Swap { $card } for the joker in the { $kind ->
    [run] run
    [set] set
   *[other] meld
} { $meld }
table-most-swap-hint = Put this card in the meld in place of the joker standing for it: the joker comes to your hand.
table-most-discard = Discard { $card }
table-most-discard-hint = Put this card on the bridge: your turn ends.

# prší; $suit is a suit's name, $effect what the last card laid does (seven, ace, answer, none).
table-prsi-play-ask = Play { $cards }, ask for { $suit }
# $deck is german or french: an over or a queen.
table-prsi-play-ask-hint = { $deck ->
    [german] An over
   *[french] A queen
} goes on anything and changes the suit: the next player must follow the suit you ask for.
table-prsi-play = Play { $cards }
table-prsi-play-hint = { $count ->
    [1] Put this card on the pile.
   *[other] Put these cards on the pile. The last card laid is the new top.
}{ $effect ->
    [seven] { " " }The next player draws unless they answer with a seven.
    [ace] { " " }The next player loses a turn unless they answer with an ace.
    [answer] { " " }It answers the sevens: the next player faces them instead.
   *[none] { "" }
}
table-prsi-draw = Draw a card
table-prsi-draw-hint = Take one card from the deck; your turn ends.
# $seven is top when the seven on top asks alone (its name is $card), else all.
table-prsi-draw-sevens = { $seven ->
    [top] Draw { $count } for the { $card }
   *[all] Draw { $count } for the sevens
}
table-prsi-draw-sevens-hint = Take the { $count } cards the sevens ask for, rather than answer with a seven; your turn ends.
table-prsi-stand = Stand
table-prsi-stand-hint = Play no ace against the ace: you lose this turn.
