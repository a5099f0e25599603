//! One step of an explanation: which check DynamoDB applies, whether the item passes it, what
//! was found, and the read the finding rests on.

/// The checks, in the order DynamoDB applies them to a Query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The request itself: DynamoDB refuses some before reading anything.
    Request,
    /// The item exists in the table (a strongly consistent read).
    Item,
    /// The item is in the queried index (every index key attribute present and valid).
    Index,
    KeyCondition,
    Filter,
    /// Attributes the request asks for that the index does not hold.
    Projection,
    /// Expired by its TTL attribute but not yet deleted.
    Ttl,
    /// Where the item is in the pages the query returns.
    Paging,
    /// What the table and the index say differently, and what changed recently.
    Consistency,
}

impl Check {
    /// The step's name in text and JSON output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Request => "request",
            Self::Item => "item",
            Self::Index => "index",
            Self::KeyCondition => "key condition",
            Self::Filter => "filter",
            Self::Projection => "projection",
            Self::Ttl => "ttl",
            Self::Paging => "paging",
            Self::Consistency => "consistency",
        }
    }
}

/// What a step says about the item being in the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This check lets the item through.
    Passes,
    /// This check keeps the item out of the results.
    Excludes,
    /// Worth knowing, but it neither admits nor excludes the item.
    Note,
    /// Not known: what would tell was not read.
    NotKnown,
}

impl Verdict {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Passes => "passes",
            Self::Excludes => "excludes",
            Self::Note => "note",
            Self::NotKnown => "not known",
        }
    }

    /// `✓`, `✗`, `·`, `?` before a step's lines.
    #[must_use]
    pub const fn mark(self) -> &'static str {
        match self {
            Self::Passes => "✓",
            Self::Excludes => "✗",
            Self::Note => "·",
            Self::NotKnown => "?",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub check: Check,
    pub verdict: Verdict,
    /// What was found, one finding per line, values written as literals.
    pub lines: Vec<String>,
    /// The request or record the finding rests on, e.g. `GetItem (ConsistentRead)`.
    pub relied_on: String,
}

impl Step {
    #[must_use]
    pub fn new(check: Check, verdict: Verdict, lines: Vec<String>, relied_on: &str) -> Self {
        Self {
            check,
            verdict,
            lines,
            relied_on: relied_on.to_owned(),
        }
    }
}
