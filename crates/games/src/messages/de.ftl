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

## Warum ein Zug nicht erlaubt ist. $decided: open, free, closed;
## $depth: one, two, three.

move-wrong-depth = ein Zug in dieser Partie hat { $expected ->
        [one] eine Position
       *[other] { $expected } Positionen
    } ({ $depth ->
        [one] O
        [two] T.O
       *[three] S.T.O
    }), dieser hat { $found }
move-after-end = die Partie ist schon zu Ende ({ $outcome }), kein Zug darf folgen
move-occupied = Zelle { $cell } ist schon von { $by } besetzt
move-wrong-tactical-cell = muss in der taktischen Zelle { $required } gespielt werden, die { $decided ->
        [open] noch leere Zellen hat
       *[other] noch nicht entschieden ist
    }
move-wrong-strategic-cell = die taktische Zelle { $target } ist { $decided ->
        [open] voll
       *[other] entschieden
    }, also muss der Zug in der strategischen Zelle { $strategic } gespielt werden, in einer taktischen Zelle, { $decided ->
        [closed] die noch nicht entschieden ist
       *[other] die noch leere Zellen hat
    }
move-closed-tactical-cell = die taktische Zelle { $cell } ist { $decided ->
        [closed] { $depth ->
            [three] geschlossen (entschieden oder in einer entschiedenen strategischen Zelle)
           *[other] geschlossen (entschieden)
        }
       *[other] voll
    }; der Zug darf in jede taktische Zelle, { $decided ->
        [closed] die noch nicht entschieden ist
       *[other] die noch leere Zellen hat
    }
move-no-return = kein Zurück: dieser Zug schickt { $opponent } zurück in die taktische Zelle { $cell }, in der { $opponent } dann spielen muss ({ $opponent } hat zuletzt dort gezogen), andere Züge (z. B. { $example }) tun das nicht
move-no-return-strategic = kein Zurück: dieser Zug schickt { $opponent } zurück in die strategische Zelle { $cell }, in der { $opponent } dann spielen muss ({ $opponent } hat zuletzt dort gezogen), andere Züge (z. B. { $example }) tun das nicht
sos-off-board = Feld { $cell } liegt nicht auf dem Brett { $size }
sos-occupied = in Feld { $cell } steht schon { $letter }
after-end-and-more = { $first }; dieser und { $count ->
        [one] der Zug danach liegen
       *[other] die { $count } Züge danach liegen
    } alle nach dem Ende

## Spieler, Nummern und Text, der kein Zug ist.

player-written-as-other = als Zug von { $written } notiert, aber { $turn } ist am Zug
player-unknown = unbekannter Spieler `{ $who }`: die Spieler sind { $players }
number-mistyped = Zugnummer `{ $written }` wird als `{ $read }` gelesen
number-wrong-in-pairs = Zugnummer `{ $written }` passt nicht: dies ist Zug { $number } für { $who }, nummeriert { $expected } (eine Zeile übersprungen oder doppelt?)
numbered = `{ $text }`{ $none ->
        [yes] {" "}oder ohne Nummer
       *[no] {""}
    }
number-wrong-single = Zugnummer `{ $written }` passt nicht: dies ist Zug { $number } der Partie (eine Zeile übersprungen oder doppelt?)
number-bare = `{ $n }` wird als Zugnummer `{ $n }.` gelesen: die Nummern ringsum zeigen, dass hier kein Zug fehlt
not-counted = { $reason }; das zählt nicht als Zug: die Nummern ringsum zeigen, dass hier kein Zug fehlt
sos-move-in-ttt = das ist ein SOS-Zug; ein Zug dieser Partie wird { $depth ->
        [one] als eine Position 1..9 geschrieben, etwa 5
        [two] T.O geschrieben, etwa 5.3
       *[three] S.T.O geschrieben, etwa 5.3.7
    }
ttt-move-in-sos = das ist ein Tic-Tac-Toe-Zug; ein SOS-Zug ist ein Feld und ein Buchstabe, etwa c3S

## Wie eine Partie endete, in einem Satz.

ended-drawn = unentschieden{ $how }
ended-unfinished = nicht beendet
ended-unfinished-stopped = nicht beendet ({ $termination ->
        [resignation] Aufgabe
        [agreement] Einigung
        [time] Zeitüberschreitung
       *[abandoned] abgebrochen
    })

## Was eine Partie ist: Spiel, Regelwerk, Karte und Regeln.

