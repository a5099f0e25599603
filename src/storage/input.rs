//! Reading a file the user named (`--file`, `--schema`, `--model`, `--keymap`, `@FILE`): only a
//! regular file, and never more than a stated number of bytes. A device or a pipe where a file
//! is expected (`/dev/zero`, `/dev/urandom`, a FIFO nobody writes to) would otherwise be read
//! without end, or hang.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why a named file was not read.
#[derive(Debug)]
pub enum InputError {
    /// Not a regular file (the kind is named: a directory, a character device, …).
    NotRegular(&'static str),
    /// Longer than the limit, in bytes.
    TooLarge(u64),
    Io(io::Error),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotRegular(kind) => write!(
                f,
                "is {kind}, not a regular file (save the data to a file and name that)"
            ),
            Self::TooLarge(limit) => write!(f, "is larger than {} (refused)", size(*limit)),
            Self::Io(error) => write!(f, "cannot read: {error}"),
        }
    }
}

impl std::error::Error for InputError {}

/// `limit` bytes as the user would say it (`4 MB`, `400 KB`).
#[must_use]
pub fn size(limit: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if limit >= MB && limit.is_multiple_of(MB) {
        format!("{} MB", limit / MB)
    } else if limit >= 1024 && limit.is_multiple_of(1024) {
        format!("{} KB", limit / 1024)
    } else {
        format!("{limit} bytes")
    }
}

/// Opens `path` for reading when it is a regular file (symbolic links followed).
pub fn open_regular(path: &Path) -> Result<File, InputError> {
    let file = File::open(path).map_err(InputError::Io)?;
    let kind = file.metadata().map_err(InputError::Io)?.file_type();
    if kind.is_file() {
        Ok(file)
    } else {
        Err(InputError::NotRegular(kind_name(&kind)))
    }
}

/// The whole of the regular file `path`, refused when longer than `limit` bytes.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    read_bounded(open_regular(path)?, limit)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path, limit: u64) -> Result<String, InputError> {
    let bytes = read_regular(path, limit)?;
    String::from_utf8(bytes).map_err(|error| {
        InputError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", error.utf8_error().valid_up_to()),
        ))
    })
}

/// Everything `reader` gives (a file, stdin), refused when longer than `limit` bytes; at most
/// `limit + 1` bytes are ever held.
pub fn read_bounded(reader: impl Read, limit: u64) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(InputError::Io)?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(InputError::TooLarge(limit));
    }
    Ok(bytes)
}

#[cfg(unix)]
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_fifo() {
        "a pipe"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_refused_before_any_byte_is_read() {
        let error = read_regular(Path::new("/dev/zero"), 16).expect_err("a device");
        assert_eq!(
            error.to_string(),
            "is a character device, not a regular file (save the data to a file and name that)"
        );
        let error = read_regular(Path::new("/"), 16).expect_err("a directory");
        assert!(error.to_string().starts_with("is a directory"), "{error}");
    }

    #[test]
    fn an_endless_stream_is_cut_at_the_limit_plus_one_byte() {
        let endless = io::repeat(0);
        let error = read_bounded(endless, 1024).expect_err("too large");
        assert_eq!(error.to_string(), "is larger than 1 KB (refused)");
        assert_eq!(
            read_bounded(&b"abc"[..], 3).expect("fits").as_slice(),
            b"abc"
        );
    }
}
