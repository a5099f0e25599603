//! PartiQL writes that become the editor's writes. A DELETE that names one item by its full
//! primary key (and nothing else): the item is read first, then shown as the delete preview,
//! conditioned on the item as read. An INSERT of one literal item: the put's preview,
//! conditioned on the key not existing. Both are journaled like every other write; any other
//! write is refused in words.

use crate::app::state::State;
use crate::app::state::partiql::form::StatementForm;
use crate::domain::number::Number;
use crate::domain::partiql::{
    Condition, Operand, StatementKind, check_count, insert_item, parse, parse_parameters,
};
use crate::domain::value::{AttrValue, Item};

/// For a DELETE: the key of the item it deletes, or why it is not turned into a write.
/// `None` for every other kind of statement.
pub fn delete_key(state: &State, form: &StatementForm) -> Option<Result<Item, String>> {
    let statement = parse(form.statement.text()).ok()?;
    if statement.kind != StatementKind::Delete || state.session.connection.read_only {
        return None;
    }
    Some(key_of(state, form, &statement))
}

fn key_of(
    state: &State,
    form: &StatementForm,
    statement: &crate::domain::partiql::Statement,
) -> Result<Item, String> {
    let parameters = parse_parameters(form.parameters.text(), "parameters")?;
    check_count(statement.parameters, parameters.len(), "parameters")?;
    if statement.table != state.table.name {
        return Err(format!(
            "the statement deletes from table {}, but the open table is {}: switch tables first",
            statement.table, state.table.name
        ));
    }
    let Some(description) = state.described() else {
        return Err("the table is still being described; try again in a moment".to_owned());
    };
    let key = &description.key;
    let only_the_key = !statement.where_has_or
        && statement.conditions.len() == key.names().count()
        && statement.conjuncts == statement.conditions.len()
        && statement.conditions.iter().all(
            |condition| matches!(condition, Condition::Equals { name, .. } if key.contains(name)),
        );
    let mut item = Item::new();
    for name in key.names() {
        let value = statement
            .equality(name)
            .filter(|_| only_the_key)
            .ok_or_else(|| {
                format!(
                    "ddbx turns a PartiQL DELETE into a write only when WHERE names the full key \
                     and nothing else ({}); nothing was sent. Open the item and use d (delete item)",
                    key.names()
                        .map(|name| format!("{name} = …"))
                        .collect::<Vec<_>>()
                        .join(" AND ")
                )
            })?;
        item.insert(name.to_owned(), value_of(value, &parameters)?);
    }
    Ok(item)
}

fn value_of(operand: &Operand, parameters: &[AttrValue]) -> Result<AttrValue, String> {
    match operand {
        Operand::Text(text) => Ok(AttrValue::S(text.clone())),
        Operand::Number(text) => Number::parse(text)
            .map(AttrValue::N)
            .map_err(|error| format!("the number {text}: {error}")),
        Operand::Parameter(n) => parameters
            .get(*n)
            .cloned()
            .ok_or_else(|| format!("parameter {} is missing", n + 1)),
    }
}

/// For an INSERT: the item it writes, or why it is not turned into a write. `None` for every
/// other kind of statement.
pub fn inserted_item(state: &State, form: &StatementForm) -> Option<Result<Item, String>> {
    let statement = parse(form.statement.text()).ok()?;
    if statement.kind != StatementKind::Insert || state.session.connection.read_only {
        return None;
    }
    Some(insert_of(state, form, statement.parameters))
}

fn insert_of(state: &State, form: &StatementForm, question_marks: usize) -> Result<Item, String> {
    let parameters = parse_parameters(form.parameters.text(), "parameters")?;
    check_count(question_marks, parameters.len(), "parameters")?;
    let (table, item) = insert_item(form.statement.text(), &parameters)
        .map_err(|error| format!("cannot read the INSERT: {error}; nothing was sent"))?;
    if table != state.table.name {
        return Err(format!(
            "the statement inserts into table {table}, but the open table is {}: switch tables first",
            state.table.name
        ));
    }
    let Some(description) = state.described() else {
        return Err("the table is still being described; try again in a moment".to_owned());
    };
    if let Some(missing) = description
        .key
        .names()
        .find(|name| !item.contains_key(*name))
    {
        return Err(format!(
            "the item has no {missing}, a key attribute; nothing was sent"
        ));
    }
    Ok(item)
}
