# Слова проверки по-русски: те же сообщения, что в en.ftl.

## Предложение под ошибкой.

suggestion-first = Возможно, имелось в виду: { $suggestion }
suggestion-other = Или: { $suggestion }
suggestion = { $edit }? { $evidence }{ $outcome }

## Исправления. "-here": ход, у которого сообщена ошибка.

edit-replace-here = { $text } ({ $slip })
edit-replace = { $text } вместо хода { $n } ({ $p }) { $m } ({ $slip })
edit-swap = ход { $n } ({ $p }) { $m } и ход { $wn } ({ $wp }) { $wm } в обратном порядке ({ $slip })
edit-swap-here = этот ход и ход { $wn } ({ $wp }) { $wm } в обратном порядке ({ $slip })
edit-insert-shift = пропущенный ход { $text } перед ходом { $n } ({ $p }) { $m }, каждый следующий ход на одно место дальше
edit-insert-shift-here = пропущенный ход { $text } перед этим ходом, каждый следующий ход на одно место дальше
edit-insert = пропущенный ход { $text } перед ходом { $n } ({ $p }) { $m }
edit-insert-here = пропущенный ход { $text } перед этим ходом
edit-delete-more = ход { $n } ({ $p }) { $m } и { $more ->
        [one] { $more } ход после него удалены
        [few] { $more } хода после него удалены
       *[other] { $more } ходов после него удалены
    } ({ $slip })
edit-delete-more-here = этот ход и { $more ->
        [one] { $more } ход после него удалены
        [few] { $more } хода после него удалены
       *[other] { $more } ходов после него удалены
    } ({ $slip })
edit-delete-shift = ход { $n } ({ $p }) { $m } удалён ({ $slip }), каждый следующий ход на одно место назад
edit-delete-shift-here = этот ход удалён ({ $slip }), каждый следующий ход на одно место назад
edit-delete = ход { $n } ({ $p }) { $m } удалён ({ $slip })
edit-delete-here = этот ход удалён ({ $slip })

## Описки, которые исправление устраняет.

slip-neighbouring-key = одна цифра, соседняя клавиша
slip-one-digit = одна цифра
slip-digits-swapped = цифры переставлены
slip-digit-left-out = пропущена цифра
slip-extra-digit = лишняя цифра
slip-separator = ошибка в разделителе
slip-other-letter = другая буква
slip-nearby-cell = соседняя клетка
slip-moves-exchanged = ходы переставлены
slip-rows-exchanged = строки одного столбца переставлены
slip-move-left-out = пропущен ход
slip-move-written-twice = ход записан дважды
slip-extra-move = лишний ход
slip-after-end = записано после конца партии

## Сколько записи после исправления по правилам.

evidence-to-end = { $count ->
        [0] тогда запись по правилам до конца
        [1] тогда оставшийся 1 ход по правилам
        [one] тогда все оставшиеся { $count } ход по правилам
        [few] тогда все оставшиеся { $count } хода по правилам
       *[other] тогда все оставшиеся { $count } ходов по правилам
    }
evidence-more = { $count ->
        [0] но следующий ход всё ещё с нарушением
        [one] тогда ещё { $count } ход по правилам
        [few] тогда ещё { $count } хода по правилам
       *[other] тогда ещё { $count } ходов по правилам
    }

## Результат после исправления и заявление партии.

outcome-as-claimed = {" "}и { $result }, как заявлено
outcome-against-claim = , но { $result }, вопреки заявлению партии
outcome = {" "}и { $result }

## Результат внутри предложения.

result-won = { $who } выиграл(а){ $how }
result-shared = { $who } делят победу{ $how }
result-drawn = партия окончилась вничью
result-unfinished = партия не окончена
how-resignation = {" "}сдачей
how-agreement = {" "}по соглашению
how-time = {" "}по времени
how-abandoned = {" "}(партия брошена)

## Почему ход не разрешён. $decided: open, free, closed;
## $depth: one, two, three.

move-wrong-depth = в этой игре у хода { $expected ->
        [one] { $expected } позиция
        [few] { $expected } позиции
       *[other] { $expected } позиций
    } ({ $depth ->
        [one] O
        [two] T.O
       *[three] S.T.O
    }), а у этого { $found }
