# Die Wörter des Prüfers auf Deutsch, dieselben Meldungen wie en.ftl.

## Ein Vorschlag unter einem Fehler.

suggestion-first = Meinten Sie: { $suggestion }
suggestion-other = Oder: { $suggestion }
suggestion = { $edit }? { $evidence }{ $outcome }

## Die Änderungen. "-here": der Zug, bei dem der Fehler gemeldet ist.

edit-replace-here = { $text } ({ $slip })
edit-replace = { $text } statt Zug { $n } ({ $p }) { $m } ({ $slip })
edit-swap = Zug { $n } ({ $p }) { $m } und Zug { $wn } ({ $wp }) { $wm } in umgekehrter Reihenfolge ({ $slip })
edit-swap-here = dieser Zug und Zug { $wn } ({ $wp }) { $wm } in umgekehrter Reihenfolge ({ $slip })
edit-insert-shift = ein ausgelassener Zug { $text } vor Zug { $n } ({ $p }) { $m }, jeder spätere Zug einen Platz weiter
edit-insert-shift-here = ein ausgelassener Zug { $text } vor diesem Zug, jeder spätere Zug einen Platz weiter
edit-insert = ein ausgelassener Zug { $text } vor Zug { $n } ({ $p }) { $m }
edit-insert-here = ein ausgelassener Zug { $text } vor diesem Zug
edit-delete-more = Zug { $n } ({ $p }) { $m } und { $more ->
        [one] der Zug danach gestrichen
       *[other] die { $more } Züge danach gestrichen
    } ({ $slip })
edit-delete-more-here = dieser Zug und { $more ->
        [one] der Zug danach gestrichen
       *[other] die { $more } Züge danach gestrichen
    } ({ $slip })
edit-delete-shift = Zug { $n } ({ $p }) { $m } gestrichen ({ $slip }), jeder spätere Zug einen Platz zurück
edit-delete-shift-here = dieser Zug gestrichen ({ $slip }), jeder spätere Zug einen Platz zurück
edit-delete = Zug { $n } ({ $p }) { $m } gestrichen ({ $slip })
edit-delete-here = dieser Zug gestrichen ({ $slip })

## Die Versehen, die eine Änderung behebt.

slip-neighbouring-key = eine Ziffer, eine Nachbartaste
slip-one-digit = eine Ziffer
slip-digits-swapped = Ziffern vertauscht
slip-digit-left-out = eine Ziffer ausgelassen
slip-extra-digit = eine Ziffer zu viel
slip-separator = ein Trennzeichen vertippt
slip-other-letter = der andere Buchstabe
slip-nearby-cell = ein benachbartes Feld
slip-moves-exchanged = Züge vertauscht
slip-rows-exchanged = Zeilen einer Spalte vertauscht
slip-move-left-out = ein Zug ausgelassen
slip-move-written-twice = ein Zug doppelt notiert
slip-extra-move = ein Zug zu viel
slip-after-end = nach dem Ende der Partie notiert

## Wie viel der Aufzeichnung danach regelgerecht ist.

evidence-to-end = { $count ->
        [0] dann ist die Aufzeichnung bis zum Ende regelgerecht
        [1] dann ist der eine übrige Zug regelgerecht
       *[other] dann sind alle { $count } übrigen Züge regelgerecht
    }
evidence-more = { $count ->
        [0] aber der nächste Zug ist weiterhin regelwidrig
        [1] dann ist 1 weiterer Zug regelgerecht
       *[other] dann sind { $count } weitere Züge regelgerecht
    }

## Das Ergebnis nach der Änderung, gegen die Angabe der Partie.

outcome-as-claimed = {" "}und { $result }, wie angegeben
outcome-against-claim = , aber { $result }, gegen die Angabe der Partie
outcome = {" "}und { $result }

## Ein Ergebnis in einem Satz.

result-won = { $who } hat gewonnen{ $how }
result-shared = { $who } teilen den Sieg{ $how }
result-drawn = die Partie endet unentschieden
result-unfinished = die Partie ist nicht beendet
how-resignation = {" "}durch Aufgabe
how-agreement = {" "}durch Einigung
how-time = {" "}durch Zeitüberschreitung
how-abandoned = {" "}(Partie abgebrochen)
