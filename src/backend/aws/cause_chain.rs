//! An error and its causes on one line, each cause once.

use std::error::Error;

/// The messages of an error and its causes, joined with ": ". The SDK's own `DisplayErrorContext`
/// ends with a `Debug` dump of the whole error tree, which is a screen of noise for a user; each
/// cause's `Display` says the same things readably. A cause whose text the previous one already
/// contains is skipped, since wrappers often repeat their source.
pub(super) fn cause_chain(error: &dyn Error) -> String {
    let mut parts = vec![error.to_string()];
    let mut current = error.source();
    while let Some(cause) = current {
        let text = cause.to_string();
        if !text.is_empty()
            && !parts
                .last()
                .is_some_and(|previous| previous.contains(&text))
        {
            parts.push(text);
        }
        current = cause.source();
    }
    parts.join(": ")
}
