# Слова карточного стола: всё, что показывает стол каждой игры.

## Переключатель колоды в подвале: прши чешской (немецкой) колодой или французской.

table-deck-prsi = Карты прши:
table-deck-german = чешские
table-deck-french = французские

## Карты.

table-rank-french = { $rank ->
    [jack] В
    [queen] Д
    [king] К
   *[ace] Т
}
table-rank-german = { $rank ->
    [under] У
    [over] О
    [king] К
   *[ace] Т
}
table-card-french = { $rank ->
    [two] двойка
    [three] тройка
    [four] четвёрка
    [five] пятёрка
    [six] шестёрка
    [seven] семёрка
    [eight] восьмёрка
    [nine] девятка
    [ten] десятка
    [jack] валет
    [queen] дама
    [king] король
   *[ace] туз
} { $suit ->
    [hearts] червей
    [diamonds] бубён
    [spades] пик
   *[clubs] треф
}
table-card-german = { $rank ->
    [seven] { $suit ->
        [hearts] червонная
        [leaves] зелёная
        [bells] бубенцовая
       *[acorns] желудёвая
    } семёрка
    [eight] { $suit ->
        [hearts] червонная
        [leaves] зелёная
        [bells] бубенцовая
       *[acorns] желудёвая
    } восьмёрка
    [nine] { $suit ->
        [hearts] червонная
        [leaves] зелёная
        [bells] бубенцовая
       *[acorns] желудёвая
    } девятка
    [ten] { $suit ->
        [hearts] червонная
        [leaves] зелёная
        [bells] бубенцовая
       *[acorns] желудёвая
    } десятка
    [under] { $suit ->
        [hearts] червонный
        [leaves] зелёный
        [bells] бубенцовый
       *[acorns] желудёвый
    } унтер
    [over] { $suit ->
        [hearts] червонный
        [leaves] зелёный
        [bells] бубенцовый
       *[acorns] желудёвый
    } обер
    [king] { $suit ->
        [hearts] червонный
        [leaves] зелёный
        [bells] бубенцовый
       *[acorns] желудёвый
    } король
   *[ace] { $suit ->
        [hearts] червонный
        [leaves] зелёный
        [bells] бубенцовый
       *[acorns] желудёвый
    } туз
}
table-joker = { $colour ->
    [red] красный джокер
   *[black] чёрный джокер
}
table-joker-mark = J
table-suit-french = { $suit ->
    [hearts] черви
    [diamonds] бубны
    [spades] пики
   *[clubs] трефы
}
table-suit-german = { $suit ->
    [hearts] червы
    [leaves] листья
    [bells] бубенцы
   *[acorns] жёлуди
}
table-face-down = { $count ->
    [one] { $count } карта рубашкой вверх
    [few] { $count } карты рубашкой вверх
    [many] { $count } карт рубашкой вверх
   *[other] { $count } карты рубашкой вверх
}
table-trump-card = козырная карта: { $card }

## Рамка стола: полоса сведений, места, итог, таблицы очков.

table-fact-deal = Раздача
table-fact-trick = { $kind ->
    [turn] Ход
    [round] Раунд
   *[trick] Взятка
}
table-fact-to-act = Ходит
table-game-over = игра окончена
table-badge-to-act = ходит
table-no-cards = нет карт
table-none = нет
table-empty = пусто
table-nobody = никто
table-seat = место { $seat }
table-cannot-draw = Этот стол не удаётся нарисовать.
table-result = Итог:
table-scores-deal = Раздача
table-total = Итого
table-total-to = Итого (до { $target })

## Что показывают столы игр.