move-after-end = игра уже окончена ({ $outcome }), после конца ходить нельзя
move-occupied = клетка { $cell } уже занята: там { $by }
move-wrong-tactical-cell = ход должен быть в тактической клетке { $required }, { $decided ->
        [open] в которой ещё есть пустые клетки
       *[other] которая ещё не решена
    }
move-wrong-strategic-cell = тактическая клетка { $target } { $decided ->
        [open] заполнена
       *[other] решена
    }, поэтому ход должен быть в стратегической клетке { $strategic }, в тактической клетке, { $decided ->
        [closed] которая ещё не решена
       *[other] где ещё есть пустые клетки
    }
move-closed-tactical-cell = тактическая клетка { $cell } { $decided ->
        [closed] { $depth ->
            [three] закрыта (решена или внутри решённой стратегической клетки)
           *[other] закрыта (решена)
        }
       *[other] заполнена
    }; можно ходить в любую тактическую клетку, { $decided ->
        [closed] которая ещё не решена
       *[other] где ещё есть пустые клетки
    }
move-no-return = без возврата: этот ход отправляет { $opponent } обратно в тактическую клетку { $cell }, где { $opponent } тогда должен ходить (последний ход { $opponent } был там), а другие ходы (например, { $example }) — нет
move-no-return-strategic = без возврата: этот ход отправляет { $opponent } обратно в стратегическую клетку { $cell }, где { $opponent } тогда должен ходить (последний ход { $opponent } был там), а другие ходы (например, { $example }) — нет
sos-off-board = клетки { $cell } нет на доске { $size }
sos-occupied = в клетке { $cell } уже стоит { $letter }
after-end-and-more = { $first }; этот ход и { $count ->
        [one] { $count } ход после него
        [few] { $count } хода после него
       *[other] { $count } ходов после него
    } — все после конца игры

## Игроки, номера и текст, который не ход.

player-written-as-other = записан как ход { $written }, но ходит { $turn }
player-unknown = неизвестный игрок `{ $who }`: игроки — { $players }
number-mistyped = номер хода `{ $written }` прочитан как `{ $read }`
number-wrong-in-pairs = номер хода `{ $written }` не подходит: это ход { $number } для { $who }, его номер { $expected } (пропущена или повторена строка?)
numbered = `{ $text }`{ $none ->
        [yes] {" "}или без номера
       *[no] {""}
    }
number-wrong-single = номер хода `{ $written }` не подходит: это ход { $number } партии (пропущена или повторена строка?)
number-bare = `{ $n }` прочитано как номер хода `{ $n }.`: номера вокруг показывают, что здесь ход не пропущен
not-counted = { $reason }; это не считается ходом: номера вокруг показывают, что здесь ход не пропущен
sos-move-in-ttt = это ход SOS; ход в этой игре записывается { $depth ->
        [one] одной позицией 1..9, например 5
        [two] как T.O, например 5.3
       *[three] как S.T.O, например 5.3.7
    }
ttt-move-in-sos = это ход крестиков-ноликов; ход SOS — клетка и буква, например c3S

## Как окончилась игра, внутри предложения.

ended-drawn = ничья{ $how }
ended-unfinished = не окончена
ended-unfinished-stopped = не окончена ({ $termination ->
        [resignation] сдача
        [agreement] соглашение
        [time] время
       *[abandoned] брошена
    })

## Что за партия: игра, правила, карта.

what-tic-tac-toe = крестики-нолики
what-ultimate = ультимативные крестики-нолики
what-strategic-tactical = стратегические крестики-нолики, тактические правила
what-strategic-functional = стратегические крестики-нолики, функциональные правила { $map }
what-strategic-hyperfunctional = стратегические крестики-нолики, гиперфункциональные правила { $map }
what-sos = SOS { $size }, { $variant ->
        [simple] простой вариант
       *[general] общий вариант
    }, { $players ->
        [one] { $players } игрок
        [few] { $players } игрока
       *[other] { $players } игроков
    }
what-unknown = неизвестная игра
rules-authors = авторские правила
rules-common = общепринятые правила
rules-draws = { $draws ->
        [both] ничья засчитывается обоим
       *[none] ничья не засчитывается никому
    }
rules-decided = { $decided ->
        [open] решённые клетки открыты
        [free] решённые клетки освобождают ход
       *[closed] решённые клетки закрыты
    }