what-tic-tac-toe = Tic-Tac-Toe
what-ultimate = Ultimate Tic-Tac-Toe
what-strategic-tactical = Strategisches Tic-Tac-Toe, taktisch
what-strategic-functional = Strategisches Tic-Tac-Toe, funktional { $map }
what-strategic-hyperfunctional = Strategisches Tic-Tac-Toe, hyperfunktional { $map }
what-sos = SOS { $size }, { $variant ->
        [simple] einfach
       *[general] allgemein
    }, { $players } Spieler
what-unknown = unbekanntes Spiel
rules-authors = Regeln der Autoren
rules-common = übliche Regeln
rules-draws = { $draws ->
        [both] Unentschieden zählt für beide
       *[none] Unentschieden zählt für niemanden
    }
rules-decided = { $decided ->
        [open] entschiedene Zellen bleiben offen
        [free] entschiedene Zellen geben den Zug frei
       *[closed] entschiedene Zellen sind geschlossen
    }
rules-no-return = { $no_return ->
        [yes] kein Zurück
       *[tactical] kein Zurück (taktische Zellen)
    }

## Der Bericht über eine Partie.

game-head = Partie { $game } (Zeile { $line }, { $what }), { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }: { $verdict }
verdict-legal = regelgerecht
verdict-illegal = REGELWIDRIG
verdict-wrong-claim = Züge regelgerecht, ANGABE FALSCH
verdict-unreadable-claim = Züge regelgerecht, ANGABE UNLESBAR
verdict-unusable = NICHT PRÜFBAR
no-result = kein Ergebnis (ein Fehler kommt vor dem Ende der Partie)
claim = Angabe { $tag } "{ $claimed }" { $verdict ->
        [right] richtig
        [wrong] falsch
        [unjudged] nicht zu beurteilen
       *[unreadable] unlesbar
    }
scores = Punkte: { $scores }
sos-by = SOS von { $player }: { $lines }
more-errors = Partie { $game }: und { $count ->
        [one] 1 weiterer Fehler
       *[other] { $count } weitere Fehler
    } (--max-errors zeigt mehr)
more-warnings = Partie { $game }: und { $count ->
        [one] 1 weiterer Hinweis
       *[other] { $count } weitere Hinweise
    }
at-move = Zug { $n } ({ $p }) { $text }
at-move-number = Zug { $n } { $text }
warning = Hinweis: { $what }
not-a-record = keine Aufzeichnung: { $why }


## Was der Leser einer Aufzeichnung zu Text sagt, den er nicht lesen kann.
## Kopfzeilen und Wörter einer Aufzeichnung ([Game "strategic"], 5.3.7,
## c3S) bleiben, wie sie geschrieben werden.

syntax-too-many-tags = eine Partie hat höchstens { $count } Kopfzeilen; die übrigen werden nicht gelesen
syntax-too-many-moves = eine Partie hat höchstens { $count } Züge; die Züge ab hier werden nicht gelesen
syntax-long-line = diese Zeile ist länger als { $count } KiB; eine Zeile der Aufzeichnung enthält eine Kopfzeile oder einige Züge
syntax-not-utf8 = erwartet wird UTF-8-Text (eine Aufzeichnung ist eine reine UTF-8-Textdatei)
syntax-moves-before-tags = vor den Zügen werden die Kopfzeilen der Partie erwartet, etwa [Game "strategic"]
syntax-unquoted-value = nach dem Namen `{ $name }` wird ein Wert in Anführungszeichen erwartet, wie in [{ $name } "…"]
syntax-unclosed-tag = `]` fehlt am Ende der Kopfzeile `{ $name }`
syntax-long-tag-name = der Name einer Kopfzeile hat höchstens { $count } Zeichen
syntax-no-tag-name = nach `[` wird ein Name erwartet, wie in [Game "strategic"]
syntax-unclosed-value = `"` fehlt am Ende des Werts von `{ $name }` auf seiner Zeile
syntax-control-in-value = der Wert von `{ $name }` enthält das Steuerzeichen U+{ $code }; ein Wert ist reiner Text
syntax-long-value = der Wert von `{ $name }` ist länger als { $count } Zeichen
syntax-bracket-in-moves = unerwartetes `{ $bracket }`: eine Kopfzeile [Name "Wert"] steht in einer eigenen Zeile, vor den Zügen
syntax-after-tag = nach einer Kopfzeile wird das Zeilenende erwartet (eine Kopfzeile pro Zeile; Züge beginnen in einer eigenen Zeile)
syntax-unclosed-comment = `{"}"}` fehlt, um diesen Kommentar vor dem Ende der Datei zu schließen
not-a-move = erwartet wird ein Zug
not-a-move-shape = erwartet wird ein Zug: Positionen wie 5.3.7 (Tic-Tac-Toe-Familie) oder ein Feld mit Buchstabe wie c3S (SOS)
not-a-move-too-many-positions = ein Zug hat höchstens 3 Positionen (S.T.O)
not-a-move-zero = jede Position ist eine Ziffer 1..9; 0 ist keine Position
not-a-move-separator = erwartet werden Positionen 1..9, getrennt durch `.`, `-`, `/` oder nichts, etwa 5.3.7
not-a-move-after-separator = nach dem Trennzeichen wird eine Position 1..9 erwartet
not-a-move-sos = erwartet wird ein SOS-Zug: ein Feld und ein Buchstabe, etwa c3S, c3=S oder S@c3

