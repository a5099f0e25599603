//! `ddbx [--demo | --file PATH] serve`: opens the engine the options name (empty tables
//! without either), listens on loopback until Ctrl-C, then prints what it served.

use std::sync::Arc;

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
        "no tables yet (CreateTable adds them)".to_owned(),
    ))
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

/// Runs the server until it is stopped.
pub async fn run(global: &GlobalOptions, args: &ServeArgs) -> Result<(), CliError> {
    let host = check_host(&args.host).map_err(CliError::Usage)?;
    if global.endpoint_url.is_some() || global.profile.is_some() {
        return Err(CliError::usage(
            "serve answers from the embedded engine (--demo, --file, or empty tables); --endpoint-url and --profile name a DynamoDB to read instead",
        ));
    }
    let (engine, read_only, what) = open_engine(global, args)?;
    let served = Arc::new(Served::new(engine, read_only));
    let options = ServeOptions {
        host,
        port: args.port,
    };
    let mode = if read_only {
        "read-only"
    } else {
        "read-write, in memory"
    };
    let listening = |address: std::net::SocketAddr| {
        note(&format!(
            "ddbx serve: listening on http://{address} ({what}; {mode}; signatures are not verified). Ctrl-C stops it."
        ));
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
