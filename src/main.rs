use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

use clap::Parser as _;
use ddbx::backend::Backend;
use ddbx::cli::{Cli, CliError, args::GlobalOptions};
use ddbx::connect::{Load, OpenError, Source};

/// An embedded engine ddbx loaded, kept until the process ends: freeing millions of items one
/// by one takes longer than the command that read them, and the system takes the memory back at
/// once. Nothing of the engine's is written when it is dropped.
static ENGINE_KEPT_TO_EXIT: OnceLock<Arc<dyn Backend>> = OnceLock::new();

fn kept_to_exit(engine: Arc<dyn Backend>) -> Arc<dyn Backend> {
    ENGINE_KEPT_TO_EXIT.get_or_init(|| Arc::clone(&engine));
    engine
}

/// Where the options say the table is: the demo, an offline file, or AWS (the default).
fn source(options: &GlobalOptions) -> Source<'_> {
    Source::named_by(
        &options.tui,
        options.aws_options(),
        std::time::Duration::from_secs_f64(options.timeout),
    )
}

/// The backend the options name, for a headless command.
async fn connect(options: &GlobalOptions) -> Result<Arc<dyn Backend>, CliError> {
    let opened = ddbx::connect::open(source(options), Load::Whole, options.read_only).await?;
    // Skipped lines and an inferred schema must not pass silently; stderr keeps stdout clean
    // for the items. The text quotes the file, so it is escaped.
    for notice in &opened.notices {
        ddbx::cli::note(&format!("ddbx: {notice}"));
    }
    ddbx::cli::note_retries(opened.backend.as_ref());
    Ok(if opened.embedded {
        kept_to_exit(opened.backend)
    } else {
        opened.backend
    })
}

/// `ddbx` without a command on a terminal: the terminal UI, on the table named or on the picker.
async fn open_tui(options: &GlobalOptions) -> Result<(), CliError> {
    // The demo and a file load on a thread of their own while the UI opens on them.
    let opened = ddbx::connect::open(source(options), Load::InBackground, options.read_only)
        .await
        .map_err(|error| match error {
            OpenError::Connect(error) => CliError::Failed(format!("cannot connect: {error}")),
            other => CliError::from(other),
        })?;
    let table = opened
        .table
        .clone()
        .or_else(|| options.table.clone())
        .unwrap_or_default();
    let backend = if opened.embedded {
        kept_to_exit(opened.backend)
    } else {
        opened.backend
    };
    ddbx::launch::open(
        backend,
        &table,
        &options.tui,
        opened.progress,
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
            // Only a keymap file that cannot be read or understood fails here: refused input,
            // nothing sent, like an unreadable --model.
            Err(error) => {
                ddbx::cli::note(&format!("ddbx: {error}"));
                ExitCode::from(2)
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