rules-no-return = { $no_return ->
        [yes] без возврата
       *[tactical] без возврата (тактические клетки)
    }

## Отчёт об одной партии.

game-head = партия { $game } (строка { $line }, { $what }), { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[other] { $moves } ходов
    }: { $verdict }
verdict-legal = по правилам
verdict-illegal = НАРУШЕНИЕ ПРАВИЛ
verdict-wrong-claim = ходы по правилам, НЕВЕРНОЕ ЗАЯВЛЕНИЕ
verdict-unreadable-claim = ходы по правилам, ЗАЯВЛЕНИЕ НЕ ПРОЧИТАТЬ
verdict-unusable = ПРОВЕРИТЬ НЕЛЬЗЯ
no-result = нет результата (ошибка раньше конца партии)
claim = заявлено { $tag } "{ $claimed }": { $verdict ->
        [right] верно
        [wrong] неверно
        [unjudged] нельзя оценить
       *[unreadable] не прочитать
    }
scores = очки: { $scores }
sos-by = SOS у { $player }: { $lines }
more-errors = партия { $game }: и ещё { $count ->
        [one] { $count } ошибка
        [few] { $count } ошибки
       *[other] { $count } ошибок
    } (--max-errors покажет больше)
more-warnings = партия { $game }: и ещё { $count ->
        [one] { $count } предупреждение
        [few] { $count } предупреждения
       *[other] { $count } предупреждений
    }
at-move = ход { $n } ({ $p }) { $text }
at-move-number = ход { $n } { $text }
warning = предупреждение: { $what }
not-a-record = не запись партий: { $why }


## Что читатель записи говорит о тексте, который не может прочитать. Теги
## и слова записи ([Game "strategic"], 5.3.7, c3S) остаются как написаны.

syntax-too-many-tags = в партии не больше { $count } тегов; остальные не читаются
syntax-too-many-moves = в партии не больше { $count } ходов; ходы отсюда и дальше не читаются
syntax-long-line = эта строка длиннее { $count } КиБ; строка записи содержит один тег или несколько ходов
syntax-not-utf8 = ожидался текст UTF-8 (запись партий — простой текстовый файл UTF-8)
syntax-moves-before-tags = перед ходами ожидались теги партии, например [Game "strategic"]
syntax-unquoted-value = после имени тега `{ $name }` ожидалось значение в кавычках, как в [{ $name } "…"]
syntax-unclosed-tag = тег `{ $name }` не закрыт знаком `]`
syntax-long-tag-name = имя тега — не больше { $count } знаков
syntax-no-tag-name = после `[` ожидалось имя тега, как в [Game "strategic"]
syntax-unclosed-value = значение тега `{ $name }` не закрыто знаком `"` в своей строке
syntax-control-in-value = значение тега `{ $name }` содержит управляющий символ U+{ $code }; значение тега — простой текст
syntax-long-value = значение тега `{ $name }` длиннее { $count } знаков
syntax-bracket-in-moves = неожиданный `{ $bracket }`: тег [Имя "значение"] стоит в своей строке, перед ходами
syntax-after-tag = после тега ожидался конец строки (один тег в строке; ходы начинаются с новой строки)
syntax-unclosed-comment = комментарий не закрыт знаком `{"}"}` до конца файла
not-a-move = ожидался ход
not-a-move-shape = ожидался ход: позиции, например 5.3.7 (семейство крестиков-ноликов), или клетка и буква, например c3S (SOS)
not-a-move-too-many-positions = в ходе не больше 3 позиций (S.T.O)
not-a-move-zero = каждая позиция — цифра 1..9; 0 не позиция
not-a-move-separator = ожидались позиции 1..9 через `.`, `-`, `/` или подряд, например 5.3.7
not-a-move-after-separator = после разделителя ожидалась позиция 1..9
not-a-move-sos = ожидался ход SOS: клетка и буква, например c3S, c3=S или S@c3

## Теги, из-за которых партию нельзя проверить. Тег как написан и слова,
## которые он принимает ("both", "none", sos, map34), остаются как есть.

