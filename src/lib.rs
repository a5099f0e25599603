//! ddbx: explore and safely edit DynamoDB single-table designs, in a terminal UI or headless.
//!
//! Dependencies point one way, `domain ← backend ← app ← {worker, ui} ← tui ← launch ← main`,
//! with `cli` beside `app` (never importing `app`, `ui`, `tui`, `launch` or `worker`);
//! `tests/layering.rs` checks it, and that no two files import each other in a loop.
//!
//! The core:
//! - [`domain`]: pure data model, imports no other module. Exact 38-digit numbers, the lossless
//!   attribute value model, table schemas, expressions, the request types of the backend, edit
//!   planning, DynamoDB JSON and plain-JSON views, DynamoDB's limits, terminal escaping.
//! - [`backend`]: the DynamoDB boundary, imports only `domain`. One trait with an AWS SDK
//!   implementation and an embedded engine ([`backend::memory`]); errors are classified once,
//!   at this edge.
//!
//! Shared services (on `domain` and `backend`, used by the UI and the CLI alike):
//! - [`storage`]: the XDG state and config directories and private (0600) files; imports nothing.
//! - [`journal`]: the append-only record of every write, which undo reads (on `storage`).
//! - [`item_history`]: one item's changes read from its table's stream and the journal, for the
//!   inspector's history and `ddbx history`.
//! - [`edit`]: the one path that sends a planned write and journals it.
//! - [`share`]: a query as an AWS CLI, boto3 or JavaScript snippet.
//! - [`offline`]: loaders for table exports (`--file`) into the embedded engine.
//! - [`demo`]: the deterministic `--demo` table, generated for the embedded engine.
//! - [`keymap`]: key syntax ([`keymap::key`], a leaf), the embedded default keymap and user
//!   overrides; names the bindable [`app::action::Action`]s.
//!
//! The terminal UI:
//! - [`app`]: actions, commands, state and the pure `update` function; no I/O, and it never
//!   imports `worker`, `ui`, `tui` or `launch`. A feature is one folder name in every layer:
//!   `explore`, `inspect`, `query`, `palette`, `indexes`, `edit` under `app::state`,
//!   `app::update` and `ui` (plus `table` and `widgets`, shared). [`app::state::State::mode`]
//!   alone decides which screen gets a key and is drawn on top; reads are data
//!   ([`app::read::Read`]) answered by one action routed to the part of the state that asked.
//! - [`worker`]: runs the app's commands as tokio tasks and sends the results back as actions;
//!   [`worker::answer`] and [`worker::write_done`] are the read and write paths the test harness
//!   uses too.
//! - [`ui`]: pure rendering of the state; never imports `backend`, `worker` or `app::update`.
//! - [`tui`]: the event loop tying app, worker and ui together.
//! - [`terminal`], [`clipboard`], [`external_editor`]: the terminal guard, clipboard access and
//!   `$EDITOR` for the item editor.
//! - [`launch`]: opening the UI from the command line (startup checks, then the loop).
//!
//! The command line:
//! - [`cli`]: argument definitions, the options naming where the table comes from
//!   ([`cli::source`], shared with `launch`), and the headless commands over `Arc<dyn Backend>`.

pub mod app;
pub mod backend;
pub mod cli;
pub mod clipboard;
pub mod demo;
pub mod domain;
pub mod edit;
pub mod external_editor;
pub mod item_history;
pub mod journal;
pub mod keymap;
pub mod launch;
pub mod offline;
pub mod serve;
pub mod share;
pub mod storage;
pub mod terminal;
pub mod tui;
pub mod ui;
pub mod worker;

/// The allocator of ddbx and of everything that links it (tests and benchmarks measure what users
/// run). Reading pages of items is dominated by small allocations and frees, where mimalloc is
/// markedly faster than glibc's malloc (see `benches/convert.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
