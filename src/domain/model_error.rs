//! Model-file errors located at file, line and column, and the helpers that locate them.

use std::fmt;
use std::ops::Range;

use toml::Spanned;

use super::key_template::{KeyTemplate, TemplateError};
use super::version_attr::ELECTRODB_SCHEMA_VERSION;

/// A model file error, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    pub file: String,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ModelError {}

/// Builds located errors for one file.
pub(super) struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl<'a> Locator<'a> {
    pub(super) fn new(file: &'a str, text: &'a str) -> Self {
        Self { file, text }
    }

    pub(super) fn at(&self, offset: usize, message: impl Into<String>) -> ModelError {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or(self.text);
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        ModelError {
            file: self.file.to_owned(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message: message.into(),
        }
    }

    pub(super) fn at_value(&self, span: &Range<usize>, message: impl Into<String>) -> ModelError {
        self.at(span.start, message)
    }

    /// Points inside a template string when it is written as a plain quoted string.
    pub(super) fn in_template(&self, value: &Spanned<String>, error: &TemplateError) -> ModelError {
        let span = value.span();
        let raw = self.text.get(span.clone()).unwrap_or("");
        let plain = raw.len() == value.get_ref().len() + 2
            && raw.get(1..raw.len() - 1) == Some(value.get_ref().as_str());
        let offset = if plain {
            span.start + 1 + error.offset
        } else {
            span.start
        };
        self.at(
            offset,
            format!("in key template {:?}: {error}", value.get_ref()),
        )
    }

    pub(super) fn template(&self, value: &Spanned<String>) -> Result<KeyTemplate, ModelError> {
        KeyTemplate::parse(value.get_ref()).map_err(|error| self.in_template(value, &error))
    }

    pub(super) fn non_empty(
        &self,
        value: &Spanned<String>,
        what: &str,
    ) -> Result<String, ModelError> {
        if value.get_ref().trim().is_empty() {
            return Err(self.at_value(&value.span(), format!("{what} cannot be empty")));
        }
        Ok(value.get_ref().clone())
    }

    pub(super) fn version_attribute(&self, value: &Spanned<String>) -> Result<String, ModelError> {
        let name = self.non_empty(value, "version_attribute")?;
        if name == ELECTRODB_SCHEMA_VERSION {
            return Err(self.at_value(
                &value.span(),
                "`__edb_v__` is ElectroDB's schema version, not a version counter",
            ));
        }
        Ok(name)
    }
}
