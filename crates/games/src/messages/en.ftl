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
numbered = `{ $text }`{ $none ->
        [yes] {" "}or none
       *[no] {""}
    }
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

## What the record reader says of text it cannot read. Tags and words a
## record writes ([Game "strategic"], 5.3.7, c3S) stay as written.

syntax-too-many-tags = a game holds at most { $count } tags; the rest are not read
syntax-too-many-moves = a game holds at most { $count } moves; the moves from here on are not read
syntax-long-line = this line is longer than { $count } KiB; a record line holds one tag or some moves
syntax-not-utf8 = expected UTF-8 text (a record is a plain UTF-8 text file)
syntax-moves-before-tags = expected the game's tags, such as [Game "strategic"], before the moves
syntax-unquoted-value = expected a quoted value after the tag name `{ $name }`, as in [{ $name } "…"]
syntax-unclosed-tag = expected `]` to close tag `{ $name }`
syntax-long-tag-name = expected a tag name of at most { $count } characters
syntax-no-tag-name = expected a tag name after `[`, as in [Game "strategic"]
syntax-unclosed-value = expected `"` to close the value of tag `{ $name }` on its line
syntax-control-in-value = the value of tag `{ $name }` holds the control character U+{ $code }; a tag value is plain text
syntax-long-value = the value of tag `{ $name }` is longer than { $count } characters
syntax-bracket-in-moves = unexpected `{ $bracket }`: a tag [Name "value"] must stand on its own line, before the moves
syntax-after-tag = expected the end of the line after a tag (one tag per line; moves start on their own line)
syntax-unclosed-comment = expected `{"}"}` to close this comment before the end of the file
not-a-move = expected a move
not-a-move-shape = expected a move: positions such as 5.3.7 (tic-tac-toe family) or a cell and letter such as c3S (SOS)
not-a-move-too-many-positions = a move has at most 3 positions (S.T.O)
not-a-move-zero = each position is a digit 1..9; 0 is not a position
not-a-move-separator = expected positions 1..9 separated by `.`, `-`, `/` or nothing, such as 5.3.7
not-a-move-after-separator = expected a position 1..9 after the separator
not-a-move-sos = expected an SOS move: a cell and a letter, such as c3S, c3=S or S@c3

## Tags that make a game impossible to check. The tag as written and the
## words a tag takes ("both", "none", sos, map34) stay as records write them.

setup-no-game = expected a [Game "…"] tag: sos, tictactoe, ultimate or strategic
setup-no-size = expected a [Size "WxH"] tag for SOS, e.g. [Size "5x5"]
setup-did-you-mean = did you mean "{ $name }"?{" "}
setup-unknown-game = unknown game "{ $written }": { $hint }expected sos, tictactoe, ultimate or strategic
setup-unknown-ruleset = unknown ruleset "{ $written }": { $hint }expected tactical, functional or hyperfunctional
setup-expected = expected { $choices }
one-of = { $first } or { $last }
setup-decided-twice = { $tag } means [Decided "{ $old }"], but the game also has [Decided "{ $new }"]: keep one of the two
setup-map-folder = a record names a map by its name only (no folders): a built-in map or a map file given with --map-file or --maps-dir
setup-unknown-map = unknown map `{ $map }`: not a built-in map (map11 … map88, map34 the standard; hmap1, hmap2) and not a map file given with --map-file or --maps-dir
setup-size-form = expected WxH such as "5x5", or one number for a square board
setup-sos-size = an SOS board is { $min } to { $max } cells each way, not { $size }
setup-sos-players = SOS is for { $min } to { $max } players, not { $count }

## Claims that are wrong or cannot be read. $termination is the tag's
## word (resignation, agreement, time, abandoned).

claim-result-unreadable = cannot read the claimed result: expected a player ({ $players }){ $shared ->
        [yes] , players joined by + for a shared win (A+C)
       *[no] {""}
    }, "draw" or "*"
claim-termination-unreadable = cannot read the claimed termination: expected "resignation", "agreement", "time" or "abandoned"
claim-termination-without-result = a Termination needs a Result saying how the game ended: [Result "X"] for the winner, "draw", or "*" for none
claim-score-unreadable = cannot read `{ $entry }` in the claimed score: expected entries such as "A 3, B 1"
claim-result-wrong = the claimed result is wrong: the record claims { $claimed }, but the replay gives { $actual }{ $tie ->
        [yes] {" "}(when every player has the top score the game is a draw)
       *[no] {""}
    }
