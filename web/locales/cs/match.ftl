# Stránka zápasu (/matches/ID): přehrávač, tahy, analýza, místa.

match-title = Zápas { $id }
match-heading = Zápas
match-missing = Zápas „{ $id }“ neexistuje.
match-result = Výsledek:
match-fault-link = { $name }: chyba v kroku { $step } ({ $kind }) →
match-forfeits = { $words }; prohra kvůli chybě
match-status =
    { $status ->
        [queued] ve frontě
        [running] běží
        [finished] skončil
        [failed] selhal
       *[other] { $status }
    }

## Ovládání přehrávače.

match-table = Stůl
match-controls = Kroky zápasu
match-first = začátek
match-first-title = První krok (Home)
match-prev-deal = « rozdání
match-prev-deal-title = Začátek tohoto nebo předchozího rozdání (Page Up)
match-prev-trick = ‹ štych
match-prev-trick-title = Začátek tohoto nebo předchozího štychu (Shift+←)
match-back-title = Krok zpět (←)
match-play = ▶ přehrát
match-pause = ⏸ pauza
match-play-title = Přehrát nebo pozastavit (mezerník)
match-forward-title = Krok vpřed (→)
match-next-trick = štych ›
match-next-trick-title = Další štych (Shift+→)
match-next-deal = rozdání »
match-next-deal-title = Další rozdání (Page Down)
match-last = konec
match-last-title = Poslední krok (End)
match-scrub = Krok
match-loading = načítá se…
match-speed = rychlost
match-speed-option =
    { $count ->
        [one] { $count } krok/s
        [few] { $count } kroky/s
       *[other] { $count } kroků/s
    }
match-view = pohled
match-view-all = všechny ruce
match-view-seat = očima { $name } (místo { $seat })
match-needs-script = Stůl potřebuje JavaScript.
match-keys = Klávesy: ← → krok, Shift+← → štych, Page Up/Down rozdání, Home/End, mezerník přehrává.

## Co říká přehrávač (web/static/replay.js).

match-step-of = krok { $step } z { $last }
match-step-of-live = krok { $step } z { $last } (živě)
match-step-of-unavailable = krok { $step } z { $last } (živý přenos není k dispozici; načtěte stránku znovu)
match-sealed-label = zapečetěno
match-step = Krok { $step }:
match-dealt = Rozdání před prvním tahem.
match-by-substitute = zahrál bot serveru za místo s chybou
match-ms = { $ms } ms
match-not-recorded = U tohoto zápasu se nezaznamenalo (co bot dostal, se uchovává až po konci zápasu).
match-sent-view = Pohled
match-sent-legal = Povolené tahy (podle čísla)
match-answer-status = Stav HTTP
match-answer-time = Čas
match-answer-body = Tělo (první bajty)
match-answer-refused = Odmítnuto, protože
match-answer-none = nic
match-faulted-here = { $name }: chyba zde: { $kind }
match-what-sent = Co dostal
match-sent-for-step = Co { $name } dostal pro krok { $step }
match-sent-now = { $name } dostává teď toto (krok { $step })
match-sent-then = { $name } dostal toto pro krok { $step }
match-not-decision = V tomto kroku nerozhoduje { $name }.
match-next-decision = Jeho další rozhodnutí: krok { $step }
match-no-table = Zatím není co ukázat.
match-not-kept = Tahy tohoto zápasu se neuchovaly.
match-no-result =
    žádný: zápas { $status ->
        [queued] je ve frontě
        [running] běží
        [failed] selhal
       *[other] { $status }
    }.
match-no-result-error =
    žádný: zápas { $status ->
        [queued] je ve frontě
        [running] běží
        [failed] selhal
       *[other] { $status }
    } ({ $error }).
match-cannot-show = Stůl nelze ukázat: { $why }
match-cannot-draw = Tato stránka neumí nakreslit stůl hry { $game }.
match-sealed =
    Zapečetěno: { $count ->
        [one] { $count } další stůl tohoto turnaje, který se ještě hraje, dostal
        [few] { $count } další stoly tohoto turnaje, které se ještě hrají, dostaly
       *[other] { $count } dalších stolů tohoto turnaje, které se ještě hrají, dostalo
    } stejné karty, takže stůl, tahy a soubory se ukážou, až skončí poslední z nich. Stránka je pak otevře sama.

## O zápasu.

match-about = O zápasu
match-game = Hra
match-how-to-play = pravidla hry { $game }
match-status-label = Stav
match-kind = Druh
match-kind-rated =
    { $kind ->
        [practice] trénink
        [ladder] žebříček
        [tournament] turnaj
       *[other] { $kind }
    }, hodnocený
match-kind-not-rated =
    { $kind ->
        [practice] trénink
        [ladder] žebříček
        [tournament] turnaj
       *[other] { $kind }
    }, nehodnocený
match-seed = Semínko
match-seed-sealed = skryto, dokud se neodehrají všechny stoly tohoto rozdání turnaje
match-seed-hidden = skryto do konce zápasu
match-options = Nastavení
match-rules = Pravidla
match-rules-version = verze { $version }
match-queued = Zařazen
match-ended = Skončil

## Místa.

match-seats = Místa
match-seat = Místo
match-bot = Bot
match-version = Verze
match-place = Pořadí
match-score = Skóre
match-rating-after = Hodnocení po
match-result-column = Výsledek
match-fault = Chyba
match-at-random =
    { $count ->
        [one] { $count } rozhodnutí zahráno náhodně
        [few] { $count } rozhodnutí zahrána náhodně
       *[other] { $count } rozhodnutí zahráno náhodně
    }
