# Stránka bota (/bots/ID): údaje o něm, hodnocení a graf, verze, zápasy, vzájemné zápasy, chyby,
# zásahy pořadatele a jeho nástroje (web/static/organiser.js).

bot-not-found = Bot „{ $id }“ neexistuje.

## Údaje
bot-game = Hra
bot-kind = Druh
bot-kind-http = HTTP
bot-kind-dial = dial (k serveru se připojuje sám)
bot-kind-module = modul (jeho WebAssembly spouští server)
bot-kind-house = vestavěný
bot-kind-person = člověk
bot-house-bot = (vestavěný bot { $id })
bot-url = URL
bot-registered = Registrován
bot-status = Stav
bot-removed-by-organiser = odstraněn pořadatelem: už nehraje, jeho výsledky zůstávají
bot-removed-by-owner = odstraněn majitelem: už nehraje, jeho výsledky zůstávají
bot-status-organiser-paused = pozastaven pořadatelem
bot-status-disqualified = diskvalifikován
bot-status-active = aktivní: hraje v žebříčku
bot-status-unchecked = pozastaven: od registrace, změny adresy nebo obnovení ještě neodpověděl na kontrolu spojení
bot-status-probation = pozastaven: zkušební doba po opakovaných chybách
bot-status-owner = pozastaven majitelem
bot-table-sizes = Velikosti stolu
bot-ladder-some = Hraje v žebříčku u stolů s počtem míst { $sizes }.
bot-ladder-one = Hraje v žebříčku jen u stolů s počtem míst { $sizes }.
bot-ladder-every = Hraje v žebříčku u stolů s počtem míst { $sizes }: to jsou všechny velikosti stolu ve hře { $game }.
bot-ladder-every-one = Hraje v žebříčku u stolů s počtem míst { $sizes }: jediná velikost stolu ve hře { $game }.
bot-list-two = { $first } a { $last }
bot-list-more = { $first }, { $rest }
bot-organiser = Pořadatel
bot-hold-paused = pozastaven pořadatelem: nehraje žádný zápas, dokud ho pořadatel neobnoví (jeho turnajové zápasy čekají)
bot-hold-disqualified = diskvalifikován pořadatelem: nehraje zápasy, nevstupuje do turnajů a nikde se neumisťuje; jeho výsledky níže zůstávají
bot-why = Proč
bot-what-to-do = Co dělat
bot-wrong-secret = Váš bot odmítl kontrolu spojení od serveru kódem 401: podpisy ověřuje jiným tajemstvím, než jaké dostal při registraci. Vložte toto tajemství celé do souboru nastavení sady { $file } jako řádek { $line } (nebo do proměnné prostředí, která má před souborem přednost) a bota restartujte ({ $flag } u bota spuštěného přes { $play }). Ztratili jste tajemství? Zaregistrujte bota znovu na stránce „{ $join }“. Více v části „{ $guide }“.
bot-secret-line = CARDARENA_SECRET=<tajemství>
bot-join-link = Zapojit se
bot-guide-link = Nastavte tajemství
bot-probation = Zkušební doba
bot-probation-about = do žebříčku se vrátí, až projde kontrolou spojení a potom odehraje tréninkový zápas proti prvnímu vestavěnému botovi hry bez vlastní chyby; každá zkouška s chybou zdvojnásobí čekání
bot-probation-match = Zkušební zápas
bot-probation-match-now = { $match }: ve frontě nebo se právě hraje
bot-next-check = Příští kontrola
bot-next-probation = Příští zkušební zápas
bot-last-probation = Poslední zkušební zápas
bot-probation-passed = prošel: { $match }
bot-probation-faulted = s chybou: { $kind } ({ $detail }), zápas { $match }
bot-probation-not-played = neodehrán: { $match }
bot-probation-when = { $result }, { $when }
bot-recent-faults = Nedávné chyby
bot-recent-faults-text = { $faults }: zápasy s chybou mezi jeho posledními zápasy v žebříčku a turnajích (nejvýš 50)
bot-percent = { $percent } %
bot-recent-faults-rate = { $faults } ({ $rate }): zápasy s chybou mezi jeho posledními zápasy v žebříčku a turnajích (nejvýš 50)
bot-fallbacks = Náhodné tahy
bot-fallbacks-none =
    { $seats ->
        [1] žádné v jeho jediném dohraném zápase
       *[other] žádné v jeho posledních { $seats } dohraných zápasech
    }
bot-fallbacks-some =
    { $seats ->
        [1] { $decisions } rozhodnutí v jeho jediném dohraném zápase
       *[other] { $decisions } rozhodnutí; zápasů s nimi: { $matches } z jeho posledních { $seats } dohraných
    }: sada bota zachytila selhání strategie a zahrála místo ní náhodný povolený tah. Nejsou to chyby, ale stojí ho umístění: kde strategie selhala, ukáže záznam sady.

