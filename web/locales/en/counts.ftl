# Counts of things, each with its language's plural forms (CLDR's categories, chosen by Fluent).

cards-count =
    { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
