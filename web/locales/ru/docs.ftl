# Оглавление документации (/docs) и рамка каждого документа (/docs/NAME); сами документы на всех
# языках остаются английскими.

docs-title = Документация
docs-intro = Для участников: как участвовать, протокол, на котором говорит ваш бот, правила каждой игры и API. Дальше — руководство организатора и заметки об устройстве сервера.
docs-not-found = Документа «{ $page }» нет.
docs-in-english = Документация написана на английском языке.

## Названия документов
docs-writing-a-bot = Как участвовать: пишем бота
docs-protocol = Протокол ботов
docs-api = HTTP API
docs-tables = Снимки стола
docs-game-durak = Как играть в дурака
docs-game-bridge = Как играть в бридж
docs-game-durak-duel = Как играть в дурака вдвоём (durak-duel)
docs-game-prsi = Как играть в prší
docs-game-most = Как играть в «Мост»
docs-game-fifty-six = Как играть в fifty-six
docs-rules-durak = Правила дурака
docs-rules-bridge = Правила бриджа
docs-rules-durak-duel = Правила дурака вдвоём (durak-duel)
docs-rules-prsi = Правила prší
docs-rules-most = Правила «Моста»
docs-rules-fifty-six = Правила fifty-six
docs-running-a-contest = Как провести соревнование
docs-scaling = Масштабирование: PostgreSQL и рабочие узлы
docs-operations = Эксплуатация: состояние, метрики, журналы, резервные копии, профилирование
docs-command-line = Сервер и командная строка
docs-architecture = Как устроен cardarena
docs-benchmarks = Замеры: скорость, сила и размер
