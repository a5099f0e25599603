//! The statement screen's fields: the statement and its `?` parameters (a JSON array of
//! DynamoDB JSON values), one of them focused.

use crate::app::state::text_field::{TextEdit, TextField};

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
    /// The statement is the one of a previous opening, shown selected: typing replaces it (as
    /// a recalled search does), a cursor key keeps it to edit.
    pub recalled: bool,
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
            recalled: false,
        }
    }

    /// The focused field.
    pub const fn focused_mut(&mut self) -> &mut TextField {
        match self.focus {
            StatementField::Statement => &mut self.statement,
            StatementField::Parameters => &mut self.parameters,
        }
    }

    /// Applies `edit` to the focused field; true when the text changed. The first edit of a
    /// recalled statement replaces it when it types or deletes, and keeps it otherwise.
    pub fn edit(&mut self, edit: &TextEdit) -> bool {
        if std::mem::take(&mut self.recalled) && self.focus == StatementField::Statement {
            match edit {
                TextEdit::Insert(_) | TextEdit::Paste(_) => self.statement.set(""),
                TextEdit::DeleteBack | TextEdit::DeleteForward => {
                    self.statement.set("");
                    return true;
                }
                _ => {}
            }
        }
        self.focused_mut().apply(edit)
    }

    /// Moves the focus to the other field (there are two).
    pub const fn switch_field(&mut self) {
        self.recalled = false;
        self.focus = match self.focus {
            StatementField::Statement => StatementField::Parameters,
            StatementField::Parameters => StatementField::Statement,
        };
    }
}
