//! `lsp`: placeholder.
#[derive(clap::Args)]
pub struct Args {}
pub fn run(_: Args) -> anyhow::Result<std::process::ExitCode> {
    Ok(std::process::ExitCode::SUCCESS)
}
