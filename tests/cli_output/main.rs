//! Headless output for people, on the real `ddbx` binary: tables that lose nothing, summaries
//! that read well. The table comes from an offline `--file`, so no server is involved.

#[path = "../support/mod.rs"]
mod support;

mod collections_listing;
mod fixture;
mod people;
// The terminal UI's pty driver; these tests use only part of it.
mod bare_words;
#[allow(dead_code)]
#[path = "../tui_support/pty.rs"]
mod pty;
mod readme_examples;
mod refusals;
mod shell_docs;
mod table_values;
