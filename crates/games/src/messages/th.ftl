# คำของตัวตรวจเป็นภาษาไทย ข้อความชุดเดียวกับ en.ftl

## คำแนะนำใต้ข้อผิดพลาด

suggestion-first = หมายถึง { $suggestion }
suggestion-other = หรือ { $suggestion }
suggestion = { $edit }? { $evidence }{ $outcome }

## การแก้ไข "-here" คือตาที่รายงานข้อผิดพลาด

edit-replace-here = { $text } ({ $slip })
edit-replace = { $text } แทนตาที่ { $n } ({ $p }) { $m } ({ $slip })
edit-swap = ตาที่ { $n } ({ $p }) { $m } และตาที่ { $wn } ({ $wp }) { $wm } สลับกัน ({ $slip })
edit-swap-here = ตานี้และตาที่ { $wn } ({ $wp }) { $wm } สลับกัน ({ $slip })
edit-insert-shift = ขาดตา { $text } ก่อนตาที่ { $n } ({ $p }) { $m } ตาต่อ ๆ ไปเลื่อนไปหนึ่งตำแหน่ง
edit-insert-shift-here = ขาดตา { $text } ก่อนตานี้ ตาต่อ ๆ ไปเลื่อนไปหนึ่งตำแหน่ง
edit-insert = ขาดตา { $text } ก่อนตาที่ { $n } ({ $p }) { $m }
edit-insert-here = ขาดตา { $text } ก่อนตานี้
edit-delete-more = ลบตาที่ { $n } ({ $p }) { $m } และอีก { $more } ตาหลังจากนั้น ({ $slip })
edit-delete-more-here = ลบตานี้และอีก { $more } ตาหลังจากนั้น ({ $slip })
edit-delete-shift = ลบตาที่ { $n } ({ $p }) { $m } ({ $slip }) ตาต่อ ๆ ไปถอยกลับหนึ่งตำแหน่ง
edit-delete-shift-here = ลบตานี้ ({ $slip }) ตาต่อ ๆ ไปถอยกลับหนึ่งตำแหน่ง
edit-delete = ลบตาที่ { $n } ({ $p }) { $m } ({ $slip })
edit-delete-here = ลบตานี้ ({ $slip })

## ความผิดพลาดที่การแก้ไขแก้คืน

slip-neighbouring-key = ตัวเลขหนึ่งตัว ปุ่มข้างเคียง
slip-one-digit = ตัวเลขหนึ่งตัว
slip-digits-swapped = ตัวเลขสลับกัน
slip-digit-left-out = ขาดตัวเลขหนึ่งตัว
slip-extra-digit = ตัวเลขเกินหนึ่งตัว
slip-separator = พิมพ์ตัวคั่นผิด
slip-other-letter = อีกตัวอักษรหนึ่ง
slip-nearby-cell = ช่องใกล้เคียง
slip-moves-exchanged = ตาเดินสลับกัน
slip-rows-exchanged = แถวในคอลัมน์เดียวกันสลับกัน
slip-move-left-out = ขาดไปหนึ่งตา
slip-move-written-twice = จดตาเดียวกันสองครั้ง
slip-extra-move = ตาเกินมา
slip-after-end = จดหลังเกมจบแล้ว

## บันทึกถูกกติกาแค่ไหนหลังแก้ไข

evidence-to-end = { $count ->
        [0] แล้วบันทึกถูกกติกาจนจบ
       *[other] แล้วตาที่เหลือทั้ง { $count } ตาถูกกติกา
    }
evidence-more = { $count ->
        [0] แต่ตาถัดไปยังผิดกติกา
       *[other] แล้วถูกกติกาอีก { $count } ตา
    }

## ผลหลังแก้ไข เทียบกับที่เกมอ้าง

outcome-as-claimed = {" "}และ { $result } ตามที่อ้าง
outcome-against-claim = {" "}แต่ { $result } ขัดกับที่เกมอ้าง
outcome = {" "}และ { $result }

## ผลของเกมในประโยค

result-won = { $who } ชนะ{ $how }
result-shared = { $who } ชนะร่วมกัน{ $how }
result-drawn = เกมเสมอ
result-unfinished = เกมยังไม่จบ
how-resignation = {" "}โดยการยอมแพ้
how-agreement = {" "}โดยการตกลงกัน
how-time = {" "}เพราะหมดเวลา
how-abandoned = {" "}(เลิกเล่นกลางคัน)

## ทำไมการเดินจึงผิดกติกา $decided: open, free, closed;
## $depth: one, two, three

move-wrong-depth = การเดินในเกมนี้มี { $expected } ตำแหน่ง ({ $depth ->
        [one] O
        [two] T.O
       *[three] S.T.O
    }) แต่การเดินนี้มี { $found }
move-after-end = เกมจบแล้ว ({ $outcome }) เดินต่อไม่ได้
move-occupied = ช่อง { $cell } มี { $by } อยู่แล้ว
move-wrong-tactical-cell = ต้องเล่นในช่องยุทธวิธี { $required } ซึ่ง{ $decided ->
        [open] ยังมีช่องว่าง
       *[other] ยังไม่ได้ผล
    }
move-wrong-strategic-cell = ช่องยุทธวิธี { $target } { $decided ->
        [open] เต็มแล้ว
       *[other] ได้ผลแล้ว
    } จึงต้องเล่นในช่องกลยุทธ์ { $strategic } ในช่องยุทธวิธีที่{ $decided ->
        [closed] ยังไม่ได้ผล
       *[other] ยังมีช่องว่าง
    }
move-closed-tactical-cell = ช่องยุทธวิธี { $cell } { $decided ->
        [closed] { $depth ->
            [three] ถูกปิด (ได้ผลแล้ว หรืออยู่ในช่องกลยุทธ์ที่ได้ผลแล้ว)
           *[other] ถูกปิด (ได้ผลแล้ว)
        }
       *[other] เต็มแล้ว
    } การเดินนี้ไปได้ทุกช่องยุทธวิธีที่{ $decided ->
        [closed] ยังไม่ได้ผล
       *[other] ยังมีช่องว่าง
    }
