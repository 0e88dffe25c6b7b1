# Пояснения к ошибкам API для людей по-русски (код ошибки остаётся английским словом для программ).

api-token-missing = передайте токен в заголовке `Authorization: Bearer <token>`
api-token-not-ascii = в заголовке Authorization допустимы только символы ASCII
api-token-not-bearer = заголовок Authorization должен иметь вид `Bearer <token>`
api-token-empty = токен пуст
api-not-organiser = это не токен организатора
api-token-unknown = этот токен не принадлежит ни одному боту
api-token-other-bot = этот токен принадлежит другому боту
api-unknown-game = игры { $name } нет; есть такие игры: { $games }
api-no-bot = бота { $id } нет
api-no-match = матча { $id } нет
api-no-tournament = турнира { $id } нет
api-no-action = действия { $id } нет
api-internal = на сервере произошла ошибка — она записана в журнал
api-name-taken = бот с именем { $name } уже есть
api-versions-per-bot = бот может начинать не больше { $max } { $max ->
        [one] версии
       *[other] версий
    } в час (новые адреса и новые программы вместе): попробуйте позже
api-database-unavailable = база данных сейчас недоступна; попробуйте чуть позже
api-no-route = такого адреса в API нет
api-body-broken = тело запроса не дошло: { $reason }
api-body-timeout = тело запроса не пришло за { $ms } мс
api-body-too-large = тело запроса может занимать не больше { $max } байт
api-method-not-allowed = этот адрес принимает только { $allowed }
api-list-none = { "" }
api-list-one = { $item }
api-list-and = { $init } и { $last }
api-list-or = { $init } или { $last }
api-players-range = от { $min } до { $max }
api-url-too-long = адрес бота занимает { $len } байт, а допускается не больше { $max }
api-url-invalid = адрес бота не разбирается: { $reason }
api-url-scheme = адрес бота должен начинаться с http:// или https://, а не с { $scheme }://
api-url-no-host = в адресе бота нет хоста
api-url-credentials = в адресе бота не должно быть имени пользователя и пароля; проверяйте вместо них заголовок с подписью
api-url-fragment = в адресе бота не должно быть #фрагмента
api-url-unresolved = не удаётся найти адрес хоста бота { $host }: { $reason }
api-url-not-public = хост бота { $host } находится по адресу { $ip }, а это не публичный адрес (адреса loopback, частные, link-local и зарезервированные не принимаются)
api-module-over-limit = модуль занимает { $bytes } байт, а принимается не больше { $max }
api-module-core = это обычный модуль WebAssembly, а не компонент: соберите его скриптом build-wasm.sh из вашего набора или оберните командой `cardarena module wrap`
api-module-invalid = модуль не является корректным WebAssembly: { $reason }
api-module-imports = модуль импортирует то, чем боту пользоваться нельзя: { $reason }
api-module-interface = модуль не экспортирует `handle: func(request: string) -> string`: { $reason }
api-module-start = модуль не запускается: { $reason }
api-live-match-full = у этого матча уже { $count } { $count ->
        [one] зритель
        [few] зрителя
       *[other] зрителей
    } в прямом эфире, больше нельзя; попробуйте позже
api-live-server-full = у сервера уже { $count } { $count ->
        [one] зритель
        [few] зрителя
       *[other] зрителей
    } в прямом эфире, больше нельзя; попробуйте позже
api-polls-address = у этого адреса уже { $count } { $count ->
        [one] ожидающий длинный запрос
        [few] ожидающих длинных запроса
       *[other] ожидающих длинных запросов
    }; попробуйте снова, когда один из них завершится
api-polls-table = у этого стола уже { $count } { $count ->
        [one] ожидающий длинный запрос
        [few] ожидающих длинных запроса
       *[other] ожидающих длинных запросов
    }; попробуйте снова, когда один из них завершится
api-sizes-none = назовите хотя бы один размер стола: число игроков в { $game } — { $seats }
api-sizes-too-many = в списке размеров стола не больше { $max } { $max ->
        [one] значения
       *[other] значений
    }: число игроков в { $game } — { $seats }
api-sizes-unseated = число игроков в { $game } — { $seats }, а не { $size }
api-plays-at-only = только за столом на { $size } { $size ->
        [one] игрока
       *[other] игроков
    }
