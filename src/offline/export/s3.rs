//! An export read where it lies in S3 (`--file s3://bucket/prefix/`): the prefix may be the
//! export itself (`…/AWSDynamoDB/<ExportId>/`) or any prefix holding exactly one export. One
//! listing finds the export and every object it holds; each file is then read as a stream.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::manifest::{FILES, SUMMARY};
use super::store::ExportStore;
use crate::backend::aws::s3::{S3Bucket, S3Options};
use crate::offline::lines::{MAX_DOCUMENT, read_document};
use crate::offline::warning::OfflineError;

pub struct S3Export {
    bucket: S3Bucket,
    /// The export's key prefix, ending in `/` (or empty: the bucket's root).
    root: String,
    /// Every key under the root.
    keys: BTreeSet<String>,
}

/// The bucket and prefix of an `s3://bucket/prefix` path; `None` for any other path.
#[must_use]
pub fn s3_url(path: &Path) -> Option<(String, String)> {
    let rest = path.to_str()?.strip_prefix("s3://")?;
    let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    Some((bucket.to_owned(), prefix.to_owned()))
}

fn fail(path: &Path, message: impl Into<String>) -> OfflineError {
    OfflineError::new(Some(path.to_path_buf()), None, message)
}

/// The prefixes holding a manifest among `keys`; the prefix itself when it holds only `data/`.
fn roots(prefix: &str, keys: &BTreeSet<String>) -> BTreeSet<String> {
    let mut roots: BTreeSet<String> = keys
        .iter()
        .filter_map(|key| {
            let root = key
                .strip_suffix(SUMMARY)
                .or_else(|| key.strip_suffix(FILES))?;
            (root.is_empty() || root.ends_with('/')).then(|| root.to_owned())
        })
        .collect();
    let folder = if prefix.is_empty() || prefix.ends_with('/') {
        prefix.to_owned()
    } else {
        format!("{prefix}/")
    };
    if roots.is_empty()
        && keys
            .iter()
            .any(|key| key.starts_with(&format!("{folder}data/")))
    {
        roots.insert(folder);
    }
    roots
}

impl S3Export {
    /// Connects and finds the export under `s3://bucket/prefix`.
    pub fn open(
        path: &Path,
        bucket: &str,
        prefix: &str,
        s3: &S3Options,
    ) -> Result<Self, OfflineError> {
        let bucket = S3Bucket::connect(s3, bucket).map_err(|message| fail(path, message))?;
        let listed: BTreeSet<String> = bucket
            .list(prefix)
            .map_err(|message| fail(path, message))?
            .into_iter()
            .map(|object| object.key)
            .collect();
        let roots = roots(prefix, &listed);
        let mut found = roots.iter();
        let (Some(root), None) = (found.next(), found.next()) else {
            let message = if roots.is_empty() {
                "not an Export to S3: no manifest-summary.json, manifest-files.json or data/ under this prefix".to_owned()
            } else {
                let shown: Vec<String> = roots
                    .iter()
                    .take(5)
                    .map(|root| format!("s3://{}/{root}", bucket.name()))
                    .collect();
                format!(
                    "{} exports under this prefix; name one: {}",
                    roots.len(),
                    shown.join(", ")
                )
            };
            return Err(fail(path, message));
        };
        let root = root.clone();
        let keys = listed
            .into_iter()
            .filter(|key| key.starts_with(&root))
            .collect();
        Ok(Self { bucket, root, keys })
    }

    fn key(&self, relative: &str) -> String {
        format!("{}{relative}", self.root)
    }
}

impl ExportStore for S3Export {
    fn locate(&self, relative: &str) -> PathBuf {
        PathBuf::from(format!(
            "s3://{}/{}",
            self.bucket.name(),
            self.key(relative)
        ))
    }

    fn text(&self, relative: &str) -> Result<Option<String>, OfflineError> {
        if !self.exists(relative)? {
            return Ok(None);
        }
        let path = self.locate(relative);
        let bytes = self
            .bucket
            .read_small(&self.key(relative), MAX_DOCUMENT)
            .map_err(|message| fail(&path, message))?;
        read_document(&path, bytes.as_slice()).map(Some)
    }

    fn exists(&self, relative: &str) -> Result<bool, OfflineError> {
        Ok(self.keys.contains(&self.key(relative)))
    }

    fn listed_data(&self) -> Result<Vec<String>, OfflineError> {
        let data = self.key("data/");
        Ok(self
            .keys
            .iter()
            .filter_map(|key| key.strip_prefix(&data))
            .filter(|name| !name.contains('/'))
            .filter(|name| name.ends_with(".json.gz") || name.ends_with(".json"))
            .map(|name| format!("data/{name}"))
            .collect())
    }

    fn open(
        &self,
        relative: &str,
        etag: Option<&str>,
    ) -> Result<Box<dyn Read + Send>, OfflineError> {
        let reader = self
            .bucket
            .open(&self.key(relative), etag)
            .map_err(|message| fail(&self.locate(relative), message))?;
        Ok(Box::new(reader))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_s3_url_names_its_bucket_and_prefix_and_other_paths_are_not_s3() {
        let url = |text: &str| s3_url(Path::new(text));
        assert_eq!(url("s3://b/p/x/"), Some(("b".into(), "p/x/".into())));
        assert_eq!(url("s3://b"), Some(("b".into(), String::new())));
        assert_eq!(url("exports/s3:/b"), None);
    }

    #[test]
    fn the_export_is_found_by_its_manifest_whatever_prefix_names_it() {
        let keys: BTreeSet<String> = [
            "p/AWSDynamoDB/1-a/manifest-summary.json",
            "p/AWSDynamoDB/1-a/manifest-files.json",
            "p/AWSDynamoDB/1-a/data/x.json.gz",
            "p/AWSDynamoDB/2-b/manifest-summary.json",
            "q/data/y.json.gz",
        ]
        .map(str::to_owned)
        .into();
        let under = |prefix: &str| -> Vec<String> {
            let keys = keys
                .iter()
                .filter(|k| k.starts_with(prefix))
                .cloned()
                .collect();
            roots(prefix, &keys).into_iter().collect()
        };
        assert_eq!(under("p/AWSDynamoDB/1-a/"), ["p/AWSDynamoDB/1-a/"]);
        assert_eq!(under("p/").len(), 2, "two exports: the user names one");
        assert_eq!(under("q"), ["q/"], "data/ without a manifest");
        assert!(under("r/").is_empty());
    }
}
