# Страница бота (/bots/ID): сведения о нём, рейтинг и график, версии, матчи, счёт личных встреч,
# нарушения, действия организатора и его инструменты (web/static/organiser.js).

bot-not-found = Бота «{ $id }» нет.

## Сведения
bot-game = Игра
bot-kind = Тип
bot-kind-http = HTTP
bot-kind-dial = dial (сам подключается к серверу)
bot-kind-module = модуль (его WebAssembly запускает сервер)
bot-kind-house = встроенный
bot-kind-person = человек
bot-house-bot = (встроенный бот { $id })
bot-url = URL
bot-registered = Зарегистрирован
bot-status = Состояние
bot-removed-by-organiser = удалён организатором: больше не играет, его результаты сохранены
bot-removed-by-owner = удалён владельцем: больше не играет, его результаты сохранены
bot-status-organiser-paused = приостановлен организатором
bot-status-disqualified = дисквалифицирован
bot-status-active = активен: играет в рейтинге
bot-status-unchecked = приостановлен: ещё не ответил на проверку связи после регистрации, смены адреса или возобновления
bot-status-probation = приостановлен: испытательный срок после повторных нарушений
bot-status-owner = приостановлен владельцем
bot-table-sizes = Размеры стола
bot-ladder-some = Играет в рейтинге за столами с числом мест: { $sizes }.
bot-ladder-one = Играет в рейтинге только за столами с числом мест: { $sizes }.
bot-ladder-every = Играет в рейтинге за столами с числом мест: { $sizes } — это все размеры стола в { $game }.
bot-ladder-every-one = Играет в рейтинге за столами с числом мест: { $sizes } — единственный размер стола в { $game }.
bot-list-two = { $first } и { $last }
bot-list-more = { $first }, { $rest }
bot-organiser = Организатор
bot-hold-paused = приостановлен организатором: не играет ни одного матча, пока организатор его не возобновит (его турнирные матчи ждут)
bot-hold-disqualified = дисквалифицирован организатором: не играет матчей, не участвует в турнирах и не занимает мест ни в одной таблице; его результаты ниже сохранены
bot-why = Причина
bot-what-to-do = Что делать
bot-wrong-secret = Ваш бот отклонил проверку связи от сервера с кодом 401: он проверяет подписи не тем секретом, который выдан при регистрации. Вставьте этот секрет целиком в файл настроек набора { $file } строкой { $line } (или в переменную окружения — она важнее файла) и перезапустите бота ({ $flag } для бота, запущенного через { $play }). Потеряли секрет? Зарегистрируйте бота заново на странице «{ $join }». Подробнее: «{ $guide }».
bot-secret-line = CARDARENA_SECRET=<секрет>
bot-join-link = Участвовать
bot-guide-link = Задайте секрет
bot-probation = Испытательный срок
bot-probation-about = бот вернётся в рейтинг, когда пройдёт проверку связи, а затем сыграет без собственных нарушений тренировочный матч против первого встроенного бота игры; каждый испытательный матч с нарушением удваивает ожидание
bot-probation-match = Испытательный матч
bot-probation-match-now = { $match }: в очереди или идёт сейчас
bot-next-check = Следующая проверка
bot-next-probation = Следующий испытательный матч
bot-last-probation = Последний испытательный матч
bot-probation-passed = пройден: { $match }
bot-probation-faulted = с нарушением: { $kind } ({ $detail }), матч { $match }
bot-probation-not-played = не сыгран: { $match }
bot-probation-when = { $result }, { $when }
bot-recent-faults = Недавние нарушения
bot-recent-faults-text = { $faults }: матчи с нарушениями среди последних матчей в рейтинге и турнирах (до 50)
bot-percent = { $percent } %
bot-recent-faults-rate = { $faults } ({ $rate }): матчи с нарушениями среди последних матчей в рейтинге и турнирах (до 50)
bot-fallbacks = Случайные ходы
bot-fallbacks-none =
    { $seats ->
        [1] ни одного в единственном завершённом матче
        [one] ни одного в последнем { $seats } завершённом матче
       *[other] ни одного в последних { $seats } завершённых матчах
    }
bot-fallbacks-some =
    { $decisions ->
        [one] { $decisions } решение
        [few] { $decisions } решения
       *[many] { $decisions } решений
    } в { $seats ->
        [1] единственном завершённом матче
        [one] { $matches } из последнего { $seats } завершённого матча
       *[other] { $matches } из последних { $seats } завершённых матчей
    }: набор бота заметил, что стратегия дала сбой, и сыграл вместо неё случайный допустимый ход. Это не нарушения, но они стоят боту мест: где стратегия дала сбой, видно в журнале набора.