move-no-return = ห้ามส่งกลับ: การเดินนี้ส่ง { $opponent } กลับไปที่ช่องยุทธวิธี { $cell } ซึ่ง { $opponent } ต้องเล่นต่อ (การเดินล่าสุดของ { $opponent } อยู่ที่นั่น) ขณะที่การเดินอื่น (เช่น { $example }) ไม่ส่งกลับ
move-no-return-strategic = ห้ามส่งกลับ: การเดินนี้ส่ง { $opponent } กลับไปที่ช่องกลยุทธ์ { $cell } ซึ่ง { $opponent } ต้องเล่นต่อ (การเดินล่าสุดของ { $opponent } อยู่ที่นั่น) ขณะที่การเดินอื่น (เช่น { $example }) ไม่ส่งกลับ
sos-off-board = ช่อง { $cell } อยู่นอกกระดาน { $size }
sos-occupied = ช่อง { $cell } มีตัว { $letter } อยู่แล้ว
after-end-and-more = { $first } การเดินนี้และอีก { $count } การเดินหลังจากนั้นล้วนอยู่หลังเกมจบ

## ผู้เล่น เลขการเดิน และข้อความที่ไม่ใช่การเดิน

player-written-as-other = เขียนว่าเป็นการเดินของ { $written } แต่ตานี้เป็นของ { $turn }
player-unknown = ไม่รู้จักผู้เล่น `{ $who }`: ผู้เล่นคือ { $players }
number-mistyped = อ่านเลขการเดิน `{ $written }` เป็น `{ $read }`
number-wrong-in-pairs = เลขการเดิน `{ $written }` ไม่ตรง: นี่คือการเดินที่ { $number } ของ { $who } ซึ่งมีเลข { $expected } (ข้ามหรือซ้ำบรรทัด?)
numbered = `{ $text }`{ $none ->
        [yes] {" "}หรือไม่มีเลข
       *[no] {""}
    }
number-wrong-single = เลขการเดิน `{ $written }` ไม่ตรง: นี่คือการเดินที่ { $number } ของเกม (ข้ามหรือซ้ำบรรทัด?)
number-bare = อ่าน `{ $n }` เป็นเลขการเดิน `{ $n }.`: เลขรอบ ๆ แสดงว่าไม่มีการเดินขาดไปตรงนี้
not-counted = { $reason } จึงไม่นับเป็นการเดิน: เลขรอบ ๆ แสดงว่าไม่มีการเดินขาดไปตรงนี้
sos-move-in-ttt = นี่เป็นการเดินของ SOS การเดินในเกมนี้เขียน{ $depth ->
        [one] เป็นตำแหน่งเดียว 1..9 เช่น 5
        [two] แบบ T.O เช่น 5.3
       *[three] แบบ S.T.O เช่น 5.3.7
    }
ttt-move-in-sos = นี่เป็นการเดินของโอเอ็กซ์ การเดินของ SOS คือช่องกับตัวอักษร เช่น c3S

## เกมจบอย่างไร ในประโยค

ended-drawn = เสมอ{ $how }
ended-unfinished = ยังไม่จบ
ended-unfinished-stopped = ยังไม่จบ ({ $termination ->
        [resignation] ยอมแพ้
        [agreement] ตกลงกัน
        [time] หมดเวลา
       *[abandoned] เลิกเล่นกลางคัน
    })

## เกมนี้คืออะไร: เกม กติกา และแผนที่

what-tic-tac-toe = โอเอ็กซ์
what-ultimate = โอเอ็กซ์ซ้อนชั้น
what-strategic-tactical = โอเอ็กซ์เชิงกลยุทธ์ กติกาแบบยุทธวิธี
what-strategic-functional = โอเอ็กซ์เชิงกลยุทธ์ กติกาแบบฟังก์ชัน { $map }
what-strategic-hyperfunctional = โอเอ็กซ์เชิงกลยุทธ์ กติกาแบบไฮเปอร์ฟังก์ชัน { $map }
what-sos = SOS { $size } { $variant ->
        [simple] แบบง่าย
       *[general] แบบทั่วไป
    } ผู้เล่น { $players } คน
what-unknown = เกมที่ไม่รู้จัก
rules-authors = กติกาของผู้คิดเกม
rules-common = กติกาทั่วไป
rules-draws = { $draws ->
        [both] ช่องที่เสมอนับให้ทั้งสองฝ่าย
       *[none] ช่องที่เสมอไม่นับให้ใคร
    }
rules-decided = { $decided ->
        [open] ช่องที่ได้ผลแล้วยังเปิดอยู่
        [free] ช่องที่ได้ผลแล้วปล่อยให้เดินที่อื่นได้
       *[closed] ช่องที่ได้ผลแล้วถูกปิด
    }
rules-no-return = { $no_return ->
        [yes] ห้ามส่งกลับ
       *[tactical] ห้ามส่งกลับ (ช่องยุทธวิธี)
    }

## รายงานของเกมหนึ่งเกม

game-head = เกมที่ { $game } (บรรทัด { $line }, { $what }) เดิน { $moves } ครั้ง: { $verdict }
verdict-legal = ถูกกติกา
verdict-illegal = ผิดกติกา
verdict-wrong-claim = การเดินถูกกติกา แต่ผลที่แจ้งไม่ถูกต้อง
verdict-unreadable-claim = การเดินถูกกติกา แต่อ่านผลที่แจ้งไม่ได้
verdict-unusable = ตรวจไม่ได้
no-result = ไม่มีผล (มีข้อผิดพลาดก่อนเกมจบ)
claim = แจ้ง { $tag } "{ $claimed }" { $verdict ->
        [right] ถูกต้อง
        [wrong] ไม่ถูกต้อง
        [unjudged] ตัดสินไม่ได้
       *[unreadable] อ่านไม่ได้
    }
