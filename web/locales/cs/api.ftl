# Vysvětlení chyb API pro lidi česky (kód chyby zůstává anglickým slovem pro programy).

api-token-missing = pošlete token v hlavičce `Authorization: Bearer <token>`
api-token-not-ascii = hlavička Authorization smí obsahovat jen znaky ASCII
api-token-not-bearer = hlavička Authorization musí mít tvar `Bearer <token>`
api-token-empty = token je prázdný
api-not-organiser = toto není token pořadatele
api-token-unknown = tento token nepatří žádnému botovi
api-token-other-bot = tento token patří jinému botovi
api-unknown-game = hra { $name } neexistuje; hry jsou: { $games }
api-no-bot = bot { $id } neexistuje
api-no-match = zápas { $id } neexistuje
api-no-tournament = turnaj { $id } neexistuje
api-no-action = akce { $id } neexistuje
api-internal = na serveru došlo k chybě; je zapsaná v protokolu
api-name-taken = bot se jménem { $name } už existuje
api-versions-per-bot = bot smí za hodinu začít nejvýš { $max } { $max ->
        [one] verzi
        [few] verze
       *[other] verzí
    } (nové adresy i nové programy dohromady): zkuste to později
api-database-unavailable = databáze je teď nedostupná; zkuste to za chvíli znovu
api-no-route = taková cesta v API není
api-body-broken = tělo požadavku nedorazilo: { $reason }
api-body-timeout = tělo požadavku nedorazilo do { $ms } ms
api-body-too-large = tělo požadavku smí mít nejvýš { $max } { $max ->
        [one] bajt
        [few] bajty
       *[other] bajtů
    }
api-method-not-allowed = tato cesta přijímá jen { $allowed }
api-list-none = { "" }
api-list-one = { $item }
api-list-and = { $init } a { $last }
api-list-or = { $init } nebo { $last }
api-players-range = { $min } až { $max }
api-url-too-long = adresa bota má { $len } { $len ->
        [one] bajt
        [few] bajty
       *[other] bajtů
    }; povoleno je nejvýš { $max }
api-url-invalid = adresu bota nelze přečíst: { $reason }
api-url-scheme = adresa bota musí začínat http:// nebo https://, ne { $scheme }://
api-url-no-host = adresa bota neuvádí hostitele
api-url-credentials = adresa bota nesmí obsahovat uživatelské jméno ani heslo; ověřujte místo toho hlavičku s podpisem
api-url-fragment = adresa bota nesmí mít #fragment
api-url-unresolved = adresu hostitele bota { $host } nelze zjistit: { $reason }
api-url-not-public = hostitel bota { $host } má adresu { $ip }, která není veřejná (adresy loopback, soukromé, link-local a rezervované se odmítají)
api-module-over-limit = modul má { $bytes } { $bytes ->
        [one] bajt
        [few] bajty
       *[other] bajtů
    }; přijímá se nejvýš { $max }
api-module-core = toto je obyčejný modul WebAssembly, ne komponenta: sestavte ho skriptem build-wasm.sh ze své sady, nebo ho zabalte příkazem `cardarena module wrap`
api-module-invalid = modul není platný WebAssembly: { $reason }
api-module-imports = modul importuje, co bot používat nesmí: { $reason }
api-module-interface = modul neexportuje `handle: func(request: string) -> string`: { $reason }
api-module-start = modul se nespustí: { $reason }
api-live-match-full = tento zápas už má { $count } { $count ->
        [one] živého diváka
        [few] živé diváky
       *[other] živých diváků
    }, víc jich mít nesmí; zkuste to později
api-live-server-full = server už má { $count } { $count ->
        [one] živého diváka
        [few] živé diváky
       *[other] živých diváků
    }, víc jich mít nesmí; zkuste to později
api-polls-address = tato adresa už má { $count } { $count ->
        [one] čekající dlouhý dotaz
        [few] čekající dlouhé dotazy
       *[other] čekajících dlouhých dotazů
    }; zkuste to znovu, až jeden z nich skončí
