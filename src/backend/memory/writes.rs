//! PutItem, UpdateItem and DeleteItem: every check runs before anything changes, the condition is
//! evaluated and the item written under the table's write lock, so each write is atomic.

use crate::backend::{
    BackendError, ConsumedCapacity, DeleteRequest, ExpressionParams, PutRequest, ReturnValues,
    UpdateRequest, WriteOutput,
};
use crate::domain::expr::eval::apply_update;
use crate::domain::expr::validate::check_update;
use crate::domain::expr::{Condition, UpdateExpr};
use crate::domain::value::Item;

use super::capacity;
use super::engine::MemoryBackend;
use super::expressions::{self, holds, invalid};
use super::journal::{ItemWrite, key_item, not_kept};
use super::limits::{WriteKind, check_item, request_key};
use super::locks::write_lock;
use super::reads::corrupt;
use super::rows::PrimaryKey;
use super::table::TableData;

/// One write, parsed and checked against the schema, ready to run against the current item.
pub(super) struct PlannedWrite {
    pub table: String,
    pub key: PrimaryKey,
    /// `None` writes unconditionally.
    pub condition: Option<Condition>,
    pub change: Change,
    pub return_values: ReturnValues,
}

pub(super) enum Change {
    Put(Item),
    Update {
        update: UpdateExpr,
        key_item: Item,
    },
    Delete,
    /// ConditionCheck of a transaction: nothing is written.
    Check,
}

/// What a planned write does to the current item: the new item (`None` for a delete or check).
pub(super) enum Outcome {
    ConditionFailed,
    Write(Option<Item>),
}

fn only_none_or_all_old(return_values: ReturnValues) -> Result<(), BackendError> {
    match return_values {
        ReturnValues::None | ReturnValues::AllOld => Ok(()),
        _ => Err(BackendError::Validation(
            "ReturnValues can only be ALL_OLD or NONE".into(),
        )),
    }
}

impl PlannedWrite {
    pub(super) fn put(table: &TableData, request: &PutRequest) -> Result<Self, BackendError> {
        only_none_or_all_old(request.return_values)?;
        let (condition, _) =
            expressions::write(&request.condition.expression, None, &request.params)?;
        let key = check_item(&table.description, &request.item, WriteKind::Put)?;
        table
            .check_index_keys(&request.item)
            .map_err(BackendError::Validation)?;
        Ok(Self {
            table: request.table.clone(),
            key,
            condition,
            change: Change::Put(request.item.clone()),
            return_values: request.return_values,
        })
    }

    pub(super) fn update(table: &TableData, request: &UpdateRequest) -> Result<Self, BackendError> {
        let (condition, update) = expressions::write(
            &request.condition.expression,
            Some(&request.update),
            &request.params,
        )?;
        let Some(update) = update else {
            return Err(BackendError::Validation(
                "Invalid UpdateExpression: The expression can not be empty;".into(),
            ));
        };
        check_update(&update, &table.description).map_err(invalid)?;
        let key = request_key(&table.description, &request.key)?;
        Ok(Self {
            table: request.table.clone(),
            key,
            condition,
            change: Change::Update {
                update,
                key_item: request.key.clone(),
            },
            return_values: request.return_values,
        })
    }

    pub(super) fn delete(table: &TableData, request: &DeleteRequest) -> Result<Self, BackendError> {
        only_none_or_all_old(request.return_values)?;
        Self::keyed(
            table,
            &request.table,
            &request.key,
            &request.condition.expression,
            &request.params,
            Change::Delete,
        )
        .map(|planned| Self {
            return_values: request.return_values,
            ..planned
        })
    }

    pub(super) fn keyed(
        table: &TableData,
        name: &str,
        key: &Item,
        condition: &str,
        params: &ExpressionParams,
        change: Change,
    ) -> Result<Self, BackendError> {
        let (condition, _) = expressions::write(condition, None, params)?;
        Ok(Self {
            table: name.to_owned(),
            key: request_key(&table.description, key)?,
            condition,
            change,
            return_values: ReturnValues::None,
        })
    }

    /// Decides the outcome against the current item without changing anything.
    pub(super) fn decide(
        &self,
        table: &TableData,
        current: Option<&Item>,
    ) -> Result<Outcome, BackendError> {
        if let Some(condition) = &self.condition
            && !holds(condition, current)
        {
            return Ok(Outcome::ConditionFailed);
        }
        let new = match &self.change {
            Change::Put(item) => Some(item.clone()),
            Change::Delete | Change::Check => None,
            Change::Update { update, key_item } => {
                let mut new = apply_update(update, current).map_err(invalid)?;
                for (name, value) in key_item {
                    new.insert(name.clone(), value.clone());
                }
                check_item(&table.description, &new, WriteKind::Update)?;
                table
                    .check_index_keys(&new)
                    .map_err(BackendError::Validation)?;
                Some(new)
            }
        };
        Ok(Outcome::Write(new))
    }