scores = คะแนน: { $scores }
sos-by = SOS ของ { $player }: { $lines }
more-errors = เกมที่ { $game }: และข้อผิดพลาดอีก { $count } ข้อ (--max-errors แสดงเพิ่ม)
more-warnings = เกมที่ { $game }: และคำเตือนอีก { $count } ข้อ
at-move = การเดินที่ { $n } ({ $p }) { $text }
at-move-number = การเดินที่ { $n } { $text }
warning = คำเตือน: { $what }
not-a-record = ไม่ใช่บันทึกเกม: { $why }


## สิ่งที่ตัวอ่านบันทึกบอกเกี่ยวกับข้อความที่อ่านไม่ได้ แท็กและคำในบันทึก
## ([Game "strategic"], 5.3.7, c3S) คงไว้ตามที่เขียน

syntax-too-many-tags = เกมหนึ่งมีแท็กได้ไม่เกิน { $count } แท็ก ส่วนที่เหลือไม่ถูกอ่าน
syntax-too-many-moves = เกมหนึ่งมีการเดินได้ไม่เกิน { $count } ครั้ง การเดินตั้งแต่ตรงนี้ไม่ถูกอ่าน
syntax-long-line = บรรทัดนี้ยาวเกิน { $count } KiB บรรทัดหนึ่งของบันทึกมีแท็กหนึ่งแท็กหรือการเดินไม่กี่ครั้ง
syntax-not-utf8 = ต้องเป็นข้อความ UTF-8 (บันทึกเกมเป็นไฟล์ข้อความ UTF-8 ธรรมดา)
syntax-moves-before-tags = ต้องมีแท็กของเกม เช่น [Game "strategic"] ก่อนการเดิน
syntax-unquoted-value = หลังชื่อแท็ก `{ $name }` ต้องมีค่าในเครื่องหมายคำพูด เช่น [{ $name } "…"]
syntax-unclosed-tag = แท็ก `{ $name }` ไม่ได้ปิดด้วย `]`
syntax-long-tag-name = ชื่อแท็กยาวได้ไม่เกิน { $count } ตัวอักษร
syntax-no-tag-name = หลัง `[` ต้องมีชื่อแท็ก เช่น [Game "strategic"]
syntax-unclosed-value = ค่าของแท็ก `{ $name }` ไม่ได้ปิดด้วย `"` ในบรรทัดเดียวกัน
syntax-control-in-value = ค่าของแท็ก `{ $name }` มีอักขระควบคุม U+{ $code } ค่าของแท็กเป็นข้อความธรรมดา
syntax-long-value = ค่าของแท็ก `{ $name }` ยาวเกิน { $count } ตัวอักษร
syntax-bracket-in-moves = พบ `{ $bracket }` โดยไม่คาดคิด: แท็ก [ชื่อ "ค่า"] ต้องอยู่บรรทัดของตัวเอง ก่อนการเดิน
syntax-after-tag = หลังแท็กต้องจบบรรทัด (แท็กละหนึ่งบรรทัด การเดินเริ่มบรรทัดใหม่)
syntax-unclosed-comment = ความเห็นนี้ไม่ได้ปิดด้วย `{"}"}` ก่อนจบไฟล์
not-a-move = ต้องเป็นการเดิน
not-a-move-shape = ต้องเป็นการเดิน: ตำแหน่ง เช่น 5.3.7 (ตระกูลโอเอ็กซ์) หรือช่องกับตัวอักษร เช่น c3S (SOS)
not-a-move-too-many-positions = การเดินหนึ่งครั้งมีได้ไม่เกิน 3 ตำแหน่ง (S.T.O)
not-a-move-zero = แต่ละตำแหน่งเป็นเลข 1..9 และ 0 ไม่ใช่ตำแหน่ง
not-a-move-separator = ต้องเป็นตำแหน่ง 1..9 คั่นด้วย `.`, `-`, `/` หรือเขียนติดกัน เช่น 5.3.7
not-a-move-after-separator = หลังตัวคั่นต้องมีตำแหน่ง 1..9
not-a-move-sos = ต้องเป็นการเดินของ SOS: ช่องกับตัวอักษร เช่น c3S, c3=S หรือ S@c3

## แท็กที่ทำให้ตรวจเกมไม่ได้ แท็กตามที่เขียนและคำที่แท็กรับ
## ("both", "none", sos, map34) คงไว้ตามเดิม

setup-no-game = ต้องมีแท็ก [Game "…"]: sos, tictactoe, ultimate หรือ strategic
setup-no-size = SOS ต้องมีแท็ก [Size "กxส"] เช่น [Size "5x5"]
setup-did-you-mean = หมายถึง "{ $name }" หรือไม่?{" "}
setup-unknown-game = ไม่รู้จักเกม "{ $written }": { $hint }ต้องเป็น sos, tictactoe, ultimate หรือ strategic
setup-unknown-ruleset = ไม่รู้จักกติกา "{ $written }": { $hint }ต้องเป็น tactical, functional หรือ hyperfunctional
setup-expected = ต้องเป็น { $choices }
one-of = { $first } หรือ { $last }
setup-decided-twice = { $tag } หมายถึง [Decided "{ $old }"] แต่เกมนี้มี [Decided "{ $new }"] ด้วย: เก็บไว้เพียงอันเดียว
setup-map-folder = บันทึกเรียกแผนที่ด้วยชื่อเท่านั้น (ไม่มีโฟลเดอร์): แผนที่ในตัวโปรแกรม หรือไฟล์แผนที่ที่ให้ด้วย --map-file หรือ --maps-dir
setup-unknown-map = ไม่รู้จักแผนที่ `{ $map }`: ไม่ใช่แผนที่ในตัวโปรแกรม (map11 … map88 มาตรฐานคือ map34; hmap1, hmap2) และไม่ใช่ไฟล์แผนที่ที่ให้ด้วย --map-file หรือ --maps-dir
setup-size-form = ต้องเป็น กxส เช่น "5x5" หรือเลขเดียวสำหรับกระดานจัตุรัส
setup-sos-size = กระดาน SOS มี { $min } ถึง { $max } ช่องในแต่ละด้าน ไม่ใช่ { $size }
setup-sos-players = SOS เล่นได้ { $min } ถึง { $max } คน ไม่ใช่ { $count }

