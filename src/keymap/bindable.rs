//! What a keymap binds keys to. The keymap knows only this much of the app's actions, so it sits
//! below the app: its files, sections and lookups work for any closed set of named actions.

use std::fmt::Debug;

use super::section::ScreenSection;

/// A closed set of actions that keymap files name.
pub trait Bindable: Clone + Debug + PartialEq + Sized + 'static {
    /// The action that unbinds a key (`run = "noop"`): never shown in the help.
    const NOOP: Self;

    /// Every bindable action, in the order the help documents them.
    fn bindable() -> &'static [Self];

    /// The action's name in keymap files (`None` for one no keymap may name).
    fn name(&self) -> Option<&'static str>;

    /// Whether the action leaves the first view (quits from it): a keymap must keep one.
    fn leaves_first_view(&self) -> bool;

    /// The sections of the app's own screens, with their default keys.
    #[must_use]
    fn screen_sections() -> &'static [ScreenSection] {
        &[]
    }

    /// The bindable action called `name`.
    #[must_use]
    fn from_name(name: &str) -> Option<Self> {
        Self::bindable()
            .iter()
            .find(|action| action.name() == Some(name))
            .cloned()
    }
}