api-plays-at = за столами на { $sizes } игроков
api-outside-sizes = { $bot } играет { $at }, а { $what } — на { $size } { $size ->
        [one] игрока
       *[other] игроков
    }
api-url-and-connect = у бота либо "url" (его вызывают), либо "connect": true (он подключается сам), но не то и другое сразу
api-connect-false-needs-url = "connect": false делает бота HTTP-ботом: укажите его "url"
api-name-length = в имени от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    }
api-name-characters = имя состоит из латинских букв, цифр, '-', '_' и '.' и начинается с буквы или цифры
api-network-registrations = ваша сеть уже зарегистрировала за этот час { $max } { $max ->
        [one] бота
       *[other] ботов
    }, больше нельзя; попробуйте позже
api-module-bot-program = у модульного бота ("wasm": true) нет ни "url", ни "connect": ему загружают модуль
api-program-missing = не хватает поля: укажите "url" бота (его вызывают по этому адресу), "connect": true (он подключается сам) или "wasm": true (вы загружаете его модуль)
api-registrations-full = на сервере уже { $count } { $count ->
        [one] бот, который ни разу не ответил и не сыграл
        [few] бота, которые ни разу не ответили и не сыграли
       *[other] ботов, которые ни разу не ответили и не сыграли
    }, — больше сервер не держит и новых не регистрирует, пока кто-то из них не ответит или не сыграет; попробуйте позже или обратитесь к организатору
api-note-length = в заметке не больше { $max } { $max ->
        [one] символа
       *[other] символов
    }
api-network-versions = боты вашей сети уже начали за этот час { $max } { $max ->
        [one] версию
        [few] версии
       *[other] версий
    }, больше нельзя; попробуйте позже
api-nothing-to-change = скажите, что изменить: "url" или "connect", "active", "ladder_players" или несколько из них
api-limit-range = limit — от 1 до { $max }
api-missing-game = укажите игру: ?game=<id>
api-tournament-started = турнир уже начался; переводите его к следующему этапу (advance)
api-heavy-reads = у этого адреса уже { $count } { $count ->
        [one] загрузка
        [few] загрузки
       *[other] загрузок
    } кадров, журналов или анализов в работе; попробуйте снова, когда одна из них закончится
api-not-dial-out = этого бота вызывают по его адресу; сначала сделайте его подключающимся ботом: PATCH /api/bots/{"{"}id{"}"} {"{"}"connect": true{"}"}
api-not-a-websocket = откройте этот адрес как WebSocket: { $reason }
api-ws-method = нужен метод GET
api-ws-upgrade = нужны заголовки `Connection: upgrade` и `Upgrade: websocket`
api-ws-version = нужен заголовок `Sec-WebSocket-Version: 13`
api-ws-key = нужен заголовок `Sec-WebSocket-Key`
api-ws-key-unusable = заголовок `Sec-WebSocket-Key` не годится
api-ws-no-upgrade = это соединение нельзя перевести на WebSocket
api-too-many-connections = у бота может быть не больше { $max } { $max ->
        [one] соединения
       *[other] соединений
    } одновременно
api-connections-full = на сервере столько подключённых ботов, сколько он принимает; попробуйте позже
api-house-bots = { $bots }
api-house-bots-expert = { $bots } (или expert:N, где N — мс на решение: { $budgets })
api-seats-no-person = назовите "person" хотя бы для одного места
api-seat-unknown = место { $seat }: { $name } — это не "person", не домашний бот игры { $game } ({ $bots }) и не id зарегистрированного бота
api-seat-other-game = место { $seat }: { $bot } играет в { $plays }, а не в { $game }
api-seat-paused = место { $seat }: { $bot } на паузе; за столы садятся только активные боты
api-seat-long-expert = место { $seat }: эксперт, который думает над ходом дольше { $ms } мс, играет только за столом, открытым с токеном бота; посадите вместо него "{ $expert }" или пришлите токен вашего бота
api-tables-server-full = Все столы, которые сервер держит открытыми, заняты: { $count } из { $count }. Попробуйте через несколько минут.
api-tables-client-open = У вас уже { $count ->
        [one] открыт { $count } стол
        [few] открыто { $count } стола
       *[other] открыто { $count } столов
    } — столько, сколько можно одному человеку. Сначала доиграйте или покиньте один из них: на странице «Играть» перечислены столы, открытые в этом браузере.
