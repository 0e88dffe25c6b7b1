# Фразы движка: каждый ход, итог партии и итог места, по одному сообщению на id фразы (id те же,
# что в engine/src/phrase/catalog.rs; это проверяет тест). Аргументы описаны в en/moves.ftl:
# `$x` — имя места (своё место читателя — `phrase-you`, «вы»), `$x-person` — "you", "one", "many"
# или "you-many" для согласования глагола; числа выбирают форму множественного числа; карты
# рисуются страницей и не склоняются. Имя бота согласуется как мужской род («greedy выиграл»).

move = { $actor }: { $action }
game-over = игра окончена:
deal-dealt = раздача окончена; сдана раздача { $deal }
draws-cards =
    { $seat } { $seat-person ->
        [you] добираете
       *[one] добирает
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
goes-out =
    { $seat } { $seat-person ->
        [you] выходите
       *[one] выходит
    } из игры
last-deal = последняя раздача:
place-won = победа
place-last = последнее место
place-nth =
    { $place ->
        [1] первое
        [2] второе
        [3] третье
        [4] четвёртое
        [5] пятое
        [6] шестое
        [7] седьмое
        [8] восьмое
       *[other] { $place }-е
    } место
place-shared =
    { $place ->
        [1] первое
        [2] второе
        [3] третье
        [4] четвёртое
        [5] пятое
        [6] шестое
        [7] седьмое
        [8] восьмое
       *[other] { $place }-е
    } место { $seats-person ->
        [you] вместе с вами
        [you-many] вместе с: { $seats }
       *[other] вместе с { $seats }
    }
place-draw = ничья
points =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
points-won =
    { $seat } { $seat-person ->
        [you] выиграли
       *[one] выиграл
    }
points-shared =
    { $seats } { $seats-person ->
        [one] делит
       *[other] делят
    } первое место
points-draw = у всех поровну: ничья
durak-attacks =
    { $actor } { $actor-person ->
        [you] ходите
       *[one] ходит
    } { $card }
durak-adds =
    { $actor } { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    } { $card }
durak-beats =
    { $actor } { $actor-person ->
        [you] бьёте
       *[one] бьёт
    } { $attack } картой { $card }
durak-beats-with =
    { $actor } { $actor-person ->
        [you] отбиваетесь
       *[one] отбивается
    } картой { $card }
durak-takes =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-done =
    { $actor } больше не { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    }
durak-last-card =
    { $seat } { $seat-person ->
        [you] ходите
       *[one] ходит
    } последней картой, { $card }
durak-cannot-beat =
    { $seat } { $seat-person ->
        [you] не можете отбиться и берёте
       *[one] не может отбиться и берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-cannot-beat-thrown =
    { $seat } { $seat-person ->
        [you] не можете отбиться и берёте
       *[one] не может отбиться и берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    } ({ $thrower } { $thrower-person ->
        [you] подкидываете
       *[one] подкидывает
    } { $cards })
durak-throws-in =
    { $seat } { $seat-person ->
        [you] подкидываете
       *[one] подкидывает
    } { $cards }
durak-beaten-off =
    бито: { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-nothing-to-add =
    { $seat-person ->
        [you] вам
       *[one] { $seat }
    } нечего подкинуть, бито: { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-out =
    { $seats } { $seats-person ->
        [one] выходит
        [many] выходят
       *[other] выходите
    } из игры
durak-fool =
    { $fool } { $fool-person ->
        [you] остаётесь в дураках: карты на руках только у вас
       *[one] остаётся в дураках: карты на руках только у него
    } ({ $count })
durak-fool-stalled =
    { $fool } { $fool-person ->
        [you] остаётесь
       *[one] остаётся
    } в дураках: игра застопорилась на { $turns ->
        [one] { $turns } ход
        [few] { $turns } хода
       *[many] { $turns } ходов
    }, а больше всего карт { $fool-person ->
        [you] у вас
       *[one] у { $fool }
    } ({ $count })
durak-draw = дурака нет: последние карты ушли одновременно, ничья
durak-draw-stalled =
    дурака нет: игра застопорилась на { $turns ->
        [one] { $turns } ход
        [few] { $turns } хода
       *[many] { $turns } ходов
    }, ничья
durak-seat-fool = дурак
durak-seat-not-fool = не дурак
durak-seat-not-fool-shared =
    не дурак, первое место { $seats-person ->
        [you] вместе с вами
        [you-many] вместе с: { $seats }
       *[other] вместе с { $seats }
    }
durak-seat-draw = ничья: дурака нет
durak-duel-attacks =
    { $actor } { $actor-person ->
        [you] ходите
       *[one] ходит
    } { $cards }
durak-duel-adds =
    { $actor } { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    } { $cards }
durak-duel-beats =
    { $actor } { $actor-person ->
        [you] бьёте
       *[one] бьёт
    } { $attack } картой { $card }
durak-duel-counterattacks =
    { $actor } { $actor-person ->
        [you] переводите
       *[one] переводит
    } { $cards }: роли меняются
durak-duel-passes =
    { $actor } { $actor-person ->
        [you] пасуете и заберёте
       *[one] пасует и заберёт
    } карты со стола
durak-duel-piles-on =
    { $actor } { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    } вдогонку { $cards }
durak-duel-piles-on-nothing =
    { $actor } ничего не { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    } вдогонку
durak-duel-done =
    { $actor } больше не { $actor-person ->
        [you] подкидываете
       *[one] подкидывает
    }
durak-duel-takes =
    { $seat } { $seat-person ->
        [you] берёте
       *[one] берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-duel-beaten-off =
    бито: { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-duel-round-over =
    раунд окончен, бито: { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
durak-duel-won =
    { $winner } { $winner-person ->
        [you] выиграли
       *[one] выиграл
    }; { $fool } { $fool-person ->
        [you] остаётесь
       *[one] остаётся
    } в дураках: когда колода кончилась, { $fool-person ->
        [you] у вас
       *[one] у { $fool }
    } { $count ->
        [one] оставалась { $count } карта
        [few] оставалось { $count } карты
       *[many] оставалось { $count } карт
    }
durak-duel-won-stalled =
    { $winner } { $winner-person ->
        [you] выиграли
       *[one] выиграл
    }; { $fool } { $fool-person ->
        [you] остаётесь
       *[one] остаётся
    } в дураках: игра застопорилась на { $rounds ->
        [one] { $rounds } раунд
        [few] { $rounds } раунда
       *[many] { $rounds } раундов
    }, а карт меньше { $winner-person ->
        [you] у вас
       *[one] у { $winner }
    }
durak-duel-draw = ничья: никто не остался в дураках
durak-duel-seat-draw = ничья: дурака нет
prsi-plays =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    }: { $cards }
prsi-plays-naming =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    }: { $cards } и { $actor-person ->
        [you] заказываете
       *[one] заказывает
    } { $suit ->
        [german-hearts] черви
        [leaves] листья
        [acorns] жёлуди
        [bells] бубенцы
        [hearts] черви
        [clubs] трефы
        [diamonds] бубны
       *[spades] пики
    }
prsi-cancels = зелёный унтер отменяет добор
prsi-stands =
    { $actor } { $actor-person ->
        [you] пропускаете
       *[one] пропускает
    } ход (туз)
prsi-draws =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } карту
prsi-draws-sevens =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    } (семёрки)
prsi-reshuffled = колода кончилась: сброс, кроме верхней карты, перемешан в новую колоду
prsi-drew-only =
    удалось взять только { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
prsi-turn-limit =
    игру остановил лимит в { $turns ->
        [one] { $turns } ход
        [few] { $turns } хода
       *[many] { $turns } ходов
    }
prsi-out =
    { $seat } { $seat-person ->
        [you] вышли
       *[one] вышел
    } из игры { $place ->
        [1] первым
        [2] вторым
        [3] третьим
        [4] четвёртым
        [5] пятым
        [6] шестым
        [7] седьмым
        [8] восьмым
       *[other] { $place }-м
    }
prsi-left-holding =
    { $seat-person ->
        [you] у вас
       *[one] у { $seat }
    } на руках { $count ->
        [one] осталась { $count } карта
        [few] остались { $count } карты
       *[many] осталось { $count } карт
    }
prsi-still-holding =
    { $seat-person ->
        [you] у вас
       *[one] у { $seat }
    } на руках ещё { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
prsi-seat-out =
    { $place ->
        [1] первое
        [2] второе
        [3] третье
        [4] четвёртое
        [5] пятое
        [6] шестое
        [7] седьмое
        [8] восьмое
       *[other] { $place }-е
    } место, без карт
prsi-seat-last =
    последнее место, на руках { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
prsi-seat-holding =
    на руках ещё { $count ->
        [one] { $count } карта
        [few] { $count } карты
       *[many] { $count } карт
    }
bridge-plays =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    } { $card }
bridge-plays-ordering =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    } { $card } и { $actor-person ->
        [you] заказываете
       *[one] заказывает
    } { $suit ->
        [hearts] черви
        [clubs] трефы
        [diamonds] бубны
       *[spades] пики
    }
bridge-covers =
    { $actor } { $actor-person ->
        [you] кроете
       *[one] кроет
    } { $six } картой { $card }
bridge-covers-ordering =
    { $actor } { $actor-person ->
        [you] кроете
       *[one] кроет
    } { $six } картой { $card } и { $actor-person ->
        [you] заказываете
       *[one] заказывает
    } { $suit ->
        [hearts] черви
        [clubs] трефы
        [diamonds] бубны
       *[spades] пики
    }
bridge-draws =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } из колоды
bridge-draws-to-cover =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } из колоды, чтобы покрыть { $six }
bridge-ends-turn =
    { $actor } { $actor-person ->
        [you] заканчиваете
       *[one] заканчивает
    } ход
bridge-ends-turn-out =
    { $actor } { $actor-person ->
        [you] заканчиваете ход и выходите
       *[one] заканчивает ход и выходит
    } из игры
bridge-takes =
    { $seat } { $seat-person ->
        [you] берёте
       *[one] берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    }
bridge-loses-turns =
    { $seat } { $seat-person ->
        [you] пропускаете
       *[one] пропускает
    } { $turns ->
        [one] { $turns } ход
        [few] { $turns } хода
       *[many] { $turns } ходов
    }
bridge-takes-loses =
    { $seat } { $seat-person ->
        [you] берёте
       *[one] берёт
    } { $count ->
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    } и { $seat-person ->
        [you] пропускаете
       *[one] пропускает
    } { $turns ->
        [one] { $turns } ход
        [few] { $turns } хода
       *[many] { $turns } ходов
    }
bridge-totals =
    после { $deals ->
        [one] { $deals } раздачи
       *[other] { $deals } раздач
    } (кто потерял { $target ->
        [one] { $target } очко
        [few] { $target } очка
       *[many] { $target } очков
    }, проигрывает матч):
bridge-lost =
    { $seat } { $seat-person ->
        [you] потеряли
       *[one] потерял
    } { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
bridge-seat-lost =
    потеряно { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
most-draws =
    { $actor } { $actor-person ->
        [you] берёте
       *[one] берёт
    } из колоды
most-takes-card =
    { $actor } { $actor-person ->
        [you] берёте с моста карту { $card } и должны
       *[one] берёт с моста карту { $card } и должен
    } выложить её
most-takes =
    { $actor } { $actor-person ->
        [you] берёте с моста { $cards } и должны
       *[one] берёт с моста { $cards } и должен
    } выложить { $card }
most-melds =
    { $actor } { $actor-person ->
        [you] выкладываете
       *[one] выкладывает
    } { $meld }
most-lays-off =
    { $actor } { $actor-person ->
        [you] подкладываете
       *[one] подкладывает
    } { $cards } { $kind ->
        [run] { $owner-person ->
            [you] к вашей последовательности
           *[one] к последовательности { $owner }
        }
       *[set] { $owner-person ->
            [you] к вашему комплекту
           *[one] к комплекту { $owner }
        }
    } { $meld }
most-lays-off-own =
    { $actor } { $actor-person ->
        [you] подкладываете
       *[one] подкладывает
    } { $cards } { $kind ->
        [run] к своей последовательности
       *[set] к своему комплекту
    } { $meld }
most-swaps =
    { $actor } { $actor-person ->
        [you] меняете
       *[one] меняет
    } { $card } на { $joker } { $kind ->
        [run] { $owner-person ->
            [you] в вашей последовательности
           *[one] в последовательности { $owner }
        }
       *[set] { $owner-person ->
            [you] в вашем комплекте
           *[one] в комплекте { $owner }
        }
    } { $meld }
most-swaps-own =
    { $actor } { $actor-person ->
        [you] меняете
       *[one] меняет
    } { $card } на { $joker } { $kind ->
        [run] в своей последовательности
       *[set] в своём комплекте
    } { $meld }
most-discards =
    { $actor } { $actor-person ->
        [you] сбрасываете
       *[one] сбрасывает
    } { $card }
most-discards-out =
    { $actor } { $actor-person ->
        [you] сбрасываете { $card } и выходите
       *[one] сбрасывает { $card } и выходит
    } из игры
most-discards-last =
    { $actor } { $actor-person ->
        [you] сбрасываете
       *[one] сбрасывает
    } { $card }, и раздача заканчивается: колода пуста
most-totals =
    итоги после { $deals ->
        [one] { $deals } раздачи
       *[other] { $deals } раздач
    } (матч идёт до { $target ->
        [one] { $target } очка
       *[other] { $target } очков
    }):
most-total =
    { $seat-person ->
        [you] у вас
       *[one] у { $seat }
    } { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
most-scored =
    { $seat } { $seat-person ->
        [you] набрали
       *[one] набрал
    } { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
fifty-six-bids =
    { $actor } { $actor-person ->
        [you] заявляете
       *[one] заявляет
    } { $points }
fifty-six-bids-tani =
    { $actor } { $actor-person ->
        [you] заявляете
       *[one] заявляет
    } { $points } (тани)
fifty-six-passes =
    { $actor } { $actor-person ->
        [you] пасуете
       *[one] пасует
    }
fifty-six-passes-bidding-won =
    { $actor } { $actor-person ->
        [you] пасуете
       *[one] пасует
    }: торговлю { $winner-person ->
        [you] выигрываете
       *[one] выигрывает
    } { $winner } с заявкой { $points }
fifty-six-hides =
    { $actor } { $actor-person ->
        [you] прячете
       *[one] прячет
    } { $card } как козырь
fifty-six-hides-a-card =
    { $actor } { $actor-person ->
        [you] прячете
       *[one] прячет
    } карту как козырь
fifty-six-hides-void =
    { $actor } { $actor-person ->
        [you] прячете
       *[one] прячет
    } { $card } как козырь, но у другой команды нет этой масти: раздача не считается
fifty-six-reveals =
    { $actor } { $actor-person ->
        [you] открываете
       *[one] открывает
    } козырь: { $card }
fifty-six-reveals-hidden =
    { $actor } { $actor-person ->
        [you] открываете
       *[one] открывает
    } козырь
fifty-six-plays =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    } { $card }
fifty-six-plays-wins =
    { $actor } { $actor-person ->
        [you] кладёте { $card } и берёте
       *[one] кладёт { $card } и берёт
    } взятку, { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
fifty-six-plays-other-wins =
    { $actor } { $actor-person ->
        [you] кладёте
       *[one] кладёт
    } { $card }: взятку { $winner-person ->
        [you] берёте
       *[one] берёт
    } { $winner }, { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
fifty-six-trump-turns-up =
    { $seat-person ->
        [you] у вас
       *[one] у { $seat }
    } остался только спрятанный козырь: он открывается, козыри — { $suit ->
        [hearts] черви
        [clubs] трефы
        [diamonds] бубны
       *[spades] пики
    }
fifty-six-trump-back =
    козырь возвращается { $seat-person ->
        [you] в вашу руку
       *[one] в руку { $seat }
    }
fifty-six-won =
    { $winners } { $winners-person ->
        [one] выиграл
       *[other] выиграли
    } со счётом { $won }:{ $lost } у { $losers-person ->
        [you] вас
        [you-many] вашей команды
       *[other] команды { $losers }
    }
fifty-six-tied = у команд поровну очков ({ $points }): ничья
fifty-six-last-made =
    последняя раздача: { $bidder } { $bidder-person ->
        [you] выиграли торговлю с заявкой { $bid } и выполнили её
       *[one] выиграл торговлю с заявкой { $bid } и выполнил её
    }, взяв { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } за карты (+{ $change })
fifty-six-last-lost =
    последняя раздача: { $bidder } { $bidder-person ->
        [you] выиграли торговлю с заявкой { $bid }, но не выполнили её
       *[one] выиграл торговлю с заявкой { $bid }, но не выполнил её
    }, взяв { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } за карты ({ $change })
fifty-six-last-tani-made =
    последняя раздача: { $bidder } { $bidder-person ->
        [you] выиграли торговлю с заявкой тани (все восемь взяток в одиночку) и выполнили её
       *[one] выиграл торговлю с заявкой тани (все восемь взяток в одиночку) и выполнил её
    }, взяв { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } за карты (+{ $change })
fifty-six-last-tani-lost =
    последняя раздача: { $bidder } { $bidder-person ->
        [you] выиграли торговлю с заявкой тани (все восемь взяток в одиночку), но не выполнили её
       *[one] выиграл торговлю с заявкой тани (все восемь взяток в одиночку), но не выполнил её
    }, взяв { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } за карты ({ $change })
fifty-six-seat-won =
    победа в команде { $partners-person ->
        [you] с вами
        [you-many] с: { $partners }
       *[other] с { $partners }
    }, { $ours }:{ $theirs }
fifty-six-seat-lost =
    поражение в команде { $partners-person ->
        [you] с вами
        [you-many] с: { $partners }
       *[other] с { $partners }
    }, { $ours }:{ $theirs }
fifty-six-seat-draw =
    ничья в команде { $partners-person ->
        [you] с вами
        [you-many] с: { $partners }
       *[other] с { $partners }
    }, { $ours }:{ $theirs }

