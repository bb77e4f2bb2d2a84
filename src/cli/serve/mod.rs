//! `serve`: play and author games in a web browser. A local HTTP server
//! (axum on tokio) gives the page (static files compiled in, `page.rs`) and
//! a small JSON API over the library (`api.rs`); the engine runs here, the
//! page only draws and clicks. It reads game files only under its folder
//! (`files.rs`) and writes only with `--allow-save`.

mod analysis;
mod api;
mod files;
mod games;
mod guard;
mod page;
mod view;

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of game files to serve.
    #[arg(default_value = "games")]
    dir: PathBuf,
    /// The address to listen on; anything but 127.0.0.1 opens the server
    /// to other machines (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port; 0 takes a free one. The address is printed either way.
    #[arg(long, default_value_t = 8020)]
    port: u16,
    /// Let the page write edited rule files back into the folder.
    #[arg(long)]
    allow_save: bool,
    /// Also answer requests for this host name (repeatable); by default
    /// only the address listened on is (127.0.0.1, localhost, [::1]).
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most memory the games open on pages may take together, in
    /// megabytes (by an estimate of their compiled tables); past it, the
    /// least recently used are closed.
    #[arg(long, value_name = "MB", default_value_t = games::MAX_OPEN_BYTES >> 20)]
    open_memory: usize,
}

/// What every request shares.
pub struct Server {
    pub dir: files::GameDir,
    pub games: games::Games,
    pub jobs: analysis::Jobs,
    /// Engine work running at once on the blocking pool (2 per core).
    pub work: Arc<tokio::sync::Semaphore>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let dir = files::GameDir::new(&args.dir, args.allow_save)
        .with_context(|| format!("cannot open the games folder {}", args.dir.display()))?;
    if args.host != "127.0.0.1" && args.host != "localhost" {
        eprintln!(
            "warning: listening on {}: anyone who can reach this machine can use the server{}",
            args.host,
            if args.allow_save {
                " and write rule files in the folder"
            } else {
                ""
            }
        );
    }
    let server = Arc::new(Server {
        dir,
        games: games::Games::new(args.open_memory.saturating_mul(1 << 20)),
        jobs: analysis::Jobs::default(),
        work: Arc::new(tokio::sync::Semaphore::new(2 * crate::cli::every_core())),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(serve(server, args.host, args.port, args.allow_host))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(
    server: Arc<Server>,
    host: String,
    port: u16,
    allow_host: Vec<String>,
) -> Result<()> {
    let listener = tokio::net::TcpListener::bind((host.as_str(), port))
        .await
        .with_context(|| format!("cannot listen on {host}:{port}"))?;
    let addr = listener.local_addr()?;
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "tavoliere serve: http://{addr}/")?;
        writeln!(
            out,
            "serving the games in {} (saving {}); Ctrl-C stops",
            server.dir.shown.display(),
            if server.dir.allow_save { "on" } else { "off" }
        )?;
        out.flush()?;
    }
    tokio::spawn(games::sweep(server.clone()));
    let hosts = Arc::new(guard::Hosts::new(addr, &host, &allow_host));
    let app = (page::routes().merge(api::routes(server)))
        .layer(axum::middleware::from_fn_with_state(hosts, guard::check));
    accept(listener, app).await;
    Ok(())
}

/// At most this many connections at once (well below the descriptor
/// limit); more wait in the listening queue.
const MAX_CONNECTIONS: usize = 512;
/// A connection must send a request's headers within this long, and an
/// idle one (between requests) is closed after it.
const HEADER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// No connection lives longer than this (a body sent byte by byte).
const CONNECTION_LIFE: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Accepts connections and serves each with HTTP/1.1, bounded in number
/// and in time.
async fn accept(listener: tokio::net::TcpListener, app: axum::Router) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before accepted:
            // wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_LIFE, connection).await;
            drop(slot);
        });
    }
}