## ผลที่แจ้งซึ่งไม่ถูกต้องหรืออ่านไม่ได้

claim-result-unreadable = อ่านผลที่แจ้งไม่ได้: ต้องเป็นผู้เล่น ({ $players }){ $shared ->
        [yes] , ผู้เล่นเชื่อมด้วย + เมื่อชนะร่วมกัน (A+C)
       *[no] {""}
    }, "draw" หรือ "*"
claim-termination-unreadable = อ่านการจบเกมที่แจ้งไม่ได้: ต้องเป็น "resignation", "agreement", "time" หรือ "abandoned"
claim-termination-without-result = [Termination] ต้องมี [Result] บอกว่าเกมจบอย่างไร: [Result "X"] สำหรับผู้ชนะ "draw" หรือ "*" ถ้าไม่มี
claim-score-unreadable = อ่าน `{ $entry }` ในคะแนนที่แจ้งไม่ได้: ต้องเขียนแบบ "A 3, B 1"
claim-result-wrong = ผลที่แจ้งไม่ถูกต้อง: แจ้งว่า { $claimed } แต่เล่นตามบันทึกได้ { $actual }{ $tie ->
        [yes] {" "}(เมื่อผู้เล่นทุกคนได้คะแนนสูงสุดเท่ากัน เกมนั้นเสมอ)
       *[no] {""}
    }
claim-termination-wrong = การจบเกมที่แจ้งไม่ถูกต้อง: บันทึกบอกว่าเกมหยุดก่อนจบ ({ $termination ->
        [resignation] ยอมแพ้
        [agreement] ตกลงกัน
        [time] หมดเวลา
       *[abandoned] เลิกเล่นกลางคัน
    }) แต่เล่นตามบันทึกแล้วเกมจบครบ: { $actual }
claim-score-wrong = คะแนนที่แจ้งไม่ถูกต้อง: { $wrong }
claim-scored = { $who } ได้ { $scored } ไม่ใช่ { $claimed }
claim-and = { $first } และ { $second }
claim-shared = { $who } ชนะร่วมกัน
claim-draw = เสมอ
claim-unfinished = เกมที่ยังไม่จบ

## ไฟล์ที่ไม่ใช่บันทึกเกมหรืออ่านไม่ได้

file-no-game = ต้องมีเกม: แท็ก เช่น [Game "strategic"] แล้วตามด้วยการเดิน
file-not-found = ไม่มีไฟล์นี้
file-unreadable = อ่านไฟล์ไม่ได้: { $why }
file-not-a-file = { $kind ->
        [folder] เป็นโฟลเดอร์
        [fifo] เป็นไปป์ที่มีชื่อ (FIFO)
        [socket] เป็นซ็อกเก็ต
        [device] เป็นอุปกรณ์
        [file] เป็นไฟล์ ไม่ใช่โฟลเดอร์
       *[other] ไม่ใช่ไฟล์ธรรมดา
    } ไม่ใช่ไฟล์ธรรมดา paperboard อ่านข้อมูลจากไฟล์เท่านั้น
file-too-large = ใหญ่เกิน { $limit } ซึ่งเป็นขีดจำกัดของไฟล์ชนิดนี้
file-not-utf8 = { $line }:{ $col }: ต้องเป็นข้อความ UTF-8
file-outside = อยู่นอกโฟลเดอร์ { $folder }

## เหตุที่ระบบปฏิบัติการไม่อ่านหรือเขียนไฟล์ เหตุที่ไม่ได้แปลไว้ที่นี่ใช้คำของระบบเอง ($said)

io-reason = { $kind ->
        [permission-denied] ไม่มีสิทธิ์เข้าถึง
        [not-found] ไม่มีไฟล์หรือโฟลเดอร์นี้
        [storage-full] ดิสก์เต็ม
        [quota-exceeded] ใช้โควตาดิสก์หมดแล้ว
        [read-only] ระบบไฟล์เป็นแบบอ่านอย่างเดียว
        [is-a-folder] เป็นโฟลเดอร์
        [not-a-folder] โฟลเดอร์หนึ่งในเส้นทางเป็นไฟล์
        [file-too-large] ไฟล์ใหญ่เกินกว่าที่ระบบไฟล์รับได้
        [invalid-name] ใช้ชื่อนี้ที่นี่ไม่ได้
        [crosses-devices] อยู่บนระบบไฟล์อื่น
        [timed-out] อุปกรณ์ไม่ตอบภายในเวลา
        [refused] ระบบปฏิบัติการปฏิเสธ
       *[other] ระบบปฏิบัติการแจ้งว่า: { $said }
    }

## ไฟล์แผนที่ที่บันทึกเกมอ้างถึงแต่ใช้ไม่ได้: บอกว่าผิดที่ใด ไม่บอกว่าในไฟล์มีอะไร และแผนที่คนละชนิดกับที่ชุดกติกาต้องการ

map-unusable = ใช้ไฟล์แผนที่ { $path } ไม่ได้ ({ $why }) คำสั่ง `paperboard maps show { $path }` บอกเหตุผล
map-not-a-file = { $kind ->
        [folder] เป็นโฟลเดอร์
        [fifo] เป็นไปป์ที่มีชื่อ (FIFO)
        [socket] เป็นซ็อกเก็ต
        [device] เป็นอุปกรณ์
        [file] เป็นไฟล์ ไม่ใช่โฟลเดอร์
       *[other] ไม่ใช่ไฟล์ธรรมดา
    }
map-too-large = ใหญ่เกิน { $limit }
map-not-utf8 = ไม่ใช่ข้อความ UTF-8 ที่บรรทัด { $line } คอลัมน์ { $col }
map-unreadable = อ่านไม่ได้
map-at = ที่บรรทัด { $line } คอลัมน์ { $col }
map-kind = เป็นแผนที่{ $is ->
        [functional] แบบฟังก์ชัน
       *[other] แบบไฮเปอร์ฟังก์ชัน
    } แต่ต้องใช้แผนที่{ $needed ->
        [functional] แบบฟังก์ชัน
       *[other] แบบไฮเปอร์ฟังก์ชัน
    }