setup-no-game = ожидался тег [Game "…"]: sos, tictactoe, ultimate или strategic
setup-no-size = для SOS ожидался тег [Size "ШxВ"], например [Size "5x5"]
setup-did-you-mean = может быть, "{ $name }"?{" "}
setup-unknown-game = неизвестная игра "{ $written }": { $hint }ожидалось sos, tictactoe, ultimate или strategic
setup-unknown-ruleset = неизвестные правила "{ $written }": { $hint }ожидалось tactical, functional или hyperfunctional
setup-expected = ожидалось { $choices }
one-of = { $first } или { $last }
setup-decided-twice = { $tag } означает [Decided "{ $old }"], но в партии есть и [Decided "{ $new }"]: оставьте один из двух
setup-map-folder = запись называет карту только по имени (без папок): встроенная карта или файл карты, заданный через --map-file или --maps-dir
setup-unknown-map = неизвестная карта `{ $map }`: не встроенная (map11 … map88, стандартная map34; hmap1, hmap2) и не файл карты, заданный через --map-file или --maps-dir
setup-size-form = ожидалось ШxВ, например "5x5", или одно число для квадратной доски
setup-sos-size = доска SOS — от { $min } до { $max } клеток в каждую сторону, не { $size }
setup-sos-players = в SOS играют от { $min } до { $max } игроков, не { $count }

## Заявления, которые неверны или которые нельзя прочитать.

claim-result-unreadable = заявленный результат не прочитать: ожидался игрок ({ $players }){ $shared ->
        [yes] , игроки через + для общей победы (A+C)
       *[no] {""}
    }, "draw" или "*"
claim-termination-unreadable = заявленное окончание не прочитать: ожидалось "resignation", "agreement", "time" или "abandoned"
claim-termination-without-result = к [Termination] нужен [Result], говорящий, как окончилась партия: [Result "X"] для победителя, "draw" или "*", если никак
claim-score-unreadable = `{ $entry }` в заявленном счёте не прочитать: ожидались записи вида "A 3, B 1"
claim-result-wrong = заявленный результат неверен: заявлено: { $claimed }; по ходам: { $actual }{ $tie ->
        [yes] {" "}(когда у всех игроков высший счёт, партия — ничья)
       *[no] {""}
    }
claim-termination-wrong = заявленное окончание неверно: по записи партия остановлена до конца ({ $termination ->
        [resignation] сдача
        [agreement] соглашение
        [time] время
       *[abandoned] брошена
    }), но по ходам она сыграна до конца: { $actual }
claim-score-wrong = заявленный счёт неверен: { $wrong }
claim-scored = у { $who } { $scored }, не { $claimed }
claim-and = { $first } и { $second }
claim-shared = { $who } делят победу
claim-draw = ничья
claim-unfinished = неоконченная партия

## Файл, который не запись партий или который не прочитать.

file-no-game = ожидалась партия: теги, например [Game "strategic"], затем ходы
file-not-found = нет такого файла
file-unreadable = файл не прочитать: { $why }
file-not-a-file = { $kind ->
        [folder] это папка
        [fifo] это именованный канал (FIFO)
        [socket] это сокет
        [device] это устройство
        [file] это файл, а не папка
       *[other] это не обычный файл
    }, а не обычный файл; paperboard читает только из файлов
file-too-large = больше { $limit }, предела для такого файла
file-not-utf8 = { $line }:{ $col }: ожидался текст в UTF-8
file-outside = за пределами папки { $folder }

## Почему операционная система не читает или не пишет файл; причина, не
## переведённая здесь, — словами самой системы ($said).

io-reason = { $kind ->
        [permission-denied] доступ запрещён
        [not-found] нет такого файла или папки
        [storage-full] диск заполнен
        [quota-exceeded] дисковая квота исчерпана
        [read-only] файловая система доступна только для чтения
        [is-a-folder] это папка
        [not-a-folder] одна из папок на пути — файл
        [file-too-large] файл больше, чем допускает файловая система
        [invalid-name] такое имя здесь недопустимо
        [crosses-devices] он на другой файловой системе
        [timed-out] устройство не ответило вовремя
        [refused] операционная система отказала
       *[other] операционная система сообщает: { $said }
    }

## Файл карты, названный в партии, которым нельзя воспользоваться: где в нём
## ошибка, но не что в нём; и карта не того вида, что нужен своду правил.

