//! Reading a file's lines from its end, in bounded memory: undo needs the newest entries of a
//! journal that may have grown for years, and a damaged journal without line breaks must not be
//! read whole.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

/// Bytes read per step backwards.
const BLOCK: usize = 64 * 1024;

/// The lines of `file`, last first, skipping empty lines and lines over `max_line` bytes (a
/// damaged line is not an entry). Memory stays below `max_line` plus one block.
pub fn lines_from_end(mut file: File, max_line: usize) -> io::Result<LinesFromEnd> {
    let end = file.seek(SeekFrom::End(0))?;
    Ok(LinesFromEnd {
        file,
        position: end,
        carry: Vec::new(),
        skipping: false,
        ready: Vec::new(),
        max_line,
    })
}

pub struct LinesFromEnd {
    file: File,
    /// Everything before this offset is still unread.
    position: u64,
    /// The end of a line whose start lies before `position`.
    carry: Vec<u8>,
    /// True while inside a line already known to be too long.
    skipping: bool,
    /// Complete lines in file order; the last is yielded next.
    ready: Vec<Vec<u8>>,
    max_line: usize,
}

impl LinesFromEnd {
    fn read_block(&mut self) -> io::Result<()> {
        let size = usize::try_from(self.position).map_or(BLOCK, |left| left.min(BLOCK));
        self.position -= size as u64;
        let mut block = vec![0; size];
        self.file.seek(SeekFrom::Start(self.position))?;
        self.file.read_exact(&mut block)?;
        let mut segments: Vec<&[u8]> = block.split(|byte| *byte == b'\n').collect();
        let Some(last) = segments.pop() else {
            return Ok(());
        };
        if segments.is_empty() {
            // No line break here: the carried line only grew.
            if !self.skipping {
                self.carry.splice(0..0, last.iter().copied());
                if self.carry.len() > self.max_line {
                    self.carry = Vec::new();
                    self.skipping = true;
                }
            }
            return Ok(());
        }
        let mut completed = last.to_vec();
        completed.append(&mut self.carry);
        let completed_fits = !std::mem::take(&mut self.skipping);
        self.carry = segments[0].to_vec();
        self.ready
            .extend(segments[1..].iter().map(|line| line.to_vec()));
        if completed_fits {
            self.ready.push(completed);
        }
        self.ready
            .retain(|line| !line.is_empty() && line.len() <= self.max_line);
        Ok(())
    }
}

impl Iterator for LinesFromEnd {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(line) = self.ready.pop() {
                return Some(Ok(String::from_utf8_lossy(&line).into_owned()));
            }
            if self.position == 0 {
                let first = std::mem::take(&mut self.carry);
                if self.skipping || first.is_empty() || first.len() > self.max_line {
                    return None;
                }
                return Some(Ok(String::from_utf8_lossy(&first).into_owned()));
            }
            if let Err(error) = self.read_block() {
                self.position = 0;
                self.carry.clear();
                return Some(Err(error));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    fn lines_of(bytes: &[u8], max_line: usize) -> Vec<String> {
        let path = std::env::temp_dir().join(format!(
            "ddbx-tail-{}-{}",
            std::process::id(),
            bytes.len() ^ max_line
        ));
        File::create(&path)
            .and_then(|mut file| file.write_all(bytes))
            .expect("temp file");
        let file = File::open(&path).expect("reopen");
        let lines = lines_from_end(file, max_line)
            .expect("seekable")
            .collect::<io::Result<Vec<_>>>()
            .expect("readable");
        let _ = std::fs::remove_file(&path);
        lines
    }

    #[test]
    fn lines_come_last_first_across_blocks_without_empty_ones() {
        let long = "x".repeat(BLOCK + 10);
        let text = format!("one\n\n{long}\ntwo\nthree");
        assert_eq!(
            lines_of(text.as_bytes(), 2 * BLOCK),
            ["three", "two", long.as_str(), "one"]
        );
        assert_eq!(lines_of(b"a\nb\n", 10), ["b", "a"]);
        assert!(lines_of(b"", 10).is_empty());
    }

    #[test]
    fn lines_over_the_limit_are_skipped_in_bounded_memory() {
        let huge = "y".repeat(3 * BLOCK);
        let text = format!("first\n{huge}\nlast\n{huge}");
        assert_eq!(lines_of(text.as_bytes(), BLOCK), ["last", "first"]);
        let text = format!("{huge}\nend");
        assert_eq!(lines_of(text.as_bytes(), BLOCK), ["end"]);
    }
}