claim-termination-wrong = the claimed termination is wrong: the record says the game stopped before its end ({ $termination }), but the replay plays it to the end: { $actual }
claim-score-wrong = the claimed score is wrong: { $wrong }
claim-scored = { $who } scored { $scored }, not { $claimed }
claim-and = { $first } and { $second }
claim-shared = { $who } shared the win
claim-draw = a draw
claim-unfinished = an unfinished game

## A file that is no record or could not be read.

file-no-game = expected a game: tags such as [Game "strategic"], then the moves
file-not-found = no such file
file-unreadable = cannot read the file: { $why }
file-not-a-file = { $kind ->
        [folder] a folder
        [fifo] a FIFO (named pipe)
        [socket] a socket
        [device] a device
        [file] a file, not a folder
       *[other] not a regular file
    }, not a regular file; paperboard reads inputs only from files
file-too-large = larger than { $limit }, the limit for this kind of file
file-not-utf8 = { $line }:{ $col }: expected UTF-8 text
file-outside = outside { $folder }

## Why the operating system would not read or write a file; a kind not
## worded here is said in the system's own words ($said).

io-reason = { $kind ->
        [permission-denied] permission denied
        [not-found] no such file or folder
        [storage-full] the disk is full
        [quota-exceeded] the disk quota is used up
        [read-only] the file system is read-only
        [is-a-folder] it is a folder
        [not-a-folder] a folder on the way is a file
        [file-too-large] the file is larger than the file system takes
        [invalid-name] the name is not allowed here
        [crosses-devices] it is on another file system
        [timed-out] the device did not answer in time
        [refused] the operating system refused
       *[other] { $said }
    }

## A map file a record names that cannot be used: where it is wrong, never
## what it holds; and a map of the other kind than the ruleset needs.

map-unusable = the map file { $path } cannot be used ({ $why }); `paperboard maps show { $path }` says why
map-not-a-file = it is { $kind ->
        [folder] a folder
        [fifo] a FIFO (named pipe)
        [socket] a socket
        [device] a device
        [file] a file, not a folder
       *[other] not a regular file
    }
map-too-large = it is larger than { $limit }
map-not-utf8 = not UTF-8 text at line { $line }, column { $col }
map-unreadable = it cannot be read
map-at = at line { $line }, column { $col }
map-kind = it is a { $is } map, but a { $needed } map is needed
map-not-a-map = it is not a map file
map-wrong-kind = `{ $map }` is a { $is } map, but a { $needed } map is needed here

## The summary line after all games.

summary = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } checked: { $legal } legal, { $illegal } illegal, { $wrong } with a wrong claim
summary-unreadable-claim = , { $count } with an unreadable claim
summary-unusable = , { $count } that cannot be checked
summary-not-records = ; { $count } file(s) not a record
summary-unread = ; { $count } file(s) could not be read


## What `solve` says of each game.

solve-head = { $file }: game { $game } (line { $line })
solve-not-solved = { $head }: not solved: { $why }
solve-at = line { $line }:{ $col }: { $text }{ $why }
solve-breaks-rules = the game breaks the rules
solve-sos = the solver knows tic-tac-toe, Ultimate and Strategic, not SOS
solve-unusable = the game cannot be set up
solve-over-won = the game is over: { $who } won; there is nothing to solve
solve-over-drawn = the game is over: drawn; there is nothing to solve
solve-node-limit = stopped after { $nodes } positions (the limit) { $proven ->
        [0] {""}
       *[other] with no win within { $proven } plies proven{" "}
    }; ask for fewer plies
solve-plies = { $n } { $n ->
        [one] ply
       *[other] plies
    }
solve-wins = { $who } to move wins within { $plies }: { $moves }
solve-loses = { $who } to move loses within { $plies } whatever it plays ({ $other } forces the win)
solve-no-win = { $who } to move: no forced win for either player within { $plies }
solve-line = { $head }: { $what } ({ $nodes } positions searched)

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
fix-dry-run-too-large = --fix --dry-run shows the changes of records of at most { $mib } MiB; leave out --dry-run to write the fixed record

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

## Why a photo (or a scanned PDF's page) is not read as a sheet, or the game
## on its sheets not decoded: what `read` says, and the page's reading route.

