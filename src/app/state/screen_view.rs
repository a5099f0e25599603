//! The view a screen unit keeps in the view history, held without its type so the view history
//! knows no screen unit: each unit's view says which screen it belongs to, and the unit finds
//! its own by type.

use std::any::Any;
use std::fmt;

/// What a screen unit's view must be: a value the history can copy and compare, with a cursor.
pub trait ScreenState: Clone + fmt::Debug + PartialEq + 'static {
    /// The screen's name, as its keymap section.
    const SCREEN: &'static str;

    fn cursor(&self) -> usize;
    fn cursor_mut(&mut self) -> &mut usize;
}

/// A unit's view behind the type-erased box.
trait AnyView: fmt::Debug {
    fn screen(&self) -> &'static str;
    fn cursor(&self) -> usize;
    fn cursor_mut(&mut self) -> &mut usize;
    fn clone_box(&self) -> Box<dyn AnyView>;
    fn equals(&self, other: &dyn AnyView) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: ScreenState> AnyView for T {
    fn screen(&self) -> &'static str {
        T::SCREEN
    }

    fn cursor(&self) -> usize {
        ScreenState::cursor(self)
    }

    fn cursor_mut(&mut self) -> &mut usize {
        ScreenState::cursor_mut(self)
    }

    fn clone_box(&self) -> Box<dyn AnyView> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn AnyView) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// One screen unit's view.
#[derive(Debug)]
pub struct ScreenView(Box<dyn AnyView>);

impl ScreenView {
    #[must_use]
    pub fn new<T: ScreenState>(view: T) -> Self {
        Self(Box::new(view))
    }

    /// The screen the view belongs to.
    #[must_use]
    pub fn screen(&self) -> &'static str {
        self.0.screen()
    }

    #[must_use]
    pub fn cursor(&self) -> usize {
        self.0.cursor()
    }

    pub fn cursor_mut(&mut self) -> &mut usize {
        self.0.cursor_mut()
    }

    /// The view, if it is a `T`.
    #[must_use]
    pub fn of<T: ScreenState>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    pub fn of_mut<T: ScreenState>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }
}

impl Clone for ScreenView {
    fn clone(&self) -> Self {
        Self(self.0.clone_box())
    }
}

impl PartialEq for ScreenView {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Counted {
        cursor: usize,
    }

    impl ScreenState for Counted {
        const SCREEN: &'static str = "counted";

        fn cursor(&self) -> usize {
            self.cursor
        }

        fn cursor_mut(&mut self) -> &mut usize {
            &mut self.cursor
        }
    }

    #[test]
    fn a_view_is_found_by_its_type_copied_and_compared_by_value() {
        let mut view = ScreenView::new(Counted { cursor: 2 });
        assert_eq!(view.screen(), "counted");
        *view.cursor_mut() = 3;
        let copy = view.clone();
        assert_eq!(copy, view);
        assert_eq!(copy.of::<Counted>(), Some(&Counted { cursor: 3 }));
        *view.cursor_mut() = 4;
        assert_ne!(copy, view);
    }
}
