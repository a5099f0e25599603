use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

use clap::Parser as _;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::read_only::ReadOnly;
use ddbx::backend::{Backend, BackendError};
use ddbx::cli::{Cli, CliError, args::GlobalOptions};

/// An embedded engine ddbx loaded, kept until the process ends: freeing millions of items one
/// by one takes longer than the command that read them, and the system takes the memory back at
/// once. Nothing of the engine's is written when it is dropped.
static ENGINE_KEPT_TO_EXIT: OnceLock<Arc<dyn Backend>> = OnceLock::new();

fn kept_to_exit(engine: Arc<dyn Backend>) -> Arc<dyn Backend> {
    ENGINE_KEPT_TO_EXIT.get_or_init(|| Arc::clone(&engine));
    engine
}

/// The backend the options name: the demo, an offline file, or AWS (the default).
async fn connect(options: &GlobalOptions) -> Result<Arc<dyn Backend>, CliError> {
    if options.tui.demo {
        return ddbx::cli::source::demo_backend(&options.tui)
            .map(|(backend, _)| kept_to_exit(backend))
            .map_err(|message| {
                CliError::from(BackendError::Service {
                    code: "DemoNotLoaded".to_owned(),
                    message,
                })
            });
    }
    // A file that cannot be loaded is refused input: nothing was read from any table.
    if let Some(offline) = ddbx::cli::source::file_backend(&options.tui).map_err(CliError::Usage)? {
        // Skipped lines and an inferred schema must not pass silently; stderr keeps stdout clean
        // for the items. The text quotes the file, so it is escaped.
        for notice in offline.headless_notices() {
            ddbx::cli::note(&format!("ddbx: {notice}"));
        }
        return Ok(kept_to_exit(offline.backend));
    }
    Ok(connect_aws(options).await?)
}

async fn connect_aws(options: &GlobalOptions) -> Result<Arc<dyn Backend>, BackendError> {
    let backend = AwsBackend::connect_with_timeout(
        AwsOptions {
            profile: options.profile.clone(),
            region: options.region.clone(),
            endpoint_url: options.endpoint_url.clone(),
        },
        std::time::Duration::from_secs_f64(options.timeout),
    )
    .await?;
    Ok(Arc::new(backend))
}

/// `ddbx` without a command on a terminal: the terminal UI, on the table named or on the picker.
async fn open_tui(options: &GlobalOptions) -> Result<(), CliError> {
    // The demo and a file load on a thread of their own while the UI opens on them.
    let mut progress = None;
    let (mut backend, table) = if options.tui.demo {
        let loading = ddbx::cli::loading::demo(&options.tui);
        progress = Some(loading.progress);
        (kept_to_exit(loading.backend), loading.table)
    } else if let Some(loading) = ddbx::cli::loading::file(&options.tui).map_err(CliError::Usage)? {
        progress = Some(loading.progress);
        (kept_to_exit(loading.backend), loading.table)
    } else {
        let table = options.table.clone().unwrap_or_default();
        let backend = connect_aws(options)
            .await
            .map_err(|error| CliError::Failed(format!("cannot connect: {error}")))?;
        (backend, table)
    };
    if options.read_only {
        backend = Arc::new(ReadOnly::new(backend));
    }
    ddbx::launch::open(
        backend,
        &table,
        &options.tui,
        progress,
        options.version_attr.clone(),
    )
    .await
    .map_err(CliError::Failed)
}

/// Clap's usage error (exit 2), or the help and version it prints (exit 0), escaped: its
/// messages quote the arguments given, which may hold anything.
fn usage_error(error: &clap::Error) -> ExitCode {
    let text = error.render().to_string();
    if error.use_stderr() {
        ddbx::cli::note(text.trim_end_matches('\n'));
    } else {
        ddbx::cli::print_escaped(&text);
    }
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// The async runtime for `command`. A read that sends a request or a few and waits runs on this
/// thread alone: with worker threads, every I/O event would hand the request over between
/// threads (a wake-up and a context switch each), which on a busy machine costs more than the
/// request itself. The UI, the server, scans in segments and bulk work keep a thread per core.
fn runtime_for(
    command: Option<&ddbx::cli::args::Command>,
) -> std::io::Result<tokio::runtime::Runtime> {
    use ddbx::cli::args::Command;
    let mut builder = match command {
        Some(Command::Tables | Command::Describe(_) | Command::Get(_) | Command::Query(_)) => {
            tokio::runtime::Builder::new_current_thread()
        }
        _ => tokio::runtime::Builder::new_multi_thread(),
    };
    builder.enable_all().build()
}

fn main() -> ExitCode {
    let mut cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    if cli.global.tui.demo && cli.global.table.is_none() {
        cli.global.table = Some(ddbx::demo::TABLE_NAME.to_owned());
    }
    let runtime = match runtime_for(cli.command.as_ref()) {
        Ok(runtime) => runtime,
        Err(error) => {
            ddbx::cli::note(&format!("ddbx: could not start the async runtime: {error}"));
            return ExitCode::from(1);
        }
    };
    if let Err(error) = ddbx::cli::check_endpoint_url(cli.global.endpoint_url.as_deref()) {
        ddbx::cli::note(&format!("ddbx: {error}"));
        return ExitCode::from(error.exit_code());
    }
    // Without a command the UI opens, on the table picker when no table is named. Piped or
    // redirected, there is no screen to draw on, and drawing one into a file or a pipe would
    // fill it with escape codes: refused with the usage, nothing read or sent.
    let interactive = std::io::IsTerminal::is_terminal(&std::io::stdout())
        && std::io::IsTerminal::is_terminal(&std::io::stdin());
    if cli.command.is_none() && !interactive {
        ddbx::cli::note(
            "ddbx: the terminal UI needs a terminal on standard input and output; give a \
             command to run headless (e.g. `ddbx --demo scan`), or run ddbx in a terminal",
        );
        eprint!("{}", ddbx::cli::USAGE);
        return ExitCode::from(2);
    }
    if cli.command.is_none() {
        return match runtime.block_on(open_tui(&cli.global)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                ddbx::cli::note(&format!("ddbx: {error}"));
                ExitCode::from(error.exit_code())
            }
        };
    }
    if let Some(ddbx::cli::args::Command::Serve(args)) = &cli.command {
        return match runtime.block_on(ddbx::serve::run(&cli.global, args)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                ddbx::cli::note(&format!("ddbx: {error}"));
                ExitCode::from(error.exit_code())
            }
        };
    }
    if let Some(ddbx::cli::args::Command::Keymap) = &cli.command {
        return match ddbx::launch::print_keymap(cli.global.tui.keymap.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                ddbx::cli::note(&format!("ddbx: {error}"));
                ExitCode::from(1)
            }
        };
    }
    match runtime.block_on(ddbx::cli::run(cli, connect)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            ddbx::cli::note(&format!("ddbx: {error}"));
            ExitCode::from(error.exit_code())
        }
    }
}
