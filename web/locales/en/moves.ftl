# The engine's phrases: every move, result and seat's result, one message per phrase id, the ids
# exactly those of engine/src/phrase/catalog.rs (a test holds them equal). The match page and the
# pages' scripts (web/static/words.js) fill them in:
# - a seat `x` (actor, seat, fool, winner, thrower, owner, bidder): `$x` is its name as the
#   reader knows it (the reader's own seat is `phrase-you`: "you"), and `$x-person` is "you"
#   (the reader's own seat) or "one" (anyone else);
# - seats `x` (seats, winners, losers, partners): `$x` is their names in a list ("greedy and
#   random"), and `$x-person` is "you" (the reader alone), "one", "many" (several, the reader not
#   among them) or "you-many" (several, the reader among them);
#   every message that names a seat selects on its `-person` in every language, even where a
#   language needs one form only (a select of one variant), so that every language has the same
#   variables;
# - counts and numbers (`$count`, `$points`, `$turns`, `$deals`, `$target`, …) are numbers: a
#   message picks its plural form by them; `$place` is a place from 1, the message writes it;
# - `$card`, `$attack`, `$six`, `$joker` (a card) and `$cards`, `$meld` (cards) are drawn by the
#   page in the game's deck (cards.ftl) and never inflect: put them where their name fits as it is;
# - `$suit` is "clubs", "diamonds", "hearts", "spades" (the French deck) or "german-hearts",
#   "leaves", "acorns", "bells" (the German-suited deck of prší); `$kind` is "run" or "set";
#   `$action` is text shown as it is.
# The page joins a move's phrases with "; " and writes the first letter as a capital unless the
# words begin with a bot's name.

