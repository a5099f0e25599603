//! A PartiQL INSERT, UPDATE or DELETE as the one conditioned single-item write DynamoDB turns it
//! into: INSERT puts an item whose key must not exist yet, UPDATE changes an item that must
//! exist, DELETE removes an item if it exists; WHERE names the whole primary key by equality,
//! and its other conditions become the write's condition. Pure, and never panics.

use super::condition::{Cond, render};
use super::lexer::{Token, tokens};
use super::translate::Reader;
use super::translated::{TranslateError, malformed, unsupported};
use crate::domain::expr::ExpressionParams;
use crate::domain::request::{Condition, DeleteRequest, PutRequest, ReturnValues, UpdateRequest};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// The write a PartiQL INSERT, UPDATE or DELETE becomes.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteStatement {
    /// Fails with DuplicateItemException when an item with the key exists.
    Insert(PutRequest),
    /// Fails with ConditionalCheckFailedException when no item has the key or WHERE is false.
    Update(UpdateRequest),
    /// Succeeds when no item has the key; fails when one has and WHERE is false.
    Delete(DeleteRequest),
}

impl WriteStatement {
    #[must_use]
    pub fn table(&self) -> &str {
        match self {
            Self::Insert(put) => &put.table,
            Self::Update(update) => &update.table,
            Self::Delete(delete) => &delete.table,
        }
    }
}

/// DynamoDB's words when WHERE does not pin one item.
pub const KEY_REQUIRED: &str =
    "Where clause does not contain a mandatory equality on all key attributes";

/// `text` as a write, or `None` when it is not an INSERT, UPDATE or DELETE; `key_of` gives the
/// key schema of a table, `None` for a table that does not exist.
pub fn translate_write(
    text: &str,
    parameters: &[AttrValue],
    key_of: impl Fn(&str) -> Option<KeySchema>,
) -> Option<Result<WriteStatement, TranslateError>> {
    let tokens = match tokens(text) {
        Ok(tokens) => tokens,
        Err(error) => return Some(Err(TranslateError::Malformed(error.message))),
    };
    let first = tokens.first()?;
    let kind = ["insert", "update", "delete"]
        .into_iter()
        .find(|word| first.token.is_keyword(word))?;
    let mut reader = Reader::new(&tokens, parameters);
    reader.cursor.advance();
    Some(match kind {
        "insert" => insert(text, parameters, &key_of),
        "update" => update(&mut reader, &key_of),
        _ => delete(&mut reader, &key_of),
    })
}

fn insert(
    text: &str,
    parameters: &[AttrValue],
    key_of: &impl Fn(&str) -> Option<KeySchema>,
) -> Result<WriteStatement, TranslateError> {
    let (table, item) =
        super::insert::insert_item(text, parameters).map_err(TranslateError::Malformed)?;
    let key = key_of(&table).ok_or_else(|| TranslateError::Missing(table.clone(), None))?;
    let mut params = ExpressionParams::default();
    params
        .names
        .insert("#k".to_owned(), key.partition.name.clone());
    Ok(WriteStatement::Insert(PutRequest {
        table,
        item,
        condition: Condition::new("attribute_not_exists(#k)"),
        params,
        return_values: ReturnValues::None,
    }))
}

/// The table after UPDATE or DELETE FROM, and its key schema.
fn target(
    reader: &mut Reader<'_>,
    key_of: &impl Fn(&str) -> Option<KeySchema>,
) -> Result<(String, KeySchema), TranslateError> {
    let table = reader
        .name()?
        .ok_or_else(|| TranslateError::Malformed("expected a table name".to_owned()))?;
    if reader.cursor.symbol(".") {
        return malformed("a write names a table, not an index");
    }
    let key = key_of(&table).ok_or_else(|| TranslateError::Missing(table.clone(), None))?;
    Ok((table, key))
}

fn update(
    reader: &mut Reader<'_>,
    key_of: &impl Fn(&str) -> Option<KeySchema>,
) -> Result<WriteStatement, TranslateError> {
    let (table, key_schema) = target(reader, key_of)?;
    let mut sets = Vec::new();
    let mut removes = Vec::new();
    loop {
        if reader.cursor.keyword("set") {
            sets.push(set_action(reader)?);
            while reader.cursor.symbol(",") {
                sets.push(set_action(reader)?);
            }
        } else if reader.cursor.keyword("remove") {
            removes.push(reader.path()?);
            while reader.cursor.symbol(",") {
                removes.push(reader.path()?);
            }
        } else {
            break;
        }
    }
    if sets.is_empty() && removes.is_empty() {
        return malformed("expected SET or REMOVE after the table name");
    }
    let (key, rest) = where_key(reader, &key_schema)?;
    let return_values = returning(reader)?;
    let exists = format!(
        "attribute_exists({})",
        reader.placeholder_name(key_schema.partition.name.clone())
    );
    let condition = match rest {
        Some(rest) => format!("{exists} AND ({})", render(&rest)),
        None => exists,
    };
    let mut update = Vec::new();
    if !sets.is_empty() {
        update.push(format!("SET {}", sets.join(", ")));
    }
    if !removes.is_empty() {
        update.push(format!("REMOVE {}", removes.join(", ")));
    }
    let update = update.join(" ");
    let params = used_params(reader, &[&update, &condition]);
    Ok(WriteStatement::Update(UpdateRequest {
        table,
        key,
        update,
        condition: Condition::new(condition),
        params,
        return_values,
    }))
}