    /// What the journal keeps of a decided outcome: nothing for a condition check.
    pub(super) fn journaled<'a>(
        &'a self,
        table: &TableData,
        new: Option<&'a Item>,
    ) -> Option<ItemWrite<'a>> {
        (!matches!(self.change, Change::Check)).then(|| ItemWrite {
            table: &self.table,
            key: key_item(&table.description.key, &self.key),
            item: new,
        })
    }

    /// Applies a decided outcome.
    pub(super) fn apply(&self, table: &mut TableData, new: Option<&Item>) {
        match (&self.change, new) {
            (Change::Check, _) => {}
            (_, Some(item)) => {
                table.put(&self.key, item);
            }
            (_, None) => {
                table.delete(&self.key);
            }
        }
    }

    /// The attributes ReturnValues asks for.
    pub(super) fn returned(&self, old: Option<&Item>, new: Option<&Item>) -> Option<Item> {
        let updated_roots = || -> Vec<String> {
            match &self.change {
                Change::Update { update, .. } => {
                    update.target_paths().map(|p| p.root().to_owned()).collect()
                }
                _ => Vec::new(),
            }
        };
        let pick = |item: Option<&Item>| -> Option<Item> {
            let item = item?;
            let picked: Item = updated_roots()
                .into_iter()
                .filter_map(|name| Some((name.clone(), item.get(&name)?.clone())))
                .collect();
            (!picked.is_empty()).then_some(picked)
        };
        match self.return_values {
            ReturnValues::None => None,
            ReturnValues::AllOld => old.cloned(),
            ReturnValues::AllNew => new.cloned(),
            ReturnValues::UpdatedOld => pick(old),
            ReturnValues::UpdatedNew => pick(new),
        }
    }
}

/// Reads the current item of a planned write.
pub(super) fn current(table: &TableData, key: &PrimaryKey) -> Result<Option<Item>, BackendError> {
    table
        .get(key)
        .map(|stored| {
            stored
                .decode(key.parts(&table.description.key), &table.names)
                .map_err(|_| corrupt())
        })
        .transpose()
}

pub(super) fn write_capacity(
    table: &TableData,
    old: Option<&Item>,
    new: Option<&Item>,
) -> ConsumedCapacity {
    capacity::write(&table.description.key, &table.description.indexes, old, new)
}

impl MemoryBackend {
    fn run_single(
        &self,
        table_name: &str,
        plan: impl FnOnce(&TableData) -> Result<PlannedWrite, BackendError>,
    ) -> Result<WriteOutput, BackendError> {
        let handle = self.table(table_name)?;
        let mut table = write_lock(&handle);
        if table.dropped {
            return Err(Self::missing(table_name));
        }
        let planned = plan(&table)?;
        let old = current(&table, &planned.key)?;
        match planned.decide(&table, old.as_ref())? {
            Outcome::ConditionFailed => Err(BackendError::ConditionFailed { current: old }),
            Outcome::Write(new) => {
                let consumed = write_capacity(&table, old.as_ref(), new.as_ref());
                self.keep(|| {
                    planned
                        .journaled(&table, new.as_ref())
                        .into_iter()
                        .collect()
                })?;
                planned.apply(&mut table, new.as_ref());
                Ok(WriteOutput {
                    attributes: planned.returned(old.as_ref(), new.as_ref()),
                    consumed: Some(consumed),
                })
            }
        }
    }

    /// Hands the writes `writes` lists to the journal, if there is one: without one (no
    /// `--data`) they are not even listed, so a write costs what it did before journals.
    pub(super) fn keep<'a>(
        &self,
        writes: impl FnOnce() -> Vec<ItemWrite<'a>>,
    ) -> Result<(), BackendError> {
        let Some(journal) = &self.journal else {
            return Ok(());
        };
        let writes = writes();
        if writes.is_empty() {
            return Ok(());
        }
        journal.keep(&writes).map_err(|message| not_kept(&message))
    }

    pub(super) fn put_now(&self, request: &PutRequest) -> Result<WriteOutput, BackendError> {
        self.run_single(&request.table, |table| PlannedWrite::put(table, request))
    }

    pub(super) fn update_now(&self, request: &UpdateRequest) -> Result<WriteOutput, BackendError> {
        self.run_single(&request.table, |table| PlannedWrite::update(table, request))
    }

    pub(super) fn delete_now(&self, request: &DeleteRequest) -> Result<WriteOutput, BackendError> {
        self.run_single(&request.table, |table| PlannedWrite::delete(table, request))
    }
}