## Kopfzeilen, mit denen die Partie nicht geprüft werden kann. Die Kopfzeile
## wie geschrieben und ihre Wörter ("both", "none", sos, map34) bleiben.

setup-no-game = erwartet wird eine Kopfzeile [Game "…"]: sos, tictactoe, ultimate oder strategic
setup-no-size = erwartet wird für SOS eine Kopfzeile [Size "BxH"], etwa [Size "5x5"]
setup-did-you-mean = meinten Sie "{ $name }"?{" "}
setup-unknown-game = unbekanntes Spiel "{ $written }": { $hint }erwartet: sos, tictactoe, ultimate oder strategic
setup-unknown-ruleset = unbekanntes Regelwerk "{ $written }": { $hint }erwartet: tactical, functional oder hyperfunctional
setup-expected = erwartet: { $choices }
one-of = { $first } oder { $last }
setup-decided-twice = { $tag } bedeutet [Decided "{ $old }"], aber die Partie hat auch [Decided "{ $new }"]: behalten Sie eine der beiden
setup-map-folder = eine Aufzeichnung nennt eine Karte nur beim Namen (ohne Ordner): eine eingebaute Karte oder eine Kartendatei, angegeben mit --map-file oder --maps-dir
setup-unknown-map = unbekannte Karte `{ $map }`: keine eingebaute Karte (map11 … map88, Standard map34; hmap1, hmap2) und keine mit --map-file oder --maps-dir angegebene Kartendatei
setup-size-form = erwartet wird BxH wie "5x5" oder eine Zahl für ein quadratisches Brett
setup-sos-size = ein SOS-Brett hat { $min } bis { $max } Felder in jeder Richtung, nicht { $size }
setup-sos-players = SOS ist für { $min } bis { $max } Spieler, nicht { $count }

## Angaben, die falsch oder unlesbar sind.

claim-result-unreadable = das angegebene Ergebnis ist unlesbar: erwartet wird ein Spieler ({ $players }){ $shared ->
        [yes] , Spieler mit + verbunden für einen geteilten Sieg (A+C)
       *[no] {""}
    }, "draw" oder "*"
claim-termination-unreadable = das angegebene Partieende ist unlesbar: erwartet "resignation", "agreement", "time" oder "abandoned"
claim-termination-without-result = zu [Termination] gehört ein [Result], das sagt, wie die Partie endete: [Result "X"] für den Sieger, "draw" oder "*" für keinen
claim-score-unreadable = `{ $entry }` in den angegebenen Punkten ist unlesbar: erwartet werden Einträge wie "A 3, B 1"
claim-result-wrong = das angegebene Ergebnis ist falsch: angegeben: { $claimed }; nachgespielt: { $actual }{ $tie ->
        [yes] {" "}(haben alle Spieler die höchste Punktzahl, endet die Partie unentschieden)
       *[no] {""}
    }
claim-termination-wrong = das angegebene Partieende ist falsch: die Aufzeichnung sagt, die Partie wurde vor ihrem Ende beendet ({ $termination ->
        [resignation] Aufgabe
        [agreement] Einigung
        [time] Zeitüberschreitung
       *[abandoned] abgebrochen
    }), aber das Nachspielen spielt sie zu Ende: { $actual }
claim-score-wrong = die angegebenen Punkte sind falsch: { $wrong }
claim-scored = { $who } hat { $scored } Punkte, nicht { $claimed }
claim-and = { $first } und { $second }
claim-shared = { $who } teilen den Sieg
claim-draw = ein Unentschieden
claim-unfinished = eine nicht beendete Partie

## Eine Datei, die keine Aufzeichnung ist oder nicht gelesen werden konnte.