api-tables-network-open = У вашей сети уже { $count ->
        [one] открыт { $count } стол
        [few] открыто { $count } стола
       *[other] открыто { $count } столов
    } — столько, сколько ей можно. Сначала доиграйте или покиньте один из них.
api-tables-reserved = Сервер почти заполнен: { $count ->
        [one] последний { $count } стол оставлен
        [few] последние { $count } стола оставлены
       *[other] последние { $count } столов оставлены
    } для тех, у кого ещё нет открытого стола. Доиграйте или покиньте свой или попробуйте через несколько минут.
api-tables-client-hour = За последний час вы открыли { $count } { $count ->
        [one] стол
        [few] стола
       *[other] столов
    } — столько, сколько можно одному человеку. Попробуйте позже.
api-tables-bot-busy = { $bot } уже играет за { $count } { $count ->
        [one] столом
       *[other] столами
    } — столько, сколько ему можно. Выберите другого соперника или попробуйте через несколько минут.
api-tables-bot-hour = { $bot } за последний час уже сидел за { $count } { $count ->
        [one] столом
       *[other] столами
    } — столько, сколько ему можно. Выберите другого соперника или попробуйте позже.
api-no-seat = этому токену не соответствует ни одно место
api-wait-range = wait — от 0 до { $max } { $max ->
        [one] секунды
       *[other] секунд
    }
api-not-your-turn = сейчас от этого места хода не ждут
api-seat-replaced = за это место теперь играет домашний бот
api-not-legal = это недопустимый ход
api-turn-number = turn — это номер хода
api-match-over = матч окончен
api-practice-outside-sizes = { $outside }: назовите { $opponents } { $last ->
        [one] соперника
       *[other] соперников
    } или сначала добавьте { $size } к его размерам стола (на странице «Мои боты» или в "ladder_players" через PATCH /api/bots/{"{"}id{"}"})
api-this-practice-match = этот тренировочный матч
api-opponents-count = число игроков в { $game } — { $seats }: назовите { $opponents } { $last ->
        [one] соперника
       *[other] соперников
    }
api-or = { $first } или { $rest }
api-matches-range = просите от 1 до { $max } { $max ->
        [one] матча
       *[other] матчей
    }
api-no-house-bot = в { $game } нет домашнего бота { $name }; назовите "self" или одного из них: { $bots }
api-practice-queue-full = у { $bot } в очереди { $queued } { $queued ->
        [one] тренировочный матч
        [few] тренировочных матча
       *[other] тренировочных матчей
    }, а можно не больше { $max }; вы просите ещё { $asked }: дождитесь, пока часть из них сыграется
api-reason-length = в причине от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    }, а не { $count }
api-by-length = в имени организатора от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    }, а не { $count }
api-reason-control = в причине не может быть управляющих символов, кроме переводов строки и табуляций
api-by-control = в имени организатора не может быть управляющих символов, кроме переводов строки и табуляций
api-wrong-state = { $bot }: { $now }; можно только { $fits }
api-hold-none = организатор против него ничего не предпринимал
api-hold-paused = организатор поставил его на паузу
api-hold-disqualified = он дисквалифицирован
api-only-pause = поставить на паузу бота, против которого организатор ничего не предпринимал
api-only-resume = возобновить бота, которого организатор поставил на паузу
api-only-disqualify = дисквалифицировать бота, который ещё не дисквалифицирован
api-only-reinstate = восстановить дисквалифицированного бота
api-only-delete = удалить любого бота
api-not-a-contestant = { $bot } — не бот участника
api-held-paused = { $bot } не играет матчей: организатор поставил его на паузу (см. его страницу)
api-held-disqualified = { $bot } не играет матчей: организатор его дисквалифицировал (см. его страницу)
api-match-running = матч { $id } { $status ->
        [queued] ещё ждёт в очереди
        [running] ещё идёт
       *[other] в состоянии { $status }
    }; его можно будет проанализировать, когда он закончится (анализ показал бы скрытые карты)
api-analysis-unfinished = матч { $id } { $status ->
        [failed] прервался из-за ошибки
        [cancelled] отменён
       *[other] в состоянии { $status }
    }: анализируют только матчи, сыгранные до конца