read-photo-bytes = the file has { $bytes } bytes; a photo may have at most { $mib } MiB
read-not-an-image = this is not a JPEG or PNG image (or it is damaged)
read-photo-too-large = the image is { $width } × { $height } pixels; a photo may have at most { $millions } million pixels
read-photo-too-small = the image is { $width } × { $height } pixels; a sheet needs at least { $min } pixels on the shorter side to be read
read-photo-too-dark = the photo is too dark to read (its brightest parts are grey level { $paper } of 255); take it in more light
read-not-a-pdf = this PDF cannot be read (it is damaged, encrypted or has no pages)
read-pdf-pages = the PDF has { $pages } pages; read at most { $limit } at a time
read-pdf-page-without-image = page { $page } of the PDF holds no photo or scan, only drawing (a sheet saved as PDF by paperboard is one): print it, play on it, then photograph or scan it
read-pdf-too-complex = this PDF is not read: { $what }. A scanner's PDF is almost all pictures; save its pages as JPEG or PNG images and read those
read-pdf-page-damaged = page { $page } of the PDF is damaged: its picture cannot be decoded
read-pdf-image-unsupported = page { $page } of the PDF holds its picture in a form that is not read ({ $filter }); scan it as JPEG or as colour or grey pixels, or save the page as a JPEG or PNG image
read-no-code = no paperboard sheet code was found in the photo; photograph the whole sheet, with its code (the small square pattern at the bottom) sharp and in the picture
read-code-unreadable = the sheet was found, but its code (the small square pattern at the bottom) could not be read; take the photo again from straight above the sheet and closer, with the code sharp
read-foreign-code = the photo holds a code that is not a paperboard sheet's: { $code }
read-two-sheets = the photo holds two sheets; photograph one sheet at a time
read-no-mark = the sheet's { $corner } alignment mark was not found; photograph the whole sheet, all four black corner squares in the picture
read-bad-marks = the alignment marks found do not form a sheet; photograph it flat and whole
read-code-search-limit = the photo holds too many patterns like the corner squares of a code to search them all; photograph one sheet, with no other codes or patterns in the picture
read-cancelled = the reading was stopped before it finished
read-code-reader-failed = the sheet's code could not be read from this photo (the code reader failed on it); take the photo again, with the code sharp and whole
read-unknown-sheet = the sheet's code { $code } names no sheet that can be read: { $reason }
read-spec-needed = the sheet's code { $code } names a sheet printed from a spec of its own or by a handout, which its code names only by a hash: give that spec, or the handout's spec, with --spec FILE
read-no-game-on-sheet = the sheet { $code } has no record boxes or field of a tic-tac-toe family game to read
read-blank-sheet = nothing is written on the sheet: its record boxes and field are empty
read-no-record = no moves are written in the sheet's record: a Strategic game is read from its record, since its field does not show the order of the moves
read-missing-start = the record starts at move { $start }: read the sheets with the game's earlier moves together with it
read-unclear-start = the record starts at move { $start }, and more than one of the sheets given could hold the game's earlier moves: read it together with only its own game's earlier sheets
read-not-a-game = what is written on the sheet does not read as a game: { $flagged } of { $moves } moves are doubtful; check that the photo shows a played sheet, sharp and whole
read-too-many-sheets = { $pages } pages; one request reads at most { $limit } photos or pages, and { $left } were left: send this PDF in a request of its own, or read it with `paperboard read`
read-no-photo = the request holds no photo: send a JPEG or PNG photo of a played sheet, or a PDF of scanned sheets, as the body

## What is wrong with a value or a key of a sheet spec, a handout spec or a
## map file (the page's print tab, `maps show`). Keys, the words a key
## takes and what was written stay as the file writes them.

spec-this-value = this value
spec-must = { $key } must be { $accepts }
spec-must-not = { $key } must be { $accepts }, not { $written }
spec-must-not-list = { $key } must be { $accepts }, not a list of { $n }
spec-unknown-key-in = unknown key `{ $field }` in `[{ $table }]`; accepted keys: { $names }
spec-unknown-key-in-empty = unknown key `{ $field }` in `[{ $table }]`; this table takes no keys
spec-unknown-key = unknown table or key `{ $field }`; accepted keys: { $names }
spec-missing = `{ $key }` is missing; it has no default
spec-twice = `{ $key }` is written twice
spec-twice-at = `{ $key }` is written twice: on line { $line } and here
spec-nested = tables and lists are nested too deeply here (at most { $count } levels)
spec-key-parts = the key `{ $key }` has { $parts } parts; a key may have at most { $max }
spec-refused = this value cannot be used here
spec-entries = `{ $key }` must be a list of { $want } entries, not of { $len }
spec-gap = `gap` must be between 0 and 20 mm or "cell", got { $written }
spec-digits = `digits` must be 3 (Strategic: S T O) or 2 (Ultimate: board, square), got { $written }
spec-moves-per-row = `moves-per-row` must be an even whole number 2..100 (every row starts with X) or "fit", got { $written }
spec-too-light = `{ $colour }` is too light for text on a photocopy ({ $black } % black); text needs at least 60 % black, e.g. "#666666" or darker
spec-size-order = `{ $lower }` ({ $lower-mm } mm) is larger than `{ $upper }` ({ $upper-mm } mm) of the same part; `{ $lower }` must be at most `{ $upper }`
spec-choice = `{ $key }` must be { $choices }, got "{ $written }"
map-needs = { $kind ->
        [functional] a functional map needs `columns` (3 lists of 9 numbers)
       *[hyperfunctional] a hyperfunctional map needs `cells` (9 tables of 9 rows of 9 numbers)
    }
