//! One row of a keymap.

use super::key::Key;

/// One row: a key or chord, the action it runs and the text help shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding<A> {
    pub keys: Vec<Key>,
    pub action: A,
    pub desc: String,
}

impl<A> Binding<A> {
    /// The keys as written in a keymap (`g g`, `<C-s>`).
    #[must_use]
    pub fn keys_text(&self) -> String {
        self.keys
            .iter()
            .map(Key::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}