file-no-game = erwartet wird eine Partie: Kopfzeilen wie [Game "strategic"], dann die Züge
file-not-found = keine solche Datei
file-unreadable = die Datei kann nicht gelesen werden: { $why }
file-not-a-file = { $kind ->
        [folder] ein Ordner
        [fifo] eine benannte Pipe (FIFO)
        [socket] ein Socket
        [device] ein Gerät
        [file] eine Datei, kein Ordner
       *[other] keine gewöhnliche Datei
    }, keine gewöhnliche Datei; paperboard liest nur aus Dateien
file-too-large = größer als { $limit }, die Grenze für diese Art von Datei
file-not-utf8 = { $line }:{ $col }: UTF-8-Text erwartet
file-outside = außerhalb von { $folder }

## Warum das Betriebssystem eine Datei nicht liest oder schreibt; eine hier
## nicht übersetzte Art in den Worten des Systems ($said).

io-reason = { $kind ->
        [permission-denied] Zugriff verweigert
        [not-found] keine solche Datei und kein solcher Ordner
        [storage-full] der Datenträger ist voll
        [quota-exceeded] das Speicherkontingent ist aufgebraucht
        [read-only] das Dateisystem ist schreibgeschützt
        [is-a-folder] es ist ein Ordner
        [not-a-folder] ein Ordner auf dem Weg ist eine Datei
        [file-too-large] die Datei ist größer, als das Dateisystem erlaubt
        [invalid-name] dieser Name ist hier nicht erlaubt
        [crosses-devices] sie liegt auf einem anderen Dateisystem
        [timed-out] das Gerät hat nicht rechtzeitig geantwortet
        [refused] das Betriebssystem hat abgelehnt
       *[other] das Betriebssystem meldet: { $said }
    }

## Eine Kartendatei, die eine Partie nennt und die nicht verwendet werden kann:
## wo sie fehlerhaft ist, nie was sie enthält; und eine Karte der anderen Art,
## als das Regelwerk braucht.

map-unusable = die Kartendatei { $path } kann nicht verwendet werden ({ $why }); `paperboard maps show { $path }` sagt, warum
map-not-a-file = { $kind ->
        [folder] sie ist ein Ordner
        [fifo] sie ist eine benannte Pipe (FIFO)
        [socket] sie ist ein Socket
        [device] sie ist ein Gerät
        [file] sie ist eine Datei, kein Ordner
       *[other] sie ist keine gewöhnliche Datei
    }
map-too-large = sie ist größer als { $limit }
map-not-utf8 = kein UTF-8-Text in Zeile { $line }, Spalte { $col }
map-unreadable = sie kann nicht gelesen werden
map-at = in Zeile { $line }, Spalte { $col }
map-kind = sie ist eine { $is ->
        [functional] funktionale
       *[other] hyperfunktionale
    } Karte, gebraucht wird aber eine { $needed ->
        [functional] funktionale
       *[other] hyperfunktionale
    }
map-not-a-map = sie ist keine Kartendatei
map-wrong-kind = `{ $map }` ist eine { $is ->
        [functional] funktionale
       *[other] hyperfunktionale
    } Karte, hier wird aber eine { $needed ->
        [functional] funktionale
       *[other] hyperfunktionale
    } gebraucht

## Die Zusammenfassung nach allen Partien.

summary = { $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    } geprüft: { $legal } regelgerecht, { $illegal } regelwidrig, { $wrong } mit falscher Angabe
summary-unreadable-claim = , { $count } mit unlesbarer Angabe
summary-unusable = , { $count } nicht prüfbar
summary-not-records = ; { $count ->
        [one] 1 Datei ist
       *[other] { $count } Dateien sind
    } keine Aufzeichnung
summary-unread = ; { $count ->
        [one] 1 Datei konnte
       *[other] { $count } Dateien konnten
    } nicht gelesen werden


## Was `solve` zu jeder Partie sagt.

solve-head = { $file }: Partie { $game } (Zeile { $line })
solve-not-solved = { $head }: nicht gelöst: { $why }
solve-at = Zeile { $line }:{ $col }: { $text }{ $why }
solve-breaks-rules = die Partie verstößt gegen die Regeln
solve-sos = der Löser kennt Tic-Tac-Toe, Ultimate und Strategisches Tic-Tac-Toe, nicht SOS
solve-unusable = die Partie lässt sich nicht aufstellen
solve-over-won = die Partie ist zu Ende: { $who } hat gewonnen; es gibt nichts zu lösen
solve-over-drawn = die Partie ist zu Ende: unentschieden; es gibt nichts zu lösen
solve-node-limit = nach { $nodes } Stellungen angehalten (die Grenze){ $proven ->
        [0] {""}
       *[other] , kein Gewinn in { $proven } Halbzügen bewiesen
    }; fragen Sie nach weniger Halbzügen