table-zone-stock = Колода
table-zone-pile = Стопка (верхняя карта последней)
table-zone-scores = Очки
table-fact-dealer = Сдаёт
table-badge-dealer = сдаёт
table-badge-total = всего { $total }
table-fact-phase = Этап
table-phase = { $phase ->
    [lead] заход
    [open] начало раунда
    [defend] защита
    [continue] подкидывание
    [pile_on] подкидывание вдогонку
    [draw] добор
    [play] игра
    [bidding] торговля
    [hiding_trump] выбор козыря
    [playing] розыгрыш
    [over] окончено
   *[other] { $phase }
}

# дурак и дурак вдвоём
table-zone-attack = Атака / защита
table-zone-beaten = Бито
table-no-attack = атаки ещё нет
table-fact-trump = Козырь
table-fact-attacks = Атакует
table-fact-defends = Отбивается
table-badge-attacker = атакует
table-badge-defender = отбивается
table-badge-out = вне игры
table-badge-started = открывает раунд

# бридж
table-fact-played = Сыграно за ход
table-fact-ordered = Заказанная масть
table-fact-six = Шестёрка сверху
table-six-cover = её надо покрыть
table-fact-to-take = Взять в конце хода
table-badge-takes = берёт { $count }
table-badge-skips = { $count ->
    [one] пропускает { $count } ход
    [few] пропускает { $count } хода
   *[other] пропускает { $count } ходов
}

# мост
table-zone-bridge = Мост (новая карта последней)
table-zone-taken = Взята с моста, чтобы выложить
table-zone-melds = Комбинации
table-no-melds = комбинаций ещё нет
table-meld-owner = { $name } · { $kind ->
    [run] серия
    [set] набор
   *[other] { $kind }
}
table-laid-off-by = подложена игроком { $name }
table-badge-melded = есть комбинация

# пятьдесят шесть
table-team = { $team } (места { $seats })
table-team-won = Команда { $team }: { $tricks ->
    [one] { $tricks } взятка
    [few] { $tricks } взятки
   *[other] { $tricks } взяток
}, { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}
table-team-a = Команда A
table-team-b = Команда B
table-zone-bids = Заявки
table-zone-hidden-trump = Спрятанный козырь
table-zone-trick = Взятка
table-zone-totals = Итоги матча
table-no-bids = заявок ещё нет
table-no-card = карт ещё нет
table-bid-pass = пас
table-trump-revealed = открыт
table-trump-not-hidden = ещё не спрятан
table-trump-hidden = спрятан
table-bidding = торговля
table-contract = { $name } { $bid }
table-contract-tani = { $name } { $bid } (тани)
table-fact-deals = Раздачи
table-deals-void = { $deals }, пустых: { $void }
table-fact-contract = Контракт
table-fact-sitting-out = Пропускают
table-badge-team = команда { $team }
table-badge-bidder = заявил
table-badge-leads = заходит
table-badge-sits-out = пропускает

# прши
table-fact-suit = Масть
table-fact-draw = Взять
table-fact-aces = Тузы
table-fact-out = Вышли
table-badge-out-place = { $place }-е место

## Ходы человека на странице места: слова кнопки и что ход делает (-hint).

