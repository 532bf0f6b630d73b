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