api-analysis-sealed = в матче { $id } сданы те же карты, что и в турнирном матче, который ещё не сыгран; его можно будет проанализировать, когда закончатся все столы с этой сдачей
api-text = { $text }
api-log-not-analysable = журнал матча { $id } нельзя проанализировать: { $reason }
api-retention-dropped-it = он удалён по истечении срока хранения
api-analysis-failed = анализ матча { $id } не удался: { $reason }
api-analyses-per-hour = за этот час вы уже запросили { $count } { $count ->
        [one] анализ
        [few] анализа
       *[other] анализов
    }; попробуйте позже
api-analyses-busy = в очереди и в работе уже { $count } { $count ->
        [one] анализ
        [few] анализа
       *[other] анализов
    }; попробуйте позже
api-analyses-yours = у вас уже { $count } { $count ->
        [one] анализ
        [few] анализа
       *[other] анализов
    } в очереди или в работе; запросите следующий, когда один из них будет готов
api-not-analysed = матч { $id } ещё не анализировали: чтобы запросить анализ, отправьте POST на этот адрес
api-download-unfinished = матч { $id } { $status ->
        [queued] ещё ждёт в очереди
        [running] ещё идёт
        [failed] прервался из-за ошибки
        [cancelled] отменён
       *[other] в состоянии { $status }
    }; его можно скачать, когда он закончится
api-download-sealed = в матче { $id } сданы те же карты, что и в турнирном матче, который ещё не сыгран; его можно будет скачать, когда закончатся все столы с этой сдачей
api-log-dropped = журнал матча { $id } удалён по истечении срока хранения ({ $log })
api-log-unreadable = журнал матча { $id } не читается: { $reason }
api-no-text-log = у игры { $game } нет текстового журнала
api-module-network-checking = модуль из вашей сети уже проверяется; загрузите снова, когда проверка закончится
api-module-server-checking = сервер проверяет другие модули; загрузите снова через несколько секунд
api-server-stopping = сервер останавливается
api-module-size = модуль занимает { $bytes } байт
api-module-larger = модуль больше
api-module-too-large = модуль может занимать не больше { $max } байт ({ $mib } МиБ); { $size }
api-not-a-module-bot = этот бот не модульный: зарегистрируйте модульного бота с "wasm": true
api-module-content-type = загрузите байты модуля телом запроса с заголовком Content-Type: { $type }
api-network-modules = ваша сеть уже загрузила за этот час { $max } { $max ->
        [one] модуль
        [few] модуля
       *[other] модулей
    }, больше нельзя; попробуйте позже
api-network-practice = ваша сеть может ставить в очередь не больше { $max } { $max ->
        [one] тренировочного матча
       *[other] тренировочных матчей
    } в час, а ещё { $asked } превысили бы этот предел; попробуйте позже
api-json-content-type = отправьте тело запроса как JSON с заголовком Content-Type: application/json
api-json-shape = тело запроса не подходит: { $words }
api-json-missing-field-of = в { $at } нет поля { $name }
api-json-missing-field = нет поля { $name }
api-json-unknown-field = поля { $name } здесь нет
api-json-unknown-field-known = поля { $name } здесь нет; есть поля { $known }
api-json-field-must-be = поле { $field } должно быть { $wanted }, а не { $got }
api-json-body-must-be = тело запроса должно быть { $wanted }, а не { $got }
api-json-field-says = { $field }: { $text }
api-json-kind-count = целым числом от 0 и больше
api-json-kind-integer = целым числом
api-json-kind-number = числом
api-json-kind-list = списком
api-json-kind-object = объектом
api-json-kind-string = строкой
api-json-kind-boolean = логическим значением
api-json-got-number = числом { $number }
api-json-got-string = строкой { $string }
api-json-got-list = списком
api-json-got-object = объектом
api-json-not-json = тело запроса — не JSON
api-json-empty = тело запроса пустое: отправьте объект JSON
api-json-syntax = тело запроса — не JSON: { $reason } (строка { $line }, столбец { $column })
api-json-expected-value = ожидалось значение
api-json-trailing-characters = после значения есть лишние символы
api-json-trailing-comma = лишняя запятая в конце
api-json-key-string = ключ должен быть строкой
api-json-expected-colon = ожидалось `:`
api-json-expected-comma-brace = ожидалось `,` или `{"}"}`
api-json-expected-comma-bracket = ожидалось `,` или `]`
api-json-eof-value = текст оборвался посреди значения
api-json-eof-object = текст оборвался посреди объекта
api-json-eof-list = текст оборвался посреди списка
api-json-eof-string = текст оборвался посреди строки
api-json-invalid-number = неверное число
api-json-invalid-escape = неверная escape-последовательность
api-bad-query = строка запроса не читается: { $reason }
api-bad-path = адрес не читается: { $reason }
api-tournament-name-length = в названии от 1 до { $max } { $max ->
        [one] печатного символа
       *[other] печатных символов
    }
