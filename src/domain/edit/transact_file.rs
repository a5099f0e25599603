//! The plan of `ddbx transact FILE`: one JSON object a line, each naming one action on one item.
//!
//! ```text
//! {"put": {"PK": "ORDER#1", "SK": "LINE#3", "qty": 2}}
//! {"update": {"pk": "ORDER#1", "sk": "META", "set": {"total": 30, "lines[0].qty": 2}, "remove": ["note"], "expect_version": 4}}
//! {"delete": {"pk": "ORDER#1", "sk": "LINE#2"}}
//! {"check": {"pk": "USER#1", "sk": "PROFILE", "condition": "status = \"ACTIVE\""}}
//! ```
//!
//! The fields mean what the single-item commands' flags mean (`--pk`, `--sk`, `--set PATH=VALUE`,
//! `--remove`, `--expect-version`, `--whole-item`), so a plan line is planned by the same code.
//! Blank lines are skipped. Every mistake is reported with its line and column; an unknown
//! field is a mistake (a misspelt `"remvoe"` must not silently change nothing).

use super::error::EditTextError;
use super::json_tree::{self, Json, JsonKind, Pos};
use super::path_edit::{PathEdit, parse_path};
use super::text::{EditFormat, item_from_tree, value_from_tree};
use crate::domain::expr::{ExprKind, ExpressionParams, parse_friendly_condition};
use crate::domain::limits::MAX_ITEM_LINE;
use crate::domain::number::Number;
use crate::domain::value::Item;

/// An item's key as the user wrote it, typed later from the table's key schema (as `--pk`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyText {
    pub pk: String,
    pub sk: Option<String>,
}

/// One action of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransactOp {
    /// A create: refused if an item with the key exists.
    Put { item: Item },
    Update {
        key: KeyText,
        edits: Vec<PathEdit>,
        expect_version: Option<Number>,
        whole_item: bool,
    },
    Delete {
        key: KeyText,
        expect_version: Option<Number>,
    },
    /// A condition on an item that is not written: the user's condition (friendly syntax), or
    /// without one, the item unchanged since it is read.
    Check {
        key: KeyText,
        condition: Option<String>,
    },
}

/// One action and the line of the file it comes from (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactLine {
    pub line: usize,
    pub op: TransactOp,
}

/// Parses the whole plan; the first mistake stops it.
pub fn parse_plan(text: &str, format: EditFormat) -> Result<Vec<TransactLine>, EditTextError> {
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let op = parse_line(line, format).map_err(|error| EditTextError {
            line: number,
            ..error
        })?;
        lines.push(TransactLine { line: number, op });
    }
    if lines.is_empty() {
        return Err(EditTextError {
            line: 1,
            column: 1,
            message: "the plan holds no action: write one JSON object a line, such as \
                      {\"delete\": {\"pk\": \"ORDER#1\", \"sk\": \"LINE#2\"}}"
                .to_owned(),
        });
    }
    Ok(lines)
}

fn parse_line(line: &str, format: EditFormat) -> Result<TransactOp, EditTextError> {
    if line.len() > MAX_ITEM_LINE {
        return Err(Pos { line: 1, column: 1 }.error(format!(
            "the line is {} bytes, longer than any action on a 400 KB item can be ({MAX_ITEM_LINE})",
            line.len()
        )));
    }
    let json = json_tree::parse(line)?;
    let JsonKind::Object(members) = json.kind else {
        return Err(json.pos.error(format!(
            "an action is a JSON object such as {{\"put\": {{...}}}}, not {}",
            json.kind.describe()
        )));
    };
    let [(name, name_pos, body)] = <[_; 1]>::try_from(members).map_err(|members| {
        json.pos.error(format!(
            "an action names exactly one of put, update, delete or check; this line has {} members",
            members.len()
        ))
    })?;
    match name.as_str() {
        "put" => Ok(TransactOp::Put {
            item: item_from_tree(body, format)?,
        }),
        "update" => update(body, format),
        "delete" => delete(body),
        "check" => check(body),
        other => Err(name_pos.error(format!(
            "unknown action {other:?}: use put, update, delete or check"
        ))),
    }
}

/// The members of an action's object, each known by name, none repeated (the tree refuses
/// repeats).
struct Fields {
    pos: Pos,
    members: Vec<(String, Pos, Json)>,
}

impl Fields {
    fn of(body: Json, action: &str, allowed: &[&str]) -> Result<Self, EditTextError> {
        let JsonKind::Object(members) = body.kind else {
            return Err(body.pos.error(format!(
                "{action}: expected an object of fields ({}), not {}",
                allowed.join(", "),
                body.kind.describe()
            )));
        };
        if let Some((name, pos, _)) = members
            .iter()
            .find(|(name, ..)| !allowed.contains(&name.as_str()))
        {
            return Err(pos.error(format!(
                "{action}: unknown field {name:?}; the fields are {}",
                allowed.join(", ")
            )));
        }
        Ok(Self {
            pos: body.pos,
            members,
        })
    }

    fn take(&mut self, name: &str) -> Option<Json> {
        let index = self.members.iter().position(|(field, ..)| field == name)?;
        Some(self.members.remove(index).2)
    }

