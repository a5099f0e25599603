//! A data file's bytes checked against the MD5 its manifest gives, as they are read: at the end
//! of the bytes, a digest that differs is a read error, so a file that is corrupt or not this
//! export's never passes as read.

use std::io::Read;

use md5::{Digest, Md5};

pub struct Checked<R> {
    inner: R,
    digest: Md5,
    expected: [u8; 16],
    done: bool,
}

impl<R: Read> Checked<R> {
    pub fn new(inner: R, expected: [u8; 16]) -> Self {
        Self {
            inner,
            digest: Md5::new(),
            expected,
            done: false,
        }
    }
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        if read > 0 {
            self.digest.update(&buffer[..read]);
        } else if !self.done && !buffer.is_empty() {
            self.done = true;
            let found: [u8; 16] = self.digest.finalize_reset().into();
            if found != self.expected {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "its MD5 differs from the one in manifest-files.json: the file is corrupt or not this export's",
                ));
            }
        }
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(bytes: &[u8]) -> [u8; 16] {
        Md5::digest(bytes).into()
    }

    #[test]
    fn the_bytes_pass_when_their_digest_matches_and_fail_at_the_end_when_not() {
        let data = b"{\"Item\":{}}\n".repeat(1000);
        let mut read = Vec::new();
        Checked::new(&data[..], digest(&data))
            .read_to_end(&mut read)
            .expect("matching bytes read");
        assert_eq!(read, data);
        let error = Checked::new(&data[..], digest(b"other"))
            .read_to_end(&mut Vec::new())
            .expect_err("a different digest fails");
        assert!(error.to_string().contains("MD5 differs"), "{error}");
    }
}