solve-plies = { $n } { $n ->
        [one] Halbzug
       *[other] Halbzügen
    }
solve-wins = { $who } am Zug gewinnt in { $plies }: { $moves }
solve-loses = { $who } am Zug verliert in { $plies }, was auch immer gespielt wird ({ $other } erzwingt den Gewinn)
solve-no-win = { $who } am Zug: kein erzwungener Gewinn für einen der beiden in { $plies }
solve-line = { $head }: { $what } ({ $nodes } Stellungen durchsucht)

## Was `check --fix` geändert hat und warum ein Fehler blieb, wie er ist.

fix-replaced = { $from } -> { $to } ({ $slip })
fix-exchanged = { $first } und { $second } vertauscht
fix-inserted = { $text } vor { $before } eingefügt
fix-inserted-shift = { $text } vor { $before } eingefügt, jeder spätere Zug einen Platz weiter
fix-deleted = { $text } gestrichen ({ $slip })
fix-deleted-shift = { $text } gestrichen ({ $slip }), jeder spätere Zug einen Platz zurück
fix-deleted-run = { $from } bis { $to } gestrichen ({ $slip })
kept-after-one = ein früherer Fehler dieser Partie blieb, wie er ist
kept-tied = die besten Vorschläge sind gleich gut: { $suggestions }
kept-against-claim = jeder Vorschlag widerspricht der Angabe der Partie: { $suggestion }
kept-not-legal = die gefundenen Vorschläge machen die Partie nicht regelgerecht
kept-would-contradict = die geänderte Partie widerspräche ihrer eigenen Angabe
kept-not-alone = die geänderte Partie ließ sich nicht für sich allein erneut prüfen
fix-change = Partie { $game }: { $what }
fix-again = Partie { $game }: { $verdict ->
        [legal] jetzt regelgerecht
        [wrong-claim] Züge jetzt regelgerecht, aber eine Angabe ist falsch
       *[illegal] weiterhin regelwidrig
    }
fix-held = Partie { $game }: unverändert gelassen: { $why }
fix-not-a-record = nicht geändert: keine Aufzeichnung
fix-nothing = { $why ->
        [unsure] kein Vorschlag ist sicher genug
        [none] kein Vorschlag
       *[nothing] nichts zu ändern
    }, keine Datei geschrieben
fix-would-write = würde { $name } mit { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    } schreiben (Probelauf, nichts geschrieben):
fix-wrote = { $name } mit { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    } geschrieben:
fix-fixed-name = { $name } (geändert)
fix-standard-output = Standardausgabe
fix-dry-run-too-large = --fix --dry-run zeigt die Änderungen von Aufzeichnungen bis { $mib } MiB; ohne --dry-run wird die korrigierte Aufzeichnung geschrieben

# Die Momente, die `check --annotate` findet.
moment-missed-win = Halbzug { $ply }, { $mover } { $played }: verpasste einen Gewinn in { $plies } { $plies ->
        [one] Halbzug
       *[other] Halbzügen
    } ({ $best } { $count ->
        [one] gewinnt
       *[other] gewinnen
    })
moment-allowed-loss = Halbzug { $ply }, { $mover } { $played }: ließ { $other } einen Gewinn in { $plies } { $plies ->
        [one] Halbzug
       *[other] Halbzügen
    } erzwingen ({ $best } { $count ->
        [one] gewinnt
       *[other] gewinnen
    })
moment-decided = Halbzug { $ply }, { $mover } { $played }: entschieden: { $forcing } erzwingt den Gewinn in { $plies } { $plies ->
        [one] Halbzug
       *[other] Halbzügen
    }

## Warum ein Foto (oder die Seite eines gescannten PDF) nicht als Bogen gelesen
## oder die Partie auf seinen Bögen nicht entschlüsselt wird.

