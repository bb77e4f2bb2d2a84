//! The page: plain HTML, CSS and JavaScript files compiled into the binary,
//! served as they are (no build step).

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const BOARD: &str = include_str!("page/board.js");
const STYLE: &str = include_str!("page/style.css");

fn file(kind: &'static str, text: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
}

pub fn routes() -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { file("text/html; charset=utf-8", INDEX) }),
        )
        .route(
            "/app.js",
            get(|| async { file("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/board.js",
            get(|| async { file("text/javascript; charset=utf-8", BOARD) }),
        )
        .route(
            "/style.css",
            get(|| async { file("text/css; charset=utf-8", STYLE) }),
        )
}
