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

## Итог после всех партий.

summary = партий проверено: { $games }; по правилам: { $legal }, с нарушением: { $illegal }, с неверным заявлением: { $wrong }
summary-unreadable-claim = , с заявлением, которое не прочитать: { $count }
summary-unusable = , проверить нельзя: { $count }
summary-not-records = ; файлов не с записями партий: { $count }
summary-unread = ; файлов, которые не прочитать: { $count }

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
