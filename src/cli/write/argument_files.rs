//! Values too large for the command line: `--item @FILE` and `--item -` (stdin), and the same
//! for a `--set PATH=VALUE` value (`--set body=@note.json`, `--set body=-`). The contents are
//! read once, before anything is checked or sent, and replace the argument; a file that cannot
//! be read is bad input (exit 2) and nothing is sent.

use std::io::Read;
use std::path::Path;

use crate::cli::args::Command;
use crate::cli::error::CliError;
use crate::cli::path_edits::split_assignment;
use crate::storage::input::{read_bounded, read_regular_text, size};

/// The longest text taken for one value. An item is at most 400 KB; written as JSON with
/// escapes and base64 it stays well under this.
pub const MAX_ARGUMENT_TEXT: u64 = 4 * 1024 * 1024;

/// Replaces every `@FILE` and `-` value of a write command by what it names.
pub fn read_argument_files(command: &mut Command) -> Result<(), CliError> {
    let mut stdin = Stdin::default();
    match command {
        Command::Put(args) => {
            if let Some(text) = named_text(&args.item, "--item", &mut stdin)? {
                args.item = text;
            }
        }
        Command::Update(args) => {
            for set in &mut args.set {
                let Some((path, value)) = split_assignment(set) else {
                    continue;
                };
                let flag = format!("--set {path}=");
                if let Some(text) = named_text(value, &flag, &mut stdin)? {
                    *set = format!("{path}={text}");
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Standard input may be read once: a second `-` would get nothing.
#[derive(Default)]
struct Stdin {
    taken_by: Option<String>,
}

/// The text `value` names (`-`: stdin, `@FILE`: a file), or `None` when it is the value itself.
fn named_text(value: &str, flag: &str, stdin: &mut Stdin) -> Result<Option<String>, CliError> {
    if value == "-" {
        if let Some(first) = &stdin.taken_by {
            return Err(CliError::usage(format!(
                "{flag}-: standard input is already read for {first}-; use @FILE for one of them"
            )));
        }
        stdin.taken_by = Some(flag.to_owned());
        return read_stdin(flag).map(Some);
    }
    let Some(file) = value.strip_prefix('@') else {
        return Ok(None);
    };
    if file.is_empty() {
        return Err(CliError::usage(format!(
            "{flag}@: name the file after @, e.g. {flag}@item.json"
        )));
    }
    read_regular_text(Path::new(file), MAX_ARGUMENT_TEXT)
        .map(Some)
        .map_err(|error| CliError::usage(format!("{flag}@{file}: {file} {error}")))
}

fn read_stdin(flag: &str) -> Result<String, CliError> {
    let bytes = read_bounded(std::io::stdin().lock().by_ref(), MAX_ARGUMENT_TEXT)
        .map_err(|error| CliError::usage(format!("{flag}-: standard input {error}")))?;
    String::from_utf8(bytes).map_err(|error| {
        CliError::usage(format!(
            "{flag}-: standard input is not UTF-8 text (byte {}); JSON is UTF-8 (limit {})",
            error.utf8_error().valid_up_to(),
            size(MAX_ARGUMENT_TEXT)
        ))
    })
}