map-unusable = файлом карты { $path } нельзя воспользоваться ({ $why }); `paperboard maps show { $path }` объяснит почему
map-not-a-file = { $kind ->
        [folder] это папка
        [fifo] это именованный канал (FIFO)
        [socket] это сокет
        [device] это устройство
        [file] это файл, а не папка
       *[other] это не обычный файл
    }
map-too-large = он больше { $limit }
map-not-utf8 = не текст в UTF-8 в строке { $line }, столбце { $col }
map-unreadable = его не прочитать
map-at = в строке { $line }, столбце { $col }
map-kind = это { $is ->
        [functional] функциональная
       *[other] гиперфункциональная
    } карта, а нужна { $needed ->
        [functional] функциональная
       *[other] гиперфункциональная
    }
map-not-a-map = это не файл карты
map-wrong-kind = `{ $map }` — { $is ->
        [functional] функциональная
       *[other] гиперфункциональная
    } карта, а здесь нужна { $needed ->
        [functional] функциональная
       *[other] гиперфункциональная
    }

## Итог после всех партий.

summary = партий проверено: { $games }; по правилам: { $legal }, с нарушением: { $illegal }, с неверным заявлением: { $wrong }
summary-unreadable-claim = , с заявлением, которое не прочитать: { $count }
summary-unusable = , проверить нельзя: { $count }
summary-not-records = ; файлов не с записями партий: { $count }
summary-unread = ; файлов, которые не прочитать: { $count }


## Что `solve` говорит о каждой партии.

solve-head = { $file }: партия { $game } (строка { $line })
solve-not-solved = { $head }: не решена: { $why }
solve-at = строка { $line }:{ $col }: { $text }{ $why }
solve-breaks-rules = партия нарушает правила
solve-sos = решатель знает крестики-нолики, ультимативные и стратегические, но не SOS
solve-unusable = партию нельзя расставить
solve-over-won = партия окончена: { $who } выиграл(а); решать нечего
solve-over-drawn = партия окончена: ничья; решать нечего
solve-node-limit = остановлено после { $nodes } позиций (предел){ $proven ->
        [0] {""}
       *[other] , доказано, что победы за { $proven } полуходов нет
    }; задайте меньше полуходов
solve-plies = { $n } { $n ->
        [one] полуход
        [few] полухода
       *[other] полуходов
    }
solve-wins = { $who } ходит и выигрывает за { $plies }: { $moves }
solve-loses = { $who } ходит и проигрывает за { $plies }, что бы ни сыграл ({ $other } добивается победы)
solve-no-win = { $who } ходит: ни у кого нет вынужденной победы за { $plies }
solve-line = { $head }: { $what } (просмотрено позиций: { $nodes })

## Что сделал `check --fix` и почему ошибка оставлена как есть.

fix-replaced = { $from } -> { $to } ({ $slip })
fix-exchanged = { $first } и { $second } переставлены
fix-inserted = { $text } вставлен перед { $before }
fix-inserted-shift = { $text } вставлен перед { $before }, каждый следующий ход на одно место дальше
fix-deleted = { $text } удалён ({ $slip })
fix-deleted-shift = { $text } удалён ({ $slip }), каждый следующий ход на одно место назад
fix-deleted-run = удалены ходы с { $from } по { $to } ({ $slip })
kept-after-one = более ранняя ошибка этой партии оставлена как есть
kept-tied = лучшие предложения одинаково хороши: { $suggestions }
kept-against-claim = каждое предложение противоречит заявлению партии: { $suggestion }
kept-not-legal = найденные предложения не делают партию правильной
kept-would-contradict = исправленная партия противоречила бы своему заявлению
kept-not-alone = исправленную партию не удалось проверить заново отдельно
fix-change = партия { $game }: { $what }
fix-again = партия { $game }: { $verdict ->
        [legal] теперь по правилам
        [wrong-claim] ходы теперь по правилам, но заявление неверно
       *[illegal] всё ещё с нарушением
    }
fix-held = партия { $game }: оставлено как есть: { $why }
fix-not-a-record = не исправлено: не запись партий
fix-nothing = { $why ->
        [unsure] ни одно предложение не достаточно надёжно
        [none] нет предложений
       *[nothing] исправлять нечего
    }, файл не записан