api-polls-table = tento stůl už má { $count } { $count ->
        [one] čekající dlouhý dotaz
        [few] čekající dlouhé dotazy
       *[other] čekajících dlouhých dotazů
    }; zkuste to znovu, až jeden z nich skončí
api-sizes-none = uveďte aspoň jednu velikost stolu: počet hráčů ve hře { $game } je { $seats }
api-sizes-too-many = seznam velikostí stolu má nejvýš { $max } { $max ->
        [one] položku
        [few] položky
       *[other] položek
    }: počet hráčů ve hře { $game } je { $seats }
api-sizes-unseated = počet hráčů ve hře { $game } je { $seats }, ne { $size }
api-plays-at-only = jen u stolu s { $size } hráči
api-plays-at = u stolů s { $sizes } hráči
api-outside-sizes = { $bot } hraje { $at }; { $what } je pro { $size } { $size ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }
api-url-and-connect = bot má buď "url" (volá se na ní), nebo "connect": true (připojuje se sám), ne obojí
api-connect-false-needs-url = "connect": false znamená HTTP bota: uveďte jeho "url"
api-name-length = jméno má 1 až { $max } { $max ->
        [one] znak
        [few] znaky
       *[other] znaků
    }
api-name-characters = jméno se skládá z latinských písmen, číslic, '-', '_' a '.' a začíná písmenem nebo číslicí
api-network-registrations = vaše síť už tuto hodinu zaregistrovala { $max } { $max ->
        [one] bota
        [few] boty
       *[other] botů
    }, víc nelze; zkuste to později
api-module-bot-program = modulový bot ("wasm": true) nemá "url" ani "connect": nahrává se do něj modul
api-program-missing = chybí pole: uveďte "url" bota (volá se na ní), "connect": true (připojuje se sám) nebo "wasm": true (nahrajete jeho modul)
api-registrations-full = { $count ->
        [one] server drží { $count } bota, který ještě nikdy neodpověděl ani nehrál
        [few] server drží { $count } boty, kteří ještě nikdy neodpověděli ani nehráli
       *[other] server drží { $count } botů, kteří ještě nikdy neodpověděli ani nehráli
    }, víc jich nedrží a dalšího nezaregistruje, dokud některý z nich neodpoví nebo nezahraje; zkuste to později, nebo se obraťte na pořadatele
api-note-length = poznámka má nejvýš { $max } { $max ->
        [one] znak
        [few] znaky
       *[other] znaků
    }
api-network-versions = boti vaší sítě už tuto hodinu začali { $max } { $max ->
        [one] verzi
        [few] verze
       *[other] verzí
    }, víc nelze; zkuste to později
