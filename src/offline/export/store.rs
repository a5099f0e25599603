//! Where an export's files are read from, as byte streams: a local folder or an S3 prefix.

use std::io::Read;
use std::path::PathBuf;

use crate::offline::warning::OfflineError;

/// Where an export's files are: a local folder or an S3 prefix. Paths are relative to the
/// export (`manifest-files.json`, `data/<name>`).
pub trait ExportStore: Sync {
    /// Where `relative` is, as messages show it.
    fn locate(&self, relative: &str) -> PathBuf;
    /// A manifest's text; `None` when the export has no such file.
    fn text(&self, relative: &str) -> Result<Option<String>, OfflineError>;
    fn exists(&self, relative: &str) -> Result<bool, OfflineError>;
    /// The data files in `data/`, sorted, for an export without `manifest-files.json`.
    fn listed_data(&self) -> Result<Vec<String>, OfflineError>;
    /// A file's bytes as stored, refused when its ETag differs from `etag`.
    fn open(
        &self,
        relative: &str,
        etag: Option<&str>,
    ) -> Result<Box<dyn Read + Send>, OfflineError>;
}
