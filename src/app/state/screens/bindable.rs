//! The actions a keymap may name: the action table's, and the `show_<screen>` of each screen
//! unit, whose sections and default keys come with them. Declared here, beside the list of
//! units, so the action table knows no screen.

use std::sync::LazyLock;

use super::UNITS;
use crate::app::action::Action;
use crate::keymap::{Bindable, ScreenSection};

impl Bindable for Action {
    const NOOP: Self = Self::Noop;

    fn bindable() -> &'static [Self] {
        static ALL: LazyLock<Vec<Action>> = LazyLock::new(|| {
            let opens = UNITS.iter().map(|unit| Action::ShowScreen(unit.show));
            Action::TABLE.iter().cloned().chain(opens).collect()
        });
        &ALL
    }

    fn name(&self) -> Option<&'static str> {
        self.bindable_name()
    }

    /// `back` quits from the first view.
    fn leaves_first_view(&self) -> bool {
        matches!(self, Self::Quit | Self::Back)
    }

    fn screen_sections() -> &'static [ScreenSection] {
        static SECTIONS: LazyLock<Vec<ScreenSection>> = LazyLock::new(|| {
            UNITS
                .iter()
                .map(|unit| ScreenSection {
                    name: unit.name,
                    default_keys: unit.default_keys,
                })
                .collect()
        });
        &SECTIONS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_unit_is_opened_by_show_and_its_name_and_the_action_round_trips() {
        for unit in UNITS {
            assert_eq!(unit.show, format!("show_{}", unit.name));
            let action = Action::from_bindable_name(unit.show);
            assert_eq!(action, Some(Action::ShowScreen(unit.show)), "{}", unit.show);
            assert!(
                crate::keymap::Section::ALL
                    .iter()
                    .all(|section| section.name() != unit.name),
                "{} is already a section",
                unit.name
            );
        }
    }
}
