//! ddbx: explore and safely edit DynamoDB single-table designs, in a terminal UI or headless.
//!
//! `tests/layering.rs` checks these dependencies, and that no two files, and no two modules under
//! the same parent, import each other in a loop:
//! - `domain` imports no other module; `backend` imports only `domain`.
//! - `app` never imports `worker`, `ui`, `tui` or `launch`; `ui` never imports `backend`,
//!   `worker` or `app::update`.
//! - `keymap` never imports `app`, `ui`, `tui`, `launch` or `worker`.
//! - `cli` never imports `app`, `ui`, `tui`, `launch`, `worker` or `serve`; `serve` never imports
//!   `app`, `ui`, `tui`, `launch` or `worker`.
//! - `connect`, `why` and `capacity` never import `app`, `ui`, `tui`, `launch`, `worker`, `cli` or
//!   `serve`.
//!
//! The core:
//! - [`domain`]: pure data model. Exact 38-digit numbers, the lossless attribute value model,
//!   table schemas, expressions, the request types of the backend, edit planning, DynamoDB JSON
//!   and plain-JSON views, the DescribeTable document (`ddbx describe` and `ddbx serve` write it
//!   with one writer), DynamoDB's limits, terminal escaping.
//! - [`backend`]: the DynamoDB boundary. One trait with an AWS SDK implementation and an embedded
//!   engine ([`backend::memory`]); errors are classified once, at this edge. The SDK for S3
//!   ([`backend::aws::s3`]) reads exports where they lie, as byte streams.
//!
//! Shared services, used by the UI and the CLI alike:
//! - [`storage`]: the XDG state and config directories, private (0600) files and the query
//!   history's files.
//! - [`journal`]: the append-only record of every write, which undo reads.
//! - [`item_history`]: one item's changes read from its table's stream and the journal, for the
//!   inspector's history and `ddbx history`.
//! - [`capacity`]: capacity per access pattern, measured by running its calls, for
//!   `ddbx capacity` and the capacity screen.
//! - [`why`]: why an item is or is not in a query's results, read from the table, for `w` in
//!   the results and `ddbx why`.
//! - [`write`]: the one path that sends a planned write and journals it.
//! - [`share`]: a query as an AWS CLI, boto3 or JavaScript snippet.
//! - [`offline`]: loaders for table exports (`--file`: a file, a folder or an `s3://` prefix)
//!   into the embedded engine.
//! - [`demo`]: the deterministic `--demo` table, generated for the embedded engine.
//! - [`connect`]: the options naming where the table comes from, and opening it (the demo, a
//!   `--file` table, DynamoDB) with `--read-only` applied in one place, for the headless
//!   commands, the server and the UI.
//! - [`keymap`]: key syntax ([`keymap::key`], a leaf), the embedded default keymap and user
//!   overrides.
//!
//! The terminal UI:
//! - [`app`]: actions, commands, state and the pure `update` function; no I/O. A feature is one
//!   folder name in every layer: `explore`, `inspect`, `query`, `palette`, `indexes`, `edit`
//!   under `app::state`, `app::update` and `ui` (plus `grid`, the results grid, and `widgets`,
//!   shared). [`app::state::State::mode`] alone decides which screen gets a key and is drawn on
//!   top; reads are data ([`app::read::Read`]) answered by one action routed to the part of the
//!   state that asked.
//! - [`worker`]: runs the app's commands as tokio tasks and sends the results back as actions;
//!   [`worker::answer`] and [`worker::write_done`] are the read and write paths the test harness
//!   uses too.
//! - [`ui`]: pure rendering of the state.
//! - [`tui`]: the event loop tying app, worker and ui together.
//! - [`terminal`], [`clipboard`], [`external_editor`]: the terminal guard, clipboard access and
//!   `$EDITOR` for the item editor.
//! - [`launch`]: opening the UI from the command line (startup checks, the theme and the settings
//!   file, then the loop).
//!
//! The command line:
//! - [`cli`]: argument definitions and the headless commands over `Arc<dyn Backend>`.
//! - [`serve`]: `ddbx serve`, the embedded engine answering DynamoDB's JSON protocol on loopback.

pub mod app;
pub mod backend;
pub mod capacity;
pub mod cli;
pub mod clipboard;
pub mod connect;
pub mod demo;
pub mod domain;
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
pub mod why;
pub mod worker;
pub mod write;

/// The allocator of ddbx and of everything that links it (tests and benchmarks measure what users
/// run). Reading pages of items is dominated by small allocations and frees, where mimalloc is
/// markedly faster than glibc's malloc (see `benches/convert.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
