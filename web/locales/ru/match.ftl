# Страница матча (/matches/ID): проигрыватель, ходы, анализ, места.

match-title = Матч { $id }
match-heading = Матч
match-missing = Матча «{ $id }» нет.
match-result = Итог:
match-fault-link = { $name }: сбой на шаге { $step } ({ $kind }) →
match-forfeits = { $words }; поражение за сбой
match-status =
    { $status ->
        [queued] в очереди
        [running] идёт
        [finished] окончен
        [failed] сорвался
       *[other] { $status }
    }

## Управление проигрывателем.

match-table = Стол
match-controls = Шаги матча
match-first = начало
match-first-title = Первый шаг (Home)
match-prev-deal = « раздача
match-prev-deal-title = Начало этой или предыдущей раздачи (Page Up)
match-prev-trick = ‹ взятка
match-prev-trick-title = Начало этой или предыдущей взятки (Shift+←)
match-back-title = Шаг назад (←)
match-play = ▶ играть
match-pause = ⏸ пауза
match-play-title = Играть или пауза (пробел)
match-forward-title = Шаг вперёд (→)
match-next-trick = взятка ›
match-next-trick-title = Следующая взятка (Shift+→)
match-next-deal = раздача »
match-next-deal-title = Следующая раздача (Page Down)
match-last = конец
match-last-title = Последний шаг (End)
match-scrub = Шаг
match-loading = загрузка…
match-speed = скорость
match-speed-option =
    { $count ->
        [one] { $count } шаг/с
        [few] { $count } шага/с
       *[many] { $count } шагов/с
    }
match-view = вид
match-view-all = все руки
match-view-seat = глазами { $name } (место { $seat })
match-needs-script = Для стола нужен JavaScript.
match-keys = Клавиши: ← → шаг, Shift+← → взятка, Page Up/Down раздача, Home/End, пробел — играть.

## Что говорит проигрыватель (web/static/replay.js).

match-step-of = шаг { $step } из { $last }
match-step-of-live = шаг { $step } из { $last } (в прямом эфире)
match-step-of-unavailable = шаг { $step } из { $last } (прямая трансляция недоступна; обновите страницу)
match-sealed-label = закрыт
match-step = Шаг { $step }:
match-dealt = Раздача, до первого хода.
match-by-substitute = сыграл бот сервера за место со сбоем
match-ms = { $ms } мс
match-not-recorded = Для этого матча не записано (что отправлено боту, хранится только после конца матча).
match-sent-view = Вид
match-sent-legal = Допустимые ходы (по номерам)
match-answer-status = Статус HTTP
match-answer-time = Время
match-answer-body = Тело (первые байты)
match-answer-refused = Отклонено, потому что
match-answer-none = нет
match-faulted-here = { $name }: сбой здесь: { $kind }
match-what-sent = Что было отправлено
match-sent-for-step = Что получил { $name } на шаге { $step }
match-sent-now = { $name } получает это сейчас (шаг { $step })
match-sent-then = { $name } получил это на шаге { $step }
match-not-decision = На этом шаге решает не { $name }.
match-next-decision = Его следующее решение: шаг { $step }
match-no-table = Стола пока нет.
match-not-kept = Ходы этого матча не сохранены.
match-no-result =
    нет: матч { $status ->
        [queued] в очереди
        [running] идёт
        [failed] сорвался
       *[other] { $status }
    }.
match-no-result-error =
    нет: матч { $status ->
        [queued] в очереди
        [running] идёт
        [failed] сорвался
       *[other] { $status }
    } ({ $error }).
match-cannot-show = Стол нельзя показать: { $why }
match-cannot-draw = Эта страница не умеет рисовать стол игры { $game }.
match-sealed =
    Закрыт: { $count ->
        [one] ещё { $count } стол этого турнира, который ещё играется, получил
        [few] ещё { $count } стола этого турнира, которые ещё играются, получили
       *[many] ещё { $count } столов этого турнира, которые ещё играются, получили
    } те же карты, поэтому стол, ходы и файлы появятся, когда закончится последний из них. Страница откроет их сама.

## О матче.

match-about = О матче
match-game = Игра
match-how-to-play = правила игры { $game }
match-status-label = Статус
match-kind = Вид
match-kind-rated =
    { $kind ->
        [practice] тренировка
        [ladder] лестница
        [tournament] турнир
       *[other] { $kind }
    }, с рейтингом
match-kind-not-rated =
    { $kind ->
        [practice] тренировка
        [ladder] лестница
        [tournament] турнир
       *[other] { $kind }
    }, без рейтинга
match-seed = Зерно
match-seed-sealed = скрыто, пока не сыграны все столы этой раздачи турнира
match-seed-hidden = скрыто до конца матча
match-options = Настройки
match-rules = Правила
match-rules-version = версия { $version }
match-queued = В очереди с
match-ended = Окончен

## Места.