map-not-a-map = ไม่ใช่ไฟล์แผนที่
map-wrong-kind = `{ $map }` เป็นแผนที่{ $is ->
        [functional] แบบฟังก์ชัน
       *[other] แบบไฮเปอร์ฟังก์ชัน
    } แต่ที่นี่ต้องใช้แผนที่{ $needed ->
        [functional] แบบฟังก์ชัน
       *[other] แบบไฮเปอร์ฟังก์ชัน
    }

## สรุปหลังทุกเกม

summary = ตรวจแล้ว { $games } เกม: ถูกกติกา { $legal } ผิดกติกา { $illegal } ผลที่แจ้งไม่ถูกต้อง { $wrong }
summary-unreadable-claim = {" "}อ่านผลที่แจ้งไม่ได้ { $count }
summary-unusable = {" "}ตรวจไม่ได้ { $count }
summary-not-records = {" "}ไฟล์ที่ไม่ใช่บันทึกเกม { $count }
summary-unread = {" "}ไฟล์ที่อ่านไม่ได้ { $count }


## สิ่งที่ `solve` บอกเกี่ยวกับแต่ละเกม

solve-head = { $file }: เกมที่ { $game } (บรรทัด { $line })
solve-not-solved = { $head }: ไม่ได้แก้: { $why }
solve-at = บรรทัด { $line }:{ $col }: { $text }{ $why }
solve-breaks-rules = เกมนี้ผิดกติกา
solve-sos = ตัวแก้รู้จักโอเอ็กซ์ โอเอ็กซ์ซ้อนชั้น และโอเอ็กซ์เชิงกลยุทธ์ ไม่ใช่ SOS
solve-unusable = ตั้งเกมนี้ไม่ได้
solve-over-won = เกมจบแล้ว: { $who } ชนะ ไม่มีอะไรให้แก้
solve-over-drawn = เกมจบแล้ว: เสมอ ไม่มีอะไรให้แก้
solve-node-limit = หยุดหลังดู { $nodes } ตำแหน่ง (ถึงขีดจำกัด){ $proven ->
        [0] {""}
       *[other] {" "}พิสูจน์แล้วว่าไม่มีการชนะภายใน { $proven } ตา
    } ให้ขอจำนวนตาน้อยลง
solve-plies = { $n } ตา
solve-wins = { $who } เดินและชนะได้ภายใน { $plies }: { $moves }
solve-loses = { $who } เดินแต่แพ้ภายใน { $plies } ไม่ว่าจะเดินอะไร ({ $other } บังคับชนะได้)
solve-no-win = { $who } เดิน: ไม่มีฝ่ายใดบังคับชนะได้ภายใน { $plies }
solve-line = { $head }: { $what } (ดูไปแล้ว { $nodes } ตำแหน่ง)

## สิ่งที่ `check --fix` แก้ และเหตุที่ปล่อยข้อผิดพลาดไว้ตามที่เขียน

fix-replaced = { $from } -> { $to } ({ $slip })
fix-exchanged = สลับ { $first } กับ { $second }
fix-inserted = แทรก { $text } ก่อน { $before }
fix-inserted-shift = แทรก { $text } ก่อน { $before } การเดินถัดไปทุกครั้งเลื่อนไปหนึ่งตำแหน่ง
fix-deleted = ลบ { $text } ({ $slip })
fix-deleted-shift = ลบ { $text } ({ $slip }) การเดินถัดไปทุกครั้งเลื่อนกลับหนึ่งตำแหน่ง
fix-deleted-run = ลบตั้งแต่ { $from } ถึง { $to } ({ $slip })
kept-after-one = ข้อผิดพลาดก่อนหน้าในเกมนี้ถูกปล่อยไว้ตามที่เขียน
kept-tied = คำแนะนำที่ดีที่สุดดีเท่ากัน: { $suggestions }
kept-against-claim = ทุกคำแนะนำขัดกับผลที่เกมแจ้ง: { $suggestion }
kept-not-legal = คำแนะนำที่พบไม่ทำให้เกมถูกกติกา
kept-would-contradict = เกมที่แก้แล้วจะขัดกับผลที่แจ้งไว้เอง
kept-not-alone = ตรวจเกมที่แก้แล้วซ้ำแยกเดี่ยวไม่ได้
fix-change = เกมที่ { $game }: { $what }
fix-again = เกมที่ { $game }: { $verdict ->
        [legal] ถูกกติกาแล้ว
        [wrong-claim] การเดินถูกกติกาแล้ว แต่ผลที่แจ้งไม่ถูกต้อง
       *[illegal] ยังผิดกติกา
    }
fix-held = เกมที่ { $game }: ปล่อยไว้ตามที่เขียน: { $why }
fix-not-a-record = ไม่ได้แก้: ไม่ใช่บันทึกเกม
fix-nothing = { $why ->
        [unsure] ไม่มีคำแนะนำที่แน่ใจพอ
        [none] ไม่มีคำแนะนำ
       *[nothing] ไม่มีอะไรต้องแก้
    } ไม่ได้เขียนไฟล์
fix-would-write = จะเขียน { $name } โดยแก้ { $count } จุด (ทดลอง ไม่ได้เขียนอะไร):
fix-wrote = เขียน { $name } โดยแก้ { $count } จุด:
fix-fixed-name = { $name } (แก้แล้ว)
fix-standard-output = เอาต์พุตมาตรฐาน
fix-dry-run-too-large = --fix --dry-run แสดงการแก้ไขของบันทึกที่มีขนาดไม่เกิน { $mib } MiB; ละ --dry-run เพื่อเขียนบันทึกที่แก้แล้ว

