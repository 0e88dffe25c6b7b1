# Obsah dokumentace (/docs) a rámec každého dokumentu (/docs/NAME); dokumenty samotné zůstávají ve
# všech jazycích anglické.

docs-title = Dokumentace
docs-intro = Pro soutěžící: jak se zapojit, protokol, kterým mluví váš bot, pravidla každé hry a API. Dále průvodce pro pořadatele a poznámky o stavbě serveru.
docs-not-found = Dokument „{ $page }“ neexistuje.
docs-in-english = Dokumentace je v angličtině.

## Názvy dokumentů
docs-writing-a-bot = Jak se zapojit: píšeme bota
docs-protocol = Protokol botů
docs-api = HTTP API
docs-tables = Snímky stolu
docs-game-durak = Jak hrát duraka
docs-game-bridge = Jak hrát bridž
docs-game-durak-duel = Jak hrát duraka ve dvou (durak-duel)
docs-game-prsi = Jak hrát prší
docs-game-most = Jak hrát most
docs-game-fifty-six = Jak hrát fifty-six
docs-rules-durak = Pravidla duraka
docs-rules-bridge = Pravidla bridže
docs-rules-durak-duel = Pravidla duraka ve dvou (durak-duel)
docs-rules-prsi = Pravidla prší
docs-rules-most = Pravidla mostu
docs-rules-fifty-six = Pravidla fifty-six
docs-running-a-contest = Jak uspořádat soutěž
docs-scaling = Škálování: PostgreSQL a pracovní uzly
docs-operations = Provoz: stav, metriky, záznamy, zálohy, profilování
docs-command-line = Server a příkazová řádka
docs-architecture = Jak je cardarena postavena
docs-benchmarks = Měření: rychlost, síla a velikost
