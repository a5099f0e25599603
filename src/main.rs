use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use ddbx::backend::Backend;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::read_only::ReadOnly;
use ddbx::cli::{Cli, args::GlobalOptions};

async fn connect_aws(
    options: &GlobalOptions,
) -> Result<Arc<dyn Backend>, ddbx::backend::BackendError> {
    let backend = AwsBackend::connect(AwsOptions {
        profile: options.profile.clone(),
        region: options.region.clone(),
        endpoint_url: options.endpoint_url.clone(),
    })
    .await?;
    Ok(Arc::new(backend))
}

/// `ddbx --table T` or `ddbx --demo` without a command: the terminal UI.
async fn open_tui(options: &GlobalOptions) -> Result<(), String> {
    let mut notices = Vec::new();
    let (mut backend, table) = if options.tui.demo {
        ddbx::launch::demo_backend()?
    } else if let Some(offline) = ddbx::launch::file_backend(&options.tui)? {
        notices = offline.notices;
        (offline.backend, offline.table)
    } else {
        let table = options.table.clone().unwrap_or_default();
        let backend = connect_aws(options)
            .await
            .map_err(|error| format!("cannot connect: {error}"))?;
        (backend, table)
    };
    if options.read_only {
        backend = Arc::new(ReadOnly::new(backend));
    }
    ddbx::launch::open(backend, &table, &options.tui, notices).await
}

fn main() -> ExitCode {
    // Usage errors exit with code 2 inside clap.
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("ddbx: could not start the async runtime: {error}");
            return ExitCode::from(1);
        }
    };
    if cli.command.is_none()
        && (cli.global.table.is_some() || cli.global.tui.demo || cli.global.tui.file.is_some())
    {
        return match runtime.block_on(open_tui(&cli.global)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("ddbx: {error}");
                ExitCode::from(1)
            }
        };
    }
    match runtime.block_on(ddbx::cli::run(cli, connect_aws)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ddbx: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
