//! The stream side of a table: opening the stream its description asks for, enabling and
//! disabling it. A table holds its stream, so this lives with the table, above the stream.

use super::TableData;
use crate::backend::memory::stream::{StreamLog, StreamSettings, ViewType, stream_arn};
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
