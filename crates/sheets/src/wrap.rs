//! Breaking paragraphs into lines that fit a width, measured with the very
//! fonts the backends embed ([`crate::fonts::text_width`]).
//!
//! Lines break at spaces, but never between a word and its number: not before
//! a word that starts with a digit ("Brett 3.", "Feld 5.3"; unless a clause
//! ends before it, "…: 1 top left") nor after a bare number ("81 moves"), and
//! never at a no-break space (U+00A0, U+202F), which a text can write where it
//! wants two words kept together. Thai writes no spaces between words, only
//! between phrases, so a Thai phrase is kept whole when it fits on a line of
//! its own; one that is wider than a whole line is broken between words,
//! found with the Unicode word segmenter's Thai dictionary. Only a single
//! word wider than a line (in any script) is broken between characters, and
//! never so that a combining mark or a following vowel is parted from its
//! base, nor a leading vowel from the consonant after it.

use crate::display::FontWeight;
use crate::fonts::text_width;

/// Whether `c` must stay on the same line as the character before it: Thai
/// above/below vowels and tone marks (Mn), the following vowels ะ า ำ ๅ, and
/// any other combining mark.
fn attaches_to_previous(c: char) -> bool {
    matches!(c, '\u{0E30}'..='\u{0E3A}' | '\u{0E45}'..='\u{0E4E}')
        || matches!(c, '\u{0300}'..='\u{036F}' | '\u{200D}')
}

/// Whether `c` must stay on the same line as the character after it: the Thai
/// leading vowels เ แ โ ใ ไ, which are written before the consonant they follow
/// in speech.
fn attaches_to_next(c: char) -> bool {
    matches!(c, '\u{0E40}'..='\u{0E44}')
}

/// Byte offsets inside `text` between its words, in order, excluding 0 and
/// `text.len()`: for Thai, where the dictionary finds them; none inside a
/// word of a script that spaces its words.
fn word_points(text: &str) -> Vec<usize> {
    let segmenter = icu_segmenter::WordSegmenter::new_dictionary(Default::default());
    segmenter
        .segment_str(text)
        .filter(|&i| i > 0 && i < text.len())
        .collect()
}

/// Byte offsets inside `word` where a line may break between characters, in
/// order, excluding 0 and `word.len()`.
fn break_points(word: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut prev: Option<char> = None;
    for (i, c) in word.char_indices() {
        if let Some(p) = prev
            && !attaches_to_previous(c)
            && !attaches_to_next(p)
        {
            out.push(i);
        }
        prev = Some(c);
    }
    out
}

/// Whether `c` is a space a line may break at: whitespace other than the
/// no-break spaces.
fn breaking_space(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{00A0}' | '\u{202F}' | '\u{2007}')
}

/// Whether `token` is a bare number: digits only, so it belongs to the word
/// after it ("81 moves").
fn bare_number(token: &str) -> bool {
    !token.is_empty() && token.chars().all(|c| c.is_ascii_digit())
}

/// Whether a number may start a new line after `token`: after a clause
/// ends (`…, 5`, `…: 1`), as after a sentence.
fn ends_a_clause(token: &str) -> bool {
    token.ends_with([',', ':', ';', '.', '!', '?', ')'])
}

/// The pieces of `text` no line may break inside: the words between
/// breaking spaces, each word that starts with a digit joined to the word
/// before it (unless a clause ends there) and each bare number to the word
/// after it, joined with one space. With `tight`, a piece too wide for a
/// line is being split again: then a bare number keeps only the word after
/// it, and a number with more to it (`3.`, `5.3`) the word before it.
fn pieces(text: &str, tight: bool) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut glue_next = false;
    for token in text.split(breaking_space).filter(|t| !t.is_empty()) {
        let number = token.starts_with(|c: char| c.is_ascii_digit());
        let backward = number && !(tight && bare_number(token));
        match pieces.last_mut() {
            Some(last) if glue_next || (backward && !ends_a_clause(last)) => {
                last.push(' ');
                last.push_str(token);
            }
            _ => pieces.push(token.to_string()),
        }
        glue_next = bare_number(token);
    }
    pieces
}

/// [`pieces`] for a first try.
fn unbreakable_pieces(text: &str) -> Vec<String> {
    pieces(text, false)
}

