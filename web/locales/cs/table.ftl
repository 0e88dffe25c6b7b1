# Slova karetního stolu: co ukazuje stůl každé hry.

## Přepínač balíčku v zápatí: prší českými (mariášovými) kartami, nebo francouzskými.

table-deck-prsi = Karty v prší:
table-deck-german = české
table-deck-french = francouzské

## Karty.

table-rank-french = { $rank ->
    [jack] J
    [queen] Q
    [king] K
   *[ace] A
}
table-rank-german = { $rank ->
    [under] S
    [over] Sv
    [king] K
   *[ace] E
}
table-card-french = { $rank ->
    [jack] { $suit ->
        [hearts] srdcový
        [diamonds] kárový
        [spades] pikový
       *[clubs] křížový
    } spodek
    [king] { $suit ->
        [hearts] srdcový
        [diamonds] kárový
        [spades] pikový
       *[clubs] křížový
    } král
    [ace] { $suit ->
        [hearts] srdcové
        [diamonds] kárové
        [spades] pikové
       *[clubs] křížové
    } eso
   *[other] { $suit ->
        [hearts] srdcová
        [diamonds] kárová
        [spades] piková
       *[clubs] křížová
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
table-card-german = { $rank ->
    [under] { $suit ->
        [hearts] červený
        [leaves] zelený
        [bells] kulový
       *[acorns] žaludový
    } spodek
    [over] { $suit ->
        [hearts] červený
        [leaves] zelený
        [bells] kulový
       *[acorns] žaludový
    } svršek
    [king] { $suit ->
        [hearts] červený
        [leaves] zelený
        [bells] kulový
       *[acorns] žaludový
    } král
    [ace] { $suit ->
        [hearts] červené
        [leaves] zelené
        [bells] kulové
       *[acorns] žaludové
    } eso
   *[other] { $suit ->
        [hearts] červená
        [leaves] zelená
        [bells] kulová
       *[acorns] žaludová
    } { $rank ->
        [seven] sedma
        [eight] osma
        [nine] devítka
       *[ten] desítka
    }
}
table-joker = { $colour ->
    [red] červený žolík
   *[black] černý žolík
}
table-joker-mark = J
table-suit-french = { $suit ->
    [hearts] srdce
    [diamonds] kára
    [spades] piky
   *[clubs] kříže
}
table-suit-german = { $suit ->
    [hearts] červené
    [leaves] zelené
    [bells] kule
   *[acorns] žaludy
}
table-face-down = { $count ->
    [one] { $count } karta rubem nahoru
    [few] { $count } karty rubem nahoru
    [many] { $count } karty rubem nahoru
   *[other] { $count } karet rubem nahoru
}
table-trump-card = trumfová karta: { $card }

## Rámec stolu: pruh údajů, místa, výsledek, tabulky bodů.

table-fact-deal = Rozdání
table-fact-trick = { $kind ->
    [turn] Tah
    [round] Kolo
   *[trick] Štych
}
table-fact-to-act = Na tahu
table-game-over = hra skončila
table-badge-to-act = na tahu
table-no-cards = žádné karty
table-none = nic
table-empty = prázdno
table-nobody = nikdo
table-seat = místo { $seat }
table-cannot-draw = Tento stůl nelze vykreslit.
table-result = Výsledek:
table-scores-deal = Rozdání
table-total = Celkem
table-total-to = Celkem (do { $target })

## Co ukazují stoly jednotlivých her.

table-zone-stock = Balíček
table-zone-pile = Hromádka (vrchní karta poslední)
table-zone-scores = Body
table-fact-dealer = Rozdává
table-badge-dealer = rozdává
table-badge-total = celkem { $total }
table-fact-phase = Fáze
table-phase = { $phase ->
    [lead] výnos
    [open] zahájení
    [defend] obrana
    [continue] přihazování
    [pile_on] přihazování navíc
    [draw] líznutí
    [play] hra
    [bidding] dražba
    [hiding_trump] ukrývání trumfu
    [playing] sehrávka
    [over] konec
   *[other] { $phase }
}

# durak a durak ve dvou
table-zone-attack = Útok / obrana
table-zone-beaten = Odhozeno
table-no-attack = zatím žádný útok
table-fact-trump = Trumf
table-fact-attacks = Útočí
table-fact-defends = Brání se
table-badge-attacker = útočí
table-badge-defender = brání se
table-badge-out = mimo hru
table-badge-started = zahajuje kolo

# bridge
table-fact-played = Zahráno v tahu
table-fact-ordered = Určená barva
table-fact-six = Šestka navrchu
table-six-cover = musí se zakrýt
table-fact-to-take = Na konci tahu bere
table-badge-takes = bere { $count }
table-badge-skips = { $count ->
    [one] vynechá { $count } tah
    [few] vynechá { $count } tahy
    [many] vynechá { $count } tahu
   *[other] vynechá { $count } tahů
}

# most
table-zone-bridge = Most (nejnovější karta poslední)
table-zone-taken = Vzato z mostu k vyložení
table-zone-melds = Kombinace
table-no-melds = zatím žádné kombinace
table-meld-owner = { $name } · { $kind ->
    [run] postupka
    [set] skupina
   *[other] { $kind }
}
table-laid-off-by = přiložil hráč { $name }
table-badge-melded = má vyloženo

# fifty-six
table-team = { $team } (místa { $seats })
table-team-won = Tým { $team }: { $tricks ->
    [one] { $tricks } štych
    [few] { $tricks } štychy
    [many] { $tricks } štychu
   *[other] { $tricks } štychů
}, { $points ->
    [one] { $points } bod
    [few] { $points } body
    [many] { $points } bodu
   *[other] { $points } bodů
}
table-team-a = Tým A
table-team-b = Tým B
table-zone-bids = Nabídky
table-zone-hidden-trump = Skrytý trumf
table-zone-trick = Štych
table-zone-totals = Součty zápasu
table-no-bids = zatím žádné nabídky
table-no-card = zatím žádná karta
table-bid-pass = pas
table-trump-revealed = odkrytý
table-trump-not-hidden = ještě neskrytý
table-trump-hidden = skrytý
table-bidding = dražba
table-contract = { $name } { $bid }
table-contract-tani = { $name } { $bid } (tani)
table-fact-deals = Rozdání
table-deals-void = { $deals }, neplatných: { $void }
table-fact-contract = Závazek
table-fact-sitting-out = Vynechávají
table-badge-team = tým { $team }
table-badge-bidder = vydražitel
table-badge-leads = vynáší
table-badge-sits-out = vynechává

# prší
table-fact-suit = Barva
table-fact-draw = Lízat
table-fact-aces = Esa
table-fact-out = Dohráli
table-badge-out-place = { $place }. místo

## Tahy člověka na stránce místa: slova tlačítka a co tah udělá (-hint).

# bridge
table-bridge-order = Zahrát { $card }, určit { $suit }
table-bridge-order-hint = Spodek se hraje na cokoli a určuje barvu: po něm smí přijít jen tato barva (nebo jiný spodek).
table-bridge-cover = Zakrýt { $six } kartou { $card }
table-bridge-cover-hint = Položte tuto kartu na šestku: do konce tahu pak smějí přijít jen karty její hodnoty.{ $effect ->
    [seven] { " " }Sedmička přinutí dalšího hráče líznout si kartu.
    [eight] { " " }Osmička přinutí dalšího soupeře líznout si dvě karty a vynechat tah.
    [ace] { " " }Eso přinutí dalšího soupeře vynechat tah.
    [six] { " " }Šestka se musí zakrýt: znovu zahrajete, nebo si líznete.
   *[none] { "" }
}
table-bridge-play = Zahrát { $card }
table-bridge-play-too = Zahrát i { $card }
table-bridge-play-hint = Položte tuto kartu na hromádku: do konce tahu pak smějí přijít jen karty její hodnoty.{ $effect ->
    [seven] { " " }Sedmička přinutí dalšího hráče líznout si kartu.
    [eight] { " " }Osmička přinutí dalšího soupeře líznout si dvě karty a vynechat tah.
    [ace] { " " }Eso přinutí dalšího soupeře vynechat tah.
    [six] { " " }Šestka se musí zakrýt: znovu zahrajete, nebo si líznete.
   *[none] { "" }
}
table-bridge-draw-cover = Líznout si kvůli { $six }
table-bridge-draw-cover-hint = Šestku nemáte čím zakrýt: lízněte si kartu z balíčku a zkuste to znovu (toto líznutí je zdarma).
table-bridge-draw = Líznout si kartu
table-bridge-draw-hint = Vezměte si jednu kartu z balíčku; pak zahrajte kartu, která pasuje, nebo ukončete tah.
table-bridge-end = Ukončit tah
table-bridge-end-out = Ukončit tah a dohrát
table-bridge-end-played-hint = Tady skončit: vaše karty zapůsobí a hraje další hráč.
table-bridge-end-hint = Skončit bez zahrání: hraje další hráč.

# durak
table-durak-add = Přihodit { $card }
table-durak-add-hint = Přihoďte další kartu hodnoty, která už na stole je: obránce ji musí přebít také.
table-durak-attack = Zaútočit: { $card }
table-durak-attack-hint = Vyneste tuto kartu: obránce ji musí přebít, nebo vzít karty.
table-durak-beat = Přebít { $attack } kartou { $card }
table-durak-beat-with = Přebít kartou { $card }
table-durak-beat-hint = Přebijte útočící kartu vyšší kartou stejné barvy, nebo trumfem.
table-durak-take = Vzít karty
table-durak-take-hint = Vzdejte obranu: seberete karty ze stolu a útočník vám dá všechny své karty zahraných hodnot (kromě svého nejvyššího trumfu).
table-durak-done = Ukončit útok
table-durak-done-hint = Už nic nepřihazovat: přebité karty jdou do odhozu a tah končí.

# durak ve dvou
table-duel-add = Přihodit { $cards }
table-duel-add-hint = Zaútočte znovu kartami hodnot, které jsou na stole: obránce je musí přebít také.
table-duel-attack = Zaútočit: { $cards }
table-duel-siege-hint = Obléhání: vyneste tyto karty jedné hodnoty; obránce musí přebít každou, nebo je vzít.
table-duel-attack-hint = Vyneste tuto kartu: obránce ji musí přebít, nebo vzít karty.
table-duel-defend = Přebít { $attack } kartou { $card }
table-duel-defend-hint = Přebijte tuto útočící kartu vyšší kartou stejné barvy, nebo trumfem.
table-duel-counter = Protiútok: { $cards }
table-duel-counter-hint = Přidejte karty napadené hodnoty: role se obrátí a soupeř musí odpovědět na každou kartu na stole.
table-duel-pass = Vzít karty
table-duel-pass-hint = Pas: vzdáte kolo; útočník smí přihodit další karty hodnot, které jsou na stole, a vy si je všechny vezmete.
table-duel-pile-on = Přihodit navíc { $cards }
table-duel-pile-on-hint = Dejte obránci i tyto karty: vezme si je se zbytkem stolu.
table-duel-stop-piling = Už nic nepřihazovat
table-duel-stop-piling-hint = Žádné další karty: obránce teď bere karty ze stolu.
table-duel-done = Ukončit útok
table-duel-done-hint = Už nic nepřihazovat: přebité karty jdou do odhozu a kolo vyhrává obránce.

# fifty-six
table-fifty-six-bid = Nabídnout { $points }
table-fifty-six-bid-tani = Nabídnout { $points } (tani)
table-fifty-six-bid-hint = Slibte, že váš tým uhraje ve štyších aspoň tolik bodů za karty; kdo nabídne nejvíc, ukryje trumf.
table-fifty-six-pass = Pas
table-fifty-six-pass-hint = Teď nic nenabízet.
table-fifty-six-hide = Ukrýt { $card } jako trumf
table-fifty-six-hide-hint = Tato karta jde rubem nahoru: její barva je trumf a ostatní ji neznají, dokud někdo nepožádá o její odkrytí.
table-fifty-six-reveal = Požádat o odkrytí trumfu
table-fifty-six-reveal-hint = Nemůžete přiznat vynesenou barvu: skrytý trumf se otočí a pak hrajete.
table-fifty-six-play = Zahrát { $card }
table-fifty-six-follow-hint = Přidejte tuto kartu do štychu: přiznejte vynesenou barvu, pokud můžete.
table-fifty-six-lead-hint = Vyneste tuto kartu: ostatní musí přiznat její barvu, pokud mohou.
table-fifty-six-your-bid = Vaše nabídka
table-fifty-six-option = { $points }
table-fifty-six-option-tani = { $points } (tani)

# most
table-most-draw = Líznout z balíčku
table-most-draw-hint = Vezměte si vrchní kartu balíčku; pak vykládejte, přikládejte a tah ukončete odhozením karty.
table-most-take = { $after ->
    [0] Vzít { $card } z mostu
    [one] Vzít z mostu { $card } a { $after } kartu za ní
    [few] Vzít z mostu { $card } a { $after } karty za ní
    [many] Vzít z mostu { $card } a { $after } karty za ní
   *[other] Vzít z mostu { $card } a { $after } karet za ní
}
table-most-take-hint = Vezměte tuto odhozenou kartu (a všechny novější) místo líznutí: v tomto tahu s ní musíte vyložit.
table-most-joker-as = { $joker } jako { $card }
table-most-meld = Vyložit { $cards }
table-most-meld-hint = Vyložte tyto karty jako vlastní kombinaci: postupku v jedné barvě, nebo jednu hodnotu v různých barvách.
table-most-lay-off = Přiložit { $card } k { $kind ->
    [run] postupce
    [set] skupině
   *[other] kombinaci
} { $meld }
table-most-lay-off-as = Přiložit { $card } jako { $stands } k { $kind ->
    [run] postupce
    [set] skupině
   *[other] kombinaci
} { $meld }
table-most-lay-off-hint = Přiložte tuto kartu ke kombinaci na stole (smíte, jakmile máte vyloženou vlastní).
table-most-swap = Vyměnit { $card } za žolíka v { $kind ->
    [run] postupce
    [set] skupině
   *[other] kombinaci
} { $meld }
table-most-swap-hint = Vložte tuto kartu do kombinace místo žolíka, který ji zastupuje: žolík jde do vaší ruky.
table-most-discard = Odhodit { $card }
table-most-discard-hint = Položte tuto kartu na most: váš tah končí.

# prší
table-prsi-play-ask = Zahrát: { $cards }; změnit na { $suit }
table-prsi-play-ask-hint = { $deck ->
    [german] Svršek
   *[french] Dáma
} se hraje na cokoli a mění barvu: další hráč musí hrát barvu, kterou určíte.
table-prsi-play = Zahrát: { $cards }
table-prsi-play-hint = { $count ->
    [1] Položte tuto kartu na hromádku.
   *[other] Položte tyto karty na hromádku. Poslední položená karta je nová vrchní.
}{ $effect ->
    [seven] { " " }Další hráč lízá, pokud neodpoví sedmou.
    [ace] { " " }Další hráč stojí, pokud neodpoví esem.
    [answer] { " " }Odpovídá na sedmy: čelí jim teď další hráč.
   *[none] { "" }
}
table-prsi-draw = Líznout si kartu
table-prsi-draw-hint = Vezměte si jednu kartu z balíčku; váš tah končí.
table-prsi-draw-sevens = { $seven ->
    [top] { $card }: líznout { $count }
   *[all] Líznout { $count } za sedmy
}
table-prsi-draw-sevens-hint = Lízněte si { $count } { $count ->
    [one] kartu
    [few] karty
    [many] karty
   *[other] karet
}, které ukládají sedmy, místo odpovědi sedmou; váš tah končí.
table-prsi-stand = Stát
table-prsi-stand-hint = Nehrát eso proti esu: tento tah vynecháte.
