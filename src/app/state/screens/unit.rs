//! A screen as one unit: the view it keeps in the view history, what the app asks of it on show
//! ([`Screen`]), and how it reacts — how it opens, its own keys, a refresh, and the reads it
//! asked for. A screen listed in [`super::UNITS`] needs nothing else outside its folder but its
//! drawing in `ui`.
//!
//! Its reactions change state and return commands like the handlers in `update`, which calls
//! them; they live with the screen so the screen stays one folder.

use super::screen::Screen;
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenState;
use crate::app::state::text_field::TextField;
use crate::app::state::{Overlay, Prompt, PromptKind, State, View};
use crate::backend::BackendError;

/// A read's answer: what a unit is given, and what it hands back when it does not wait for it.
pub type Answer = Result<ReadAnswer, BackendError>;

/// The answer handed back by a unit that does not wait for it, for the next to look at.
pub type Unclaimed = Answer;

/// How a unit takes a read's answer.
pub type Answered = fn(&mut State, RequestId, Answer) -> Result<Vec<Command>, Unclaimed>;

/// One screen's parts, written as a trait and listed as a [`Unit`].
pub trait ScreenUnit: Screen + Sized + 'static {
    /// What the screen keeps in the view history (its name and cursor included).
    type View: ScreenState;

    /// The action that opens the screen, as keymaps name it: `show_` and the screen's name.
    const SHOW: &'static str;

    /// The screen's default keys, as a keymap file: its own section, named as the screen, and
    /// the key in another section that opens it.
    const DEFAULT_KEYS: &'static str;

    /// Opens the screen from the current view (or says why it cannot).
    fn open(state: &mut State) -> Vec<Command>;

    /// The screen's own keys; `None` hands the action to the keys every view shares.
    fn key(_state: &mut State, _action: &Action) -> Option<Vec<Command>> {
        None
    }

    /// `refresh` on the screen: read what it shows again.
    fn refresh(_state: &mut State) -> Vec<Command> {
        Vec::new()
    }

    /// The title of the line of text the screen asks for ([`prompt`]), saying what to type.
    const PROMPT_TITLE: &'static str = "";

    /// The text typed in the screen's prompt, submitted.
    fn text_typed(_state: &mut State, _text: &str) -> Vec<Command> {
        Vec::new()
    }

    /// A read answered: taken when a view of this screen, anywhere in the view history, waits
    /// for `id` (else handed back).
    fn answered(
        state: &mut State,
        id: RequestId,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Vec<Command>, Unclaimed>;
}

/// A screen unit as the app routes to it.
pub struct Unit {
    /// The screen's name: its keymap section, and what its views say they belong to.
    pub name: &'static str,
    /// Its `show_<name>` action.
    pub show: &'static str,
    pub default_keys: &'static str,
    pub screen: &'static dyn Screen,
    pub open: fn(&mut State) -> Vec<Command>,
    pub key: fn(&mut State, &Action) -> Option<Vec<Command>>,
    pub refresh: fn(&mut State) -> Vec<Command>,
    pub prompt_title: &'static str,
    pub text_typed: fn(&mut State, &str) -> Vec<Command>,
    pub answered: Answered,
}

impl Unit {
    /// The unit `U`, drawn by `screen` (its one value).
    #[must_use]
    pub const fn of<U: ScreenUnit>(screen: &'static U) -> Self {
        Self {
            name: <U::View as ScreenState>::SCREEN,
            show: U::SHOW,
            default_keys: U::DEFAULT_KEYS,
            screen,
            open: U::open,
            key: U::key,
            refresh: U::refresh,
            prompt_title: U::PROMPT_TITLE,
            text_typed: U::text_typed,
            answered: U::answered,
        }
    }
}

/// The prompt of the screen whose views are `T`s, holding `text`: drawn with the unit's
/// [`ScreenUnit::PROMPT_TITLE`], its text handed to [`ScreenUnit::text_typed`] on submit, so a
/// screen asking for text adds nothing outside its folder.
#[must_use]
pub fn prompt<T: ScreenState>(text: &str) -> Overlay {
    Overlay::Prompt(Prompt {
        kind: PromptKind::Screen(T::SCREEN),
        text: TextField::new(text),
    })
}

/// `view`, if it is a `T` of a screen unit.
#[must_use]
pub fn view_of<T: ScreenState>(view: &View) -> Option<&T> {
    match view {
        View::Screen(view) => view.of(),
        _ => None,
    }
}

/// `view`, if it is a `T` of a screen unit, to change.
pub fn view_of_mut<T: ScreenState>(view: &mut View) -> Option<&mut T> {
    match view {
        View::Screen(view) => view.of_mut(),
        _ => None,
    }
}

/// The screen of a name no unit has: no rows.
pub struct NoScreen;

impl Screen for NoScreen {
    fn row_count(&self, _state: &State, _view: &View) -> usize {
        0
    }

    fn row_texts(&self, _state: &State, _view: &View) -> Vec<String> {
        Vec::new()
    }
}
