//! A move's text without a heap allocation for the usual short move.

use std::fmt;
use std::ops::Deref;

const INLINE: usize = 22;

/// An immutable string stored inline up to 22 bytes (every ordinary move),
/// on the heap beyond. Reads as a `&str`.
#[derive(Clone, PartialEq, Eq)]
pub struct ShortText(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl ShortText {
    /// Copies `text`.
    pub fn new(text: &str) -> ShortText {
        if text.len() <= INLINE {
            let mut bytes = [0; INLINE];
            if let Some(to) = bytes.get_mut(..text.len()) {
                to.copy_from_slice(text.as_bytes());
            }
            ShortText(Repr::Inline {
                len: text.len() as u8,
                bytes,
            })
        } else {
            ShortText(Repr::Heap(text.into()))
        }
    }

    /// Copies a run of at most 8 ASCII bytes, such as a move read straight
    /// from a line's bytes; `None` for longer runs or bytes beyond ASCII.
    #[inline]
    pub(crate) fn ascii(bytes: &[u8]) -> Option<ShortText> {
        if bytes.len() > 8 || !bytes.is_ascii() {
            return None;
        }
        // Gathered in a register, not copied byte by byte into memory: a
        // copy call and the read of what it wrote cost more than the move.
        let packed = bytes
            .iter()
            .rev()
            .fold(0u64, |packed, &b| packed << 8 | u64::from(b));
        let mut inline = [0; INLINE];
        if let Some(first) = inline.first_chunk_mut::<8>() {
            *first = packed.to_le_bytes();
        }
        Some(ShortText(Repr::Inline {
            len: bytes.len() as u8,
            bytes: inline,
        }))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                // Copied whole from a `&str` that fits, so always valid UTF-8.
                std::str::from_utf8(bytes.get(..usize::from(*len)).unwrap_or_default())
                    .unwrap_or_default()
            }
            Repr::Heap(s) => s,
        }
    }
}

impl Deref for ShortText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::ShortText;

    #[test]
    fn short_and_long_texts_read_back() {
        for t in ["", "5.3.7", "é@c3", &"x".repeat(22), &"é".repeat(40)] {
            assert_eq!(ShortText::new(t).as_str(), t);
            assert_eq!(ShortText::new(t).to_string(), t);
        }
        assert_eq!(ShortText::ascii(b"5.3.7"), Some(ShortText::new("5.3.7")));
        assert_eq!(ShortText::ascii("é".as_bytes()), None);
        assert_eq!(
            ShortText::ascii(b"12345678"),
            Some(ShortText::new("12345678"))
        );
        assert_eq!(ShortText::ascii(b""), Some(ShortText::new("")));
        assert_eq!(ShortText::ascii(b"123456789"), None);
    }
}