api-nothing-to-change = řekněte, co změnit: "url" nebo "connect", "active", "ladder_players", případně několik z nich
api-limit-range = limit je 1 až { $max }
api-missing-game = uveďte hru: ?game=<id>
api-tournament-started = turnaj už začal; posuňte ho místo toho dál (advance)
api-heavy-reads = tato adresa už má rozpracovaný největší povolený počet stahování snímků, záznamů nebo analýz ({ $count }); zkuste to znovu, až jedno z nich skončí
api-not-dial-out = tento bot se volá na své adrese; nejdřív z něj udělejte bota, který se připojuje sám: PATCH /api/bots/{"{"}id{"}"} {"{"}"connect": true{"}"}
api-not-a-websocket = otevřete tuto cestu jako WebSocket: { $reason }
api-ws-method = metoda musí být GET
api-ws-upgrade = jsou potřeba hlavičky `Connection: upgrade` a `Upgrade: websocket`
api-ws-version = je potřeba hlavička `Sec-WebSocket-Version: 13`
api-ws-key = je potřeba hlavička `Sec-WebSocket-Key`
api-ws-key-unusable = hlavičku `Sec-WebSocket-Key` nelze použít
api-ws-no-upgrade = toto spojení nelze přepnout na WebSocket
api-too-many-connections = bot smí mít najednou nejvýš { $max } spojení
api-connections-full = server má tolik připojených botů, kolik jich přijímá; zkuste to později
api-house-bots = { $bots }
api-house-bots-expert = { $bots } (nebo expert:N, N ms na rozhodnutí: { $budgets })
api-seats-no-person = aspoň pro jedno místo uveďte "person"
api-seat-unknown = místo { $seat }: { $name } není "person", domácí bot hry { $game } ({ $bots }) ani id registrovaného bota
api-seat-other-game = místo { $seat }: { $bot } hraje { $plays }, ne { $game }
api-seat-paused = místo { $seat }: { $bot } je pozastavený; ke stolům si sedají jen aktivní boti
api-seat-long-expert = místo { $seat }: expert, který nad tahem přemýšlí déle než { $ms } ms, hraje jen u stolu otevřeného s tokenem bota; posaďte místo něj "{ $expert }", nebo pošlete token svého bota
api-tables-server-full = { $count ->
        [one] Jediný stůl, který server drží otevřený, je obsazený
        [few] Všechny { $count } stoly, které server drží otevřené, jsou obsazené
       *[other] Všech { $count } stolů, které server drží otevřené, je obsazeno
    }. Zkuste to za pár minut.
api-tables-client-open = Už máte { $count } { $count ->
        [one] otevřený stůl
        [few] otevřené stoly
       *[other] otevřených stolů
    }, tolik, kolik smí mít jeden člověk. Nejdřív některý dohrajte nebo opusťte: stránka Hrát ukazuje stoly otevřené v tomto prohlížeči.
api-tables-network-open = Vaše síť už má { $count } { $count ->
        [one] otevřený stůl
        [few] otevřené stoly
       *[other] otevřených stolů
    }, tolik, kolik smí. Nejdřív některý dohrajte nebo opusťte.
api-tables-reserved = Server je skoro plný: { $count ->
        [one] poslední { $count } stůl je vyhrazený
        [few] poslední { $count } stoly jsou vyhrazené
       *[other] posledních { $count } stolů je vyhrazeno
    } pro lidi bez otevřeného stolu. Dohrajte nebo opusťte ten svůj, nebo to zkuste za pár minut.
api-tables-client-hour = Za poslední hodinu jste otevřeli { $count } { $count ->
        [one] stůl
        [few] stoly
       *[other] stolů
    }, tolik, kolik smí jeden člověk. Zkuste to později.
api-tables-bot-busy = { $bot } už hraje u { $count } { $count ->
        [one] stolu
       *[other] stolů
    }, tolik, kolik smí. Vyberte jiného soupeře, nebo to zkuste za pár minut.
api-tables-bot-hour = { $bot } za poslední hodinu seděl u { $count } { $count ->
        [one] stolu
       *[other] stolů
    }, tolik, kolik smí. Vyberte jiného soupeře, nebo to zkuste později.
api-no-seat = k tomuto tokenu nepatří žádné místo
api-wait-range = wait je 0 až { $max } { $max ->
        [one] sekunda
        [few] sekundy
       *[other] sekund
    }
api-not-your-turn = od tohoto místa se teď tah nečeká
api-seat-replaced = za toto místo teď hraje domácí bot
api-not-legal = tento tah není povolený
api-turn-number = turn je číslo tahu
api-match-over = zápas skončil
api-practice-outside-sizes = { $outside }: uveďte { $opponents } { $last ->
        [one] soupeře
        [few] soupeře
       *[other] soupeřů
    }, nebo nejdřív přidejte { $size } k jeho velikostem stolu (na stránce Moji boti, nebo "ladder_players" přes PATCH /api/bots/{"{"}id{"}"})
api-this-practice-match = tento tréninkový zápas
api-opponents-count = počet hráčů ve hře { $game } je { $seats }: uveďte { $opponents } { $last ->
        [one] soupeře
        [few] soupeře
       *[other] soupeřů
    }