    fn key(&mut self, action: &str) -> Result<KeyText, EditTextError> {
        let pk = self.take("pk").ok_or_else(|| {
            self.pos.error(format!(
                "{action}: \"pk\" (the partition key value) is missing"
            ))
        })?;
        Ok(KeyText {
            pk: key_value(&pk, "pk")?,
            sk: self.take("sk").map(|sk| key_value(&sk, "sk")).transpose()?,
        })
    }
}

/// A key value as `--pk` takes it: a string, or a number's digits.
fn key_value(json: &Json, field: &str) -> Result<String, EditTextError> {
    match &json.kind {
        JsonKind::String(text) => Ok(text.clone()),
        JsonKind::Number(text) => Ok(text.clone()),
        other => Err(json.pos.error(format!(
            "\"{field}\" is a string or a number (typed by the table's key schema), not {}",
            other.describe()
        ))),
    }
}

fn version(json: Option<Json>) -> Result<Option<Number>, EditTextError> {
    let Some(json) = json else {
        return Ok(None);
    };
    let text = match &json.kind {
        JsonKind::Number(text) | JsonKind::String(text) => text.as_str(),
        _ => "",
    };
    Number::parse(text)
        .ok()
        .filter(|n| n.is_integer() && !n.is_negative())
        .map(Some)
        .ok_or_else(|| {
            json.pos.error(
                "\"expect_version\" is a non-negative whole number, e.g. \"expect_version\": 7",
            )
        })
}

fn flag(json: Option<Json>, field: &str) -> Result<bool, EditTextError> {
    match json.map(|json| (json.pos, json.kind)) {
        None => Ok(false),
        Some((_, JsonKind::Bool(value))) => Ok(value),
        Some((pos, kind)) => Err(pos.error(format!(
            "\"{field}\" is true or false, not {}",
            kind.describe()
        ))),
    }
}

fn path(text: &str, pos: Pos) -> Result<Vec<crate::domain::expr::ast::PathElement>, EditTextError> {
    parse_path(text).map_err(|problem| {
        pos.error(format!(
            "path {text:?}: {problem}; paths look like status, address.city, lines[0].qty or `odd.name`"
        ))
    })
}

fn edits(
    set: Option<Json>,
    remove: Option<Json>,
    format: EditFormat,
    at: Pos,
) -> Result<Vec<PathEdit>, EditTextError> {
    let mut edits = Vec::new();
    if let Some(set) = set {
        let JsonKind::Object(members) = set.kind else {
            return Err(set.pos.error(format!(
                "\"set\" is an object of PATH: VALUE, such as {{\"status\": \"PAID\"}}, not {}",
                set.kind.describe()
            )));
        };
        for (text, pos, value) in members {
            edits.push(PathEdit {
                path: path(&text, pos)?,
                value: Some(value_from_tree(&value, format)?),
            });
        }
    }
    if let Some(remove) = remove {
        let JsonKind::Array(paths) = remove.kind else {
            return Err(remove.pos.error(format!(
                "\"remove\" is an array of paths, such as [\"note\"], not {}",
                remove.kind.describe()
            )));
        };
        for json in paths {
            let JsonKind::String(text) = &json.kind else {
                return Err(json.pos.error("each path of \"remove\" is a string"));
            };
            edits.push(PathEdit {
                path: path(text, json.pos)?,
                value: None,
            });
        }
    }
    if edits.is_empty() {
        return Err(at.error("update: nothing to change: give \"set\" or \"remove\""));
    }
    Ok(edits)
}

fn update(body: Json, format: EditFormat) -> Result<TransactOp, EditTextError> {
    let mut fields = Fields::of(
        body,
        "update",
        &["pk", "sk", "set", "remove", "expect_version", "whole_item"],
    )?;
    let key = fields.key("update")?;
    let at = fields.pos;
    let (set, remove) = (fields.take("set"), fields.take("remove"));
    Ok(TransactOp::Update {
        key,
        edits: edits(set, remove, format, at)?,
        expect_version: version(fields.take("expect_version"))?,
        whole_item: flag(fields.take("whole_item"), "whole_item")?,
    })
}

fn delete(body: Json) -> Result<TransactOp, EditTextError> {
    let mut fields = Fields::of(body, "delete", &["pk", "sk", "expect_version"])?;
    Ok(TransactOp::Delete {
        key: fields.key("delete")?,
        expect_version: version(fields.take("expect_version"))?,
    })
}

fn check(body: Json) -> Result<TransactOp, EditTextError> {
    let mut fields = Fields::of(body, "check", &["pk", "sk", "condition"])?;
    let key = fields.key("check")?;
    let condition = match fields.take("condition") {
        None => None,
        Some(json) => {
            let JsonKind::String(text) = &json.kind else {
                return Err(json
                    .pos
                    .error("\"condition\" is a condition expression as a string"));
            };
            parse_friendly_condition(ExprKind::Condition, text, &ExpressionParams::default())
                .map_err(|error| json.pos.error(format!("\"condition\": {error}")))?;
            Some(text.clone())
        }
    };
    Ok(TransactOp::Check { key, condition })
}

#[cfg(test)]
#[path = "transact_file_tests.rs"]
mod tests;