fn delete(
    reader: &mut Reader<'_>,
    key_of: &impl Fn(&str) -> Option<KeySchema>,
) -> Result<WriteStatement, TranslateError> {
    if !reader.cursor.keyword("from") {
        return malformed("expected FROM after DELETE");
    }
    let (table, key_schema) = target(reader, key_of)?;
    let (key, rest) = where_key(reader, &key_schema)?;
    let return_values = returning(reader)?;
    // A missing item is deleted successfully; WHERE's other conditions bind only an item that
    // exists.
    let condition = match rest {
        Some(rest) => {
            let partition = reader.placeholder_name(key_schema.partition.name.clone());
            format!("attribute_not_exists({partition}) OR ({})", render(&rest))
        }
        None => String::new(),
    };
    let params = used_params(reader, &[&condition]);
    Ok(WriteStatement::Delete(DeleteRequest {
        table,
        key,
        condition: Condition::new(condition),
        params,
        return_values,
    }))
}

/// `name = value`, `name = name + value` or `name = name - value`, as an update action.
fn set_action(reader: &mut Reader<'_>) -> Result<String, TranslateError> {
    let target = reader.path()?;
    if !reader.cursor.symbol("=") {
        return malformed("expected = in SET");
    }
    let is_name = matches!(reader.cursor.peek(), Some(Token::Quoted(_)))
        || matches!(reader.cursor.peek(), Some(Token::Word(word))
            if !["true", "false", "null", "missing"].iter().any(|w| word.eq_ignore_ascii_case(w)));
    if !is_name {
        let value = reader.literal()?;
        return Ok(format!("{target} = {value}"));
    }
    let source = reader.path()?;
    if reader.cursor.symbol("(") {
        return unsupported("functions in SET (list_append, set_add, set_delete)");
    }
    let operator = match reader.cursor.peek() {
        Some(Token::Other('+')) => "+",
        Some(Token::Other('-')) => "-",
        _ => return unsupported("SET to another attribute's value"),
    };
    reader.cursor.advance();
    let value = reader.literal()?;
    Ok(format!("{target} = {source} {operator} {value}"))
}

/// WHERE's key (every key attribute by equality) and its other conditions.
fn where_key(
    reader: &mut Reader<'_>,
    key: &KeySchema,
) -> Result<(Item, Option<Cond>), TranslateError> {
    if !reader.cursor.keyword("where") {
        return Err(TranslateError::Invalid(KEY_REQUIRED.to_owned()));
    }
    let mut rest = reader.or()?.into_conjuncts();
    if reader.lacks_parameters() {
        return malformed("Number of parameters in request and statement don't match.");
    }
    let mut item = Item::new();
    for attribute in key.attributes() {
        let found = rest.iter().position(|cond| {
            matches!(cond, Cond::Compare { name, op: "=", .. }
                if reader.params.names.get(name) == Some(&attribute.name))
        });
        let Some(Cond::Compare { value, .. }) = found.map(|at| rest.remove(at)) else {
            return Err(TranslateError::Invalid(KEY_REQUIRED.to_owned()));
        };
        let value = reader.params.values.get(&value).cloned();
        let Some(value) = value else {
            return Err(TranslateError::Invalid(KEY_REQUIRED.to_owned()));
        };
        if value.value_type() != attribute.value_type {
            return Err(TranslateError::Invalid(format!(
                "Key attribute's data type should match its data type in table's schema: Key {}",
                attribute.name
            )));
        }
        item.insert(attribute.name.clone(), value);
    }
    Ok((item, (!rest.is_empty()).then_some(Cond::And(rest))))
}

/// `RETURNING ALL OLD *` and its kin; nothing else may follow WHERE.
fn returning(reader: &mut Reader<'_>) -> Result<ReturnValues, TranslateError> {
    if reader.cursor.peek().is_none() {
        return Ok(ReturnValues::None);
    }
    if !reader.cursor.keyword("returning") {
        return malformed("expected RETURNING or the end of the statement after WHERE");
    }
    let Some(all) = one_of(reader, "all", "modified") else {
        return malformed("expected ALL or MODIFIED after RETURNING");
    };
    let Some(old) = one_of(reader, "old", "new") else {
        return malformed("expected OLD or NEW in RETURNING");
    };
    if !matches!(reader.cursor.next(), Some(Token::Other('*'))) || reader.cursor.peek().is_some() {
        return malformed("expected * to end RETURNING");
    }
    Ok(match (all, old) {
        (true, true) => ReturnValues::AllOld,
        (true, false) => ReturnValues::AllNew,
        (false, true) => ReturnValues::UpdatedOld,
        (false, false) => ReturnValues::UpdatedNew,
    })
}

/// `Some(true)` past `first`, `Some(false)` past `second`, `None` when neither is next.
fn one_of(reader: &mut Reader<'_>, first: &str, second: &str) -> Option<bool> {
    if reader.cursor.keyword(first) {
        Some(true)
    } else if reader.cursor.keyword(second) {
        Some(false)
    } else {
        None
    }
}

/// The reader's names and values that `expressions` use: the key's equalities left WHERE, and
/// the service refuses a placeholder no expression uses.
fn used_params(reader: &mut Reader<'_>, expressions: &[&str]) -> ExpressionParams {
    let mut params = std::mem::take(&mut reader.params);
    let used = |placeholder: &str| expressions.iter().any(|text| mentions(text, placeholder));
    params.names.retain(|placeholder, _| used(placeholder));
    params.values.retain(|placeholder, _| used(placeholder));
    params
}

/// Whether `text` holds `placeholder` as a whole token (`#n1` is not in `#n10`).
fn mentions(text: &str, placeholder: &str) -> bool {
    text.match_indices(placeholder).any(|(at, _)| {
        !text[at + placeholder.len()..]
            .chars()
            .next()
            .is_some_and(|next| next.is_ascii_alphanumeric() || next == '_')
    })
}