api-or = { $first } nebo { $rest }
api-matches-range = požádejte o 1 až { $max } { $max ->
        [one] zápas
        [few] zápasy
       *[other] zápasů
    }
api-no-house-bot = hra { $game } nemá domácího bota { $name }; uveďte "self" nebo jednoho z nich: { $bots }
api-practice-queue-full = { $bot } má ve frontě { $queued } { $queued ->
        [one] tréninkový zápas
        [few] tréninkové zápasy
       *[other] tréninkových zápasů
    } a smí mít nejvýš { $max }; žádáte o { $asked } další: počkejte, až některé doběhnou
api-network-practice = vaše síť smí za hodinu zařadit nejvýš { $max } { $max ->
        [one] tréninkový zápas
        [few] tréninkové zápasy
       *[other] tréninkových zápasů
    } a { $asked } další by ten limit překročily; zkuste to později
api-reason-length = důvod má 1 až { $max } { $max ->
        [one] znak
        [few] znaky
       *[other] znaků
    }, ne { $count }
api-by-length = jméno pořadatele má 1 až { $max } { $max ->
        [one] znak
        [few] znaky
       *[other] znaků
    }, ne { $count }
api-reason-control = důvod nesmí obsahovat řídicí znaky kromě zalomení řádků a tabulátorů
api-by-control = jméno pořadatele nesmí obsahovat řídicí znaky kromě zalomení řádků a tabulátorů
api-wrong-state = { $bot }: { $now }; lze jen { $fits }
api-hold-none = pořadatel proti němu nic nepodnikl
api-hold-paused = pořadatel ho pozastavil
api-hold-disqualified = je diskvalifikovaný
api-only-pause = pozastavit bota, proti kterému pořadatel nic nepodnikl
api-only-resume = obnovit bota, kterého pořadatel pozastavil
api-only-disqualify = diskvalifikovat bota, který diskvalifikovaný není
api-only-reinstate = vrátit do hry diskvalifikovaného bota
api-only-delete = smazat kteréhokoli bota
api-not-a-contestant = { $bot } není bot soutěžícího
api-held-paused = { $bot } nehraje žádné zápasy: pořadatel ho pozastavil (viz jeho stránku)
api-held-disqualified = { $bot } nehraje žádné zápasy: pořadatel ho diskvalifikoval (viz jeho stránku)
api-match-running = zápas { $id } { $status ->
        [queued] ještě čeká ve frontě
        [running] ještě běží
       *[other] je ve stavu { $status }
    }; analyzovat ho lze, až skončí (analýza by ukázala skryté karty)
api-analysis-unfinished = zápas { $id } { $status ->
        [failed] skončil chybou
        [cancelled] byl zrušen
       *[other] je ve stavu { $status }
    }: analyzují se jen zápasy dohrané do konce
api-analysis-sealed = zápas { $id } má stejné rozdání jako turnajový zápas, který se ještě nehrál; analyzovat ho lze, až skončí všechny stoly tohoto rozdání
api-text = { $text }
api-log-not-analysable = záznam zápasu { $id } nelze analyzovat: { $reason }
api-retention-dropped-it = po uplynutí doby uchování byl smazán
api-analysis-failed = analýza zápasu { $id } selhala: { $reason }
api-analyses-per-hour = tuto hodinu jste už požádali o { $count } { $count ->
        [one] analýzu
        [few] analýzy
       *[other] analýz
    }; zkuste to později
api-analyses-busy = { $count ->
        [one] ve frontě nebo v běhu už je { $count } analýza
        [few] ve frontě nebo v běhu už jsou { $count } analýzy
       *[other] ve frontě nebo v běhu už je { $count } analýz
    }; zkuste to později
api-analyses-yours = ve frontě nebo v běhu už máte { $count } { $count ->
        [one] analýzu
        [few] analýzy
       *[other] analýz
    }; o další požádejte, až bude jedna z nich hotová
