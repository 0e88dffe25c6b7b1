# Cards in words, and the other pieces the moves' words (moves.ftl) are made of.
#
# `$rank` is two, three, four, five, six, seven, eight, nine, ten, jack, queen, king or ace; in the
# German-suited deck of prší the jack is the under and the queen the over (the keys stay "jack"
# and "queen"). `$suit` is clubs, diamonds, hearts or spades; in the German deck clubs are acorns,
# spades leaves and diamonds bells. `card-short` and `card-german-short` are what a move's line
# shows (a French card's rank and symbol, a German card's suit and rank), `card-name` and
# `card-german-name` how a person says it (a screen reader's label).

card-short =
    { $rank ->
        [two] 2
        [three] 3
        [four] 4
        [five] 5
        [six] 6
        [seven] 7
        [eight] 8
        [nine] 9
        [ten] 10
        [jack] J
        [queen] Q
        [king] K
       *[ace] A
    }{ $suit ->
        [clubs] ♣
        [diamonds] ♦
        [hearts] ♥
       *[spades] ♠
    }
card-name =
    { $rank ->
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
        [clubs] clubs
        [diamonds] diamonds
        [hearts] hearts
       *[spades] spades
    }
card-german-short =
    { $suit ->
        [clubs] acorn
        [diamonds] bell
        [hearts] red
       *[spades] green
    } { $rank ->
        [seven] 7
        [eight] 8
        [nine] 9
        [ten] 10
        [jack] under
        [queen] over
        [king] king
       *[ace] ace
    }
card-german-name =
    { $rank ->
        [seven] 7
        [eight] 8
        [nine] 9
        [ten] 10
        [jack] under
        [queen] over
        [king] king
       *[ace] ace
    } of { $suit ->
        [clubs] acorns
        [diamonds] bells
        [hearts] hearts
       *[spades] leaves
    }
# `$colour` is red or black.
card-joker =
    { $colour ->
        [red] red joker
       *[black] black joker
    }

## The pieces of a move's words besides its phrases.

# The reader's own seat, where a phrase names it.
phrase-you = you
# A seat whose player has no name.
phrase-seat = seat { $seat }
# Between the names of a list of seats, and before its last one.
phrase-list-comma = {", "}
phrase-list-and = {" and "}
# An empty list of seats, an empty list of cards.
phrase-nobody = nobody
phrase-nothing = nothing