read-photo-bytes = die Datei hat { $bytes } Bytes; ein Foto darf höchstens { $mib } MiB haben
read-not-an-image = dies ist kein JPEG- oder PNG-Bild (oder es ist beschädigt)
read-photo-too-large = das Bild hat { $width } × { $height } Pixel; ein Foto darf höchstens { $millions } Millionen Pixel haben
read-photo-too-small = das Bild hat { $width } × { $height } Pixel; ein Bogen braucht an der kürzeren Seite mindestens { $min } Pixel, um gelesen zu werden
read-photo-too-dark = das Foto ist zu dunkel zum Lesen (seine hellsten Stellen haben die Graustufe { $paper } von 255); fotografieren Sie bei mehr Licht
read-not-a-pdf = dieses PDF kann nicht gelesen werden (es ist beschädigt, verschlüsselt oder hat keine Seiten)
read-pdf-pages = das PDF hat { $pages } Seiten; lesen Sie höchstens { $limit } auf einmal
read-pdf-page-without-image = Seite { $page } des PDF enthält kein Foto und keinen Scan, nur Zeichnung (ein von paperboard als PDF gespeicherter Bogen ist so eine): drucken Sie ihn, spielen Sie darauf, dann fotografieren oder scannen Sie ihn
read-pdf-too-complex = dieses PDF wird nicht gelesen: es enthält mehr, als ein Scan enthält. Das PDF eines Scanners besteht fast nur aus Bildern; speichern Sie seine Seiten als JPEG- oder PNG-Bilder und lesen Sie diese
read-pdf-page-damaged = Seite { $page } des PDF ist beschädigt: ihr Bild kann nicht entschlüsselt werden
read-pdf-image-unsupported = Seite { $page } des PDF speichert ihr Bild in einer Form, die nicht gelesen wird ({ $filter }); scannen Sie als JPEG oder als Farb- oder Graupixel, oder speichern Sie die Seite als JPEG- oder PNG-Bild
read-no-code = auf dem Foto wurde kein Bogencode von paperboard gefunden; fotografieren Sie den ganzen Bogen, mit seinem Code (dem kleinen quadratischen Muster unten) scharf und im Bild
read-code-unreadable = der Bogen wurde gefunden, aber sein Code (das kleine quadratische Muster unten) konnte nicht gelesen werden; fotografieren Sie ihn noch einmal, senkrecht von oben und näher, mit dem Code scharf
read-foreign-code = das Foto enthält einen Code, der nicht der eines paperboard-Bogens ist: { $code }
read-two-sheets = das Foto zeigt zwei Bögen; fotografieren Sie einen Bogen nach dem anderen
read-no-mark = die { $corner ->
        [top-left] linke obere
        [top-right] rechte obere
        [bottom-left] linke untere
       *[bottom-right] rechte untere
    } Eckmarke des Bogens wurde nicht gefunden; fotografieren Sie den ganzen Bogen, alle vier schwarzen Eckquadrate im Bild
read-bad-marks = die gefundenen Eckmarken ergeben keinen Bogen; fotografieren Sie ihn flach und ganz
read-code-search-limit = das Foto enthält zu viele Muster wie die Eckquadrate eines Codes, um alle zu durchsuchen; fotografieren Sie einen Bogen, ohne andere Codes oder Muster im Bild
read-cancelled = das Lesen wurde vor seinem Ende angehalten
read-code-reader-failed = der Code des Bogens konnte auf diesem Foto nicht gelesen werden (der Codeleser ist daran gescheitert); fotografieren Sie noch einmal, mit dem Code scharf und ganz
read-unknown-sheet = der Code des Bogens { $code } nennt keinen Bogen, der gelesen werden kann
read-spec-needed = der Code des Bogens { $code } nennt einen Bogen, der nach einer eigenen Vorlage oder für ein Handout gedruckt wurde und den sein Code nur durch eine Prüfsumme nennt: geben Sie diese Vorlage oder die des Handouts mit --spec DATEI an
read-no-game-on-sheet = der Bogen { $code } hat keine Notationskästchen und kein Spielfeld eines Spiels der Tic-Tac-Toe-Familie zum Lesen
read-blank-sheet = auf dem Bogen steht nichts: seine Notationskästchen und sein Spielfeld sind leer
read-no-record = in der Notation des Bogens sind keine Züge notiert: eine strategische Partie wird aus ihrer Notation gelesen, da ihr Spielfeld die Reihenfolge der Züge nicht zeigt
read-missing-start = die Notation beginnt mit Zug { $start }: lesen Sie die Bögen mit den früheren Zügen der Partie zusammen mit ihm
read-unclear-start = die Notation beginnt mit Zug { $start }, und mehr als einer der gegebenen Bögen könnte die früheren Züge der Partie enthalten: lesen Sie ihn nur mit den früheren Bögen seiner eigenen Partie
read-not-a-game = was auf dem Bogen steht, ergibt keine Partie: { $flagged } von { $moves } Zügen sind unsicher; prüfen Sie, ob das Foto einen gespielten Bogen zeigt, scharf und ganz
read-too-many-sheets = { $pages } Seiten; eine Anfrage liest höchstens { $limit } Fotos oder Seiten, und { $left } waren übrig: senden Sie dieses PDF in einer eigenen Anfrage, oder lesen Sie es mit `paperboard read`
read-no-photo = die Anfrage enthält kein Foto: senden Sie ein JPEG- oder PNG-Foto eines gespielten Bogens oder ein PDF gescannter Bögen

