# Počty: každý se svými tvary množného čísla (kategorie CLDR: one, few, many, other).

cards-count =
    { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    }