move = { $actor }: { $action }
game-over = the game is over:
deal-dealt = the deal is over; deal { $deal } is dealt
draws-cards =
    { $seat } { $seat-person ->
        [one] draws
       *[other] draw
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
goes-out =
    { $seat } { $seat-person ->
        [one] goes
       *[other] go
    } out
last-deal = the last deal:
place-won = won
place-last = last
place-nth =
    { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
        [8] eighth
        [9] ninth
        [10] tenth
        [11] eleventh
        [12] twelfth
       *[other] { $place }th
    }
place-shared =
    shared { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
        [8] eighth
        [9] ninth
        [10] tenth
        [11] eleventh
        [12] twelfth
       *[other] { $place }th
    } with { $seats-person ->
       *[other] { $seats }
    }
place-draw = a draw
points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
points-won =
    { $seat-person ->
       *[other] { $seat }
    } won
points-shared =
    { $seats-person ->
       *[other] { $seats }
    } shared first
points-draw = everyone tied: a draw
durak-attacks =
    { $actor } { $actor-person ->
        [one] attacks
       *[other] attack
    } with { $card }
durak-adds =
    { $actor } { $actor-person ->
        [one] adds
       *[other] add
    } { $card }
durak-beats =
    { $actor } { $actor-person ->
        [one] beats
       *[other] beat
    } { $attack } with { $card }
durak-beats-with =
    { $actor } { $actor-person ->
        [one] beats
       *[other] beat
    } with { $card }
durak-takes =
    { $actor } { $actor-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
durak-done =
    { $actor } { $actor-person ->
        [one] is
       *[other] are
    } done
durak-last-card =
    { $seat } { $seat-person ->
        [one] attacks
       *[other] attack
    } with { $seat-person ->
        [one] its
       *[other] your
    } last card, { $card }
durak-cannot-beat =
    { $seat } cannot beat it and { $seat-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
durak-cannot-beat-thrown =
    { $seat } cannot beat it and { $seat-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } ({ $thrower } { $thrower-person ->
        [one] throws
       *[other] throw
    } in { $cards })
durak-throws-in =
    { $seat } { $seat-person ->
        [one] throws
       *[other] throw
    } in { $cards }
durak-beaten-off =
    { $count ->
        [one] { $count } card is
       *[other] { $count } cards are
    } beaten off
durak-nothing-to-add =
    { $seat } { $seat-person ->
        [one] has
       *[other] have
    } nothing to add: { $count ->
        [one] { $count } card is
       *[other] { $count } cards are
    } beaten off
durak-out =
    { $seats } { $seats-person ->
        [one] is
       *[other] are
    } out
durak-fool =
    { $fool } { $fool-person ->
        [one] is
       *[other] are
    } the fool, the last player holding cards ({ $count })
durak-fool-stalled =
    { $fool } { $fool-person ->
        [one] is
       *[other] are
    } the fool: play stalled for { $turns } turns and { $fool } held the most cards ({ $count })
durak-draw = nobody is the fool: the last cards went out together, a draw
durak-draw-stalled = nobody is the fool: play stalled for { $turns } turns, a draw
durak-seat-fool = the fool
durak-seat-not-fool = not the fool
durak-seat-not-fool-shared =
    not the fool, shared first with { $seats-person ->
       *[other] { $seats }
    }
durak-seat-draw = a draw: nobody is the fool
durak-duel-attacks =
    { $actor } { $actor-person ->
        [one] attacks
       *[other] attack
    } with { $cards }
durak-duel-adds =
    { $actor } { $actor-person ->
        [one] adds
       *[other] add
    } { $cards }
durak-duel-beats =
    { $actor } { $actor-person ->
        [one] beats
       *[other] beat
    } { $attack } with { $card }
durak-duel-counterattacks =
    { $actor } { $actor-person ->
        [one] counterattacks
       *[other] counterattack
    } with { $cards }: the roles turn
durak-duel-passes =
    { $actor } { $actor-person ->
        [one] passes
       *[other] pass
    } and will take the table
durak-duel-piles-on =
    { $actor } { $actor-person ->
        [one] piles
       *[other] pile
    } on { $cards }
durak-duel-piles-on-nothing =
    { $actor } { $actor-person ->
        [one] piles
       *[other] pile
    } on nothing
durak-duel-done =
    { $actor } { $actor-person ->
        [one] is
       *[other] are
    } done
durak-duel-takes =
    { $seat } { $seat-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
durak-duel-beaten-off =
    { $count ->
        [one] { $count } card is
       *[other] { $count } cards are
    } beaten off
durak-duel-round-over =
    the round is over: { $count ->
        [one] { $count } card is
       *[other] { $count } cards are
    } beaten off
durak-duel-won =
    { $winner-person ->
       *[other] { $winner }
    } won; { $fool } { $fool-person ->
        [one] is
       *[other] are
    } the fool: { $fool } held { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } when the stock was gone
durak-duel-won-stalled =
    { $winner-person ->
       *[other] { $winner }
    } won; { $fool } { $fool-person ->
        [one] is
       *[other] are
    } the fool: play stalled for { $rounds } rounds and { $winner } held fewer cards
durak-duel-draw = a draw: neither player is the fool
durak-duel-seat-draw = a draw: neither is the fool
prsi-plays =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $cards }
prsi-plays-naming =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $cards }, naming { $suit ->
        [german-hearts] hearts
       *[other] { $suit }
    }
prsi-cancels = the green under cancels the draw
prsi-stands =
    { $actor } { $actor-person ->
        [one] stands
       *[other] stand
    } (ace)
prsi-draws =
    { $actor } { $actor-person ->
        [one] draws
       *[other] draw
    } a card
prsi-draws-sevens =
    { $actor } { $actor-person ->
        [one] draws
       *[other] draw
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (sevens)
prsi-reshuffled = the stock ran out: the pile but its top card is shuffled into a new stock
prsi-drew-only =
    only { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } could be drawn
prsi-turn-limit = the { $turns }-turn limit ended the game
prsi-out =
    { $seat-person ->
       *[other] { $seat }
    } went out { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
        [8] eighth
        [9] ninth
        [10] tenth
        [11] eleventh
        [12] twelfth
       *[other] { $place }th
    }
prsi-left-holding =
    { $seat } { $seat-person ->
        [one] is
       *[other] are
    } left holding { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
prsi-still-holding =
    { $seat } still { $seat-person ->
        [one] holds
       *[other] hold
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
prsi-seat-out =
    went out { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
        [8] eighth
        [9] ninth
        [10] tenth
        [11] eleventh
        [12] twelfth
       *[other] { $place }th
    }
prsi-seat-last =
    last, left holding { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
prsi-seat-holding =
    still holding { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
bridge-plays =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $card }
bridge-plays-ordering =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $card }, ordering { $suit ->
        [german-hearts] hearts
       *[other] { $suit }
    }
bridge-covers =
    { $actor } { $actor-person ->
        [one] covers
       *[other] cover
    } { $six } with { $card }
bridge-covers-ordering =
    { $actor } { $actor-person ->
        [one] covers
       *[other] cover
    } { $six } with { $card }, ordering { $suit ->
        [german-hearts] hearts
       *[other] { $suit }
    }
bridge-draws =
    { $actor } { $actor-person ->
        [one] draws
       *[other] draw
    }
bridge-draws-to-cover =
    { $actor } { $actor-person ->
        [one] draws
       *[other] draw
    } to cover { $six }
bridge-ends-turn =
    { $actor } { $actor-person ->
        [one] ends
       *[other] end
    } the turn
bridge-ends-turn-out =
    { $actor } { $actor-person ->
        [one] ends
       *[other] end
    } the turn and { $actor-person ->
        [one] goes
       *[other] go
    } out
bridge-takes =
    { $seat } { $seat-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
bridge-loses-turns =
    { $seat } { $seat-person ->
        [one] loses
       *[other] lose
    } { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
bridge-takes-loses =
    { $seat } { $seat-person ->
        [one] takes
       *[other] take
    } { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } and { $seat-person ->
        [one] loses
       *[other] lose
    } { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
bridge-totals =
    after { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    } (whoever has lost { $target } points loses the match):
bridge-lost =
    { $seat-person ->
       *[other] { $seat }
    } lost { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
bridge-seat-lost =
    lost { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
most-draws =
    { $actor } { $actor-person ->
        [one] draws
       *[other] draw
    } from the deck
most-takes-card =
    { $actor } { $actor-person ->
        [one] takes
       *[other] take
    } the bridge card { $card } and must meld it
most-takes =
    { $actor } { $actor-person ->
        [one] takes
       *[other] take
    } { $cards } from the bridge and must meld { $card }
most-melds =
    { $actor } { $actor-person ->
        [one] melds
       *[other] meld
    } { $meld }
most-lays-off =
    { $actor } { $actor-person ->
        [one] lays
       *[other] lay
    } off { $cards } on { $owner-person ->
        [you] your
       *[other] { $owner }'s
    } { $kind } { $meld }
most-lays-off-own =
    { $actor } { $actor-person ->
        [one] lays
       *[other] lay
    } off { $cards } on { $actor-person ->
        [one] their
       *[other] your
    } own { $kind } { $meld }
most-swaps =
    { $actor } { $actor-person ->
        [one] swaps
       *[other] swap
    } { $card } for { $joker } in { $owner-person ->
        [you] your
       *[other] { $owner }'s
    } { $kind } { $meld }
most-swaps-own =
    { $actor } { $actor-person ->
        [one] swaps
       *[other] swap
    } { $card } for { $joker } in { $actor-person ->
        [one] their
       *[other] your
    } own { $kind } { $meld }
most-discards =
    { $actor } { $actor-person ->
        [one] discards
       *[other] discard
    } { $card }
most-discards-out =
    { $actor } { $actor-person ->
        [one] discards
       *[other] discard
    } { $card } and { $actor-person ->
        [one] goes
       *[other] go
    } out
most-discards-last =
    { $actor } { $actor-person ->
        [one] discards
       *[other] discard
    } { $card }, and the deal ends: the deck is empty
most-totals =
    totals after { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    } ({ $target } ends the match):
most-total =
    { $seat } { $seat-person ->
        [one] has
       *[other] have
    } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
most-scored =
    { $seat-person ->
       *[other] { $seat }
    } scored { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
fifty-six-bids =
    { $actor } { $actor-person ->
        [one] bids
       *[other] bid
    } { $points }
fifty-six-bids-tani =
    { $actor } { $actor-person ->
        [one] bids
       *[other] bid
    } { $points } (tani)
fifty-six-passes =
    { $actor } { $actor-person ->
        [one] passes
       *[other] pass
    }
fifty-six-passes-bidding-won =
    { $actor } { $actor-person ->
        [one] passes
       *[other] pass
    }: { $winner } { $winner-person ->
        [one] wins
       *[other] win
    } the bidding at { $points }
fifty-six-hides =
    { $actor } { $actor-person ->
        [one] hides
       *[other] hide
    } { $card } as trump
fifty-six-hides-a-card =
    { $actor } { $actor-person ->
        [one] hides
       *[other] hide
    } a card as trump
fifty-six-hides-void =
    { $actor } { $actor-person ->
        [one] hides
       *[other] hide
    } { $card } as trump, but the other team holds none of its suit: the deal is void
fifty-six-reveals =
    { $actor } { $actor-person ->
        [one] reveals
       *[other] reveal
    } the trump: { $card }
fifty-six-reveals-hidden =
    { $actor } { $actor-person ->
        [one] reveals
       *[other] reveal
    } the trump
fifty-six-plays =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $card }
fifty-six-plays-wins =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $card } and { $actor-person ->
        [one] wins
       *[other] win
    } the trick, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
fifty-six-plays-other-wins =
    { $actor } { $actor-person ->
        [one] plays
       *[other] play
    } { $card }: { $winner } { $winner-person ->
        [one] wins
       *[other] win
    } the trick, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
fifty-six-trump-turns-up =
    { $seat } { $seat-person ->
        [one] has
       *[other] have
    } only the hidden trump left: it turns up, trumps are { $suit ->
        [german-hearts] hearts
       *[other] { $suit }
    }
fifty-six-trump-back =
    the trump goes back to { $seat-person ->
        [you] your
       *[other] { $seat }'s
    } hand
fifty-six-won =
    { $winners-person ->
       *[other] { $winners }
    } won { $won } to { $lost } against { $losers-person ->
       *[other] { $losers }
    }
fifty-six-tied = the teams tied on { $points } points: a draw
fifty-six-last-made =
    the last deal: { $bidder-person ->
       *[other] { $bidder }
    } won the bid with { $bid } and made it, taking { $points } card points (+{ $change })
fifty-six-last-lost =
    the last deal: { $bidder-person ->
       *[other] { $bidder }
    } won the bid with { $bid } and lost it, taking { $points } card points ({ $change })
fifty-six-last-tani-made =
    the last deal: { $bidder-person ->
       *[other] { $bidder }
    } won the bid with tani (all eight tricks alone) and made it, taking { $points } card points (+{ $change })
fifty-six-last-tani-lost =
    the last deal: { $bidder-person ->
       *[other] { $bidder }
    } won the bid with tani (all eight tricks alone) and lost it, taking { $points } card points ({ $change })
fifty-six-seat-won =
    won with { $partners-person ->
       *[other] { $partners }
    }, { $ours } to { $theirs }
fifty-six-seat-lost =
    lost with { $partners-person ->
       *[other] { $partners }
    }, { $ours } to { $theirs }
fifty-six-seat-draw =
    a draw with { $partners-person ->
       *[other] { $partners }
    }, { $ours } to { $theirs }