api-not-analysed = zápas { $id } ještě nebyl analyzován: o analýzu požádáte metodou POST na tuto adresu
api-download-unfinished = zápas { $id } { $status ->
        [queued] ještě čeká ve frontě
        [running] ještě běží
        [failed] skončil chybou
        [cancelled] byl zrušen
       *[other] je ve stavu { $status }
    }; stáhnout ho lze, až skončí
api-download-sealed = zápas { $id } má stejné rozdání jako turnajový zápas, který se ještě nehrál; stáhnout ho lze, až skončí všechny stoly tohoto rozdání
api-log-dropped = záznam zápasu { $id } byl po uplynutí doby uchování smazán ({ $log })
api-log-unreadable = záznam zápasu { $id } nelze přečíst: { $reason }
api-no-text-log = hra { $game } nemá textový záznam
api-module-network-checking = modul z vaší sítě se už kontroluje; nahrajte znovu, až kontrola skončí
api-module-server-checking = server kontroluje jiné moduly; nahrajte znovu za pár sekund
api-server-stopping = server se zastavuje
api-module-size = modul má { $bytes } { $bytes ->
        [one] bajt
        [few] bajty
       *[other] bajtů
    }
api-module-larger = modul je větší
api-module-too-large = modul smí mít nejvýš { $max } { $max ->
        [one] bajt
        [few] bajty
       *[other] bajtů
    } ({ $mib } MiB); { $size }
api-not-a-module-bot = tento bot není modulový: zaregistrujte modulového bota s "wasm": true
api-module-content-type = nahrajte bajty modulu jako tělo požadavku s hlavičkou Content-Type: { $type }
api-network-modules = vaše síť už tuto hodinu nahrála { $max } { $max ->
        [one] modul
        [few] moduly
       *[other] modulů
    }, víc nelze; zkuste to později
api-json-content-type = pošlete tělo požadavku jako JSON s hlavičkou Content-Type: application/json
api-json-shape = tělo požadavku nesedí: { $words }
api-json-missing-field-of = v { $at } chybí pole { $name }
api-json-missing-field = chybí pole { $name }
api-json-unknown-field = pole { $name } tu není
api-json-unknown-field-known = pole { $name } tu není; pole jsou { $known }
api-json-field-must-be = pole { $field } musí být { $wanted }, ne { $got }
api-json-body-must-be = tělo požadavku musí být { $wanted }, ne { $got }
api-json-field-says = { $field }: { $text }
api-json-kind-count = celé číslo, 0 nebo víc
api-json-kind-integer = celé číslo
api-json-kind-number = číslo
api-json-kind-list = seznam
api-json-kind-object = objekt
api-json-kind-string = řetězec
api-json-kind-boolean = logická hodnota
api-json-got-number = číslo { $number }
api-json-got-string = řetězec { $string }
api-json-got-list = seznam
api-json-got-object = objekt
api-json-not-json = tělo požadavku není JSON
api-json-empty = tělo požadavku je prázdné: pošlete objekt JSON
api-json-syntax = tělo požadavku není JSON: { $reason } (řádek { $line }, sloupec { $column })
api-json-expected-value = čekala se hodnota
api-json-trailing-characters = za hodnotou následují další znaky
api-json-trailing-comma = čárka navíc na konci
api-json-key-string = klíč musí být řetězec
api-json-expected-colon = čekala se dvojtečka `:`
api-json-expected-comma-brace = čekala se čárka `,` nebo `{"}"}`
api-json-expected-comma-bracket = čekala se čárka `,` nebo `]`
api-json-eof-value = text skončil uprostřed hodnoty
api-json-eof-object = text skončil uprostřed objektu
api-json-eof-list = text skončil uprostřed seznamu
api-json-eof-string = text skončil uprostřed řetězce
api-json-invalid-number = neplatné číslo
api-json-invalid-escape = neplatná escape sekvence
api-bad-query = řetězec dotazu nelze přečíst: { $reason }
api-bad-path = adresu nelze přečíst: { $reason }
api-tournament-name-length = název má 1 až { $max } { $max ->
        [one] tisknutelný znak
        [few] tisknutelné znaky
       *[other] tisknutelných znaků
    }
