//! `ddbx [--demo | --file PATH] serve`: opens the engine the options name (empty tables
//! without either), listens on loopback until Ctrl-C, then prints what it served.

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::faults::Faults;
use super::http::{ServeOptions, check_host, serve};
use super::served::Served;
use crate::backend::memory::MemoryBackend;
use crate::cli::args::{GlobalOptions, ServeArgs};
use crate::cli::{CliError, note};

/// The engine and whether it is served read-only: `--file` is unless `--writable`; `--demo`
/// and empty tables are unless `--read-only`.
fn open_engine(
    global: &GlobalOptions,
    args: &ServeArgs,
) -> Result<(Arc<MemoryBackend>, bool, String), CliError> {
    if global.tui.demo {
        let engine = crate::connect::demo_engine(&global.tui).map_err(CliError::Failed)?;
        let what = format!("the demo table {}", crate::demo::TABLE_NAME);
        return Ok((Arc::new(engine), global.read_only, what));
    }
    if let Some(path) = &global.tui.file {
        let (engine, table) = crate::connect::file_engine(path, &global.tui, &global.aws_options())
            .map_err(CliError::Usage)?;
        for notice in table.headless_notices() {
            note(&format!("ddbx: {notice}"));
        }
        let what = format!("table {} from {}", table.table, path.display());
        return Ok((engine, !args.writable || global.read_only, what));
    }
    if args.writable {
        return Err(CliError::usage(
            "--writable is for a --file table; the other tables are writable unless --read-only",
        ));
    }
    Ok((
        Arc::new(MemoryBackend::empty()),
        global.read_only,
        if args.shared {
            "no tables yet (CreateTable adds them)".to_owned()
        } else {
            "no tables yet (CreateTable adds them; each access key and region has its own unless --shared)".to_owned()
        },
    ))
}

/// The tables to serve, what they are and how they are kept, for the line printed on start.
fn open_served(
    global: &GlobalOptions,
    args: &ServeArgs,
) -> Result<(Served, String, String), CliError> {
    if let Some(dir) = &args.data {
        return open_data(global, args, dir);
    }
    let (engine, read_only, what) = open_engine(global, args)?;
    let mut served = Served::new(engine, read_only);
    // The demo and a file are the tables being served: every client sees them.
    let empty = !global.tui.demo && global.tui.file.is_none();
    if empty && !args.shared {
        served = served.namespaced();
    }
    let mode = if read_only {
        "read-only"
    } else {
        "read-write, in memory"
    };
    Ok((served, what, mode.to_owned()))
}

/// `--data DIR`: the tables kept in DIR, loaded back.
fn open_data(
    global: &GlobalOptions,
    args: &ServeArgs,
    dir: &Path,
) -> Result<(Served, String, String), CliError> {
    if global.tui.demo || global.tui.file.is_some() {
        return Err(CliError::usage(
            "--data keeps the tables clients create; --demo and --file serve a table loaded from elsewhere, in memory: use one or the other",
        ));
    }
    let opened =
        super::durable::open(dir, args.shared, global.read_only).map_err(CliError::Usage)?;
    if opened.other_mode > 0 {
        let other = if args.shared { "without" } else { "with" };
        note(&format!(
            "ddbx serve: {} also holds {} table(s) kept by a server started {other} --shared; they are served only when started that way",
            dir.display(),
            opened.other_mode
        ));
    }
    let what = format!("{} table(s), {} item(s)", opened.tables, opened.items);
    let mode = if global.read_only {
        format!("read-only, from {}", dir.display())
    } else {
        format!("read-write, kept in {}", dir.display())
    };
    Ok((opened.served, what, mode))
}

/// Completes on Ctrl-C or, so scripts and tests can stop it cleanly, SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// A ready file goes in a folder that exists, and is not a folder itself.
fn check_ready_file(file: &Path) -> Result<(), String> {
    let folder = file
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    if !folder.is_dir() {
        return Err(format!(
            "--ready-file {}: the folder {} does not exist",
            file.display(),
            folder.display()
        ));
    }
    if file.is_dir() {
        return Err(format!(
            "--ready-file {} is a folder: name a file to write the address to",
            file.display()
        ));
    }
    Ok(())
}

/// Tells a waiting script the server accepts connections: the address alone on stdout, and in
/// the ready file, which appears whole (written beside it, then renamed into place).
fn announce(address: SocketAddr, ready_file: Option<&Path>) {
    let url = format!("http://{address}");
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{url}").and_then(|()| stdout.flush());
    let Some(file) = ready_file else { return };
    let partial = file.with_extension("partial");
    let written =
        std::fs::write(&partial, format!("{url}\n")).and_then(|()| std::fs::rename(&partial, file));
    if let Err(error) = written {
        note(&format!(
            "ddbx serve: could not write the ready file {}: {error}",
            file.display()
        ));
    }
}

/// Runs the server until it is stopped.
pub async fn run(global: &GlobalOptions, args: &ServeArgs) -> Result<(), CliError> {
    let host = check_host(&args.host).map_err(CliError::Usage)?;
    if global.endpoint_url.is_some() || global.profile.is_some() {
        return Err(CliError::usage(
            "serve answers from the embedded engine (--demo, --file, or empty tables); --endpoint-url and --profile name a DynamoDB to read instead",
        ));
    }
    let faults = Faults::new(Duration::from_millis(args.delay_ms), args.throttle_rate)
        .map_err(CliError::Usage)?;
    let (served, what, mode) = open_served(global, args)?;
    let served = Arc::new(served.with_faults(faults));
    let options = ServeOptions {
        host,
        port: args.port,
    };
    if let Some(file) = &args.ready_file {
        check_ready_file(file).map_err(CliError::Usage)?;
    }
    let listening = |address: std::net::SocketAddr| {
        note(&format!(
            "ddbx serve: listening on http://{address} ({what}; {mode}; signatures are not verified). Ctrl-C stops it."
        ));
        announce(address, args.ready_file.as_deref());
    };
    serve(served.clone(), &options, listening, stop_signal())
        .await
        .map_err(|error| {
            CliError::Failed(format!("cannot listen on {host}:{}: {error}", args.port))
        })?;
    note(&format!(
        "ddbx serve: stopped after {}",
        served.stats.summary()
    ));
    Ok(())
}
