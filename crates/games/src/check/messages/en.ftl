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

## Why a move is refused. Cells are written as the record writes them
## (5.3, 5.3.7, c3); $decided is the `Decided` option (open, free,
## closed); $depth the game's depth (one, two, three).

move-wrong-depth = a move in this game has { $expected } position(s) ({ $depth ->
        [one] O
        [two] T.O
       *[three] S.T.O
    }), this one has { $found }
move-after-end = the game is already over ({ $outcome }), no move may follow
move-occupied = cell { $cell } is already taken by { $by }
move-wrong-tactical-cell = must be played in tactical cell { $required }, which { $decided ->
        [open] still has empty cells
       *[other] is still undecided
    }
move-wrong-strategic-cell = tactical cell { $target } is { $decided ->
        [open] full
       *[other] decided
    }, so the move must be played in strategic cell { $strategic }, in a tactical cell { $decided ->
        [closed] that is still undecided
       *[other] that still has empty cells
    }
move-closed-tactical-cell = tactical cell { $cell } is { $decided ->
        [closed] { $depth ->
            [three] closed (decided, or in a decided strategic cell)
           *[other] closed (decided)
        }
       *[other] full
    }; the move may go in any tactical cell { $decided ->
        [closed] that is still undecided
       *[other] that still has empty cells
    }
