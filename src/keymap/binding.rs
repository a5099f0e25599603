//! One row of a keymap.

use super::key::Key;
use crate::app::action::Action;

/// One row: a key or chord, the action it runs and the text help shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub keys: Vec<Key>,
    pub action: Action,
    pub desc: String,
}

impl Binding {
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