## Hodnocení a graf
bot-rating-title = Hodnocení
bot-rating = Hodnocení
bot-matches = Zápasy
bot-wins = Výhry
bot-faults-all-time = Chyby (celkem)
bot-not-rated = Zatím bez hodnocení: neodehrál žádný hodnocený zápas.
bot-chart-version = verze { $version } od hodnoceného zápasu č. { $from }
bot-chart-rating = hodnocení
bot-chart-rated-matches = hodnocené zápasy
bot-chart-key = { $mu } μ, jeho síla, v { $band } pásu μ ± σ; { $low } μ − 3σ, hodnocení, podle kterého je řazen; { $versions } začátek každé verze.
bot-chart-matches = Hodnocených zápasů: { $count }; čáry končí u jeho nynějšího hodnocení.
bot-chart-matches-drawn = Hodnocených zápasů: { $count }, vykresleno { $points } body; čáry končí u jeho nynějšího hodnocení.

## Verze
bot-versions = Verze
bot-version = Verze
bot-started = Začátek
bot-runs = Kde běží
bot-start-rating = Hodnocení na začátku
bot-note = Poznámka
bot-runs-module = modul { $hash }
bot-runs-dial = dial-out
bot-start-newcomer = jako nováček
bot-earlier-versions =
    { $count ->
        [one] A ještě { $count } starší verze: { $link } (posledních 100 se uchovává jednotlivě).
        [few] A ještě { $count } starší verze: { $link } (posledních 100 se uchovává jednotlivě).
       *[other] A ještě { $count } starších verzí: { $link } (posledních 100 se uchovává jednotlivě).
    }
bot-api-lists-them = vypíše je API

## Zápasy
bot-matches-title = Zápasy
bot-filter-kind = Druh
bot-kind-every = všechny druhy
bot-filter-only = Jen { $stage } ({ $all })
bot-filter-stage = { $stage }. fáze turnaje { $tournament }
bot-filter-all = všechny zápasy
bot-filter-show = Zobrazit
bot-no-matches = Zatím žádné zápasy.
bot-match = Zápas
bot-when = Kdy
bot-status-column = Stav
bot-seat = Místo u stolu
bot-place = Pořadí
bot-score = Body
bot-fault = Chyba
bot-against = Soupeři
bot-kind-rated =
    { $kind ->
       *[other] { $name }, hodnocený
    }
bot-at-random =
    { $count ->
        [one] { $count } náhodný
        [few] { $count } náhodné
       *[other] { $count } náhodných
    }
bot-at-random-about = rozhodnutí, která sada bota zahrála náhodně po selhání strategie

## Vzájemné zápasy
bot-h2h = Vzájemné zápasy
bot-h2h-none = Zatím žádné dohrané zápasy proti jiným botům.
bot-h2h-none-kind = Zatím žádné dohrané zápasy tohoto druhu proti jiným botům.
bot-h2h-about =
    Bilance proti každému botovi, se kterým se setkal, { $window ->
        [latest] za jeho posledních { $count } dohraných zápasů
       *[all] { $count ->
            [one] za jeho { $count } dohraný zápas
            [few] za všechny jeho { $count } dohrané zápasy
           *[other] za všech jeho { $count } dohraných zápasů
        }
    }: výhra je lepší umístění než soupeř, remíza stejné umístění. Zápas, kde se s botem setkal na dvou místech, se počítá dvakrát.
bot-h2h-about-kind =
    Bilance proti každému botovi, se kterým se setkal, { $window ->
        [latest] za jeho posledních { $count } dohraných zápasů
       *[all] { $count ->
            [one] za jeho { $count } dohraný zápas
            [few] za všechny jeho { $count } dohrané zápasy
           *[other] za všech jeho { $count } dohraných zápasů
        }
    } tohoto druhu: výhra je lepší umístění než soupeř, remíza stejné umístění. Zápas, kde se s botem setkal na dvou místech, se počítá dvakrát.
bot-draws = Remízy
bot-losses = Prohry

## Zásahy pořadatele
bot-actions = Zásahy pořadatele
bot-action = Zásah
bot-by = Kdo
bot-earlier-actions =
    { $count ->
        [one] A ještě { $count } starší zásah: { $link }.
        [few] A ještě { $count } starší zásahy: { $link }.
       *[other] A ještě { $count } starších zásahů: { $link }.
    }
bot-action-pause = Pozastavit
bot-action-resume = Obnovit
bot-action-disqualify = Diskvalifikovat
bot-action-reinstate = Vrátit do soutěže
bot-action-delete = Odstranit

## Chyby
bot-faults-title = Chyby na této stránce
bot-no-faults = V zápasech výše nejsou žádné chyby.
bot-detail = Podrobnosti

## Nástroje pořadatele
bot-tools = Pořadatel
bot-tools-about = Pro pořadatele soutěže: token správce se uchovává jen v této záložce (sessionStorage) a posílá se jen do API tohoto serveru. Každý zásah je i s důvodem uveden na této stránce.
bot-tools-token = Token správce
bot-tools-use = Použít
bot-tools-reason-placeholder = co bot udělal, aby si to přečetli všichni
bot-tools-by-placeholder = pořadatel
bot-tools-forget = Zapomenout token
bot-tools-checking = Ověřujeme token…
bot-tools-refused = To není token pořadatele ({ $why })
bot-tools-error = { $error }: { $detail }
bot-tools-answered = server odpověděl { $status }
bot-tools-unreachable = Server není dostupný.
bot-tools-sending = Odesíláme…
bot-tools-forgotten = Token je zapomenut.