fix-would-write = был бы записан { $name }, изменений: { $count } (пробный запуск, ничего не записано):
fix-wrote = записан { $name }, изменений: { $count }:
fix-fixed-name = { $name } (исправленный)
fix-standard-output = стандартный вывод
fix-dry-run-too-large = --fix --dry-run показывает изменения записей не больше { $mib } МиБ; без --dry-run исправленная запись будет записана

# Моменты, которые находит `check --annotate`.
moment-missed-win = полуход { $ply }, { $mover } { $played }: упущена победа за { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[other] полуходов
    } ({ $best } { $count ->
        [one] выигрывает
       *[other] выигрывают
    })
moment-allowed-loss = полуход { $ply }, { $mover } { $played }: позволил { $other } добиться победы за { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[other] полуходов
    } ({ $best } { $count ->
        [one] выигрывает
       *[other] выигрывают
    })
moment-decided = полуход { $ply }, { $mover } { $played }: исход решён: { $forcing } добивается победы за { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[other] полуходов
    }

## Почему снимок (или страница сканированного PDF) не читается как бланк или
## партия на его бланках не разбирается.

read-photo-bytes = в файле { $bytes } байт; снимок может занимать не больше { $mib } МиБ
read-not-an-image = это не изображение JPEG или PNG (или оно повреждено)
read-photo-too-large = изображение { $width } × { $height } пикселей; в снимке может быть не больше { $millions } млн пикселей
read-photo-too-small = изображение { $width } × { $height } пикселей; чтобы прочитать бланк, по короткой стороне нужно не меньше { $min } пикселей
read-photo-too-dark = снимок слишком тёмный (его самые светлые места — уровень серого { $paper } из 255); снимите при лучшем освещении
read-not-a-pdf = этот PDF не прочитать (он повреждён, зашифрован или в нём нет страниц)
read-pdf-pages = в PDF { $pages } стр.; читайте не больше { $limit } за раз
read-pdf-page-without-image = на странице { $page } PDF нет ни снимка, ни скана, только рисунок (таков бланк, сохранённый paperboard в PDF): распечатайте его, сыграйте на нём, затем сфотографируйте или отсканируйте
read-pdf-too-complex = этот PDF не читается: в нём больше, чем бывает в скане. PDF сканера — почти одни изображения; сохраните его страницы как изображения JPEG или PNG и прочитайте их
read-pdf-page-damaged = страница { $page } PDF повреждена: её изображение не разобрать
read-pdf-image-unsupported = страница { $page } PDF хранит изображение в виде, который не читается ({ $filter }); сканируйте в JPEG или в цветные либо серые пиксели или сохраните страницу как изображение JPEG или PNG
read-no-code = на снимке не найден код бланка paperboard; сфотографируйте бланк целиком, чтобы его код (маленький квадратный узор внизу) был в кадре и резким
read-code-unreadable = бланк найден, но его код (маленький квадратный узор внизу) не удалось прочитать; снимите ещё раз прямо сверху и ближе, чтобы код был резким
read-foreign-code = на снимке код, но не код бланка paperboard: { $code }
read-two-sheets = на снимке два бланка; снимайте по одному бланку
read-no-mark = не найдена { $corner ->
        [top-left] левая верхняя
        [top-right] правая верхняя
        [bottom-left] левая нижняя
       *[bottom-right] правая нижняя
    } угловая метка бланка; сфотографируйте бланк целиком, все четыре чёрных угловых квадрата в кадре
read-bad-marks = найденные угловые метки не складываются в бланк; сфотографируйте его ровно и целиком
read-code-search-limit = на снимке слишком много узоров, похожих на угловые квадраты кода, чтобы перебрать их все; сфотографируйте один бланк без других кодов и узоров в кадре
read-cancelled = чтение остановлено, не закончившись
read-code-reader-failed = код бланка на этом снимке не прочитать (чтение кода не удалось); снимите ещё раз, чтобы код был резким и целым
read-unknown-sheet = код бланка { $code } не называет бланк, который можно прочитать
read-spec-needed = код бланка { $code } называет бланк, напечатанный по собственному описанию или для раздаточного набора, — такой код называет его только хешем: укажите это описание или описание набора через --spec ФАЙЛ
read-no-game-on-sheet = на бланке { $code } нет ни клеток записи, ни поля игры семейства крестиков-ноликов, чтобы читать
read-blank-sheet = на бланке ничего не написано: клетки записи и поле пусты
read-no-record = в записи бланка нет ходов: стратегическая партия читается по записи, потому что поле не показывает порядок ходов
read-missing-start = запись начинается с хода { $start }: читайте её вместе с бланками с более ранними ходами партии
read-unclear-start = запись начинается с хода { $start }, и более ранние ходы партии могут быть на нескольких из данных бланков: читайте её только с более ранними бланками её партии
read-not-a-game = написанное на бланке не читается как партия: сомнительных ходов { $flagged } из { $moves }; проверьте, что на снимке сыгранный бланк, резкий и целый
read-too-many-sheets = страниц: { $pages }; один запрос читает не больше { $limit } снимков или страниц, а оставалось { $left }: отправьте этот PDF отдельным запросом или прочитайте его командой `paperboard read`
read-no-photo = в запросе нет снимка: отправьте снимок JPEG или PNG сыгранного бланка или PDF отсканированных бланков