match-seats = Места
match-seat = Место
match-bot = Бот
match-version = Версия
match-place = Место в итоге
match-score = Очки
match-rating-after = Рейтинг после
match-result-column = Итог
match-fault = Сбой
match-at-random =
    { $count ->
        [one] { $count } решение сыграно наугад
        [few] { $count } решения сыграно наугад
       *[many] { $count } решений сыграно наугад
    }
match-at-random-by-kit =
    { $count ->
        [one] { $count } решение сыграно наугад его набором
        [few] { $count } решения сыграно наугад его набором
       *[many] { $count } решений сыграно наугад его набором
    }
match-fallback-note =
    Место { $seat } ({ $name }): { $count ->
        [one] { $count } решение сыграно
        [few] { $count } решения сыграно
       *[many] { $count } решений сыграно
    } наугад его набором после ошибки стратегии (это не сбои: набор поймал ошибку и продолжил игру).

## Ходы.

match-download = Скачать:
match-download-replay = запись (JSON)
match-download-log = журнал игры (текст)
match-moves = Ходы
match-no-moves = Ходы не сохранены.
match-no-moves-yet = Ходы пока не сохранены: список сохраняется в конце матча (стол выше показывает игру вживую).
match-house-bot = (бот сервера)
match-house-bot-title = у его бота был сбой
match-log-dropped = Журнал этого матча лестницы удалён { $date }, чтобы база оставалась небольшой (сервер хранит журналы лестницы ограниченное время); итоги и рейтинги остаются.
match-log-unreadable = Ходы нельзя показать: { $why }.

## Анализ (web/static/analysis.js).

analysis-title = Анализ
analysis-about = Бот-эксперт сервера переигрывает каждое решение глазами решающего места и оценивает каждый допустимый ход: ожидаемую ценность места (1 — первое, 0 — последнее). Ход, теряющий 0,15 или больше, — грубая ошибка, 0,05 или больше — неточность.
analysis-ask = Проанализировать матч
analysis-progress = Проанализировано решений
analysis-caption = Ценность каждого сделанного хода (высота столбца), цвет — место; черта — ценность лучшего хода; значок над столбцом — грубая ошибка или неточность. Выберите столбец, чтобы перейти к его шагу.
analysis-blunder = грубая ошибка
analysis-mistake = неточность
analysis-accuracy = Точность
analysis-decisions = Решений
analysis-mean-loss = Средняя потеря
analysis-mistakes = Неточности
analysis-blunders = Грубые ошибки
analysis-accuracy-note = Только решения собственного бота места: ходы, которые бот сервера сделал за место после сбоя, не считаются.
analysis-errors = Грубые ошибки и неточности
analysis-searched = Эксперт думал { $ms } мс над каждым решением.
analysis-queued-next = В очереди: ваш анализ следующий, он начнётся, как только эксперт освободится.
analysis-queued =
    { $count ->
        [one] В очереди: перед вашим начнётся { $count } анализ.
        [few] В очереди: перед вашим начнутся { $count } анализа.
       *[many] В очереди: перед вашим начнутся { $count } анализов.
    }
analysis-running = Анализ: { $done } из { $total } решений.
analysis-cannot = Анализ нельзя показать: { $why }
analysis-cannot-again = Анализ нельзя показать: { $why } Попробуйте позже.
analysis-server-answered = сервер ответил { $status }
analysis-not-yet = Анализа пока нет.
analysis-unreachable-retrying = Сервер недоступен; пробуем снова.
analysis-asking = Запрашиваем анализ…
analysis-unreachable = Сервер недоступен; попробуйте снова.
analysis-sealed = Анализ можно запросить, когда будут сыграны другие столы с теми же картами.
analysis-step-mark =
    Шаг { $step }: { $kind ->
        [blunder] грубая ошибка
       *[mistake] неточность
    }
analysis-strip-title = Ценность каждого сделанного хода, шаги с 1 по { $steps }.
analysis-strip-blunders = Грубые ошибки на шагах { $steps }.
analysis-strip-no-blunder = Грубых ошибок нет.
analysis-strip-mistakes = Неточности на шагах { $steps }.
analysis-strip-no-mistake = Неточностей нет.
analysis-bar = Шаг { $step }: { $move }, ценность { $worth }
analysis-bar-substitute = Шаг { $step } (бот сервера за { $name }): { $move }, ценность { $worth }
analysis-bar-expert = { $bar } (выбор эксперта)
analysis-bar-best = { $bar }; лучший: { $best }, { $worth }
analysis-seat-number = (место { $seat })
analysis-verdict =
    { $kind ->
        [blunder] грубая ошибка
       *[mistake] неточность
    }
analysis-step-link = шаг { $step }
analysis-substitute = (бот сервера за { $name })
analysis-expert-choice = выбор эксперта:
analysis-loses = (потеря { $loss })
analysis-none = Нет: каждый ход не дальше 0,05 от лучшего.
analysis-mark-loses =
    { $kind ->
        [blunder] грубая ошибка
       *[mistake] неточность
    } (потеря { $loss })
analysis-expert-too = тоже выбор эксперта (ценность { $worth })
analysis-as-good = не хуже выбора эксперта (ценность { $worth })
analysis-worth = (ценность { $best }, этот ход { $taken })