/// Splits `text` into lines no wider than `max_width` mm when set at `size`
/// mm in `weight`. Runs of whitespace between words become one space; no line
/// starts or ends with a space. A piece narrower than one character per line
/// cannot be broken further and is left over-wide.
pub(crate) fn wrap(text: &str, weight: FontWeight, size: f64, max_width: f64) -> Vec<String> {
    let fits = |s: &str| text_width(s, weight, size) <= max_width + 1e-9;
    // Whether the line, a space and `word` fit, without shaping the joined
    // text while the sum of the parts' widths is clearly inside or outside
    // the limit: joining at a space changes the width by kerning around the
    // space only (well under half an em; allowed for once per join not yet
    // shaped), so only a candidate near the limit is shaped whole. Shaping
    // every candidate whole made wrapping a long footer quadratic.
    let space = text_width(" ", weight, size);
    let slack_per_join = 0.5 * size;
    let mut line_width = 0.0;
    let mut unshaped_joins = 0u32;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    // A joined piece wider than a whole line is given back as its words.
    let pieces_of = pieces;
    let mut queue: Vec<String> = unbreakable_pieces(text);
    queue.reverse();
    while let Some(piece) = queue.pop() {
        let word = piece.as_str();
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        let estimate = line_width + space + text_width(word, weight, size);
        let slack = slack_per_join * f64::from(unshaped_joins + 1);
        if !line.is_empty() && estimate + slack <= max_width {
            line = candidate;
            line_width = estimate;
            unshaped_joins += 1;
            continue;
        }
        let clearly_too_wide = !line.is_empty() && estimate - slack > max_width + 1e-9;
        if !clearly_too_wide && fits(&candidate) {
            line_width = text_width(&candidate, weight, size);
            unshaped_joins = 0;
            line = candidate;
            continue;
        }
        if !fits(word) && word.contains(' ') {
            // Too wide for a line of its own: each number keeps one of
            // its words, else the words go one by one.
            let mut parts = pieces_of(word, true);
            if parts.len() == 1 || parts.iter().any(|p| !fits(p)) {
                parts = word.split(' ').map(str::to_string).collect();
            }
            queue.extend(parts.into_iter().rev());
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone on a fresh line: split it if even that is too wide,
        // between words where there are any (Thai), else between characters.
        let mut rest = word;
        while !fits(rest) {
            let last_fitting =
                |points: Vec<usize>| points.into_iter().take_while(|&i| fits(&rest[..i])).last();
            let cut = last_fitting(word_points(rest))
                .or_else(|| last_fitting(break_points(rest)))
                .or_else(|| break_points(rest).first().copied());
            let Some(cut) = cut else {
                break;
            };
            lines.push(rest[..cut].to_string());
            rest = &rest[cut..];
        }
        line = rest.to_string();
        line_width = text_width(rest, weight, size);
        unshaped_joins = 0;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: FontWeight = FontWeight::Regular;

    #[test]
    fn lines_fit_and_keep_every_word_in_order() {
        let text = "The first player to hold three squares in a row, a column or a diagonal wins.";
        for width in [30.0, 55.0, 120.0] {
            let lines = wrap(text, W, 4.0, width);
            for l in &lines {
                assert!(text_width(l, W, 4.0) <= width + 1e-9, "{l:?} at {width}");
                assert_eq!(l.trim(), l);
            }
            assert_eq!(lines.join(" "), text);
        }
        // Greedy: a narrower measure never gives fewer lines.
        assert!(wrap(text, W, 4.0, 30.0).len() > wrap(text, W, 4.0, 120.0).len());
        assert_eq!(wrap(text, W, 4.0, 1000.0).len(), 1);
        assert!(wrap("  ", W, 4.0, 10.0).is_empty());
    }

    #[test]
    fn thai_phrases_break_at_spaces_and_long_ones_between_clusters() {
        let text = "ถ้าตัวอักษรของคุณทำให้เกิด S-O-S เรียงกันสามช่องติดกันเป็นเส้นตรง (แนวนอน แนวตั้ง หรือแนวทแยง) คุณได้หนึ่งคะแนนต่อหนึ่งเส้น";
        let lines = wrap(text, W, 4.0, 70.0);
        assert!(lines.len() >= 2);
        let joined: String = lines.concat();
        let original: String = text.split_whitespace().collect();
        assert_eq!(joined.replace(' ', ""), original);
        // A width narrower than any phrase forces breaks inside phrases.
        let narrow = wrap("กิ่งไม้ใหญ่เกิดขึ้นที่นี่", W, 4.0, 12.0);
        assert!(narrow.len() >= 3, "{narrow:?}");
        for l in &narrow {
            let first = l.chars().next().unwrap();
            let last = l.chars().last().unwrap();
            assert!(!attaches_to_previous(first), "{l:?} starts with a mark");
            assert!(!attaches_to_next(last), "{l:?} ends with a leading vowel");
        }
        assert_eq!(narrow.concat(), "กิ่งไม้ใหญ่เกิดขึ้นที่นี่");
    }

    #[test]
    fn a_number_stays_with_its_word() {
        let text = "Ein Zug auf Feld 3 eines beliebigen kleinen Bretts schickt den Gegner in das kleine Brett 3. Dann spielt 1 Spieler.";
        // From the width of the longest word joined to its number up.
        let widest = unbreakable_pieces(text)
            .iter()
            .map(|p| text_width(p, W, 4.0))
            .fold(0.0, f64::max);
        for width in (widest.ceil() as u32..=120).map(f64::from) {
            for line in wrap(text, W, 4.0, width) {
                let first = line.split(' ').next().unwrap();
                assert!(
                    !first.starts_with(|c: char| c.is_ascii_digit()),
                    "{line:?} starts with a number at {width} mm"
                );
                let last = line.rsplit(' ').next().unwrap();
                assert!(!bare_number(last), "{line:?} ends with a bare number");
            }
        }
        // Narrower than that, a number keeps the word before it.
        let narrow = wrap("in das kleine Brett 3. Dann", W, 4.0, 22.0);
        assert!(narrow.contains(&"Brett 3.".to_string()), "{narrow:?}");
        // A no-break space holds too, and is kept as written.
        let lines = wrap("aaaa bbbb\u{a0}cccc dddd", W, 4.0, 25.0);
        assert!(
            lines.iter().any(|l| l.contains("bbbb\u{a0}cccc")),
            "{lines:?}"
        );
        assert_eq!(
            unbreakable_pieces("Brett 3. und 81 Züge, 5.3 ist: 1 oben"),
            ["Brett 3.", "und 81 Züge,", "5.3", "ist:", "1 oben"].map(String::from)
        );
        // Split again, a bare number keeps the word after it.
        assert_eq!(
            pieces("bis 9 in Leserichtung 5.3 ist", true),
            ["bis", "9 in", "Leserichtung 5.3", "ist"].map(String::from)
        );
    }

    #[test]
    fn thai_breaks_between_words_not_inside_them() {
        // "Every two weeks": ทุก | สอง | สัปดาห์, three words and no space.
        let text = "ทุกสองสัปดาห์";
        assert_eq!(word_points(text), vec![9, 18]);
        let whole = text_width(text, W, 4.0);
        // Too narrow for the phrase, wide enough for two of its words: the
        // break comes between words, where a cluster break would cut a word.
        let width = text_width("ทุกสอง", W, 4.0) + 0.1;
        assert!(width < whole);
        assert_eq!(wrap(text, W, 4.0, width), ["ทุกสอง", "สัปดาห์"]);
        // The rules' own Thai: every line of a narrow column ends where a
        // word does.
        let rules = "ถ้าตัวอักษรของคุณทำให้เกิดเรียงกันสามช่องติดกันเป็นเส้นตรงคุณได้หนึ่งคะแนนต่อหนึ่งเส้น";
        let ends: Vec<usize> = word_points(rules);
        let lines = wrap(rules, W, 4.0, 30.0);
        assert!(lines.len() >= 3, "{lines:?}");
        let mut at = 0;
        for line in &lines[..lines.len() - 1] {
            at += line.len();
            assert!(ends.contains(&at), "{line:?} ends inside a word");
        }
        assert_eq!(lines.concat(), rules);
    }

    #[test]
    fn break_points_skip_marks_and_leading_vowels() {
        // ก ิ ่ ง : breaks only before ง.
        assert_eq!(break_points("กิ่ง"), vec![9]);
        // เ ก : no break after the leading vowel; ไ ม ้ : none inside.
        assert_eq!(break_points("เกไม้"), vec![6]);
    }
}
