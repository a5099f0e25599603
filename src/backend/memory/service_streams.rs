//! DynamoDB Streams on the engine: enabling and disabling a table's stream, DescribeStream,
//! GetShardIterator and GetRecords, answered with the errors DynamoDB gives.

use crate::backend::{BackendError, RecordsPage, Shard, ShardIteratorRequest};

use super::engine::MemoryBackend;
use super::locks::{read_lock, write_lock};
use super::stream::{Position, StreamLog, StreamSettings, ViewType, table_of_stream};
use super::table::TableData;
use crate::domain::schema::KeySchema;

/// What DescribeStream and ListStreams tell of one stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamInfo {
    pub arn: String,
    pub table: String,
    pub view_type: ViewType,
    /// False once disabled: its shards are closed, what it holds stays readable.
    pub enabled: bool,
    pub key: KeySchema,
    pub shards: Vec<Shard>,
}

fn info_of(data: &TableData, stream: &StreamLog) -> StreamInfo {
    StreamInfo {
        arn: stream.arn.clone(),
        table: data.description.name.clone(),
        view_type: stream.view_type,
        enabled: stream.enabled,
        key: data.description.key.clone(),
        shards: stream.shards(),
    }
}

/// Records one GetRecords returns at most (DynamoDB's default and maximum).
pub const GET_RECORDS_LIMIT: usize = 1000;

impl MemoryBackend {
    /// Enables a stream on `table` (UpdateTable with a StreamSpecification); a table that has
    /// an enabled stream already is refused as DynamoDB refuses it.
    pub fn enable_stream(
        &self,
        table: &str,
        view_type: ViewType,
        settings: StreamSettings,
    ) -> Result<String, BackendError> {
        let handle = self.table(table)?;
        let mut data = write_lock(&handle);
        if data.stream.as_ref().is_some_and(|stream| stream.enabled) {
            return Err(BackendError::Validation(format!(
                "Table already has an enabled stream: {table}"
            )));
        }
        data.enable_stream(view_type, settings);
        Ok(data
            .stream
            .as_ref()
            .map(|stream| stream.arn.clone())
            .unwrap_or_default())
    }

    /// Disables the stream of `table`; its records stay readable.
    pub fn disable_stream(&self, table: &str) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        write_lock(&handle).disable_stream();
        Ok(())
    }

    /// The stream named `arn`: its table, view type, state and shards.
    pub fn stream_info(&self, arn: &str) -> Result<StreamInfo, BackendError> {
        self.with_table_stream(arn, |data, stream| Ok(info_of(data, stream)))
    }

    /// The stream every table holds (enabled or not), in table-name order.
    #[must_use]
    pub fn streams(&self) -> Vec<StreamInfo> {
        self.table_names()
            .iter()
            .filter_map(|name| {
                let handle = self.table(name).ok()?;
                let data = read_lock(&handle);
                let stream = data.stream.as_ref()?;
                Some(info_of(&data, stream))
            })
            .collect()
    }

    /// Runs `read` on the stream named `arn`.
    fn with_stream<T>(
        &self,
        arn: &str,
        read: impl FnOnce(&StreamLog) -> Result<T, BackendError>,
    ) -> Result<T, BackendError> {
        self.with_table_stream(arn, |_, stream| read(stream))
    }

    /// Runs `read` on the stream named `arn` and the table holding it.
    fn with_table_stream<T>(
        &self,
        arn: &str,
        read: impl FnOnce(&TableData, &StreamLog) -> Result<T, BackendError>,
    ) -> Result<T, BackendError> {
        let missing = || {
            BackendError::NotFound(format!(
                "Requested resource not found: Stream: {arn} not found"
            ))
        };
        let table = table_of_stream(arn).ok_or_else(missing)?;
        let handle = self.table(table).map_err(|_| missing())?;
        let data = read_lock(&handle);
        let stream = data
            .stream
            .as_ref()
            .filter(|stream| stream.arn == arn)
            .ok_or_else(missing)?;
        read(&data, stream)
    }

    pub(super) fn describe_stream_now(&self, arn: &str) -> Result<Vec<Shard>, BackendError> {
        self.with_stream(arn, |stream| Ok(stream.shards()))
    }

    pub fn shard_iterator_now(
        &self,
        request: &ShardIteratorRequest,
    ) -> Result<String, BackendError> {
        self.with_stream(&request.stream_arn, |stream| {
            stream.iterator(&request.shard_id, &request.start)
        })
    }

    /// GetRecords with a `limit` (1 to 1000).
    pub fn get_records_now(
        &self,
        iterator: &str,
        limit: usize,
    ) -> Result<RecordsPage, BackendError> {
        let position = Position::decode(iterator)?;
        self.with_stream(&position.stream_arn, |stream| {
            let (records, next_iterator) = stream.read(&position, limit)?;
            Ok(RecordsPage {
                records,
                next_iterator,
            })
        })
    }

    /// Records and bytes the stream of `table` holds now.
    pub fn stream_held(&self, table: &str) -> Result<(usize, usize), BackendError> {
        let handle = self.table(table)?;
        let data = read_lock(&handle);
        Ok(data.stream.as_ref().map_or((0, 0), StreamLog::held))
    }
}
