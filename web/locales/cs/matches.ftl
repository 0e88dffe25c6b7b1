# Seznam zápasů (/matches), stránkování pod každým seznamem zápasů, společná slova stránek pro
# stav zápasu, jeho druh a druh chyby, chyby v parametrech seznamu.

matches-title = Zápasy
matches-title-game = Zápasy: { $game }
matches-title-stage = { $tournament }: zápasy { $stage }. fáze
matches-title-kind = { $title } ({ $kind })
matches-back = Zpět: { $link }.
matches-back-leaderboard = žebříček { $game }
matches-empty = Žádné zápasy tu nejsou.
matches-match = Zápas
matches-when = Kdy
matches-game = Hra
matches-kind = Druh
matches-status = Stav
matches-places = Pořadí

matches-pager = Stránky
matches-newest = « Nejnovější
matches-newer = ‹ Novější
matches-older = Starší ›

## Stav zápasu
matches-status-queued = ve frontě
matches-status-running = hraje se
matches-status-finished = dohrán
matches-status-failed = selhal
matches-status-cancelled = zrušen

## Druh zápasu
matches-kind-practice = tréninkový
matches-kind-ladder = žebříčkový
matches-kind-tournament = turnajový
matches-kind-human = s lidmi

## Chyby bota
matches-fault-timeout = nestihl
matches-fault-connect = bez spojení
matches-fault-http-status = chyba HTTP
matches-fault-too-large = příliš dlouhá odpověď
matches-fault-bad-json = chybný JSON
matches-fault-illegal-action = nepovolený tah

## Parametry seznamu
matches-error-query-long = Řetězec dotazu je příliš dlouhý.
matches-error-twice = Parametr { $name } je uveden dvakrát.
matches-error-cursor = { $name } je číslo zápasu, ne „{ $value }“.
matches-error-both = Uveďte before, nebo after, ne obojí.
matches-error-per-page = per_page je od 1 do { $max }.
matches-error-parameter = Parametr „{ $name }“ tu není.
matches-error-kind = kind je practice, ladder, tournament nebo human, ne „{ $value }“.
matches-error-game = Hra „{ $value }“ neexistuje.
matches-error-stage = stage je číslo fáze počítané od 0, ne „{ $value }“.
matches-error-stage-pair = tournament a stage se uvádějí spolu.