# ช่วงสำคัญที่ `check --annotate` พบ
moment-missed-win = ตาที่ { $ply }, { $mover } { $played }: พลาดการชนะภายใน { $plies } ตา ({ $best } ชนะ)
moment-allowed-loss = ตาที่ { $ply }, { $mover } { $played }: เปิดให้ { $other } บังคับชนะได้ภายใน { $plies } ตา ({ $best } ชนะ)
moment-decided = ตาที่ { $ply }, { $mover } { $played }: ตัดสินแล้ว: { $forcing } บังคับชนะได้ภายใน { $plies } ตา

## เหตุที่รูป (หรือหน้าของ PDF ที่สแกน) อ่านเป็นแผ่นไม่ได้ หรือถอดเกมจากแผ่นไม่ได้

read-photo-bytes = ไฟล์มีขนาด { $bytes } ไบต์ รูปหนึ่งมีได้ไม่เกิน { $mib } MiB
read-not-an-image = ไฟล์นี้ไม่ใช่รูป JPEG หรือ PNG (หรือเสียหาย)
read-photo-too-large = รูปมีขนาด { $width } × { $height } พิกเซล รูปหนึ่งมีได้ไม่เกิน { $millions } ล้านพิกเซล
read-photo-too-small = รูปมีขนาด { $width } × { $height } พิกเซล ด้านที่สั้นกว่าต้องมีอย่างน้อย { $min } พิกเซลจึงจะอ่านแผ่นได้
read-photo-too-dark = รูปมืดเกินกว่าจะอ่าน (ส่วนที่สว่างที่สุดมีระดับสีเทา { $paper } จาก 255) ถ่ายใหม่ในที่สว่างขึ้น
read-not-a-pdf = อ่าน PDF นี้ไม่ได้ (เสียหาย เข้ารหัสไว้ หรือไม่มีหน้า)
read-pdf-pages = PDF มี { $pages } หน้า อ่านได้ครั้งละไม่เกิน { $limit } หน้า
read-pdf-page-without-image = หน้า { $page } ของ PDF ไม่มีรูปถ่ายหรือภาพสแกน มีแต่ภาพวาด (แผ่นที่ paperboard บันทึกเป็น PDF เป็นแบบนี้) ให้พิมพ์ออกมา เล่นบนแผ่น แล้วถ่ายรูปหรือสแกน
read-pdf-too-complex = ไม่อ่าน PDF นี้ เพราะมีเนื้อหามากกว่าที่ภาพสแกนมี PDF จากเครื่องสแกนเกือบทั้งหมดเป็นภาพ ให้บันทึกหน้าต่าง ๆ เป็นรูป JPEG หรือ PNG แล้วอ่านรูปเหล่านั้น
read-pdf-page-damaged = หน้า { $page } ของ PDF เสียหาย ถอดภาพของหน้านี้ไม่ได้
read-pdf-image-unsupported = หน้า { $page } ของ PDF เก็บภาพในรูปแบบที่อ่านไม่ได้ ({ $filter }) ให้สแกนเป็น JPEG หรือเป็นพิกเซลสีหรือสีเทา หรือบันทึกหน้านั้นเป็นรูป JPEG หรือ PNG
read-no-code = ไม่พบรหัสแผ่นของ paperboard ในรูป ถ่ายให้เห็นทั้งแผ่น โดยให้รหัส (ลายสี่เหลี่ยมเล็ก ๆ ด้านล่าง) อยู่ในภาพและคมชัด
read-code-unreadable = พบแผ่นแล้ว แต่อ่านรหัสของแผ่น (ลายสี่เหลี่ยมเล็ก ๆ ด้านล่าง) ไม่ได้ ถ่ายใหม่จากด้านบนตรง ๆ และใกล้ขึ้น ให้รหัสคมชัด
read-foreign-code = รูปนี้มีรหัสที่ไม่ใช่ของแผ่น paperboard: { $code }
read-two-sheets = รูปนี้มีสองแผ่น ถ่ายทีละแผ่น
read-no-mark = ไม่พบเครื่องหมายมุม{ $corner ->
        [top-left] ซ้ายบน
        [top-right] ขวาบน
        [bottom-left] ซ้ายล่าง
       *[bottom-right] ขวาล่าง
    }ของแผ่น ถ่ายให้เห็นทั้งแผ่น ให้สี่เหลี่ยมดำทั้งสี่มุมอยู่ในภาพ
read-bad-marks = เครื่องหมายมุมที่พบไม่เป็นรูปแผ่น ถ่ายแผ่นให้เรียบและครบทั้งแผ่น
read-code-search-limit = รูปนี้มีลายคล้ายสี่เหลี่ยมมุมของรหัสมากเกินกว่าจะค้นได้หมด ถ่ายแผ่นเดียวโดยไม่มีรหัสหรือลายอื่นในภาพ
read-cancelled = การอ่านถูกหยุดก่อนเสร็จ
read-code-reader-failed = อ่านรหัสของแผ่นจากรูปนี้ไม่ได้ (ตัวอ่านรหัสทำงานกับรูปนี้ไม่สำเร็จ) ถ่ายใหม่ให้รหัสคมชัดและครบ
read-unknown-sheet = รหัสแผ่น { $code } ไม่ได้ระบุแผ่นที่อ่านได้
read-spec-needed = รหัสแผ่น { $code } ระบุแผ่นที่พิมพ์จากสเปกของผู้ใช้เองหรือจากชุดเอกสาร ซึ่งรหัสระบุได้เพียงค่าแฮช ให้ระบุสเปกนั้นหรือสเปกของชุดเอกสารด้วย --spec ไฟล์
read-no-game-on-sheet = แผ่น { $code } ไม่มีช่องบันทึกหรือกระดานของเกมตระกูลโอเอ็กซ์ให้อ่าน
read-blank-sheet = แผ่นนี้ไม่มีอะไรเขียนไว้ ช่องบันทึกและกระดานว่างเปล่า
read-no-record = ไม่มีการเดินในบันทึกของแผ่น เกมสตราทีจิกอ่านจากบันทึก เพราะกระดานไม่ได้บอกลำดับการเดิน
read-missing-start = บันทึกเริ่มที่ตาที่ { $start } ให้อ่านพร้อมกับแผ่นที่มีตาก่อนหน้าของเกมนี้
read-unclear-start = บันทึกเริ่มที่ตาที่ { $start } และแผ่นที่ให้มามากกว่าหนึ่งแผ่นอาจมีตาก่อนหน้าของเกมนี้ ให้อ่านพร้อมกับแผ่นก่อนหน้าของเกมนี้เท่านั้น
read-not-a-game = สิ่งที่เขียนบนแผ่นอ่านเป็นเกมไม่ได้: ไม่แน่ใจ { $flagged } จาก { $moves } ตา ตรวจดูว่ารูปเป็นแผ่นที่เล่นแล้ว คมชัดและครบทั้งแผ่น
read-too-many-sheets = { $pages } หน้า คำขอหนึ่งอ่านได้ไม่เกิน { $limit } รูปหรือหน้า และเหลืออีก { $left }: ส่ง PDF นี้ในคำขอแยก หรืออ่านด้วยคำสั่ง `paperboard read`
read-no-photo = คำขอไม่มีรูป: ส่งรูป JPEG หรือ PNG ของแผ่นที่เล่นแล้ว หรือ PDF ของแผ่นที่สแกน

