//! Performing a read: the one function the worker and the test harness both call, so a read and
//! its answer cannot be paired differently in one of them.

use crate::app::action::Action;
use crate::app::read::{Read, ReadAnswer, ReadError, ReadJob};
use crate::backend::{Backend, BackendError};

/// Performs `read`: sends it to `backend` (or to the other place it names), or reads the journal
/// (settling through `backend`). A backend's error becomes the read's error through `?`.
pub async fn perform(read: Read, backend: &dyn Backend) -> Result<ReadAnswer, ReadError> {
    match read {
        Read::Elsewhere { place, read } => {
            let other = super::elsewhere::backend(&place).await?;
            // One level only: a read sent elsewhere names no further place.
            perform_here(*read, other.as_ref()).await
        }
        read => perform_here(read, backend).await,
    }
}

async fn perform_here(read: Read, backend: &dyn Backend) -> Result<ReadAnswer, ReadError> {
    Ok(match read {
        Read::Describe { table } => {
            ReadAnswer::Described(Box::new(backend.describe_table(&table).await?))
        }
        Read::Account => ReadAnswer::Account(backend.account_id().await?),
        Read::Scan(request) => ReadAnswer::Page(backend.scan(request).await?),
        Read::Query(request) => ReadAnswer::Page(backend.query(request).await?),
        Read::Get(request) => ReadAnswer::Item(backend.get_item(request).await?),
        Read::ListTables => ReadAnswer::TableNames(backend.list_tables().await?),
        Read::Statement(request) => {
            ReadAnswer::StatementPage(backend.execute_statement(request).await?)
        }
        Read::Extras(table) => ReadAnswer::Extras(Box::new(backend.table_extras(&table).await)),
        Read::DescribeStream { stream_arn } => {
            ReadAnswer::Shards(backend.describe_stream(&stream_arn).await?)
        }
        Read::ShardIterator(request) => {
            ReadAnswer::Iterator(backend.shard_iterator(request).await?)
        }
        Read::Records { iterator } => ReadAnswer::Records(backend.get_records(iterator).await?),
        Read::ItemHistory(request) => {
            ReadAnswer::ItemHistory(Box::new(crate::item_history::read(backend, &request).await))
        }
        Read::Why(request) => ReadAnswer::Why(crate::why::explain(backend, &request).await?),
        Read::Items { table, keys } => {
            ReadAnswer::Items(super::items::read_whole(backend, &table, keys).await?)
        }
        Read::LastWrite { journal, table } => ReadAnswer::LastWrite(Box::new(
            super::journal::last_write(backend, journal, &table).await?,
        )),
        Read::CutOffRun { journal, header } => {
            ReadAnswer::CutOffRun(super::journal::cut_off_run(backend, journal, &header).await?)
        }
        Read::JournaledRun { journal, batch } => {
            ReadAnswer::JournaledRun(super::journal::journaled_run(backend, journal, &batch).await?)
        }
        Read::Capacity(request) => {
            ReadAnswer::Capacity(Box::new(crate::capacity::measure(backend, &request).await?))
        }
        // Comparing tens of thousands of items is work for a thread of its own, not the
        // runtime's, which also carries the loop.
        Read::Diff(sides) => {
            let report = tokio::task::spawn_blocking(move || sides.compare())
                .await
                .map_err(|error| BackendError::Service {
                    code: "DiffFailed".to_owned(),
                    message: error.to_string(),
                })?;
            ReadAnswer::Diff(Box::new(report))
        }
        Read::Elsewhere { .. } => {
            return Err(ReadError::Backend(BackendError::Validation(
                "a read sent to another place cannot name a further place".to_owned(),
            )));
        }
    })
}

/// Performs `job` and wraps its answer as the action `update` routes back to the job's owner.
pub async fn answer(job: ReadJob, backend: &dyn Backend) -> Action {
    let ReadJob { id, owner, read } = job;
    let result = perform(read, backend).await;
    Action::ReadDone { id, owner, result }
}
