//! An export in a local folder: the folder may be the export itself or any parent down to
//! `AWSDynamoDB/<ExportId>/`.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::manifest::{FILES, SUMMARY};
use super::store::ExportStore;
use crate::offline::lines::read_text;
use crate::offline::warning::OfflineError;
use crate::storage::input::open_regular;

pub struct LocalExport {
    root: PathBuf,
}

/// The directory holding the manifest or `data/`, searching at most two levels down.
fn export_root(folder: &Path) -> Option<PathBuf> {
    let is_root = |dir: &Path| {
        dir.join(SUMMARY).is_file() || dir.join(FILES).is_file() || dir.join("data").is_dir()
    };
    if is_root(folder) {
        return Some(folder.to_path_buf());
    }
    let children = |dir: &Path| -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        dirs.sort();
        dirs
    };
    for child in children(folder) {
        if is_root(&child) {
            return Some(child);
        }
        if let Some(grandchild) = children(&child).into_iter().find(|g| is_root(g)) {
            return Some(grandchild);
        }
    }
    None
}

impl LocalExport {
    /// The export in `folder`, `None` when it holds none.
    pub fn find(folder: &Path) -> Option<Self> {
        export_root(folder).map(|root| Self { root })
    }
}

impl ExportStore for LocalExport {
    fn locate(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn text(&self, relative: &str) -> Result<Option<String>, OfflineError> {
        let path = self.locate(relative);
        if !path.is_file() {
            return Ok(None);
        }
        read_text(&path).map(Some)
    }

    fn exists(&self, relative: &str) -> Result<bool, OfflineError> {
        Ok(self.locate(relative).is_file())
    }

    fn listed_data(&self) -> Result<Vec<String>, OfflineError> {
        let data = self.root.join("data");
        let mut files: Vec<String> = std::fs::read_dir(&data)
            .map_err(|e| OfflineError::new(Some(data.clone()), None, format!("cannot list: {e}")))?
            .filter_map(Result::ok)
            .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
            .filter(|name| name.ends_with(".json.gz") || name.ends_with(".json"))
            .map(|name| format!("data/{name}"))
            .collect();
        files.sort();
        Ok(files)
    }

    fn open(
        &self,
        relative: &str,
        _etag: Option<&str>,
    ) -> Result<Box<dyn Read + Send>, OfflineError> {
        let path = self.locate(relative);
        let file = open_regular(&path)
            .map_err(|e| OfflineError::new(Some(path.clone()), None, e.to_string()))?;
        Ok(Box::new(file))
    }
}