## What is wrong with a value or a key of a sheet spec, a handout spec or a
## map file (the page's print tab, `maps show`). Keys, the words a key
## takes and what was written stay as the file writes them.

spec-this-value = ค่านี้
spec-must = { $key } ต้องเป็น{ $accepts }
spec-must-not = { $key } ต้องเป็น{ $accepts } ไม่ใช่ { $written }
spec-must-not-list = { $key } ต้องเป็น{ $accepts } ไม่ใช่รายการ { $n } ค่า
spec-unknown-key-in = ไม่รู้จักคีย์ `{ $field }` ใน `[{ $table }]`; คีย์ที่ใช้ได้: { $names }
spec-unknown-key-in-empty = ไม่รู้จักคีย์ `{ $field }` ใน `[{ $table }]`; ตารางนี้ไม่มีคีย์
spec-unknown-key = ไม่รู้จักตารางหรือคีย์ `{ $field }`; คีย์ที่ใช้ได้: { $names }
spec-missing = ไม่มี `{ $key }` และไม่มีค่าเริ่มต้น
spec-twice = เขียน `{ $key }` ซ้ำสองครั้ง
spec-twice-at = เขียน `{ $key }` ซ้ำสองครั้ง: ที่บรรทัด { $line } และที่นี่
spec-nested = ตารางและรายการซ้อนกันลึกเกินไปที่นี่ (ไม่เกิน { $count } ชั้น)
spec-key-parts = คีย์ `{ $key }` มี { $parts } ส่วน; คีย์หนึ่งมีได้ไม่เกิน { $max } ส่วน
spec-refused = ใช้ค่านี้ที่นี่ไม่ได้
spec-entries = `{ $key }` ต้องเป็นรายการ { $want } ค่า ไม่ใช่ { $len } ค่า
spec-gap = `gap` ต้องอยู่ระหว่าง 0 ถึง 20 มม. หรือเป็น "cell" ไม่ใช่ { $written }
spec-digits = `digits` ต้องเป็น 3 (กลยุทธ์: S T O) หรือ 2 (Ultimate: กระดาน ช่อง) ไม่ใช่ { $written }
spec-moves-per-row = `moves-per-row` ต้องเป็นจำนวนเต็มคู่ตั้งแต่ 2 ถึง 100 (ทุกแถวเริ่มด้วย X) หรือ "fit" ไม่ใช่ { $written }
spec-too-light = `{ $colour }` อ่อนเกินไปสำหรับตัวอักษรบนสำเนาถ่ายเอกสาร (ดำ { $black } %); ตัวอักษรต้องดำอย่างน้อย 60 % เช่น "#666666" หรือเข้มกว่า
spec-size-order = `{ $lower }` ({ $lower-mm } มม.) ใหญ่กว่า `{ $upper }` ({ $upper-mm } มม.) ของส่วนเดียวกัน; `{ $lower }` ต้องไม่เกิน `{ $upper }`
spec-choice = `{ $key }` ต้องเป็น { $choices } ไม่ใช่ "{ $written }"
map-needs = { $kind ->
        [functional] แผนที่แบบฟังก์ชันต้องมี `columns` (รายการตัวเลข 9 ตัว 3 รายการ)
       *[hyperfunctional] แผนที่แบบไฮเปอร์ฟังก์ชันต้องมี `cells` (ตาราง 9 ตาราง แต่ละตาราง 9 แถว แถวละ 9 ตัวเลข)
    }
map-not-kind = { $kind ->
        [functional] ไม่ใช่แผนที่แบบฟังก์ชัน
       *[hyperfunctional] ไม่ใช่แผนที่แบบไฮเปอร์ฟังก์ชัน
    }
map-here = ที่นี่
map-unknown = ไม่รู้จักแผนที่ `{ $map }`
map-help-invalid = แผนที่แบบฟังก์ชันมีรายการตัวเลข 9 ตัว 3 รายการ แผนที่แบบไฮเปอร์ฟังก์ชันมีตาราง 9×9 จำนวน 9 ตาราง; ตัวเลขทุกตัวคือช่องกลยุทธ์ 1..9
map-help-unknown = แผนที่ในตัว: แผนที่ตระกูล map11 … map88 (map34 คือแผนที่มาตรฐาน; `paperboard maps family` แสดงรายการ), hmap1, hmap2; หรือระบุพาธของไฟล์แผนที่ .toml

## What a key accepts, inside spec-must.

