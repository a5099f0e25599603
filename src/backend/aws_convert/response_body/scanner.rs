//! A cursor over a JSON body that reads exactly the grammar serde_json reads (strict JSON: no
//! trailing commas, no comments, no control characters in strings) and keeps serde_json's
//! nesting limit, so the hand-written decoder declines exactly the bodies serde_json refused.
//!
//! Every failure is the same [`Declined`]: the caller only needs to know that the SDK must read
//! the body instead, never where or why.

use std::borrow::Cow;

use super::strings;

/// The body is not one this decoder reads; the SDK reads it instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Declined;

/// serde_json refuses a 128th nested object or array; so does this cursor, so that a body too
/// deep for one is too deep for the other.
const NESTING_LIMIT: u8 = 128;

pub(super) struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    /// Objects and arrays still allowed to open, counted as serde_json counts them.
    depth_left: u8,
}

impl<'a> Scanner<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Self {
            text,
            pos: 0,
            depth_left: NESTING_LIMIT,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The next byte that is not JSON whitespace, left unread.
    pub(super) fn peek(&mut self) -> Option<u8> {
        let bytes = self.bytes();
        // DynamoDB writes no whitespace: one comparison settles the common case.
        if let Some(&byte) = bytes.get(self.pos)
            && byte > b' '
        {
            return Some(byte);
        }
        while let Some(&byte) = bytes.get(self.pos) {
            if !matches!(byte, b' ' | b'\n' | b'\t' | b'\r') {
                return Some(byte);
            }
            self.pos += 1;
        }
        None
    }

    /// The body from the next byte that is not whitespace on, for a caller to match against.
    pub(super) fn rest(&mut self) -> &'a [u8] {
        self.peek();
        self.bytes().get(self.pos..).unwrap_or_default()
    }

    /// Moves past `length` bytes the caller matched in [`Self::rest`].
    pub(super) fn skip(&mut self, length: usize) {
        self.pos += length;
    }

    /// Reads `byte` after any whitespace.
    pub(super) fn expect(&mut self, byte: u8) -> Result<(), Declined> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(Declined)
        }
    }

    /// Reads `literal` (`true`, `false`, …) after any whitespace.
    pub(super) fn literal(&mut self, literal: &[u8]) -> bool {
        self.peek();
        let found = self
            .bytes()
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(literal));
        if found {
            self.pos += literal.len();
        }
        found
    }

    /// Only whitespace may follow the body.
    pub(super) fn end(&mut self) -> Result<(), Declined> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(Declined),
        }
    }

    /// Opens an object or array: `open` after whitespace, within the nesting limit.
    fn open(&mut self, open: u8) -> Result<(), Declined> {
        self.expect(open)?;
        self.depth_left -= 1;
        if self.depth_left == 0 {
            return Err(Declined);
        }
        Ok(())
    }

    fn close(&mut self) {
        self.depth_left += 1;
    }

    /// After a member or element: `true` at the closing `close`, `false` after a comma.
    fn next_or_close(&mut self, close: u8) -> Result<bool, Declined> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(false)
            }
            Some(byte) if byte == close => {
                self.pos += 1;
                self.close();
                Ok(true)
            }
            _ => Err(Declined),
        }
    }

    /// Opens an object; `true` when it is empty (and already closed).
    pub(super) fn open_object(&mut self) -> Result<bool, Declined> {
        self.open(b'{')?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.close();
            return Ok(true);
        }
        Ok(false)
    }

    /// Opens an object whose first `length` bytes the caller matched in [`Self::rest`]: an
    /// opening brace and a first member's name and colon, as [`Self::open_object`] and
    /// [`Self::key`] would read them.
    pub(super) fn open_object_matched(&mut self, length: usize) -> Result<(), Declined> {
        self.depth_left -= 1;
        if self.depth_left == 0 {
            return Err(Declined);
        }
        self.pos += length;
        Ok(())
    }

    /// After an object's member: `true` once the object is closed.
    pub(super) fn object_closed(&mut self) -> Result<bool, Declined> {
        self.next_or_close(b'}')
    }

    /// Reads every member of an object, handing each name to `member` to read the value.
    pub(super) fn object(
        &mut self,
        mut member: impl FnMut(&mut Self, Cow<'a, str>) -> Result<(), Declined>,
    ) -> Result<(), Declined> {
        if self.open_object()? {
            return Ok(());
        }
        loop {
            let name = self.key()?;
            member(self, name)?;
            if self.object_closed()? {
                return Ok(());
            }
        }
    }

    /// Reads every element of an array with `element`.
    pub(super) fn array(
        &mut self,
        mut element: impl FnMut(&mut Self) -> Result<(), Declined>,
    ) -> Result<(), Declined> {
        self.open(b'[')?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.close();
            return Ok(());
        }
        loop {
            element(self)?;
            if self.next_or_close(b']')? {
                return Ok(());
            }
        }
    }

    /// A member's name and the colon after it.
    pub(super) fn key(&mut self) -> Result<Cow<'a, str>, Declined> {
        let name = self.string()?;
        self.expect(b':')?;
        Ok(name)
    }

    /// A string, borrowed from the body unless it has escapes to decode.
    pub(super) fn string(&mut self) -> Result<Cow<'a, str>, Declined> {
        self.expect(b'"')?;
        let start = self.pos;
        let end = strings::plain_run_end(self.bytes(), start);
        match self.bytes().get(end) {
            Some(b'"') => {
                self.pos = end + 1;
                // Both ends are ASCII quotes, so this is a char boundary: never `None`.
                self.text.get(start..end).map(Cow::Borrowed).ok_or(Declined)
            }
            Some(b'\\') => {
                let (text, after) = strings::unescape(self.text, start, end).ok_or(Declined)?;
                self.pos = after;
                Ok(Cow::Owned(text))
            }
            _ => Err(Declined),
        }
    }

    /// The text of the next value, whatever it is, and the cursor moved past it. Only its extent
    /// is found here, not its validity: the caller hands the text to serde_json.
    pub(super) fn raw_value(&mut self) -> Result<&'a str, Declined> {
        self.peek();
        let start = self.pos;
        let mut open = 0usize;
        loop {
            let byte = *self.bytes().get(self.pos).ok_or(Declined)?;
            match byte {
                b'"' => {
                    self.pos = strings::quoted_end(self.bytes(), self.pos + 1).ok_or(Declined)?;
                }
                b'{' | b'[' => {
                    open += 1;
                    self.pos += 1;
                }
                b'}' | b']' if open > 0 => {
                    open -= 1;
                    self.pos += 1;
                }
                b',' | b':' | b' ' | b'\n' | b'\t' | b'\r' if open > 0 => self.pos += 1,
                _ => self.pos = scalar_end(self.bytes(), self.pos)?,
            }
            if open == 0 {
                return self.text.get(start..self.pos).ok_or(Declined);
            }
        }
    }
}

/// The end of a number or literal starting at `start`; serde_json stops reading one at the same
/// byte, so a valid value found this way is the one serde_json would read.
fn scalar_end(bytes: &[u8], start: usize) -> Result<usize, Declined> {
    let length = bytes
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'-' | b'.'))
        .count();
    if length == 0 {
        return Err(Declined);
    }
    Ok(start + length)
}