## What is wrong with a value or a key of a sheet spec, a handout spec or a
## map file (the page's print tab, `maps show`). Keys, the words a key
## takes and what was written stay as the file writes them.

spec-this-value = dieser Wert
spec-must = { $key } muss { $accepts } sein
spec-must-not = { $key } muss { $accepts } sein, nicht { $written }
spec-must-not-list = { $key } muss { $accepts } sein, keine Liste mit { $n } Einträgen
spec-unknown-key-in = unbekannter Schlüssel `{ $field }` in `[{ $table }]`; erlaubte Schlüssel: { $names }
spec-unknown-key-in-empty = unbekannter Schlüssel `{ $field }` in `[{ $table }]`; diese Tabelle hat keine Schlüssel
spec-unknown-key = unbekannte Tabelle oder unbekannter Schlüssel `{ $field }`; erlaubte Schlüssel: { $names }
spec-missing = `{ $key }` fehlt; dafür gibt es keinen Standardwert
spec-twice = `{ $key }` steht zweimal da
spec-twice-at = `{ $key }` steht zweimal da: in Zeile { $line } und hier
spec-nested = Tabellen und Listen sind hier zu tief verschachtelt (höchstens { $count } Ebenen)
spec-key-parts = der Schlüssel `{ $key }` hat { $parts } Teile; ein Schlüssel darf höchstens { $max } haben
spec-refused = dieser Wert ist hier nicht möglich
spec-entries = `{ $key }` muss eine Liste mit { $want } Einträgen sein, nicht mit { $len }
spec-gap = `gap` muss zwischen 0 und 20 mm liegen oder "cell" sein, nicht { $written }
spec-digits = `digits` muss 3 (Strategisch: S T O) oder 2 (Ultimate: Brett, Feld) sein, nicht { $written }
spec-moves-per-row = `moves-per-row` muss eine gerade ganze Zahl von 2 bis 100 (jede Zeile beginnt mit X) oder "fit" sein, nicht { $written }
spec-too-light = `{ $colour }` ist für Schrift auf einer Fotokopie zu hell ({ $black } % Schwarz); Schrift braucht mindestens 60 % Schwarz, z. B. "#666666" oder dunkler
spec-size-order = `{ $lower }` ({ $lower-mm } mm) ist größer als `{ $upper }` ({ $upper-mm } mm) desselben Teils; `{ $lower }` darf höchstens `{ $upper }` sein
spec-choice = `{ $key }` muss { $choices } sein, nicht "{ $written }"
map-needs = { $kind ->
        [functional] eine funktionale Karte braucht `columns` (3 Listen mit je 9 Zahlen)
       *[hyperfunctional] eine hyperfunktionale Karte braucht `cells` (9 Tabellen mit je 9 Zeilen zu 9 Zahlen)
    }
map-not-kind = { $kind ->
        [functional] keine funktionale Karte
       *[hyperfunctional] keine hyperfunktionale Karte
    }
map-here = hier
map-unknown = unbekannte Karte `{ $map }`
map-help-invalid = eine funktionale Karte hat 3 Listen mit je 9 Zahlen, eine hyperfunktionale 9 Tabellen mit 9×9 Zahlen; jede Zahl ist ein strategisches Feld 1..9
map-help-unknown = eingebaute Karten: die Familienkarten map11 … map88 (map34 ist die Standardkarte; `paperboard maps family` listet sie), hmap1, hmap2; oder gib den Pfad einer .toml-Kartendatei an

## What a key accepts, inside spec-must.

accepts-text = ein Text in Anführungszeichen
accepts-bool = true oder false
accepts-list = eine Liste
accepts-table = eine Tabelle
accepts-char = ein Zeichen in Anführungszeichen
accepts-nothing = leer
accepts-any-whole = eine ganze Zahl
accepts-any-number = eine Zahl
accepts-range = { $whole ->
        [yes] eine ganze Zahl
       *[no] eine Zahl
    } von { $min } bis { $max }{ $unit ->
        [none] {""}
        [seconds] {" "}Sekunden
       *[other] {" "}{ $unit }
    }{ $fit ->
        [yes] {" "}oder "fit"
       *[no] {""}
    }