# бридж
table-bridge-order = Сыграть { $card }, заказать { $suit }
table-bridge-order-hint = Валет кладётся на любую карту и заказывает масть: следом можно класть только её (или другого валета).
table-bridge-cover = Покрыть { $six } картой { $card }
table-bridge-cover-hint = Положите эту карту на шестёрку: до конца хода можно класть только карты её достоинства.{ $effect ->
    [seven] { " " }Семёрка заставляет следующего игрока взять карту.
    [eight] { " " }Восьмёрка заставляет следующего соперника взять две карты и пропустить ход.
    [ace] { " " }Туз заставляет следующего соперника пропустить ход.
    [six] { " " }Шестёрку надо покрыть: вы снова кладёте карту или берёте из колоды.
   *[none] { "" }
}
table-bridge-play = Сыграть { $card }
table-bridge-play-too = Сыграть ещё { $card }
table-bridge-play-hint = Положите эту карту в стопку: до конца хода можно класть только карты её достоинства.{ $effect ->
    [seven] { " " }Семёрка заставляет следующего игрока взять карту.
    [eight] { " " }Восьмёрка заставляет следующего соперника взять две карты и пропустить ход.
    [ace] { " " }Туз заставляет следующего соперника пропустить ход.
    [six] { " " }Шестёрку надо покрыть: вы снова кладёте карту или берёте из колоды.
   *[none] { "" }
}
table-bridge-draw-cover = Взять карту, чтобы покрыть { $six }
table-bridge-draw-cover-hint = Покрыть шестёрку нечем: возьмите карту из колоды и попробуйте снова (за эту карту штрафа нет).
table-bridge-draw = Взять карту
table-bridge-draw-hint = Возьмите одну карту из колоды, затем сыграйте подходящую карту или закончите ход.
table-bridge-end = Закончить ход
table-bridge-end-out = Закончить ход и выйти
table-bridge-end-played-hint = Остановиться: ваши карты действуют, ходит следующий игрок.
table-bridge-end-hint = Остановиться, ничего не сыграв: ходит следующий игрок.

# дурак
table-durak-add = Подкинуть { $card }
table-durak-add-hint = Подкиньте ещё карту того достоинства, что уже есть на столе: отбивающемуся придётся побить и её.
table-durak-attack = Зайти с { $card }
table-durak-attack-hint = Начните атаку этой картой: отбивающийся должен её побить или взять карты.
table-durak-beat = Побить { $attack } картой { $card }
table-durak-beat-with = Побить картой { $card }
table-durak-beat-hint = Покройте атакующую карту старшей картой той же масти или козырем.
table-durak-take = Взять карты
table-durak-take-hint = Откажитесь от защиты: вы забираете карты со стола, а атакующий отдаёт вам все свои карты сыгранных достоинств (кроме старшего козыря).
table-durak-done = Закончить атаку
table-durak-done-hint = Больше не подкидывать: побитые карты уходят в отбой, ход окончен.

# дурак вдвоём
table-duel-add = Подкинуть { $cards }
table-duel-add-hint = Атакуйте снова картами тех достоинств, что есть на столе: отбивающемуся придётся побить и их.
table-duel-attack = Зайти с { $cards }
table-duel-siege-hint = Осада: выложите эти карты одного достоинства; отбивающийся должен побить каждую или взять их.
table-duel-attack-hint = Начните атаку этой картой: отбивающийся должен её побить или взять карты.
table-duel-defend = Побить { $attack } картой { $card }
table-duel-defend-hint = Покройте эту атакующую карту старшей картой той же масти или козырем.
table-duel-counter = Контратаковать: { $cards }
table-duel-counter-hint = Добавьте карты атакованного достоинства: роли меняются, и соперник должен ответить на каждую карту на столе.
table-duel-pass = Взять карты
table-duel-pass-hint = Пас: вы уступаете раунд; атакующий может подкинуть вдогонку карты тех достоинств, что на столе, и вы заберёте их все.
table-duel-pile-on = Подкинуть вдогонку { $cards }
table-duel-pile-on-hint = Отдайте отбивающемуся и эти карты: он заберёт их вместе с остальными картами со стола.
table-duel-stop-piling = Больше не подкидывать
table-duel-stop-piling-hint = Вдогонку больше ничего: отбивающийся забирает карты со стола.
table-duel-done = Закончить атаку
table-duel-done-hint = Больше не подкидывать: побитые карты уходят в отбой, раунд за отбивающимся.

