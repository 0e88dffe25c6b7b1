# Список турниров (/tournaments) и страница турнира (/tournaments/ID) с её живым сценарием
# (web/static/tournament.js).

tournaments-not-found = Турнира «{ $id }» нет.
tournaments-title = Турниры
tournaments-empty = Турниров пока нет.
tournaments-name = Название
tournaments-game = Игра
tournaments-status = Состояние
tournaments-stage = Этап
tournaments-podium = Призёры
tournaments-created = Создан
tournaments-data = Данные
tournaments-stage-none = не начат
tournaments-stage-of = { $stage } из { $stages }: { $kind }

tournaments-line-running = идёт (этап { $stage })

## Состояния и виды этапов
tournaments-status-open = приём заявок
tournaments-status-pending = ожидает
tournaments-status-running = идёт
tournaments-status-finished = завершён
tournaments-kind-house = против встроенных ботов
tournaments-kind-gauntlet = против лидеров
tournaments-kind-final = финал

## Призёры
tournaments-first = Победитель: { $bot } (в среднем { $mean })
tournaments-second = второе место: { $bot } ({ $mean })
tournaments-third = третье место: { $bot } ({ $mean })
tournaments-podium-two = { $first }; { $second }
tournaments-podium-three = { $first }; { $second }; { $third }

## Страница турнира
tournaments-current-stage = Текущий этап
tournaments-current = этап { $stage } из { $stages }: { $kind }
tournaments-current-open = пока нет: идёт приём заявок
tournaments-current-none = нет
tournaments-podium-later = определятся после последнего этапа
tournaments-stages = Этапы
tournaments-auto = каждый начинается сам, когда закончится предыдущий
tournaments-manual = каждый запускает организатор
tournaments-entries = Участники
tournaments-entries-none = пока нет
tournaments-api = API
tournaments-about = Результат матча — занятое место, переведённое в шкалу от 1 (первое) до 0 (последнее); боты, разделившие места, делят и их значения, получая каждый значение своего среднего места (двое выбывших в дураке на троих — по 0,75, дурак — 0), так что сумма результатов матча всегда равна половине числа игроков. В таблице боты упорядочены по среднему результату, показанному с 95-процентным доверительным интервалом; на этапе против встроенных ботов или против лидеров бот оценивается только по своим матчам, а не по тем, где он сидел соперником другого участника. Число матчей бота — ссылка на эти матчи. Призёры этапа — лучшая тройка его таблицы после его окончания; призёры турнира — призёры последнего этапа. Клетка таблицы личных встреч — победы–поражения–ничьи бота строки против бота столбца. Страница обновляется сама каждые 2 с, пока идёт турнир; последнее обновление: { $updated }.
tournaments-page-load = при загрузке страницы
tournaments-stage-title = Этап { $stage }: { $kind }
tournaments-stage-matches = матчи этапа
tournaments-progress-none = матчей пока нет
tournaments-progress = завершено: { $finished } из { $total }
tournaments-progress-running = идёт: { $count }
tournaments-progress-queued = в очереди: { $count }
tournaments-progress-failed = сбой: { $count }
tournaments-progress-cancelled = отменено: { $count }
tournaments-list = { $first }, { $rest }
tournaments-standings = Таблица
tournaments-standings-none = Таблицы пока нет: этап не начался.
tournaments-bot = Бот
tournaments-rank = Место
tournaments-matches = Матчи
tournaments-mean = Среднее ± 95% ДИ
tournaments-total = Сумма
tournaments-mean-score = Средние очки
tournaments-faults = Нарушения
tournaments-skipped = пропущен
tournaments-skipped-about = пропущен: нарушения в большинстве своих матчей
tournaments-disqualified = дисквалифицирован
tournaments-disqualified-about = дисквалифицирован организатором: его результаты показаны, но места он не занимает
tournaments-h2h = Личные встречи
tournaments-h2h-none = Встреч пока не было.
tournaments-against = против { $bot }

## Главное об этапе
tournaments-entrants = Участники
tournaments-house-bots = Встроенные боты
tournaments-opponents = Соперники
tournaments-finalists = Финалисты
tournaments-deals = Раздачи
tournaments-table = Стол
tournaments-deadline = Время на ход
tournaments-time-bank = Запас времени
tournaments-match-cap = Предел матча
tournaments-options = Настройки
tournaments-every-entered = все заявленные боты
tournaments-top-of = лучшие { $top } этапа { $stage }
tournaments-not-skipped = все боты этапа { $stage }, кроме пропущенных
tournaments-per-entrant = по { $count } на участника
tournaments-deals-each = { $count }, каждая сыграна при всех рассадках
tournaments-players =
    { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[many] { $count } игроков
    }
tournaments-per-decision = { $ms } мс на решение
tournaments-bank-none = нет
tournaments-per-bot = { $ms } мс на бота за матч
tournaments-duration-ms = { $ms } мс
tournaments-duration-s = { $seconds } с