accepts-word = eines der Wörter, die dieser Schlüssel kennt (siehe Dokumentation)
accepts-list-of = eine Liste mit { $n } Werten
accepts-one-of = eines von { $words }
accepts-another-form = ein Wert anderer Gestalt (siehe die Dokumentation dieses Schlüssels)
accepts-board-size = Spalten x Zeilen, je { $min } bis { $max } (z. B. "8x8"), oder eine Zahl von { $min } bis { $max }
accepts-players = eine Spielerzahl von { $min } bis { $max } oder eine Liste mit { $min } bis { $max } Namen
accepts-colour = eine Farbe als "#rrggbb" oder "#rgb" (z. B. "#808080" für mittleres Grau)
accepts-pin = [x, y]: zwei Zahlen in mm von der oberen linken Ecke der Seite, je von 0 bis { $max }
accepts-texts = eine Liste mit 1 bis { $max } Texten in Anführungszeichen
accepts-documented = ein Wert, wie ihn die Dokumentation dieses Schlüssels beschreibt
accepts-strategic-cell = ein strategisches Feld von 1 bis 9
accepts-either = "{ $first }" oder "{ $second }"

## Why a sheet cannot be laid out.

layout-does-not-fit = das Blatt passt nicht auf die Seite: { $what }
layout-reaches = `{ $part }` reicht { $past }
layout-past = { $mm } mm über den { $side ->
        [top] oberen
        [right] rechten
        [bottom] unteren
       *[left] linken
    } Rand
layout-and = { $first } und { $second }
layout-minimum = `{ $part }` ist auf seine kleinste Zelle von { $mm } mm geschrumpft
layout-overlap = Teile überdecken sich: { $what }
layout-overlaps = `{ $first }` und `{ $second }` überdecken sich auf { $width } × { $height } mm
layout-text-missing = der Text „{ $text }“ von { $place } enthält { $chars }, die die Schriften nicht drucken können
layout-text-too-wide = der Text „{ $text }“ von { $place } passt nicht: bei 6 pt ist er { $width } mm breit und reicht noch { $into ->
        [edge] über den Rand seines Teils
        [line] in eine Linie seines Teils
       *[margin] über den Seitenrand
    }
layout-more = { $list } und { $count } weitere

## The lines `read` prints around each game's report.

read-cli-game = { $label }: { $moves } Züge, { $doubtful } zweifelhaft ({"{"}?{"}"})
read-cli-read-from = ; gelesen aus { $label }: { $moves } Züge, { $doubtful } zweifelhaft ({"{"}?{"}"})
read-cli-field = ; gelesen aus { $label }: keine Züge notiert; das Spielfeld, { $doubtful } zweifelhafte Zellen (?):
read-cli-total = ; { $given } Fotos oder Seiten: { $games } { $games ->
        [one] Spiel
       *[other] Spiele
    }, { $unread } nicht gelesen
read-cli-not-written = kein Spiel wurde gelesen, daher wurde { $name } nicht geschrieben

## Why the server refused a request as a whole (the page's `says`).

request-busy-uploads = der Server nimmt gerade so viele Uploads an, wie er auf einmal hält; versuche es nach { $secs } s erneut
request-busy-reading = der Server liest gerade andere Fotos; versuche es gleich noch einmal
request-busy-making = der Server erstellt gerade andere Dokumente; versuche es gleich noch einmal
request-stopping = der Server wird beendet; frage erneut, sobald er wieder läuft
request-failed = der Server ist an dieser Anfrage gescheitert (ein Fehler in paperboard; der Server läuft weiter)
request-too-large = die Anfrage ist größer als { $mib } MiB, das Höchstmaß für eine Anfrage
request-too-long = die Anfrage dauerte länger als { $most }, das Höchstmaß für eine Anfrage
request-too-many-games = mehr als { $most } Partien in einer Prüfung; größere Dateien prüft `paperboard check`
request-check-too-long = die Prüfung dauerte nach { $games } { $games ->
        [one] Partie
       *[other] Partien
    } länger als { $secs } s; größere Dateien prüft `paperboard check`
request-copies = { $copies } Spielblätter in einem Handout; die Seite erstellt höchstens { $most } auf einmal (die Befehlszeile bis zu 500)
request-pages = das Handout hat { $pages } Seiten; eine Anfrage erstellt höchstens { $most }
