//! Performing a read: the one function the worker and the test harness both call, so a read and
//! its answer cannot be paired differently in one of them.

use crate::app::action::Action;
use crate::app::read::{Read, ReadAnswer, ReadJob};
use crate::backend::{Backend, BackendError};

/// Sends `read` to `backend`.
pub async fn perform(read: Read, backend: &dyn Backend) -> Result<ReadAnswer, BackendError> {
    match read {
        Read::Describe { table } => backend
            .describe_table(&table)
            .await
            .map(|description| ReadAnswer::Described(Box::new(description))),
        Read::Account => backend.account_id().await.map(ReadAnswer::Account),
        Read::Scan(request) => backend.scan(request).await.map(ReadAnswer::Page),
        Read::Query(request) => backend.query(request).await.map(ReadAnswer::Page),
        Read::Get(request) => backend.get_item(request).await.map(ReadAnswer::Item),
        Read::ListTables => backend.list_tables().await.map(ReadAnswer::TableNames),
        Read::Statement(request) => backend
            .execute_statement(request)
            .await
            .map(ReadAnswer::StatementPage),
        Read::Extras(table) => Ok(ReadAnswer::Extras(Box::new(
            backend.table_extras(&table).await,
        ))),
        Read::DescribeStream { stream_arn } => backend
            .describe_stream(&stream_arn)
            .await
            .map(ReadAnswer::Shards),
        Read::ShardIterator(request) => backend
            .shard_iterator(request)
            .await
            .map(ReadAnswer::Iterator),
        Read::Records { iterator } => backend.get_records(iterator).await.map(ReadAnswer::Records),
        Read::ItemHistory(request) => Ok(ReadAnswer::ItemHistory(Box::new(
            crate::item_history::read(backend, &request).await,
        ))),
        Read::Why(request) => crate::why::explain(backend, &request)
            .await
            .map(ReadAnswer::Why),
        Read::Capacity(request) => crate::capacity::measure(backend, &request)
            .await
            .map(|report| ReadAnswer::Capacity(Box::new(report))),
        Read::Items { table, keys } => super::items::read_whole(backend, &table, keys)
            .await
            .map(ReadAnswer::Items),
        // Comparing tens of thousands of items is work for a thread of its own, not the
        // runtime's, which also carries the loop.
        Read::Diff(sides) => tokio::task::spawn_blocking(move || sides.compare())
            .await
            .map(|report| ReadAnswer::Diff(Box::new(report)))
            .map_err(|error| BackendError::Service {
                code: "DiffFailed".to_owned(),
                message: error.to_string(),
            }),
    }
}

/// Performs `job` and wraps its answer as the action `update` routes back to the job's owner.
pub async fn answer(job: ReadJob, backend: &dyn Backend) -> Action {
    let ReadJob { id, owner, read } = job;
    let result = perform(read, backend).await;
    Action::ReadDone { id, owner, result }
}