# пятьдесят шесть
table-fifty-six-bid = Заявить { $points }
table-fifty-six-bid-tani = Заявить { $points } (тани)
table-fifty-six-bid-hint = Пообещайте, что ваша команда наберёт во взятках не меньше стольких очков; кто заявил больше всех, тот прячет козырь.
table-fifty-six-pass = Пас
table-fifty-six-pass-hint = Сейчас ничего не заявлять.
table-fifty-six-hide = Спрятать { $card } как козырь
table-fifty-six-hide-hint = Эта карта ложится рубашкой вверх: её масть — козырь, и другие не знают её, пока кто-нибудь не попросит её открыть.
table-fifty-six-reveal = Попросить открыть козырь
table-fifty-six-reveal-hint = Вам нечем ответить в масть захода: спрятанный козырь открывается, затем вы ходите.
table-fifty-six-play = Сыграть { $card }
table-fifty-six-follow-hint = Положите эту карту во взятку: отвечайте в масть захода, если можете.
table-fifty-six-lead-hint = Зайдите с этой карты: остальные должны отвечать в её масть, если могут.
table-fifty-six-your-bid = Ваша заявка
table-fifty-six-option = { $points }
table-fifty-six-option-tani = { $points } (тани)

# мост
table-most-draw = Взять из колоды
table-most-draw-hint = Возьмите верхнюю карту колоды; затем выкладывайте комбинации, подкладывайте карты и сбросьте одну, чтобы закончить ход.
table-most-take = { $after ->
    [0] Взять { $card } с моста
    [one] Взять с моста { $card } и ещё { $after } карту после неё
    [few] Взять с моста { $card } и ещё { $after } карты после неё
   *[other] Взять с моста { $card } и ещё { $after } карт после неё
}
table-most-take-hint = Возьмите этот сброс (и все более поздние) вместо карты из колоды: в этот же ход его надо выложить в комбинацию.
table-most-joker-as = { $joker } как { $card }
table-most-meld = Выложить { $cards }
table-most-meld-hint = Выложите эти карты своей комбинацией: серией одной масти или набором одного достоинства разных мастей.
table-most-lay-off = Подложить { $card } к { $kind ->
    [run] серии
    [set] набору
   *[other] комбинации
} { $meld }
table-most-lay-off-as = Подложить { $card } как { $stands } к { $kind ->
    [run] серии
    [set] набору
   *[other] комбинации
} { $meld }
table-most-lay-off-hint = Подложите эту карту к комбинации на столе (можно, когда у вас уже есть своя комбинация).
table-most-swap = Обменять { $card } на джокер в { $kind ->
    [run] серии
    [set] наборе
   *[other] комбинации
} { $meld }
table-most-swap-hint = Положите эту карту в комбинацию вместо джокера, который её заменяет: джокер уходит к вам в руку.
table-most-discard = Сбросить { $card }
table-most-discard-hint = Положите эту карту на мост: ваш ход окончен.

# прши
table-prsi-play-ask = Сыграть: { $cards }; заказать { $suit }
table-prsi-play-ask-hint = { $deck ->
    [german] Обер
   *[french] Дама
} кладётся на любую карту и меняет масть: следующий игрок должен ходить в заказанную вами масть.
table-prsi-play = Сыграть: { $cards }
table-prsi-play-hint = { $count ->
    [1] Положите эту карту в стопку.
   *[other] Положите эти карты в стопку. Последняя положенная карта становится верхней.
}{ $effect ->
    [seven] { " " }Следующий игрок берёт карты, если не ответит семёркой.
    [ace] { " " }Следующий игрок пропускает ход, если не ответит тузом.
    [answer] { " " }Это ответ на семёрки: теперь они достаются следующему игроку.
   *[none] { "" }
}
table-prsi-draw = Взять карту
table-prsi-draw-hint = Возьмите одну карту из колоды; ваш ход окончен.
table-prsi-draw-sevens = { $seven ->
    [top] { $card }: взять { $count }
   *[all] Взять { $count } за семёрки
}
table-prsi-draw-sevens-hint = Возьмите { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
}, которых требуют семёрки, вместо того чтобы ответить семёркой; ваш ход окончен.
table-prsi-stand = Пропустить ход
table-prsi-stand-hint = Не отвечать тузом на туз: вы пропускаете этот ход.
