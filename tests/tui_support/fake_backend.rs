//! A small fake backend for flow tests until the memory engine implements `Backend`: one table,
//! Scan pages (with segments) in key order, and Query for the one key condition the explorer
//! sends (`#pk = :pk`). It can be told to fail, to exercise error states.

use std::sync::Mutex;

use ddbx::backend::{
    Backend, BackendError, BackendFuture, Connection, ConsumedCapacity, DeleteRequest, GetOutput,
    GetRequest, Page, PutRequest, QueryRequest, ScanRequest, TransactOutput, TransactWriteRequest,
    UpdateRequest, WriteOutput,
};
use ddbx::domain::schema::TableDescription;
use ddbx::domain::value::{AttrValue, Item};

pub struct FakeBackend {
    description: TableDescription,
    /// Sorted by (partition key text, sort key text), like a scan of one partition range.
    items: Vec<Item>,
    pub failure: Mutex<Option<BackendError>>,
    /// What `account_id` answers.
    account: Option<String>,
}

fn text(value: Option<&AttrValue>) -> String {
    match value {
        Some(AttrValue::S(text)) => text.clone(),
        Some(AttrValue::N(number)) => number.to_string(),
        _ => String::new(),
    }
}

impl FakeBackend {
    pub fn new(description: TableDescription, mut items: Vec<Item>) -> Self {
        let pk = description.key.partition.name.clone();
        let sk = description
            .key
            .sort
            .as_ref()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        items.sort_by_key(|item| (text(item.get(&pk)), text(item.get(&sk))));
        Self {
            description,
            items,
            failure: Mutex::new(None),
            account: None,
        }
    }

    /// The same backend, reporting `account` as its AWS account.
    pub fn with_account(mut self, account: &str) -> Self {
        self.account = Some(account.to_owned());
        self
    }

    fn failure(&self) -> Option<BackendError> {
        self.failure.lock().expect("not poisoned").clone()
    }

    fn position_after(&self, items: &[&Item], start: Option<&Item>) -> usize {
        let Some(start) = start else { return 0 };
        let key = self.description.key.key_of(start);
        items
            .iter()
            .position(|item| self.description.key.key_of(item) == key)
            .map_or(items.len(), |index| index + 1)
    }

    fn page(&self, items: Vec<&Item>, start: Option<&Item>, limit: Option<u32>) -> Page {
        let from = self.position_after(&items, start);
        let limit = limit.map_or(usize::MAX, |limit| limit as usize);
        let chosen: Vec<Item> = items
            .iter()
            .skip(from)
            .take(limit)
            .map(|item| (*item).clone())
            .collect();
        let more = from + chosen.len() < items.len();
        let last_evaluated_key = if more {
            chosen
                .last()
                .and_then(|item| self.description.key.key_of(item))
        } else {
            None
        };
        Page {
            count: chosen.len() as u64,
            scanned_count: chosen.len() as u64,
            items: chosen,
            last_evaluated_key,
            consumed: Some(ConsumedCapacity {
                total: 0.5,
                ..ConsumedCapacity::default()
            }),
        }
    }
}

impl Backend for FakeBackend {
    fn connection(&self) -> Connection {
        Connection {
            kind: "memory".to_owned(),
            endpoint: Some("memory://test".to_owned()),
            ..Connection::default()
        }
    }

    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        Box::pin(async move { Ok(self.account.clone()) })
    }

    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        Box::pin(async move { Ok(vec![self.description.name.clone()]) })
    }

    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        Box::pin(async move {
            if table != self.description.name {
                return Err(BackendError::NotFound(format!(
                    "Requested resource not found: Table: {table} not found"
                )));
            }
            Ok(self.description.clone())
        })
    }

    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        Box::pin(async move {
            if let Some(error) = self.failure() {
                return Err(error);
            }
            assert_eq!(
                request.key_condition, "#pk = :pk",
                "the explorer queries by partition key only"
            );
            let name = &request.params.names["#pk"];
            let pk = &request.params.values[":pk"];
            let items: Vec<&Item> = self
                .items
                .iter()
                .filter(|item| item.get(name) == Some(pk))
                .collect();
            Ok(self.page(items, request.start_key.as_ref(), request.limit))
        })
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        Box::pin(async move {
            if let Some(error) = self.failure() {
                return Err(error);
            }
            let items: Vec<&Item> = match request.segment {
                Some((segment, total)) => self
                    .items
                    .iter()
                    .enumerate()
                    .filter(|(index, _)| *index as u32 % total == segment)
                    .map(|(_, item)| item)
                    .collect(),
                None => self.items.iter().collect(),
            };
            Ok(self.page(items, request.start_key.as_ref(), request.limit))
        })
    }

    fn get_item(&self, _request: GetRequest) -> BackendFuture<'_, GetOutput> {
        Box::pin(async {
            Err(BackendError::Validation(
                "not used by the explorer".to_owned(),
            ))
        })
    }

    fn put_item(&self, _request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async { Err(BackendError::ReadOnly) })
    }

    fn update_item(&self, _request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async { Err(BackendError::ReadOnly) })
    }

    fn delete_item(&self, _request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async { Err(BackendError::ReadOnly) })
    }

    fn transact_write(&self, _request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        Box::pin(async { Err(BackendError::ReadOnly) })
    }
}