match-at-random-by-kit =
    { $count ->
        [one] { $count } rozhodnutí zahrála náhodně jeho sada
        [few] { $count } rozhodnutí zahrála náhodně jeho sada
       *[other] { $count } rozhodnutí zahrála náhodně jeho sada
    }
match-fallback-note =
    Místo { $seat } ({ $name }): { $count ->
        [one] { $count } rozhodnutí zahrála
        [few] { $count } rozhodnutí zahrála
       *[other] { $count } rozhodnutí zahrála
    } náhodně jeho sada poté, co selhala jeho strategie (nejsou to chyby: sada chybu zachytila a hrála dál).

## Tahy.

match-download = Stáhnout:
match-download-replay = záznam (JSON)
match-download-log = zápis hry (text)
match-moves = Tahy
match-no-moves = Žádné uložené tahy.
match-no-moves-yet = Zatím žádné uložené tahy: seznam se uloží na konci zápasu (stůl výše ho sleduje živě).
match-house-bot = (bot serveru)
match-house-bot-title = jeho bot udělal chybu
match-log-dropped = Zápis tohoto zápasu žebříčku byl { $date } smazán, aby databáze zůstala malá (server uchovává zápisy žebříčku jen po určitou dobu); výsledky a hodnocení zůstávají.
match-log-unreadable = Tahy nelze ukázat: { $why }.

## Analýza (web/static/analysis.js).

analysis-title = Analýza
analysis-about = Expertní bot serveru přehraje každé rozhodnutí z pohledu rozhodujícího místa a odhadne, kolik měl každý povolený tah cenu: očekávanou hodnotu umístění (1 první, 0 poslední). Tah, který z ní ztratí 0,15 nebo víc, je hrubá chyba, 0,05 nebo víc nepřesnost.
analysis-ask = Analyzovat zápas
analysis-progress = Analyzovaná rozhodnutí
analysis-caption = Hodnota každého zahraného tahu (výška sloupce), barva podle místa; čára je hodnota nejlepšího tahu; značka nad sloupcem je hrubá chyba nebo nepřesnost. Výběrem sloupce přejdete na jeho krok.
analysis-blunder = hrubá chyba
analysis-mistake = nepřesnost
analysis-accuracy = Přesnost
analysis-decisions = Rozhodnutí
analysis-mean-loss = Průměrná ztráta
analysis-mistakes = Nepřesnosti
analysis-blunders = Hrubé chyby
analysis-accuracy-note = Jen rozhodnutí vlastního bota místa: tahy, které za místo po jeho chybě zahrál bot serveru, se nepočítají.
analysis-errors = Hrubé chyby a nepřesnosti
analysis-searched = Expert hledal { $ms } ms na každé rozhodnutí.
analysis-queued-next = Ve frontě: vaše analýza je další; začne, jakmile bude expert volný.
analysis-queued =
    { $count ->
        [one] Ve frontě: před vaší začne { $count } analýza.
        [few] Ve frontě: před vaší začnou { $count } analýzy.
       *[other] Ve frontě: před vaší začne { $count } analýz.
    }
analysis-running = Analýza: { $done } z { $total } rozhodnutí.
analysis-cannot = Analýzu nelze ukázat: { $why }
analysis-cannot-again = Analýzu nelze ukázat: { $why } Zkuste to za chvíli.
analysis-server-answered = server odpověděl { $status }
analysis-not-yet = Zatím bez analýzy.
analysis-unreachable-retrying = Server není dostupný; zkoušíme znovu.
analysis-asking = Žádáme o analýzu…
analysis-unreachable = Server není dostupný; zkuste to znovu.
analysis-sealed = O analýzu lze požádat, až se odehrají ostatní stoly se stejnými kartami.
analysis-step-mark =
    Krok { $step }: { $kind ->
        [blunder] hrubá chyba
       *[mistake] nepřesnost
    }
analysis-strip-title = Hodnota každého zahraného tahu, kroky 1 až { $steps }.
analysis-strip-blunders = Hrubé chyby v krocích { $steps }.
analysis-strip-no-blunder = Žádná hrubá chyba.
analysis-strip-mistakes = Nepřesnosti v krocích { $steps }.
analysis-strip-no-mistake = Žádná nepřesnost.
analysis-bar = Krok { $step }: { $move }, hodnota { $worth }
analysis-bar-substitute = Krok { $step } (bot serveru za { $name }): { $move }, hodnota { $worth }
analysis-bar-expert = { $bar } (volba experta)
analysis-bar-best = { $bar }; nejlepší: { $best }, { $worth }
analysis-seat-number = (místo { $seat })
analysis-verdict =
    { $kind ->
        [blunder] hrubá chyba
       *[mistake] nepřesnost
    }
analysis-step-link = krok { $step }
analysis-substitute = (bot serveru za { $name })
analysis-expert-choice = volba experta:
analysis-loses = (ztrácí { $loss })
analysis-none = Nic: každý tah byl do 0,05 od nejlepšího.
analysis-mark-loses =
    { $kind ->
        [blunder] hrubá chyba
       *[mistake] nepřesnost
    } (ztrácí { $loss })
analysis-expert-too = také volba experta (hodnota { $worth })
analysis-as-good = stejně dobré jako volba experta (hodnota { $worth })
analysis-worth = (hodnota { $best }, tento tah { $taken })
