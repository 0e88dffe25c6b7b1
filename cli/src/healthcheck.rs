//! `cardarena healthcheck`: asks a probe URL and exits 0 when it answers 2xx, so that a
//! container's healthcheck needs no curl in the image.

use std::time::Duration;

use clap::Args;

use super::CliError;

/// Arguments of `cardarena healthcheck`.
#[derive(Debug, Args)]
pub struct HealthcheckArgs {
    /// The probe to ask: a server's or a worker's (`--health-addr`) `/readyz` or `/healthz`.
    #[arg(default_value = "http://127.0.0.1:8080/readyz")]
    url: String,
    /// Seconds to wait for the answer.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=300))]
    timeout_secs: u64,
}

/// Asks the probe and prints its body. Exits 1 (what a container's healthcheck reads as
/// unhealthy; 2 is reserved there) unless it answered 2xx in time.
pub fn run(args: HealthcheckArgs) -> Result<(), CliError> {
    if let Err(CliError(message)) = ask(args) {
        eprintln!("unhealthy: {message}");
        std::process::exit(1);
    }
    Ok(())
}

fn ask(args: HealthcheckArgs) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError(e.to_string()))?;
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(args.timeout_secs))
            .build()
            .map_err(|e| CliError(e.to_string()))?;
        let response = client
            .get(&args.url)
            .send()
            .await
            .map_err(|e| CliError(format!("{}: {e}", args.url)))?;
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        println!("{}", body.trim_end());
        match status.is_success() {
            true => Ok(()),
            false => Err(CliError(format!("{}: answered {status}", args.url))),
        }
    })
}
