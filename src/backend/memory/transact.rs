//! TransactWriteItems: every action is planned and decided against the current items while all
//! involved tables are write-locked (in name order, so concurrent transactions cannot deadlock);
//! only when every action succeeds is anything written.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, RwLock, RwLockWriteGuard};

use crate::backend::{
    BackendError, CancellationReason, ConsumedCapacity, TransactAction, TransactOutput,
    TransactWriteRequest,
};
use crate::domain::value::Item;

use super::capacity::transactional;
use super::engine::MemoryBackend;
use super::locks::write_lock;
use super::table::TableData;
use super::writes::{Change, Outcome, PlannedWrite, current, write_capacity};
use crate::domain::limits::MAX_TRANSACT_ACTIONS as MAX_ACTIONS;

fn table_of(action: &TransactAction) -> &str {
    match action {
        TransactAction::Put(request) => &request.table,
        TransactAction::Update(request) => &request.table,
        TransactAction::Delete(request) => &request.table,
        TransactAction::ConditionCheck { table, .. } => table,
    }
}

fn plan(table: &TableData, action: &TransactAction) -> Result<PlannedWrite, BackendError> {
    match action {
        TransactAction::Put(request) => PlannedWrite::put(table, request),
        TransactAction::Update(request) => PlannedWrite::update(table, request),
        TransactAction::Delete(request) => PlannedWrite::delete(table, request),
        TransactAction::ConditionCheck {
            table: name,
            key,
            condition,
            params,
        } => PlannedWrite::keyed(
            table,
            name,
            key,
            &condition.expression,
            params,
            Change::Check,
        ),
    }
}

impl MemoryBackend {
    pub(super) fn transact_now(
        &self,
        request: &TransactWriteRequest,
    ) -> Result<TransactOutput, BackendError> {
        self.tokens
            .run_once(request, || self.transact_once(request))
    }

    fn transact_once(
        &self,
        request: &TransactWriteRequest,
    ) -> Result<TransactOutput, BackendError> {
        let count = request.actions.len();
        if count == 0 || count > MAX_ACTIONS {
            return Err(BackendError::Validation(format!(
                "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to {MAX_ACTIONS} and greater than or equal to 1"
            )));
        }
        let names: BTreeSet<&str> = request.actions.iter().map(table_of).collect();
        let handles: Vec<(&str, Arc<RwLock<TableData>>)> = names
            .into_iter()
            .map(|name| Ok((name, self.table(name)?)))
            .collect::<Result<_, BackendError>>()?;
        let mut guards: BTreeMap<&str, RwLockWriteGuard<'_, TableData>> = handles
            .iter()
            .map(|(name, handle)| (*name, write_lock(handle)))
            .collect();
        if let Some((name, _)) = guards.iter().find(|(_, table)| table.dropped) {
            return Err(Self::missing(name));
        }
        let mut planned = Vec::with_capacity(count);
        let mut seen = BTreeSet::new();
        for action in &request.actions {
            let table = &guards[table_of(action)];
            let write = plan(table, action)?;
            if !seen.insert((write.table.clone(), write.key.clone())) {
                return Err(BackendError::Validation(
                    "Transaction request cannot include multiple operations on one item".into(),
                ));
            }
            planned.push(write);
        }
        let mut decided: Vec<(Option<Item>, Option<Item>)> = Vec::with_capacity(count);
        let mut reasons = Vec::with_capacity(count);
        let mut cancelled = false;
        for write in &planned {
            let table = &guards[write.table.as_str()];
            let old = current(table, &write.key)?;
            let reason = match write.decide(table, old.as_ref()) {
                Ok(Outcome::Write(new)) => {
                    decided.push((old, new));
                    CancellationReason {
                        code: "None".into(),
                        message: None,
                        item: None,
                    }
                }
                Ok(Outcome::ConditionFailed) => {
                    cancelled = true;
                    decided.push((None, None));
                    CancellationReason {
                        code: "ConditionalCheckFailed".into(),
                        message: Some("The conditional request failed".into()),
                        item: old,
                    }
                }
                Err(error) => {
                    cancelled = true;
                    decided.push((None, None));
                    let message = match error {
                        BackendError::Validation(message) => message,
                        other => other.to_string(),
                    };
                    CancellationReason {
                        code: "ValidationError".into(),
                        message: Some(message),
                        item: None,
                    }
                }
            };
            reasons.push(reason);
        }
        if cancelled {
            let codes: Vec<&str> = reasons.iter().map(|r| r.code.as_str()).collect();
            return Err(BackendError::TransactionCanceled {
                message: format!(
                    "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
                    codes.join(", ")
                ),
                reasons,
            });
        }
        self.keep(|| {
            planned
                .iter()
                .zip(&decided)
                .filter_map(|(write, (_, new))| {
                    write.journaled(&guards[write.table.as_str()], new.as_ref())
                })
                .collect()
        })?;
        let mut consumed: BTreeMap<String, ConsumedCapacity> = BTreeMap::new();
        for (write, (old, new)) in planned.iter().zip(&decided) {
            let table = guards
                .get_mut(write.table.as_str())
                .ok_or_else(|| BackendError::NotFound(write.table.clone()))?;
            let units = match write.change {
                // A condition check is charged like a read-sized write of the item it checks.
                Change::Check => write_capacity(table, old.as_ref(), None),
                _ => write_capacity(table, old.as_ref(), new.as_ref()),
            };
            consumed
                .entry(write.table.clone())
                .or_default()
                .accumulate(&transactional(units));
            write.apply(table, new.as_ref());
        }
        Ok(TransactOutput {
            consumed: consumed.into_values().collect(),
        })
    }
}
