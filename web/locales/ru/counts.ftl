# Количества: у каждого свои формы множественного числа (категории CLDR: one, few, many, other).

cards-count =
    { $count ->
        [one] { $count } карта
        [few] { $count } карты
        [many] { $count } карт
       *[other] { $count } карты
    }
