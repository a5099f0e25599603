use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use ddbx::backend::Backend;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
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

fn main() -> ExitCode {
    // Usage errors exit with code 2 inside clap.
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            ddbx::cli::note(&format!("ddbx: could not start the async runtime: {error}"));
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(ddbx::cli::run(cli, connect_aws)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            ddbx::cli::note(&format!("ddbx: {error}"));
            ExitCode::from(error.exit_code())
        }
    }
}