## What is wrong with a value or a key of a sheet spec, a handout spec or a
## map file (the page's print tab, `maps show`). Keys, the words a key
## takes and what was written stay as the file writes them. After
## "должно быть" what a key accepts is in the instrumental case.

spec-this-value = это значение
spec-must = { $key } должно быть { $accepts }
spec-must-not = { $key } должно быть { $accepts }, а не { $written }
spec-must-not-list = { $key } должно быть { $accepts }, а не списком из { $n }
spec-unknown-key-in = неизвестный ключ `{ $field }` в `[{ $table }]`; допустимые ключи: { $names }
spec-unknown-key-in-empty = неизвестный ключ `{ $field }` в `[{ $table }]`; у этой таблицы нет ключей
spec-unknown-key = неизвестная таблица или ключ `{ $field }`; допустимые ключи: { $names }
spec-missing = нет `{ $key }`, а значения по умолчанию у него нет
spec-twice = `{ $key }` записан дважды
spec-twice-at = `{ $key }` записан дважды: в строке { $line } и здесь
spec-nested = таблицы и списки здесь вложены слишком глубоко (не более { $count } { $count ->
        [one] уровня
       *[other] уровней
    })
spec-key-parts = у ключа `{ $key }` частей: { $parts }; у ключа их может быть не более { $max }
spec-refused = это значение здесь использовать нельзя
spec-entries = `{ $key }` должен быть списком из { $want } элементов, а не из { $len }
spec-gap = `gap` должен быть от 0 до 20 мм или "cell", а не { $written }
spec-digits = `digits` должно быть 3 (стратегические: S T O) или 2 (Ultimate: доска, клетка), а не { $written }
spec-moves-per-row = `moves-per-row` должно быть чётным целым числом от 2 до 100 (каждая строка начинается с X) или "fit", а не { $written }
spec-too-light = `{ $colour }` слишком светлый для текста на ксерокопии ({ $black } % чёрного); тексту нужно не менее 60 % чёрного, например "#666666" или темнее
spec-size-order = `{ $lower }` ({ $lower-mm } мм) больше, чем `{ $upper }` ({ $upper-mm } мм) той же части; `{ $lower }` должен быть не больше `{ $upper }`
spec-choice = `{ $key }` должно быть { $choices }, а не "{ $written }"
map-needs = { $kind ->
        [functional] функциональной карте нужен `columns` (3 списка по 9 чисел)
       *[hyperfunctional] гиперфункциональной карте нужен `cells` (9 таблиц по 9 строк из 9 чисел)
    }
map-not-kind = { $kind ->
        [functional] это не функциональная карта
       *[hyperfunctional] это не гиперфункциональная карта
    }
map-here = здесь
map-unknown = неизвестная карта `{ $map }`
map-help-invalid = у функциональной карты 3 списка по 9 чисел, у гиперфункциональной 9 таблиц по 9×9 чисел; каждое число — стратегическая клетка 1..9
map-help-unknown = встроенные карты: карты семейства map11 … map88 (map34 — стандартная; их перечисляет `paperboard maps family`), hmap1, hmap2; или укажите путь к файлу карты .toml

## What a key accepts, inside spec-must (instrumental case).

