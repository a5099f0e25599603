//! One number to adjust where it stands and the bounds on its result: what `--add` and `+` ask
//! for, what the journal keeps, and what an undo inverts. Planning it is [`super::adjust`].

use super::diff::display_path;
use crate::domain::expr::ast::PathElement;
use crate::domain::number::Number;

/// One number to adjust, and the bounds its result must stay within.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    pub path: Vec<PathElement>,
    /// What is added (negative to subtract).
    pub by: Number,
    /// The result may not fall below this.
    pub at_least: Option<Number>,
    /// The result may not rise above this.
    pub at_most: Option<Number>,
}

impl Adjustment {
    /// The adjustment that takes this one back: the same number, the opposite amount, the same
    /// bounds (an undo must not break them either).
    #[must_use]
    pub fn inverse(&self) -> Self {
        Self {
            by: self.by.negated(),
            ..self.clone()
        }
    }

    /// `balance + 25 (at least 0)`, for summaries and the journal's readers.
    #[must_use]
    pub fn describe(&self) -> String {
        let (sign, amount) = if self.by.is_negative() {
            ("-", self.by.negated())
        } else {
            ("+", self.by.clone())
        };
        let mut text = format!("{} {sign} {amount}", display_path(&self.path));
        let bounds: Vec<String> = [("at least", &self.at_least), ("at most", &self.at_most)]
            .into_iter()
            .filter_map(|(word, bound)| bound.as_ref().map(|bound| format!("{word} {bound}")))
            .collect();
        if !bounds.is_empty() {
            text.push_str(&format!(" ({})", bounds.join(", ")));
        }
        text
    }
}