api-tournament-no-game = hra { $game } neexistuje
api-tournament-stage-count = turnaj má 1 až { $max } { $max ->
        [one] fázi
        [few] fáze
       *[other] fází
    }
api-tournament-stage-fault = fáze { $index }: { $fault }
api-tournament-first-house = první fáze musí být proti domácím botům ("house")
api-tournament-deadline = deadline_ms je { $min } až { $max }
api-tournament-time-bank = time_bank_ms je nejvýš { $max }
api-tournament-match-cap = match_time_limit_ms je { $min } až { $max }
api-tournament-options = chybné options: { $reason }
api-tournament-no-opponents = uveďte domácí boty v "opponents"
api-tournament-no-house-bot = hra { $game } nemá domácího bota { $name }; má tyto: { $bots }
api-tournament-seats = počet hráčů ve hře { $game } je { $seats }
api-tournament-give-count = uveďte "{ $field }", 1 až { $max }
api-tournament-give-top = uveďte "top"
api-tournament-gauntlet-top = top { $top }: účastník a { $top } { $top ->
        [one] soupeř
        [few] soupeři
       *[other] soupeřů
    } se musí vejít k jednomu stolu, přitom počet hráčů u stolu je { $seats }
api-tournament-finalists = finále má { $min } až { $max } { $max ->
        [one] finalistu
        [few] finalisty
       *[other] finalistů
    }
api-tournament-final-table = table { $table }: počet hráčů je { $seats }, ale nejvýš top
api-tournament-same-deals = ve finále se každé rozdání vždy hraje ve všech zasedacích pořádcích: vynechte "same_deals"
api-tournament-entries-closed = přihlášky se uzavřely, když začala první fáze
api-tournament-disqualified = { $bot } je diskvalifikován pořadatelem
api-tournament-wrong-game = { $bot } hraje { $plays }, ale v tomto turnaji se hraje { $game }
api-tournament-house-opponent = { $bot } je v tomto turnaji domácím soupeřem, a proto ho nelze přihlásit
api-tournament-already-entered = { $bot } je už přihlášen
api-tournament-stage = fáze { $index } ({ $kind ->
        [house] proti domácím botům
        [gauntlet] proti nejlepším
       *[final] finále
    })
api-tournament-this-stage = fáze { $index } ({ $kind ->
        [house] proti domácím botům
        [gauntlet] proti nejlepším
       *[final] finále
    }) tohoto turnaje
api-tournament-entry-outside = { $outside }: aby ho šlo přihlásit, přidejte { $size } k jeho velikostem stolu ("ladder_players" na stránce Moji boti nebo přes PATCH /api/bots/{"{"}id{"}"})
api-tournament-change-outside = { $bot } je přihlášen do turnaje „{ $tournament }“, jehož { $stage } je pro { $size } { $size ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }: velikost { $size } musí zůstat mezi jeho velikostmi stolu, dokud turnaj neskončí
api-tournament-stage-outside = { $outside }: majitel může přidat { $size } k velikostem stolu bota, nebo ho pořadatel může diskvalifikovat; pak fáze začne
api-tournament-stage-running = fáze { $stage } ještě neskončila
api-tournament-stage-started = fáze { $stage } už začala
api-tournament-finished = poslední fáze skončila: turnaj je u konce
api-tournament-no-entries = není přihlášen žádný bot
api-tournament-few-finalists = { $count ->
        [0] do finále nepostoupil žádný bot
        [one] do finále postoupil jen { $count } bot
        [few] do finále postoupili jen { $count } boti
       *[other] do finále postoupilo jen { $count } botů
    }
api-tournament-stage-too-large = fáze by zařadila do fronty { $count } { $count ->
        [one] zápas
        [few] zápasy
       *[other] zápasů
    }, ale povoleno je nejvýš { $max }