move-no-return = no-return: this move sends { $opponent } back to tactical cell { $cell }, where { $opponent } must then play ({ $opponent }'s last move was there), while other moves (e.g. { $example }) do not
move-no-return-strategic = no-return: this move sends { $opponent } back to strategic cell { $cell }, where { $opponent } must then play ({ $opponent }'s last move was there), while other moves (e.g. { $example }) do not
sos-off-board = cell { $cell } is off the { $size } board
sos-occupied = cell { $cell } already holds { $letter }
after-end-and-more = { $first }; this and the { $count } moves after it are all after the end

## The players, the numbers and text that is no move.

player-written-as-other = written as { $written }'s move, but it is { $turn }'s turn
player-unknown = unknown player `{ $who }`: the players are { $players }
number-mistyped = move number `{ $written }` is read as `{ $read }`
number-wrong-in-pairs = move number `{ $written }` does not match: this is move { $number } for { $who }, numbered { $expected } (a skipped or doubled line?)
number-wrong-single = move number `{ $written }` does not match: this is move { $number } of the game (a skipped or doubled line?)
number-bare = `{ $n }` is read as the move number `{ $n }.`: the numbers around it show no move is missing here
not-counted = { $reason }; it is not counted as a move: the numbers around it show no move is missing here
sos-move-in-ttt = this is an SOS move; a move in this game is written { $depth ->
        [one] as one position 1..9, such as 5
        [two] T.O, such as 5.3
       *[three] S.T.O, such as 5.3.7
    }
ttt-move-in-sos = this is a tic-tac-toe move; an SOS move is a cell and a letter, such as c3S

## How a game ended, inside a sentence (with result-won and result-shared).

ended-drawn = drawn{ $how }
ended-unfinished = unfinished
ended-unfinished-stopped = unfinished ({ $termination ->
        [resignation] resignation
        [agreement] agreement
        [time] time
       *[abandoned] abandoned
    })

## What a game is: its game, ruleset and map, and its rules.

what-tic-tac-toe = tic-tac-toe
what-ultimate = ultimate
what-strategic-tactical = strategic, tactical
what-strategic-functional = strategic, functional { $map }
what-strategic-hyperfunctional = strategic, hyperfunctional { $map }
what-sos = SOS { $size }, { $variant ->
        [simple] simple
       *[general] general
    }, { $players } players
what-unknown = unknown game
rules-authors = authors' rules
rules-common = common rules
rules-draws = draws { $draws ->
        [both] both
       *[none] none
    }
rules-decided = decided { $decided ->
        [open] open
        [free] free
       *[closed] closed
    }
rules-no-return = no-return { $no_return ->
        [yes] yes
       *[tactical] tactical
    }

## A game's report: its head line, its scores, what was left out.

game-head = game { $game } (line { $line }, { $what }), { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }: { $verdict }
verdict-legal = legal
verdict-illegal = ILLEGAL
verdict-wrong-claim = legal moves, WRONG CLAIM
verdict-unreadable-claim = legal moves, UNREADABLE CLAIM
verdict-unusable = CANNOT BE CHECKED
no-result = no result (an error comes before the end of the game)
claim = claimed { $tag } "{ $claimed }" { $verdict ->
        [right] right
        [wrong] wrong
        [unjudged] cannot be judged
       *[unreadable] unreadable
    }
scores = score: { $scores }
sos-by = SOS by { $player }: { $lines }
more-errors = game { $game }: and { $count } more { $count ->
        [one] error
       *[other] errors
    } (--max-errors shows more)
more-warnings = game { $game }: and { $count } more { $count ->
        [one] warning
       *[other] warnings
    }
at-move = move { $n } ({ $p }) { $text }
at-move-number = move { $n } { $text }
warning = warning: { $what }
not-a-record = not a record: { $why }

## The summary line after all games.

summary = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } checked: { $legal } legal, { $illegal } illegal, { $wrong } with a wrong claim
summary-unreadable-claim = , { $count } with an unreadable claim
summary-unusable = , { $count } that cannot be checked
summary-not-records = ; { $count } file(s) not a record
summary-unread = ; { $count } file(s) could not be read

## What `check --fix` did, and why it left an error as written.

fix-replaced = { $from } -> { $to } ({ $slip })
fix-exchanged = { $first } and { $second } exchanged
fix-inserted = inserted { $text } before { $before }
fix-inserted-shift = inserted { $text } before { $before }, each later move one place on
fix-deleted = deleted { $text } ({ $slip })
fix-deleted-shift = deleted { $text } ({ $slip }), each later move one place back
fix-deleted-run = deleted { $from } to { $to } ({ $slip })
kept-after-one = an earlier error of this game was left as written
kept-tied = the best suggestions are equally good: { $suggestions }
kept-against-claim = every suggestion contradicts the game's claim: { $suggestion }
kept-not-legal = the suggestions found do not make the game legal
kept-would-contradict = the fixed game would contradict its own claim
kept-not-alone = the fixed game could not be checked again on its own
fix-change = game { $game }: { $what }
fix-again = game { $game }: { $verdict ->
        [legal] now legal
        [wrong-claim] legal moves now, but a claim is wrong
       *[illegal] still illegal
    }
fix-held = game { $game }: left as written: { $why }
fix-not-a-record = not fixed: not a record
fix-nothing = { $why ->
        [unsure] no suggestion is sure enough to apply
        [none] no suggestion to apply
       *[nothing] nothing to fix
    }, no file written
fix-would-write = would write { $name } with { $count ->
        [one] { $count } change
       *[other] { $count } changes
    } (dry run, nothing written):
fix-wrote = wrote { $name } with { $count ->
        [one] { $count } change
       *[other] { $count } changes
    }:
fix-fixed-name = { $name } (fixed)
fix-standard-output = standard output

# The moments `check --annotate` finds.
moment-missed-win = ply { $ply }, { $mover } { $played }: missed a win within { $plies } { $plies ->
        [one] ply
       *[other] plies
    } ({ $best } { $count ->
        [one] wins
       *[other] win
    })
moment-allowed-loss = ply { $ply }, { $mover } { $played }: allowed { $other } to force a win within { $plies } { $plies ->
        [one] ply
       *[other] plies
    } ({ $best } { $count ->
        [one] wins
       *[other] win
    })
moment-decided = ply { $ply }, { $mover } { $played }: decided: { $forcing } forces the win within { $plies } { $plies ->
        [one] ply
       *[other] plies
    }
