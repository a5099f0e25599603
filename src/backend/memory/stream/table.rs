//! The stream side of a table: opening the stream its description asks for, enabling and
//! disabling it, and the ARN that names it.

use super::{StreamLog, StreamSettings, ViewType};
use crate::backend::memory::table::TableData;
use crate::domain::schema::StreamDescription;

impl TableData {
    /// Opens the stream the description asks for (a table created with a stream).
    pub(in crate::backend::memory) fn open_described_stream(&mut self) {
        let Some(spec) = self.description.stream.as_ref().filter(|spec| spec.enabled) else {
            return;
        };
        let view_type = spec
            .view_type
            .as_deref()
            .and_then(|name| ViewType::parse(name).ok())
            .unwrap_or(ViewType::NewAndOldImages);
        self.enable_stream(view_type, StreamSettings::default());
    }

    /// Starts a new stream (a new ARN) taking every later write; an earlier one is dropped.
    pub fn enable_stream(&mut self, view_type: ViewType, settings: StreamSettings) {
        let arn = stream_arn(&self.description.name);
        self.description.stream = Some(StreamDescription {
            enabled: true,
            view_type: Some(view_type.name().to_owned()),
            latest_arn: Some(arn.clone()),
        });
        self.stream = Some(StreamLog::new(arn, view_type, settings));
    }

    /// Stops the stream: its shards close, what it holds stays readable under its ARN.
    pub fn disable_stream(&mut self) {
        if let Some(stream) = &mut self.stream {
            stream.disable();
        }
        if let Some(spec) = &mut self.description.stream {
            spec.enabled = false;
            spec.view_type = None;
        }
    }
}

/// A stream ARN in DynamoDB's form, labelled with the time it was enabled (milliseconds, and a
/// counter so two streams enabled in the same millisecond differ).
fn stream_arn(table: &str) -> String {
    static ENABLED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = ENABLED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis());
    format!("arn:aws:dynamodb:memory:000000000000:table/{table}/stream/{millis}.{count}")
}

/// The table an ARN of [`stream_arn`]'s form belongs to.
#[must_use]
pub fn table_of_stream(arn: &str) -> Option<&str> {
    let rest = arn.split_once(":table/")?.1;
    Some(rest.rsplit_once("/stream/")?.0)
}
