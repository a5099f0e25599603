//! A bucket on moto's S3, filled through the AWS SDK for S3 with a fixed region, fake
//! credentials and the loopback endpoint, so nothing leaves the machine.

use std::path::Path;

use aws_sdk_s3::Client;
use aws_sdk_s3::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_s3::primitives::ByteStream;

use crate::support::{TEST_REGION, block_on};

pub struct Bucket {
    client: Client,
    pub name: String,
}

impl Bucket {
    /// A new bucket with a name no other test uses.
    pub fn create(endpoint: &str, name: &str) -> Self {
        let config = aws_sdk_s3::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new(TEST_REGION))
            .credentials_provider(Credentials::new("test", "test", None, None, "test"))
            .endpoint_url(endpoint)
            .force_path_style(true)
            .build();
        let client = Client::from_conf(config);
        let name = format!("{name}-{}", std::process::id());
        block_on(client.create_bucket().bucket(&name).send()).expect("the bucket is created");
        Self { client, name }
    }

    /// Uploads every file under `folder` to `prefix/<its path below folder>`.
    pub fn upload(&self, folder: &Path, prefix: &str) {
        for file in files(folder) {
            let relative = file.strip_prefix(folder).expect("below the folder");
            let key = format!("{prefix}/{}", relative.to_str().expect("a UTF-8 path"));
            self.put(&key, std::fs::read(&file).expect("the file reads"));
        }
    }

    pub fn put(&self, key: &str, bytes: Vec<u8>) {
        let request = self
            .client
            .put_object()
            .bucket(&self.name)
            .key(key)
            .body(ByteStream::from(bytes));
        block_on(request.send()).expect("the object is uploaded");
    }

    pub fn delete(&self, key: &str) {
        let request = self.client.delete_object().bucket(&self.name).key(key);
        block_on(request.send()).expect("the object is deleted");
    }

    /// `s3://bucket/prefix/`.
    pub fn url(&self, prefix: &str) -> String {
        format!("s3://{}/{prefix}", self.name)
    }
}

fn files(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("the folder lists") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}