accepts-text = текстом в кавычках
accepts-bool = true или false
accepts-list = списком
accepts-table = таблицей
accepts-char = одним символом в кавычках
accepts-nothing = пустым
accepts-any-whole = целым числом
accepts-any-number = числом
accepts-range = { $whole ->
        [yes] целым числом
       *[no] числом
    } от { $min } до { $max }{ $unit ->
        [none] {""}
        [mm] {" "}мм
        [seconds] {" "}секунд
       *[other] {" "}{ $unit }
    }{ $fit ->
        [yes] {" "}или "fit"
       *[no] {""}
    }
accepts-word = одним из слов, которые принимает этот ключ (см. документацию)
accepts-list-of = списком из { $n } значений
accepts-one-of = одним из { $words }
accepts-another-form = значением другого вида (см. документацию этого ключа)
accepts-board-size = размером «столбцы x строки», каждое от { $min } до { $max } (например, "8x8"), или одним числом от { $min } до { $max }
accepts-players = числом игроков от { $min } до { $max } или списком из { $min }–{ $max } имён
accepts-colour = цветом вида "#rrggbb" или "#rgb" (например, "#808080" — средне-серый)
accepts-pin = [x, y]: двумя числами в мм от левого верхнего угла страницы, каждое от 0 до { $max }
accepts-texts = списком из 1–{ $max } текстов в кавычках
accepts-documented = значением, как описано в документации этого ключа
accepts-strategic-cell = стратегической клеткой от 1 до 9
accepts-either = "{ $first }" или "{ $second }"

## Why a sheet cannot be laid out.

layout-does-not-fit = лист не помещается на странице: { $what }
layout-reaches = `{ $part }` выходит { $past }
layout-past = на { $mm } мм за { $side ->
        [top] верхнее
        [right] правое
        [bottom] нижнее
       *[left] левое
    } поле
layout-and = { $first } и { $second }
layout-minimum = `{ $part }` уже сжат до наименьшей клетки в { $mm } мм
layout-overlap = части накладываются: { $what }
layout-overlaps = `{ $first }` и `{ $second }` накладываются на { $width } × { $height } мм
layout-text-missing = текст «{ $text }» в { $place } содержит { $chars }: эти знаки шрифты напечатать не могут
layout-text-too-wide = текст «{ $text }» в { $place } не помещается: при 6 pt его ширина { $width } мм, и он всё ещё заходит { $into ->
        [edge] за край своей части
        [line] на линию своей части
       *[margin] за поле страницы
    }
layout-more = { $list } и ещё { $count }

## The lines `read` prints around each game's report.

read-cli-game = { $label }: ходов: { $moves }, сомнительных: { $doubtful } ({"{"}?{"}"})
read-cli-read-from = ; прочитано из { $label }: ходов: { $moves }, сомнительных: { $doubtful } ({"{"}?{"}"})
read-cli-field = ; прочитано из { $label }: ходы не записаны; поле, сомнительных клеток: { $doubtful } (?):
read-cli-total = ; фото или страниц: { $given }; { $games ->
        [one] партия
        [few] партии
       *[other] партий
    }: { $games }, не прочитано: { $unread }
read-cli-not-written = ни одна партия не прочитана, поэтому { $name } не записан

## Why the server refused a request as a whole (the page's `says`).

request-busy-uploads = сервер уже принимает столько загрузок, сколько вмещает; попробуйте снова через { $secs } с
request-busy-reading = сервер занят чтением других фото; попробуйте чуть позже
request-busy-making = сервер занят созданием других документов; попробуйте чуть позже
request-stopping = сервер останавливается; повторите запрос, когда он снова запустится
request-failed = сервер не справился с этим запросом (ошибка в paperboard; сервер продолжает работу)
request-too-large = запрос больше { $mib } МиБ — это наибольший размер одного запроса
request-too-long = запрос шёл дольше { $most } — это наибольшее время одного запроса
request-too-many-games = больше { $most } партий в одной проверке; большие файлы проверяет `paperboard check`
request-check-too-long = проверка шла дольше { $secs } с (проверено партий: { $games }); большие файлы проверяет `paperboard check`
request-copies = { $copies } бланков в одном раздаточном наборе; страница делает не больше { $most } за раз (командная строка — до 500)
request-pages = в раздаточном наборе { $pages } { $pages ->
        [one] страница
        [few] страницы
       *[other] страниц
    }; один запрос делает не больше { $most }
