//! Exports written in the layout AWS documents for Export to S3: `manifest-summary.json`,
//! `manifest-files.json` (one line per data file: its key, item count, MD5 and ETag) and
//! gzipped data files of `{"Item": …}` lines, or change records for an incremental export.

use std::io::Write;
use std::path::{Path, PathBuf};

use base64::Engine;
use md5::{Digest, Md5};

/// The export's key below the prefix, as AWS names it.
pub const EXPORT_ID: &str = "AWSDynamoDB/01700000000000-abcdef12";

/// A full export of `lines` (DynamoDB JSON items) in `files` data files, under `dir`; returns
/// the export's folder.
pub fn write_full(dir: &Path, lines: &[String], files: usize) -> PathBuf {
    let records: Vec<String> = lines
        .iter()
        .map(|item| format!("{{\"Item\":{item}}}"))
        .collect();
    write_export(dir, &records, files, summary("FULL_EXPORT", records.len()))
}

/// An incremental export of `records` (change records) in one data file.
pub fn write_incremental(dir: &Path, records: &[String]) -> PathBuf {
    let mut summary = summary("INCREMENTAL_EXPORT", records.len());
    summary["exportFromTime"] = "2026-12-01T00:00:00Z".into();
    summary["exportToTime"] = "2026-12-02T00:00:00Z".into();
    summary["outputView"] = "NEW_AND_OLD_IMAGES".into();
    write_export(dir, records, 1, summary)
}

fn summary(kind: &str, items: usize) -> serde_json::Value {
    serde_json::json!({
        "version": "2023-08-01",
        "exportArn": "arn:aws:dynamodb:us-east-1:123456789012:table/SingleTableApp/export/01700000000000-abcdef12",
        "startTime": "2026-12-02T00:00:00Z",
        "endTime": "2026-12-02T00:05:00Z",
        "tableArn": "arn:aws:dynamodb:us-east-1:123456789012:table/SingleTableApp",
        "tableId": "12345a12-abcd-123a-ab12-1234abc12345",
        "exportTime": "2026-12-02T00:00:00Z",
        "s3Bucket": "exports",
        "s3Prefix": "team",
        "s3SseAlgorithm": "AES256",
        "s3SseKmsKeyId": null,
        "manifestFilesS3Key": format!("team/{EXPORT_ID}/manifest-files.json"),
        "billedSizeBytes": 0,
        "itemCount": items,
        "outputFormat": "DYNAMODB_JSON",
        "exportType": kind,
    })
}

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(text.as_bytes()).expect("gzip in memory");
    encoder.finish().expect("gzip in memory")
}

fn write_export(
    dir: &Path,
    records: &[String],
    files: usize,
    summary: serde_json::Value,
) -> PathBuf {
    let root = dir.join(EXPORT_ID);
    std::fs::create_dir_all(root.join("data")).expect("the export's folders");
    let per_file = records.len().div_ceil(files.max(1)).max(1);
    let mut manifest = String::new();
    for (index, chunk) in records.chunks(per_file).enumerate() {
        let name = format!("data/{index:04}-part.json.gz");
        let bytes = gzip(&(chunk.join("\n") + "\n"));
        let digest = Md5::digest(&bytes);
        let line = serde_json::json!({
            "itemCount": chunk.len(),
            "md5Checksum": base64::engine::general_purpose::STANDARD.encode(digest),
            "etag": digest.iter().map(|byte| format!("{byte:02x}")).collect::<String>(),
            "dataFileS3Key": format!("team/{EXPORT_ID}/{name}"),
        });
        manifest.push_str(&format!("{line}\n"));
        std::fs::write(root.join(&name), bytes).expect("a data file");
    }
    std::fs::write(root.join("manifest-files.json"), manifest).expect("the files manifest");
    std::fs::write(root.join("manifest-summary.json"), summary.to_string())
        .expect("the summary manifest");
    std::fs::write(root.join("_started"), "").expect("the started marker");
    root
}