accepts-text = ข้อความในเครื่องหมายคำพูด
accepts-bool = true หรือ false
accepts-list = รายการ
accepts-table = ตาราง
accepts-char = อักขระหนึ่งตัวในเครื่องหมายคำพูด
accepts-nothing = ค่าว่าง
accepts-any-whole = จำนวนเต็ม
accepts-any-number = ตัวเลข
accepts-range = { $whole ->
        [yes] จำนวนเต็ม
       *[no] ตัวเลข
    }ตั้งแต่ { $min } ถึง { $max }{ $unit ->
        [none] {""}
        [mm] {" "}มม.
        [seconds] {" "}วินาที
       *[other] {" "}{ $unit }
    }{ $fit ->
        [yes] {" "}หรือ "fit"
       *[no] {""}
    }
accepts-word = คำใดคำหนึ่งที่คีย์นี้รับ (ดูเอกสาร)
accepts-list-of = รายการ { $n } ค่า
accepts-one-of = หนึ่งใน { $words }
accepts-another-form = ค่าในรูปแบบอื่น (ดูเอกสารของคีย์นี้)
accepts-board-size = คอลัมน์ x แถว ด้านละ { $min } ถึง { $max } (เช่น "8x8") หรือตัวเลขเดียวตั้งแต่ { $min } ถึง { $max }
accepts-players = จำนวนผู้เล่นตั้งแต่ { $min } ถึง { $max } หรือรายชื่อ { $min } ถึง { $max } ชื่อ
accepts-colour = สีที่เขียนเป็น "#rrggbb" หรือ "#rgb" (เช่น "#808080" สำหรับสีเทากลาง)
accepts-pin = [x, y]: ตัวเลขสองค่าเป็นมิลลิเมตรจากมุมซ้ายบนของหน้า แต่ละค่าตั้งแต่ 0 ถึง { $max }
accepts-texts = รายการข้อความในเครื่องหมายคำพูด 1 ถึง { $max } รายการ
accepts-documented = ค่าตามที่เอกสารของคีย์นี้อธิบาย
accepts-strategic-cell = ช่องกลยุทธ์ตั้งแต่ 1 ถึง 9
accepts-either = "{ $first }" หรือ "{ $second }"

## Why a sheet cannot be laid out.

layout-does-not-fit = แผ่นงานไม่พอดีกับหน้า: { $what }
layout-reaches = `{ $part }` ล้ำ{ $past }
layout-past = { $side ->
        [top] ขอบบน
        [right] ขอบขวา
        [bottom] ขอบล่าง
       *[left] ขอบซ้าย
    }ไป { $mm } มม.
layout-and = { $first } และ{ $second }
layout-minimum = `{ $part }` หดจนเหลือช่องเล็กที่สุด { $mm } มม. แล้ว
layout-overlap = ส่วนต่าง ๆ ทับกัน: { $what }
layout-overlaps = `{ $first }` และ `{ $second }` ทับกัน { $width } × { $height } มม.
layout-text-missing = ข้อความ "{ $text }" ของ { $place } มี { $chars } ซึ่งฟอนต์พิมพ์ไม่ได้
layout-text-too-wide = ข้อความ "{ $text }" ของ { $place } ไม่พอดี: ที่ 6 pt กว้าง { $width } มม. และยังล้ำ{ $into ->
        [edge] ขอบของส่วนนั้น
        [line] เส้นของส่วนนั้น
       *[margin] ขอบหน้า
    }
layout-more = { $list } และอีก { $count } ตัว

## The lines `read` prints around each game's report.

read-cli-game = { $label }: { $moves } ตา, น่าสงสัย { $doubtful } ({"{"}?{"}"})
read-cli-read-from = ; อ่านจาก { $label }: { $moves } ตา, น่าสงสัย { $doubtful } ({"{"}?{"}"})
read-cli-field = ; อ่านจาก { $label }: ไม่มีการเขียนตา; กระดาน มีช่องน่าสงสัย { $doubtful } ช่อง (?):
read-cli-total = ; รูปหรือหน้า { $given } รายการ: เกม { $games } เกม, อ่านไม่ได้ { $unread }
read-cli-not-written = ไม่ได้อ่านเกมใดเลย จึงไม่ได้เขียน { $name }

## Why the server refused a request as a whole (the page's `says`).

request-busy-uploads = เซิร์ฟเวอร์กำลังรับไฟล์อัปโหลดเต็มจำนวนที่รับได้ในครั้งเดียว; ลองใหม่ในอีก { $secs } วินาที
request-busy-reading = เซิร์ฟเวอร์กำลังอ่านรูปอื่นอยู่; ลองใหม่อีกสักครู่
request-busy-making = เซิร์ฟเวอร์กำลังสร้างเอกสารอื่นอยู่; ลองใหม่อีกสักครู่
request-stopping = เซิร์ฟเวอร์กำลังหยุดทำงาน; ขอใหม่เมื่อเริ่มทำงานอีกครั้ง
request-failed = เซิร์ฟเวอร์ทำคำขอนี้ไม่สำเร็จ (ข้อบกพร่องใน paperboard; เซิร์ฟเวอร์ยังทำงานต่อ)
request-too-large = คำขอมีขนาดเกิน { $mib } MiB ซึ่งเป็นขนาดสูงสุดของคำขอหนึ่งครั้ง
request-too-long = คำขอใช้เวลานานเกิน { $most } ซึ่งเป็นเวลาสูงสุดของคำขอหนึ่งครั้ง
request-too-many-games = เกินกว่า { $most } เกมในการตรวจครั้งเดียว; ตรวจไฟล์ที่ใหญ่กว่าด้วย `paperboard check`
request-check-too-long = การตรวจใช้เวลานานเกิน { $secs } วินาที หลังจาก { $games } เกม; ตรวจไฟล์ที่ใหญ่กว่าด้วย `paperboard check`
request-copies = แผ่นเกม { $copies } แผ่นในชุดเอกสารเดียว; หน้าเว็บสร้างได้ครั้งละไม่เกิน { $most } แผ่น (บรรทัดคำสั่งได้ถึง 500)
request-pages = ชุดเอกสารมี { $pages } หน้า; คำขอหนึ่งครั้งสร้างได้ไม่เกิน { $most } หน้า