api-tournament-no-game = игры { $game } нет
api-tournament-stage-count = в турнире от 1 до { $max } { $max ->
        [one] этапа
       *[other] этапов
    }
api-tournament-stage-fault = этап { $index }: { $fault }
api-tournament-first-house = первым должен идти этап против домашних ботов ("house")
api-tournament-deadline = deadline_ms — от { $min } до { $max }
api-tournament-time-bank = time_bank_ms — не больше { $max }
api-tournament-match-cap = match_time_limit_ms — от { $min } до { $max }
api-tournament-options = неверные options: { $reason }
api-tournament-no-opponents = перечислите домашних ботов в "opponents"
api-tournament-no-house-bot = в { $game } нет домашнего бота { $name }; есть такие: { $bots }
api-tournament-seats = число игроков в { $game } — { $seats }
api-tournament-give-count = укажите "{ $field }" от 1 до { $max }
api-tournament-give-top = укажите "top"
api-tournament-gauntlet-top = top { $top }: участник и { $top } { $top ->
        [one] соперник
        [few] соперника
       *[other] соперников
    } должны поместиться за одним столом, а число игроков за столом — { $seats }
api-tournament-finalists = в финале от { $min } до { $max } { $max ->
        [one] финалиста
       *[other] финалистов
    }
api-tournament-final-table = table { $table }: число игроков — { $seats }, но не больше top
api-tournament-same-deals = в финале каждая сдача всегда разыгрывается во всех рассадках: уберите "same_deals"
api-tournament-entries-closed = запись закрылась, когда начался первый этап
api-tournament-disqualified = { $bot } дисквалифицирован организатором
api-tournament-wrong-game = { $bot } играет в { $plays }, а в этом турнире играют в { $game }
api-tournament-house-opponent = { $bot } — домашний соперник в этом турнире, записать его участником нельзя
api-tournament-already-entered = { $bot } уже записан
api-tournament-stage = этап { $index } ({ $kind ->
        [house] против домашних ботов
        [gauntlet] против лидеров
       *[final] финал
    })
api-tournament-this-stage = этап { $index } ({ $kind ->
        [house] против домашних ботов
        [gauntlet] против лидеров
       *[final] финал
    }) этого турнира
api-tournament-entry-outside = { $outside }: чтобы записать его, добавьте { $size } к его размерам стола ("ladder_players" на странице «Мои боты» или через PATCH /api/bots/{"{"}id{"}"})
api-tournament-change-outside = { $bot } записан в турнир «{ $tournament }», где { $stage } рассчитан на { $size } { $size ->
        [one] игрока
       *[other] игроков
    }: размер { $size } останется среди размеров стола бота, пока турнир не закончится
api-tournament-stage-outside = { $outside }: владелец может добавить { $size } к размерам стола бота или организатор может его дисквалифицировать — тогда этап начнётся
api-tournament-stage-running = этап { $stage } ещё не закончился
api-tournament-stage-started = этап { $stage } уже начат
api-tournament-finished = последний этап окончен: турнир завершён
api-tournament-no-entries = ни один бот не записан
api-tournament-few-finalists = { $count ->
        [0] в финал не вышел ни один бот
        [one] в финал вышел только { $count } бот
        [few] в финал вышли только { $count } бота
       *[other] в финал вышли только { $count } ботов
    }
api-tournament-stage-too-large = этап поставил бы в очередь { $count } { $count ->
        [one] матч
        [few] матча
       *[other] матчей
    }, а можно не больше { $max }
