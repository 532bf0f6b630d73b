//! A unified diff of a record and its fixed text, for `check --fix
//! --dry-run`.
//!
//! A fix changes the text of moves inside their lines and never adds or
//! removes a line break, so the two texts pair line by line and the diff is
//! the changed lines with three lines of context around each run — no
//! general longest-common-subsequence search (and no crate for one) is
//! needed. Should the line counts ever differ, the part between the common
//! first and last lines is one hunk, which is still a correct diff.

/// Lines of context around a change.
const CONTEXT: usize = 3;

/// The lines of `text`, each with its line break (`\n` or `\r\n`).
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// A line of a hunk: its mark, its text, and a note when it has no line
/// break at the end of the file.
fn push_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

/// `start,count` of a hunk's range (1-based; an empty range names the line
/// before it).
fn range(start: usize, count: usize) -> String {
    if count == 0 {
        format!("{start},0")
    } else {
        format!("{},{count}", start + 1)
    }
}

/// The unified diff from `old` (named `old_name`) to `new` (`new_name`);
/// empty when they are the same.
pub fn unified_diff(old_name: &str, new_name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    let (a, b) = (lines(old), lines(new));
    // Runs of changed lines: (start in a, end in a, start in b, end in b).
    let mut runs: Vec<(usize, usize, usize, usize)> = Vec::new();
    if a.len() == b.len() {
        let mut i = 0;
        while i < a.len() {
            if a[i] == b[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < a.len() && a[i] != b[i] {
                i += 1;
            }
            runs.push((start, i, start, i));
        }
    } else {
        let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let most = a.len().min(b.len()) - head;
        let tail = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(most)
            .take_while(|(x, y)| x == y)
            .count();
        runs.push((head, a.len() - tail, head, b.len() - tail));
    }
    let mut out = format!("--- {old_name}\n+++ {new_name}\n");
    let mut k = 0;
    while k < runs.len() {
        // Runs whose contexts touch go into one hunk.
        let mut last = k;
        while last + 1 < runs.len() && runs[last + 1].0 <= runs[last].1 + 2 * CONTEXT {
            last += 1;
        }
        let (a0, b0) = (
            runs[k].0.saturating_sub(CONTEXT),
            runs[k].2.saturating_sub(CONTEXT),
        );
        let a1 = (runs[last].1 + CONTEXT).min(a.len());
        let b1 = (runs[last].3 + CONTEXT).min(b.len());
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            range(a0, a1 - a0),
            range(b0, b1 - b0)
        ));
        let mut i = a0;
        for run in &runs[k..=last] {
            for line in &a[i..run.0] {
                push_line(&mut out, ' ', line);
            }
            for line in &a[run.0..run.1] {
                push_line(&mut out, '-', line);
            }
            for line in &b[run.2..run.3] {
                push_line(&mut out, '+', line);
            }
            i = run.1;
        }
        for line in &a[i..a1] {
            push_line(&mut out, ' ', line);
        }
        k = last + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unified_diff;

    #[test]
    fn same_texts_give_no_diff() {
        assert_eq!(unified_diff("a", "b", "1. 5 1\n", "1. 5 1\n"), "");
    }

    #[test]
    fn changed_lines_come_with_three_lines_of_context() {
        let old: String = (1..=12).map(|n| format!("{n}. 5.{n}\n")).collect();
        let new = old
            .replace("2. 5.2\n", "2. 5.7\n")
            .replace("11. 5.11", "11. 1.1");
        let d = unified_diff("games.txt", "games.fixed.txt", &old, &new);
        let want = "--- games.txt\n+++ games.fixed.txt\n\
                    @@ -1,5 +1,5 @@\n 1. 5.1\n-2. 5.2\n+2. 5.7\n 3. 5.3\n 4. 5.4\n 5. 5.5\n\
                    @@ -8,5 +8,5 @@\n 8. 5.8\n 9. 5.9\n 10. 5.10\n-11. 5.11\n+11. 1.1\n 12. 5.12\n";
        assert_eq!(d, want);
    }

    #[test]
    fn near_changes_share_a_hunk_and_a_missing_last_break_is_said() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh";
        let new = "a\nB\nc\nd\ne\nf\ng\nH";
        let d = unified_diff("x", "y", old, new);
        assert!(d.contains("@@ -1,8 +1,8 @@\n a\n-b\n+B\n c\n"), "{d}");
        assert!(
            d.ends_with("-h\n\\ No newline at end of file\n+H\n\\ No newline at end of file\n"),
            "{d}"
        );
    }

    #[test]
    fn a_changed_line_count_is_one_hunk() {
        let d = unified_diff("x", "y", "a\nb\nc\n", "a\nc\n");
        assert_eq!(d, "--- x\n+++ y\n@@ -1,3 +1,2 @@\n a\n-b\n c\n");
    }
}
