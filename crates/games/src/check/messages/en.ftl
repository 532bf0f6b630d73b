# The checker's words in English: the text `check` has always written,
# byte for byte (scripts and tests read it). The other catalogues have the
# same messages; a test holds them to it.

## A suggestion under an error: "did you mean" and the alternatives.

suggestion-first = did you mean { $suggestion }
suggestion-other = or { $suggestion }
# What the edit does, then how much of the record is then legal, then the
# game's result and its claim.
suggestion = { $edit }? { $evidence }{ $outcome }

## The edits. A move the edit names is "move N (P) TEXT"; "-here" is the
## move the error is reported at.

edit-replace-here = { $text } ({ $slip })
edit-replace = { $text } for move { $n } ({ $p }) { $m } ({ $slip })
edit-swap = move { $n } ({ $p }) { $m } and move { $wn } ({ $wp }) { $wm } the other way round ({ $slip })
edit-swap-here = this move and move { $wn } ({ $wp }) { $wm } the other way round ({ $slip })
edit-insert-shift = a move { $text } left out before move { $n } ({ $p }) { $m }, each later move one place on
edit-insert-shift-here = a move { $text } left out before this move, each later move one place on
edit-insert = a move { $text } left out before move { $n } ({ $p }) { $m }
edit-insert-here = a move { $text } left out before this move
edit-delete-more = move { $n } ({ $p }) { $m } and the { $more ->
        [one] 1 move
       *[other] { $more } moves
    } after it deleted ({ $slip })
edit-delete-more-here = this move and the { $more ->
        [one] 1 move
       *[other] { $more } moves
    } after it deleted ({ $slip })
edit-delete-shift = move { $n } ({ $p }) { $m } deleted ({ $slip }), each later move one place back
edit-delete-shift-here = this move deleted ({ $slip }), each later move one place back
edit-delete = move { $n } ({ $p }) { $m } deleted ({ $slip })
edit-delete-here = this move deleted ({ $slip })

## The slips an edit undoes.

slip-neighbouring-key = one digit, a neighbouring key
slip-one-digit = one digit
slip-digits-swapped = digits swapped
slip-digit-left-out = a digit left out
slip-extra-digit = a digit too many
slip-separator = a separator mistyped
slip-other-letter = the other letter
slip-nearby-cell = a nearby cell
slip-moves-exchanged = moves exchanged
slip-rows-exchanged = rows of one column exchanged
slip-move-left-out = a move left out
slip-move-written-twice = a move written twice
slip-extra-move = an extra move
slip-after-end = written after the end of the game

## How much of the record is legal after the edit.

evidence-to-end = { $count ->
        [0] then the record is legal to its end
        [1] then the 1 remaining move is legal
       *[other] then all { $count } remaining moves are legal
    }
evidence-more = { $count ->
        [0] but the next move is still illegal
        [1] then 1 more move is legal
       *[other] then { $count } more moves are legal
    }

## The result after the edit, against the game's claim.

outcome-as-claimed = {" "}and { $result }, as claimed
outcome-against-claim = , but { $result }, against the game's claim
outcome = {" "}and { $result }

## A result inside a sentence.

result-won = { $who } won{ $how }
result-shared = { $who } share the win{ $how }
result-drawn = the game is drawn
result-unfinished = the game is unfinished
how-resignation = {" "}by resignation
how-agreement = {" "}by agreement
how-time = {" "}on time
how-abandoned = {" "}(game abandoned)
