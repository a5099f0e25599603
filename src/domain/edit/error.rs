//! Why an edit cannot be saved, in words that say what to fix. Every one of these is found before
//! anything is sent.

use std::fmt;

use crate::domain::limits::MAX_ITEM_SIZE;

/// The edit text is not a valid item: where (1-based line and column) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditTextError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for EditTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for EditTextError {}

/// The edited item is valid JSON but cannot be written as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// A table key attribute is missing from the edited item.
    KeyRemoved { attribute: String },
    /// A table key attribute has the wrong type (keys are S, N or B as the table defines).
    KeyType {
        attribute: String,
        expected: String,
        found: String,
    },
    /// A key attribute is an empty string or empty binary, which DynamoDB refuses.
    KeyEmpty { attribute: String },
    /// An index key attribute has a type other than the index defines.
    IndexKeyType {
        index: String,
        attribute: String,
        expected: String,
        found: String,
    },
    /// The item is larger than DynamoDB's 400 KB item limit.
    TooLarge { size: usize },
    /// The version attribute was edited by hand; ddbx increments it itself.
    VersionEdited { attribute: String },
    /// An item with the target key already exists (creates and key changes).
    TargetExists { key: String },
    /// A journal entry that cannot be undone (nothing recorded to restore).
    NotUndoable(String),
    /// A condition the user wrote (a transaction's check) that the service would refuse.
    BadCondition(String),
    /// The version counter is at DynamoDB's 38-digit maximum and cannot be incremented.
    VersionOverflow { attribute: String },
    /// An expression of the request would exceed DynamoDB's 4 KB expression limit.
    ExpressionTooLong { which: &'static str, bytes: usize },
    /// The item is an Amplify tombstone (`_deleted = true`): an edit would not bring it back.
    Tombstone,
    /// A number cannot be adjusted as asked (not a number, a key, beyond 38 digits).
    Adjustment(String),
    /// As read, an adjustment would break its guard: the service would refuse it too.
    GuardFailed(String),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Adjustment(problem) | Self::GuardFailed(problem) => f.write_str(problem),
            Self::Tombstone => write!(
                f,
                "this item is an Amplify tombstone (_deleted = true): AppSync and DataStore clients treat it as deleted, and editing it here would not bring it back for them; restore it through the app's API instead"
            ),
            Self::KeyRemoved { attribute } => write!(
                f,
                "the key attribute \"{attribute}\" was removed; every item needs its full primary key (put it back, or change its value to move the item)"
            ),
            Self::KeyType {
                attribute,
                expected,
                found,
            } => write!(
                f,
                "the key attribute \"{attribute}\" must be of type {expected} (the table defines it so), but it is {found}"
            ),
            Self::KeyEmpty { attribute } => write!(
                f,
                "the key attribute \"{attribute}\" is empty; key values must be at least one character or byte long"
            ),
            Self::IndexKeyType {
                index,
                attribute,
                expected,
                found,
            } => write!(
                f,
                "\"{attribute}\" is a key of index {index} and must be of type {expected}, but it is {found}; change its type or remove it (the item then leaves the index)"
            ),
            Self::TooLarge { size } => write!(
                f,
                "the item would be {size} bytes, over DynamoDB's 400 KB limit ({MAX_ITEM_SIZE} bytes); make it {} bytes smaller",
                size - MAX_ITEM_SIZE
            ),
            Self::VersionEdited { attribute } => write!(
                f,
                "the version attribute \"{attribute}\" was changed by hand; leave it as it was read, ddbx increments it on save"
            ),
            Self::TargetExists { key } => write!(
                f,
                "an item with key {key} already exists; choose another key or edit that item instead"
            ),
            Self::NotUndoable(reason) => write!(f, "cannot undo: {reason}"),
            Self::BadCondition(reason) => f.write_str(reason),
            Self::VersionOverflow { attribute } => write!(
                f,
                "the version attribute \"{attribute}\" is at the largest number DynamoDB stores and cannot be incremented"
            ),
            Self::ExpressionTooLong { which, bytes } => write!(
                f,
                "the {which} would be {bytes} bytes, over DynamoDB's 4 KB expression limit; save fewer changes at a time{}",
                if *which == "ConditionExpression" {
                    ", or use the default condition mode instead of whole-item"
                } else {
                    ""
                }
            ),
        }
    }
}

impl std::error::Error for EditError {}
