# Karty slovy a další části, ze kterých se skládají slova tahů (moves.ftl). Klíče `$rank` a `$suit`
# popisuje en/cards.ftl. Na francouzských kartách J, Q, K, A (slovy spodek, dáma, král, eso);
# v mariášových kartách prší je spodek a svršek, kříže jsou žaludy, piky zelené, káry kule.

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
        [jack] { $suit ->
            [clubs] křížový
            [diamonds] kárový
            [hearts] srdcový
           *[spades] pikový
        } spodek
        [king] { $suit ->
            [clubs] křížový
            [diamonds] kárový
            [hearts] srdcový
           *[spades] pikový
        } král
        [ace] { $suit ->
            [clubs] křížové
            [diamonds] kárové
            [hearts] srdcové
           *[spades] pikové
        } eso
       *[other] { $suit ->
            [clubs] křížová
            [diamonds] kárová
            [hearts] srdcová
           *[spades] piková
        } { $rank ->
            [two] dvojka
            [three] trojka
            [four] čtyřka
            [five] pětka
            [six] šestka
            [seven] sedmička
            [eight] osmička
            [nine] devítka
            [ten] desítka
           *[queen] dáma
        }
    }
card-german-short =
    { $rank ->
        [jack] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } spodek
        [queen] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } svršek
        [king] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } král
        [ace] { $suit ->
            [clubs] žaludské
            [diamonds] kulové
            [hearts] červené
           *[spades] zelené
        } eso
       *[other] { $suit ->
            [clubs] žaludská
            [diamonds] kulová
            [hearts] červená
           *[spades] zelená
        } { $rank ->
            [seven] 7
            [eight] 8
            [nine] 9
           *[ten] 10
        }
    }
card-german-name =
    { $rank ->
        [jack] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } spodek
        [queen] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } svršek
        [king] { $suit ->
            [clubs] žaludský
            [diamonds] kulový
            [hearts] červený
           *[spades] zelený
        } král
        [ace] { $suit ->
            [clubs] žaludské
            [diamonds] kulové
            [hearts] červené
           *[spades] zelené
        } eso
       *[other] { $suit ->
            [clubs] žaludská
            [diamonds] kulová
            [hearts] červená
           *[spades] zelená
        } { $rank ->
            [seven] sedma
            [eight] osma
            [nine] devítka
           *[ten] desítka
        }
    }
card-joker =
    { $colour ->
        [red] červený žolík
       *[black] černý žolík
    }

## Části slov tahu kromě frází.

phrase-you = vy
phrase-seat = místo { $seat }
phrase-list-comma = {", "}
phrase-list-and = {" a "}
phrase-nobody = nikdo
phrase-nothing = nic
