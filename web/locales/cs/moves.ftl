# Fráze enginu: každý tah, výsledek hry a výsledek místa, jedna zpráva na id fráze (id jsou přesně
# ta z engine/src/phrase/catalog.rs; hlídá to test). Argumenty popisuje en/moves.ftl: `$x` je
# jméno místa (vlastní místo čtenáře je `phrase-you`, „vy“, ve větě se vynechává), `$x-person`
# je "you", "one", "many" nebo "you-many" pro shodu slovesa; čísla volí tvar množného čísla; karty
# kreslí stránka a neskloňují se. Jméno bota se shoduje v mužském rodě.

move = { $actor }: { $action }
game-over = hra skončila:
deal-dealt = rozdání skončilo; začíná rozdání { $deal }
draws-cards =
    { $seat-person ->
        [you] dobíráte
       *[one] { $seat } dobírá
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
goes-out =
    { $seat-person ->
        [you] jste venku
       *[one] { $seat } je venku
    }
last-deal = poslední rozdání:
place-won = vítězství
place-last = poslední místo
place-nth =
    { $place ->
        [1] první
        [2] druhé
        [3] třetí
        [4] čtvrté
        [5] páté
        [6] šesté
        [7] sedmé
        [8] osmé
       *[other] { $place }.
    } místo
place-shared =
    { $place ->
        [1] první
        [2] druhé
        [3] třetí
        [4] čtvrté
        [5] páté
        [6] šesté
        [7] sedmé
        [8] osmé
       *[other] { $place }.
    } místo { $seats-person ->
        [you] společně s vámi
        [you-many] společně s: { $seats }
       *[other] společně s { $seats }
    }
place-draw = remíza
points =
    { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
points-won =
    { $seat-person ->
        [you] vítězíte
       *[one] { $seat } vítězí
    }
points-shared =
    { $seats } { $seats-person ->
        [many] sdílejí
        [one] sdílí
       *[other] sdílíte
    } první místo
points-draw = všichni mají stejně: remíza
durak-attacks =
    { $actor-person ->
        [you] útočíte
       *[one] { $actor } útočí
    } { $card }
durak-adds =
    { $actor-person ->
        [you] přihazujete
       *[one] { $actor } přihazuje
    } { $card }
durak-beats =
    { $actor-person ->
        [you] přebíjíte
       *[one] { $actor } přebíjí
    } { $attack } kartou { $card }
durak-beats-with =
    { $actor-person ->
        [you] bráníte se
       *[one] { $actor } se brání
    } kartou { $card }
durak-takes =
    { $actor-person ->
        [you] berete
       *[one] { $actor } bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-done =
    { $actor-person ->
        [you] už nepřihazujete
       *[one] { $actor } už nepřihazuje
    }
durak-last-card =
    { $seat-person ->
        [you] útočíte
       *[one] { $seat } útočí
    } svou poslední kartou, { $card }
durak-cannot-beat =
    { $seat-person ->
        [you] nemůžete přebít a berete
       *[one] { $seat } nemůže přebít a bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-cannot-beat-thrown =
    { $seat-person ->
        [you] nemůžete přebít a berete
       *[one] { $seat } nemůže přebít a bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    } ({ $thrower-person ->
        [you] přihazujete
       *[one] { $thrower } přihazuje
    } { $cards })
durak-throws-in =
    { $seat-person ->
        [you] přihazujete
       *[one] { $seat } přihazuje
    } { $cards }
durak-beaten-off =
    odhozeno: { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-nothing-to-add =
    { $seat-person ->
        [you] nemáte co přihodit
       *[one] { $seat } nemá co přihodit
    }, odhozeno: { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-out =
    { $seats-person ->
        [you] jste venku
        [you-many] { $seats } jste venku
        [many] { $seats } jsou venku
       *[one] { $seats } je venku
    }
durak-fool =
    { $fool-person ->
        [you] jste durak: jako poslední držíte karty
       *[one] { $fool } je durak: jako poslední drží karty
    } ({ $count })
durak-fool-stalled =
    { $fool-person ->
        [you] jste durak
       *[one] { $fool } je durak
    }: hra stála { $turns ->
        [one] { $turns } tah
        [few] { $turns } tahy
       *[other] { $turns } tahů
    } a nejvíc karet { $fool-person ->
        [you] máte vy
       *[one] má { $fool }
    } ({ $count })
durak-draw = nikdo není durak: poslední karty odešly současně, remíza
durak-draw-stalled =
    nikdo není durak: hra stála { $turns ->
        [one] { $turns } tah
        [few] { $turns } tahy
       *[other] { $turns } tahů
    }, remíza
durak-seat-fool = durak
durak-seat-not-fool = není durak
durak-seat-not-fool-shared =
    není durak, první místo { $seats-person ->
        [you] společně s vámi
        [you-many] společně s: { $seats }
       *[other] společně s { $seats }
    }
durak-seat-draw = remíza: nikdo není durak
durak-duel-attacks =
    { $actor-person ->
        [you] útočíte
       *[one] { $actor } útočí
    } { $cards }
durak-duel-adds =
    { $actor-person ->
        [you] přihazujete
       *[one] { $actor } přihazuje
    } { $cards }
durak-duel-beats =
    { $actor-person ->
        [you] přebíjíte
       *[one] { $actor } přebíjí
    } { $attack } kartou { $card }
durak-duel-counterattacks =
    { $actor-person ->
        [you] převádíte
       *[one] { $actor } převádí
    } { $cards }: role se mění
durak-duel-passes =
    { $actor-person ->
        [you] vzdáváte obranu a vezmete
       *[one] { $actor } vzdává obranu a vezme
    } karty ze stolu
durak-duel-piles-on =
    { $actor-person ->
        [you] přihazujete navíc
       *[one] { $actor } přihazuje navíc
    } { $cards }
durak-duel-piles-on-nothing =
    { $actor-person ->
        [you] nic navíc nepřihazujete
       *[one] { $actor } nic navíc nepřihazuje
    }
durak-duel-done =
    { $actor-person ->
        [you] už nepřihazujete
       *[one] { $actor } už nepřihazuje
    }
durak-duel-takes =
    { $seat-person ->
        [you] berete
       *[one] { $seat } bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-duel-beaten-off =
    odhozeno: { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-duel-round-over =
    kolo skončilo, odhozeno: { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
durak-duel-won =
    { $winner-person ->
        [you] vítězíte
       *[one] { $winner } vítězí
    }; { $fool-person ->
        [you] jste durak
       *[one] { $fool } je durak
    }: když došel balíček, { $fool-person ->
        [you] vám
       *[one] { $fool }
    } { $count ->
        [one] zbývala { $count } karta
        [few] zbývaly { $count } karty
       *[other] zbývalo { $count } karet
    }
durak-duel-won-stalled =
    { $winner-person ->
        [you] vítězíte
       *[one] { $winner } vítězí
    }; { $fool-person ->
        [you] jste durak
       *[one] { $fool } je durak
    }: hra stála { $rounds ->
        [one] { $rounds } kolo
        [few] { $rounds } kola
       *[other] { $rounds } kol
    } a méně karet { $winner-person ->
        [you] máte vy
       *[one] má { $winner }
    }
durak-duel-draw = remíza: nikdo není durak
durak-duel-seat-draw = remíza: nikdo není durak
prsi-plays =
    { $actor-person ->
        [you] vynášíte
       *[one] { $actor } vynáší
    }: { $cards }
prsi-plays-naming =
    { $actor-person ->
        [you] vynášíte
       *[one] { $actor } vynáší
    }: { $cards } a { $actor-person ->
        [you] měníte
       *[one] mění
    } na { $suit ->
        [german-hearts] červené
        [leaves] zelené
        [acorns] žaludy
        [bells] kule
        [hearts] srdce
        [clubs] kříže
        [diamonds] káry
       *[spades] piky
    }
prsi-cancels = zelený spodek ruší braní
prsi-stands =
    { $actor-person ->
        [you] stojíte
       *[one] { $actor } stojí
    } (eso)
prsi-draws =
    { $actor-person ->
        [you] berete
       *[one] { $actor } bere
    } kartu
prsi-draws-sevens =
    { $actor-person ->
        [you] berete
       *[one] { $actor } bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    } (sedmy)
prsi-reshuffled = došel balíček: odhozené karty kromě vrchní se zamíchají do nového balíčku
prsi-drew-only =
    šlo si vzít jen { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
prsi-turn-limit =
    hru ukončil limit { $turns ->
        [one] { $turns } tahu
       *[other] { $turns } tahů
    }
prsi-out =
    { $seat-person ->
        [you] jste venku jako
       *[one] { $seat } je venku jako
    } { $place ->
        [1] první
        [2] druhý
        [3] třetí
        [4] čtvrtý
        [5] pátý
        [6] šestý
        [7] sedmý
        [8] osmý
       *[other] { $place }.
    }
prsi-left-holding =
    { $seat-person ->
        [you] zůstáváte
       *[one] { $seat } zůstává
    } s { $count ->
        [one] { $count } kartou
       *[other] { $count } kartami
    }
prsi-still-holding =
    { $seat-person ->
        [you] ještě držíte
       *[one] { $seat } ještě drží
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
prsi-seat-out =
    venku jako { $place ->
        [1] první
        [2] druhý
        [3] třetí
        [4] čtvrtý
        [5] pátý
        [6] šestý
        [7] sedmý
        [8] osmý
       *[other] { $place }.
    }
prsi-seat-last =
    poslední, v ruce { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
prsi-seat-holding =
    v ruce ještě { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[other] { $count } karet
    }
bridge-plays =
    { $actor-person ->
        [you] vynášíte
       *[one] { $actor } vynáší
    } { $card }
bridge-plays-ordering =
    { $actor-person ->
        [you] vynášíte
       *[one] { $actor } vynáší
    } { $card } a { $actor-person ->
        [you] určujete
       *[one] určuje
    } { $suit ->
        [hearts] srdce
        [clubs] kříže
        [diamonds] káry
       *[spades] piky
    }
bridge-covers =
    { $actor-person ->
        [you] kryjete
       *[one] { $actor } kryje
    } { $six } kartou { $card }
bridge-covers-ordering =
    { $actor-person ->
        [you] kryjete
       *[one] { $actor } kryje
    } { $six } kartou { $card } a { $actor-person ->
        [you] určujete
       *[one] určuje
    } { $suit ->
        [hearts] srdce
        [clubs] kříže
        [diamonds] káry
       *[spades] piky
    }
bridge-draws =
    { $actor-person ->
        [you] berete si z balíčku
       *[one] { $actor } si bere z balíčku
    }
bridge-draws-to-cover =
    { $actor-person ->
        [you] berete si z balíčku
       *[one] { $actor } si bere z balíčku
    } na pokrytí { $six }
bridge-ends-turn =
    { $actor-person ->
        [you] končíte tah
       *[one] { $actor } končí tah
    }
bridge-ends-turn-out =
    { $actor-person ->
        [you] končíte tah a jste venku
       *[one] { $actor } končí tah a je venku
    }
bridge-takes =
    { $seat-person ->
        [you] berete
       *[one] { $seat } bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    }
bridge-loses-turns =
    { $seat-person ->
        [you] vynecháváte
       *[one] { $seat } vynechává
    } { $turns ->
        [one] { $turns } tah
        [few] { $turns } tahy
       *[other] { $turns } tahů
    }
bridge-takes-loses =
    { $seat-person ->
        [you] berete
       *[one] { $seat } bere
    } { $count ->
        [one] { $count } kartu
        [few] { $count } karty
       *[other] { $count } karet
    } a { $seat-person ->
        [you] vynecháváte
       *[one] vynechává
    } { $turns ->
        [one] { $turns } tah
        [few] { $turns } tahy
       *[other] { $turns } tahů
    }
bridge-totals =
    po { $deals ->
        [one] { $deals } rozdání
       *[other] { $deals } rozdáních
    } (kdo ztratí { $target ->
        [one] { $target } bod
        [few] { $target } body
       *[other] { $target } bodů
    }, prohrává zápas):
bridge-lost =
    { $seat-person ->
        [you] ztrácíte
       *[one] { $seat } ztrácí
    } { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
bridge-seat-lost =
    ztraceno: { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
most-draws =
    { $actor-person ->
        [you] berete si z balíčku
       *[one] { $actor } si bere z balíčku
    }
most-takes-card =
    { $actor-person ->
        [you] berete z mostu kartu { $card } a musíte ji vyložit
       *[one] { $actor } bere z mostu kartu { $card } a musí ji vyložit
    }
most-takes =
    { $actor-person ->
        [you] berete z mostu { $cards } a musíte vyložit
       *[one] { $actor } bere z mostu { $cards } a musí vyložit
    } { $card }
most-melds =
    { $actor-person ->
        [you] vykládáte
       *[one] { $actor } vykládá
    } { $meld }
most-lays-off =
    { $actor-person ->
        [you] přikládáte
       *[one] { $actor } přikládá
    } { $cards } { $kind ->
        [run] { $owner-person ->
            [you] k vaší postupce
           *[one] k postupce hráče { $owner }
        }
       *[set] { $owner-person ->
            [you] k vaší skupině
           *[one] ke skupině hráče { $owner }
        }
    } { $meld }
most-lays-off-own =
    { $actor-person ->
        [you] přikládáte
       *[one] { $actor } přikládá
    } { $cards } { $kind ->
        [run] ke své postupce
       *[set] ke své skupině
    } { $meld }
most-swaps =
    { $actor-person ->
        [you] měníte
       *[one] { $actor } mění
    } { $card } za { $joker } { $kind ->
        [run] { $owner-person ->
            [you] ve vaší postupce
           *[one] v postupce hráče { $owner }
        }
       *[set] { $owner-person ->
            [you] ve vaší skupině
           *[one] ve skupině hráče { $owner }
        }
    } { $meld }
most-swaps-own =
    { $actor-person ->
        [you] měníte
       *[one] { $actor } mění
    } { $card } za { $joker } { $kind ->
        [run] ve své postupce
       *[set] ve své skupině
    } { $meld }
most-discards =
    { $actor-person ->
        [you] odhazujete
       *[one] { $actor } odhazuje
    } { $card }
most-discards-out =
    { $actor-person ->
        [you] odhazujete { $card } a jste venku
       *[one] { $actor } odhazuje { $card } a je venku
    }
most-discards-last =
    { $actor-person ->
        [you] odhazujete
       *[one] { $actor } odhazuje
    } { $card } a rozdání končí: balíček je prázdný
most-totals =
    součty po { $deals ->
        [one] { $deals } rozdání
       *[other] { $deals } rozdáních
    } (hraje se do { $target ->
        [one] { $target } bodu
       *[other] { $target } bodů
    }):
most-total =
    { $seat-person ->
        [you] máte
       *[one] { $seat } má
    } { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
most-scored =
    { $seat-person ->
        [you] získáváte
       *[one] { $seat } získává
    } { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
fifty-six-bids =
    { $actor-person ->
        [you] dražíte
       *[one] { $actor } draží
    } { $points }
fifty-six-bids-tani =
    { $actor-person ->
        [you] dražíte
       *[one] { $actor } draží
    } { $points } (tani)
fifty-six-passes =
    { $actor-person ->
        [you] pasujete
       *[one] { $actor } pasuje
    }
fifty-six-passes-bidding-won =
    { $actor-person ->
        [you] pasujete
       *[one] { $actor } pasuje
    }: dražbu { $winner-person ->
        [you] vyhráváte
       *[one] vyhrává { $winner }
    } s nabídkou { $points }
fifty-six-hides =
    { $actor-person ->
        [you] skrýváte
       *[one] { $actor } skrývá
    } { $card } jako trumf
fifty-six-hides-a-card =
    { $actor-person ->
        [you] skrýváte
       *[one] { $actor } skrývá
    } kartu jako trumf
fifty-six-hides-void =
    { $actor-person ->
        [you] skrýváte
       *[one] { $actor } skrývá
    } { $card } jako trumf, ale druhý tým nemá žádnou kartu té barvy: rozdání se ruší
fifty-six-reveals =
    { $actor-person ->
        [you] odkrýváte
       *[one] { $actor } odkrývá
    } trumf: { $card }
fifty-six-reveals-hidden =
    { $actor-person ->
        [you] odkrýváte
       *[one] { $actor } odkrývá
    } trumf
fifty-six-plays =
    { $actor-person ->
        [you] hrajete
       *[one] { $actor } hraje
    } { $card }
fifty-six-plays-wins =
    { $actor-person ->
        [you] hrajete { $card } a berete
       *[one] { $actor } hraje { $card } a bere
    } štych, { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
fifty-six-plays-other-wins =
    { $actor-person ->
        [you] hrajete
       *[one] { $actor } hraje
    } { $card }: štych { $winner-person ->
        [you] berete
       *[one] bere { $winner }
    }, { $points ->
        [one] { $points } bod
        [few] { $points } body
       *[other] { $points } bodů
    }
fifty-six-trump-turns-up =
    { $seat-person ->
        [you] zbývá vám
       *[one] { $seat } zbývá
    } jen skrytý trumf: otáčí se, trumfy jsou { $suit ->
        [hearts] srdce
        [clubs] kříže
        [diamonds] káry
       *[spades] piky
    }
fifty-six-trump-back =
    trumf se vrací { $seat-person ->
        [you] do vaší ruky
       *[one] do ruky hráče { $seat }
    }
fifty-six-won =
    { $winners-person ->
        [you] vítězíte
        [you-many] { $winners } vítězíte
       *[other] { $winners } vítězí
    } { $won }:{ $lost } nad { $losers-person ->
        [you] vámi
        [you-many] vaším týmem
       *[other] týmem { $losers }
    }
fifty-six-tied = týmy mají stejně bodů ({ $points }): remíza
fifty-six-last-made =
    poslední rozdání: { $bidder-person ->
        [you] vyhráváte dražbu s nabídkou { $bid } a plníte ji
       *[one] { $bidder } vyhrává dražbu s nabídkou { $bid } a plní ji
    }, body za karty: { $points } (+{ $change })
fifty-six-last-lost =
    poslední rozdání: { $bidder-person ->
        [you] vyhráváte dražbu s nabídkou { $bid }, ale neplníte ji
       *[one] { $bidder } vyhrává dražbu s nabídkou { $bid }, ale neplní ji
    }, body za karty: { $points } ({ $change })
fifty-six-last-tani-made =
    poslední rozdání: { $bidder-person ->
        [you] vyhráváte dražbu s nabídkou tani (všech osm štychů bez partnera) a plníte ji
       *[one] { $bidder } vyhrává dražbu s nabídkou tani (všech osm štychů bez partnera) a plní ji
    }, body za karty: { $points } (+{ $change })
fifty-six-last-tani-lost =
    poslední rozdání: { $bidder-person ->
        [you] vyhráváte dražbu s nabídkou tani (všech osm štychů bez partnera), ale neplníte ji
       *[one] { $bidder } vyhrává dražbu s nabídkou tani (všech osm štychů bez partnera), ale neplní ji
    }, body za karty: { $points } ({ $change })
fifty-six-seat-won =
    vítězství { $partners-person ->
        [you] s vámi
        [you-many] s: { $partners }
       *[other] s { $partners }
    }, { $ours }:{ $theirs }
fifty-six-seat-lost =
    prohra { $partners-person ->
        [you] s vámi
        [you-many] s: { $partners }
       *[other] s { $partners }
    }, { $ours }:{ $theirs }
fifty-six-seat-draw =
    remíza { $partners-person ->
        [you] s vámi
        [you-many] s: { $partners }
       *[other] s { $partners }
    }, { $ours }:{ $theirs }

