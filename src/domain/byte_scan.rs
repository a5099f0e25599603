//! Text scanned eight bytes at a time, for the readers and writers that cross long runs of plain
//! bytes (JSON strings, terminal checks, column widths): one word test instead of eight byte
//! tests or table lookups.

/// Bytes with all eight lanes set to `byte`.
const fn lanes(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

const LOW_BITS: u64 = lanes(0x01);
const HIGH_BITS: u64 = lanes(0x80);

/// The high bit of each byte lane of `word` below `bound` (at most 0x80). Lanes above the
/// lowest flagged one may be false alarms (a borrow runs on), so only the lowest is exact; the
/// mask is never zero when such a byte is there.
const fn bytes_below(word: u64, bound: u8) -> u64 {
    word.wrapping_sub(lanes(bound)) & !word & HIGH_BITS
}

/// The high bit of each byte lane of `word` that is zero, exact as [`bytes_below`] is.
const fn zero_bytes(word: u64) -> u64 {
    bytes_below(word, 1)
}

/// The high bit of each byte lane of `word` (read little-endian) that JSON escapes: a quote, a
/// backslash or a control character. The lowest flagged lane is the first such byte; the mask is
/// never zero when one is there.
#[must_use]
pub const fn escaped_bytes(word: u64) -> u64 {
    zero_bytes(word ^ lanes(b'"')) | zero_bytes(word ^ lanes(b'\\')) | bytes_below(word, 0x20)
}

/// True when some byte of `word` is not printable ASCII (below a space, DEL, or any byte of a
/// multi-byte character); never false when one is there.
#[must_use]
pub const fn has_unprintable(word: u64) -> bool {
    // A byte from 0x7f up has its high bit set either as it is or once one is added; adding
    // carries into the next lane only from 0xff, which is flagged itself.
    (word | word.wrapping_add(LOW_BITS)) & HIGH_BITS != 0 || bytes_below(word, 0x20) != 0
}

/// Where the run of plain characters starting at `start` ends: at the first quote, backslash or
/// control character (the bytes JSON escapes), or at the end of `bytes`.
#[must_use]
pub fn plain_run_end(bytes: &[u8], start: usize) -> usize {
    let mut pos = start;
    // Eight bytes at a time: most names and values are plain for many bytes.
    while let Some(chunk) = bytes.get(pos..).and_then(<[u8]>::first_chunk::<8>) {
        let found = escaped_bytes(u64::from_le_bytes(*chunk));
        if found != 0 {
            return pos + (found.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while let Some(&byte) = bytes.get(pos) {
        if byte == b'"' || byte == b'\\' || byte < 0x20 {
            break;
        }
        pos += 1;
    }
    pos
}

/// True for a byte of printable ASCII, a space to `~`.
#[must_use]
pub fn is_printable_ascii(byte: u8) -> bool {
    (b' '..0x7f).contains(&byte)
}

/// Where the first byte of `bytes` that is not printable ASCII is, if any.
#[must_use]
pub fn first_unprintable(bytes: &[u8]) -> Option<usize> {
    let mut skipped = 0;
    while let Some(word) = bytes.get(skipped..).and_then(<[u8]>::first_chunk::<8>) {
        if has_unprintable(u64::from_ne_bytes(*word)) {
            break;
        }
        skipped += 8;
    }
    let rest = bytes.get(skipped..)?;
    rest.iter()
        .position(|&byte| !is_printable_ascii(byte))
        .map(|at| skipped + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_in_every_lane_is_flagged_exactly_when_it_should_be() {
        for lane in 0..8 {
            for byte in 0..=255u8 {
                let mut bytes = [b'a'; 8];
                bytes[lane] = byte;
                let word = u64::from_le_bytes(bytes);
                let escaped = byte < 0x20 || byte == b'"' || byte == b'\\';
                let first = escaped_bytes(word).trailing_zeros() / 8;
                assert_eq!(
                    escaped_bytes(word) != 0,
                    escaped,
                    "{byte:#x} in lane {lane}"
                );
                if escaped {
                    assert_eq!(first as usize, lane, "{byte:#x} found in its own lane");
                }
                let unprintable = !is_printable_ascii(byte);
                assert_eq!(
                    has_unprintable(word),
                    unprintable,
                    "{byte:#x} in lane {lane}"
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn the_first_unprintable_byte_is_found_wherever_it_is(
            text in "[ -~\x00-\x1f\x7f\u{80}-\u{a0}é😀]{0,40}",
        ) {
            let expected = text.bytes().position(|byte| !is_printable_ascii(byte));
            proptest::prop_assert_eq!(first_unprintable(text.as_bytes()), expected);
        }
    }

    #[test]
    fn the_lowest_flag_is_the_first_escaped_byte_even_with_more_after_it() {
        let word = u64::from_le_bytes(*b"ab\"\x00\\cd\x1f");
        assert_eq!(escaped_bytes(word).trailing_zeros() / 8, 2);
    }
}
