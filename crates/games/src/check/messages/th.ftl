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