map-not-kind = { $kind ->
        [functional] not a functional map
       *[hyperfunctional] not a hyperfunctional map
    }
map-here = here
map-unknown = unknown map `{ $map }`
map-help-invalid = a functional map has 3 lists of 9 numbers, a hyperfunctional map 9 tables of 9×9 numbers; every number is a strategic cell 1..9
map-help-unknown = built-in maps: the family maps map11 … map88 (map34 is the standard; `paperboard maps family` lists them), hmap1, hmap2; or give the path of a .toml map file

## What a key accepts, inside spec-must.

accepts-text = text in quotes
accepts-bool = true or false
accepts-list = a list
accepts-table = a table
accepts-char = one character in quotes
accepts-nothing = nothing
accepts-any-whole = a whole number
accepts-any-number = a number
accepts-range = { $whole ->
        [yes] a whole number
       *[no] a number
    }{ $unit ->
        [none] {""}
       *[other] {" "}of { $unit }
    } from { $min } to { $max }{ $fit ->
        [yes] {" "}or "fit"
       *[no] {""}
    }
accepts-word = one of the words this key accepts (see the documentation)
accepts-list-of = a list of { $n } values
accepts-one-of = one of { $words }
accepts-another-form = a value of another form (see the documentation of this key)
accepts-board-size = columns x rows, each { $min } to { $max } (e.g. "8x8"), or one number from { $min } to { $max }
accepts-players = a number of players from { $min } to { $max }, or a list of { $min } to { $max } names
accepts-colour = a colour written "#rrggbb" or "#rgb" (e.g. "#808080" for mid grey)
accepts-pin = [x, y]: two numbers of mm from the page's top-left corner, each from 0 to { $max }
accepts-texts = a list of 1 to { $max } texts in quotes
accepts-documented = a value as the documentation of this key describes
accepts-strategic-cell = a strategic cell from 1 to 9
accepts-either = "{ $first }" or "{ $second }"

## Why a sheet cannot be laid out.

layout-does-not-fit = the layout does not fit the page: { $what }
layout-reaches = `{ $part }` reaches { $past }
layout-past = { $mm } mm past the { $side ->
        [top] top
        [right] right
        [bottom] bottom
       *[left] left
    } margin
layout-and = { $first } and { $second }
layout-minimum = `{ $part }` has shrunk to its minimum cell of { $mm } mm
layout-overlap = parts overlap: { $what }
layout-overlaps = `{ $first }` and `{ $second }` overlap by { $width } × { $height } mm
layout-text-missing = the text "{ $text }" of { $place } holds { $chars }, which the fonts cannot print
layout-text-too-wide = the text "{ $text }" of { $place } does not fit: at 6 pt it is { $width } mm wide and still runs into { $into ->
        [edge] the edge of its part
        [line] a line of its part
       *[margin] the page's margin
    }
layout-more = { $list } and { $count } more

## The lines `read` prints around each game's report.

read-cli-game = { $label }: { $moves } moves, { $doubtful } doubtful ({"{"}?{"}"})
read-cli-read-from = ; read from { $label }: { $moves } moves, { $doubtful } doubtful ({"{"}?{"}"})
read-cli-field = ; read from { $label }: no moves written; the field, { $doubtful } doubtful cells (?):
read-cli-total = ; { $given } photos or pages: { $games } { $games ->
        [one] game
       *[other] games
    }, { $unread } not read
read-cli-not-written = no game was read, so { $name } was not written

## Why the server refused a request as a whole (the page's `says`).

request-busy-uploads = the server is receiving as many uploads as it holds at once; try again in { $secs } s
request-busy-reading = the server is busy reading other photos; try again in a moment
request-busy-making = the server is busy making other documents; try again in a moment
request-stopping = the server is stopping; ask again once it is started again
request-failed = the server failed on this request (a bug in paperboard; the server goes on serving)
request-too-large = the request is larger than { $mib } MiB, the most one request may send
request-too-long = the request took longer than { $most }, the most one request may take
request-too-many-games = more than { $most } games in one check; check larger files with `paperboard check`
request-check-too-long = checking took longer than { $secs } s after { $games } games; check larger files with `paperboard check`
request-copies = { $copies } game sheets in one handout; the page makes at most { $most } at once (the command line up to 500)
request-pages = the handout has { $pages } pages; one request makes at most { $most }
