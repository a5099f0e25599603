//! The statement screen's fields: the statement and its `?` parameters (a JSON array of
//! DynamoDB JSON values), one of them focused.

use crate::app::state::text_field::TextField;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatementField {
    Statement,
    Parameters,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementForm {
    pub statement: TextField,
    pub parameters: TextField,
    pub focus: StatementField,
    /// Why the last submit was refused; the form stays open to fix it.
    pub error: Option<String>,
}

impl StatementForm {
    /// A form holding `statement`, focused on it.
    #[must_use]
    pub fn new(statement: &str, parameters: &str) -> Self {
        Self {
            statement: TextField::new(statement),
            parameters: TextField::new(parameters),
            focus: StatementField::Statement,
            error: None,
        }
    }

    /// The focused field.
    pub const fn focused_mut(&mut self) -> &mut TextField {
        match self.focus {
            StatementField::Statement => &mut self.statement,
            StatementField::Parameters => &mut self.parameters,
        }
    }

    /// Moves the focus to the other field (there are two).
    pub const fn switch_field(&mut self) {
        self.focus = match self.focus {
            StatementField::Statement => StatementField::Parameters,
            StatementField::Parameters => StatementField::Statement,
        };
    }
}