## Рейтинг и график
bot-rating-title = Рейтинг
bot-rating = Рейтинг
bot-matches = Матчи
bot-wins = Победы
bot-faults-all-time = Нарушения (за всё время)
bot-not-rated = Рейтинга пока нет: бот не сыграл ни одного рейтингового матча.
bot-chart-version = версия { $version } с рейтингового матча № { $from }
bot-chart-rating = рейтинг
bot-chart-rated-matches = рейтинговые матчи
bot-chart-key = { $mu } μ — сила бота — в { $band } полосе μ ± σ; { $low } μ − 3σ — рейтинг, по которому он ранжируется; { $versions } начало каждой версии.
bot-chart-matches = Рейтинговых матчей: { $count }; линии доходят до нынешнего рейтинга.
bot-chart-matches-drawn = Рейтинговых матчей: { $count }, показаны { $points } точками; линии доходят до нынешнего рейтинга.

## Версии
bot-versions = Версии
bot-version = Версия
bot-started = Начало
bot-runs = Где работает
bot-start-rating = Рейтинг в начале
bot-note = Заметка
bot-runs-module = модуль { $hash }
bot-runs-dial = dial-out
bot-start-newcomer = как у новичка
bot-earlier-versions =
    { $count ->
        [one] И ещё { $count } более ранняя версия: { $link } (последние 100 хранятся по отдельности).
        [few] И ещё { $count } более ранние версии: { $link } (последние 100 хранятся по отдельности).
       *[many] И ещё { $count } более ранних версий: { $link } (последние 100 хранятся по отдельности).
    }
bot-api-lists-them = их список есть в API

## Матчи
bot-matches-title = Матчи
bot-filter-kind = Вид
bot-kind-every = все виды
bot-filter-only = Только { $stage } ({ $all })
bot-filter-stage = этап { $stage } турнира «{ $tournament }»
bot-filter-all = все матчи
bot-filter-show = Показать
bot-no-matches = Матчей пока нет.
bot-match = Матч
bot-when = Когда
bot-status-column = Состояние
bot-seat = Место за столом
bot-place = Итог
bot-score = Очки
bot-fault = Нарушение
bot-against = Соперники
bot-kind-rated =
    { $kind ->
        [ladder] { $name }
       *[other] { $name }, в зачёт рейтинга
    }
bot-at-random =
    { $count ->
        [one] { $count } случайный
       *[other] { $count } случайных
    }
bot-at-random-about = решения, которые набор бота сыграл наугад после сбоя стратегии

## Личные встречи
bot-h2h = Личные встречи
bot-h2h-none = Завершённых матчей против других ботов пока нет.
bot-h2h-none-kind = Завершённых матчей этого вида против других ботов пока нет.
bot-h2h-about =
    Счёт против каждого встреченного бота по { $window ->
        [latest] последним { $count }
       *[all] всем { $count }
    } { $count ->
        [one] завершённому матчу
       *[other] завершённым матчам
    }: победа — место выше соперника, ничья — то же место. Матч, где бот встретил соперника в двух местах за столом, считается дважды.
bot-h2h-about-kind =
    Счёт против каждого встреченного бота по { $window ->
        [latest] последним { $count }
       *[all] всем { $count }
    } { $count ->
        [one] завершённому матчу
       *[other] завершённым матчам
    } этого вида: победа — место выше соперника, ничья — то же место. Матч, где бот встретил соперника в двух местах за столом, считается дважды.
bot-draws = Ничьи
bot-losses = Поражения

## Действия организатора
bot-actions = Действия организатора
bot-action = Действие
bot-by = Кто
bot-earlier-actions =
    { $count ->
        [one] И ещё { $count } более раннее действие: { $link }.
        [few] И ещё { $count } более ранних действия: { $link }.
       *[many] И ещё { $count } более ранних действий: { $link }.
    }
bot-action-pause = Приостановить
bot-action-resume = Возобновить
bot-action-disqualify = Дисквалифицировать
bot-action-reinstate = Восстановить
bot-action-delete = Удалить

## Нарушения
bot-faults-title = Нарушения на этой странице
bot-no-faults = В матчах выше нарушений нет.
bot-detail = Подробности

## Инструменты организатора
bot-tools = Организатор
bot-tools-about = Для организатора соревнования: токен администратора хранится только в этой вкладке (sessionStorage) и отправляется только в API этого сервера. Каждое действие с его причиной показано на этой странице.
bot-tools-token = Токен администратора
bot-tools-use = Применить
bot-tools-reason-placeholder = что сделал бот — это прочтут все
bot-tools-by-placeholder = организатор
bot-tools-forget = Забыть токен
bot-tools-checking = Проверяем токен…
bot-tools-refused = Это не токен организатора ({ $why })
bot-tools-error = { $error }: { $detail }
bot-tools-answered = сервер ответил { $status }
bot-tools-unreachable = Сервер недоступен.
bot-tools-sending = Отправляем…
bot-tools-forgotten = Токен забыт.
