//! A journal of writes that live and die with one process (the demo's table is in memory):
//! a private temporary directory (mode 0700), removed when the journal is dropped, so those
//! writes are journaled as every write is but never reach the user's journal.

use std::io;
use std::path::PathBuf;

pub struct PrivateJournal {
    dir: PathBuf,
}

impl PrivateJournal {
    pub fn create() -> io::Result<Self> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        let dir = std::env::temp_dir().join(format!("ddbx-demo-{}-{nanos}", std::process::id()));
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&dir)?;
        Ok(Self { dir })
    }

    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join("journal.jsonl")
    }
}

impl Drop for PrivateJournal {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
