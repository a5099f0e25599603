//! Source positions carried by AST nodes.

use std::ops::Range;

/// A byte range into the parsed text.
///
/// Spans never take part in equality or hashing: two ASTs are equal when they mean the same
/// expression, whatever text they were parsed from. This is what makes `parse(render(ast)) == ast`
/// a meaningful property.
///
/// Offsets are 32-bit: every AST node carries a span, and halving them shrinks the nodes the
/// parser moves around. An offset past 4 GiB saturates; the parser slices its text only through
/// checked lookups, so such a text gives odd positions, never a panic.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    #[must_use]
    pub fn new(start: usize, end: usize) -> Self {
        let offset = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
        Self {
            start: offset(start),
            end: offset(end),
        }
    }

    #[must_use]
    pub fn start(self) -> usize {
        widen(self.start)
    }

    #[must_use]
    pub fn end(self) -> usize {
        widen(self.end)
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn to(self, other: Self) -> Self {
        Self {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    #[must_use]
    pub fn range(self) -> Range<usize> {
        self.start()..self.end()
    }
}

fn widen(offset: u32) -> usize {
    usize::try_from(offset).unwrap_or(usize::MAX)
}

impl PartialEq for Span {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Span {}

impl std::hash::Hash for Span {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
