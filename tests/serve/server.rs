//! A `ddbx serve` process for the client tests: started on a free port (read from the line it
//! prints on start), stopped with SIGTERM, which makes it print its summary. Shared by the client
//! tests and the contract suite, which each use only part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Stdio};
use std::thread::JoinHandle;

use crate::support::cli::ddbx_command;

pub struct Served {
    child: Child,
    pub endpoint: String,
    rest: Option<JoinHandle<String>>,
}

impl Served {
    /// `ddbx ARGS serve --port 0`.
    pub fn start(args: &[&str]) -> Self {
        Self::start_serving(args, &[])
    }

    /// `ddbx ARGS serve --port 0 SERVE_ARGS`.
    pub fn start_serving(args: &[&str], serve_args: &[&str]) -> Self {
        let mut command = ddbx_command();
        command
            .args(args)
            .args(["serve", "--port", "0"])
            .args(serve_args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("ddbx serve starts");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr is piped"));
        let mut seen = String::new();
        let endpoint = loop {
            let mut line = String::new();
            let read = stderr.read_line(&mut line).expect("stderr is readable");
            assert!(read > 0, "ddbx serve ended before listening:\n{seen}");
            seen.push_str(&line);
            if let Some(rest) = line.split("listening on ").nth(1) {
                let url = rest.split_whitespace().next().expect("an address follows");
                break url.to_owned();
            }
        };
        let rest = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Self {
            child,
            endpoint,
            rest: Some(rest),
        }
    }

    /// Stops the server as Ctrl-C would and returns what it printed after starting.
    pub fn stop(mut self) -> String {
        let pid = self.child.id().to_string();
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let exit = self.child.wait().expect("ddbx serve ends");
        let printed = self
            .rest
            .take()
            .map(|rest| rest.join().expect("the stderr reader ends"))
            .unwrap_or_default();
        assert!(exit.success(), "ddbx serve failed ({exit}):\n{printed}");
        printed
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An Export-to-S3 folder (DynamoDB JSON, gzip) of the table `Orders`: a user profile holding a
/// 38-digit number, a set, binary and an empty string, and two orders.
pub fn write_export(root: &Path) {
    let export = root.join("AWSDynamoDB/01234567890123-abcdef");
    std::fs::create_dir_all(export.join("data")).expect("the export folder is created");
    let summary = serde_json::json!({
        "version": "2020-06-30",
        "tableArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders",
        "itemCount": 3,
        "outputFormat": "DYNAMODB_JSON",
    });
    std::fs::write(export.join("manifest-summary.json"), summary.to_string())
        .expect("the summary is written");
    let files = serde_json::json!({
        "itemCount": 3,
        "dataFileS3Key": "AWSDynamoDB/01234567890123-abcdef/data/a.json.gz",
    });
    std::fs::write(export.join("manifest-files.json"), format!("{files}\n"))
        .expect("the manifest is written");
    let lines = [
        PROFILE,
        r#"{"PK":{"S":"USER#1"},"SK":{"S":"ORDER#1"},"total":{"N":"10.50"}}"#,
        r#"{"PK":{"S":"USER#1"},"SK":{"S":"ORDER#2"},"total":{"N":"3"}}"#,
    ];
    let text: String = lines
        .iter()
        .map(|item| format!("{{\"Item\":{item}}}\n"))
        .collect();
    let file = std::fs::File::create(export.join("data/a.json.gz")).expect("the data file opens");
    let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
    std::io::Write::write_all(&mut encoder, text.as_bytes()).expect("the data is written");
    encoder.finish().expect("the data file is finished");
}

/// The profile item of the export, in DynamoDB JSON.
pub const PROFILE: &str = r#"{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"},"big":{"N":"12345678901234567890123456789012345678"},"tags":{"SS":["a","b"]},"blob":{"B":"AP9iaW4="},"empty":{"S":""}}"#;
