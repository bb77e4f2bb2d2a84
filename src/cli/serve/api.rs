//! The JSON API the page speaks (documented in the README): list and read
//! games, open one (from its file or a text), positions with their legal
//! moves, play, why a move is not legal, a computer's move, validate, save,
//! replay a list of moves or a record, and analysis. Every answer is JSON;
//! a request that cannot be answered gets `{"error": ...}` and status 400.

use super::games::Game;
use super::{analysis, files, view, Server};
use axum::extract::{DefaultBodyLimit, Query, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tavoliere::agent::Agent;
use tavoliere::diag::{self, Sources};
use tavoliere::rules::{Move, Rules, State};
use tavoliere::{compile, notation, svg};

/// The longest a computer may think for one move.
const MAX_THINK: Duration = Duration::from_secs(5);
/// The longest playout of a computer player's search, in plies.
const MAX_PLAYOUT: u32 = 1000;
/// The largest request body, in bytes.
const MAX_BODY: usize = 1024 * 1024;
/// At most this many moves replayed in one request.
const MAX_MOVES: usize = 5000;

type Srv = Shared<Arc<Server>>;
type Answer = Result<Json<Value>, Failure>;

/// A request that cannot be answered: a status (400 unless said) and
/// `{"error": ...}`.
pub struct Failure(StatusCode, String);

impl Failure {
    pub fn bad(e: impl Into<String>) -> Failure {
        Failure(StatusCode::BAD_REQUEST, e.into())
    }

    pub fn status(status: StatusCode, e: impl Into<String>) -> Failure {
        Failure(status, e.into())
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<String> for Failure {
    fn from(e: String) -> Self {
        Failure::bad(e)
    }
}

impl From<&str> for Failure {
    fn from(e: &str) -> Self {
        Failure::bad(e)
    }
}

/// A JSON body, its refusals (malformed, wrong fields, too large) answered
/// as `{"error": ...}` with their status, as every other error.
pub struct Body<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for Body<T>
where
    Json<T>: axum::extract::FromRequest<S, Rejection = axum::extract::rejection::JsonRejection>,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Failure> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) => Err(Failure::status(e.status(), e.body_text())),
        }
    }
}

/// A query string, its refusals answered as JSON.
pub struct Q<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for Q<T>
where
    Query<T>:
        axum::extract::FromRequestParts<S, Rejection = axum::extract::rejection::QueryRejection>,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Failure> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(v)) => Ok(Q(v)),
            Err(e) => Err(Failure::status(e.status(), e.body_text())),
        }
    }
}

/// How long a request waits for a free engine slot before a 503.
const QUEUE_WAIT: Duration = Duration::from_secs(20);

/// Runs engine work (compiling, parsing a position, listing or playing
/// moves) on the blocking pool, at most `Server::work`'s permits at once,
/// so that the async workers keep answering other requests.
async fn blocking<T: Send + 'static>(
    srv: &Server,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Failure> {
    let permit = tokio::time::timeout(QUEUE_WAIT, srv.work.clone().acquire_owned())
        .await
        .map_err(|_| {
            Failure::status(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: try again",
            )
        })?
        .map_err(|e| Failure::status(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| Failure::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// `f`'s answer, or a 400 with the reason when a move listing in it
/// stopped at the chain budget ([`Rules::bounded`]).
fn bounded<T>(rules: &Rules, f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    rules.bounded(f).map_err(|e| Failure::bad(e.to_string()))?
}

pub fn routes(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/games", get(list_games))
        .route("/api/file", get(read_file))
        .route("/api/modified", get(modified))
        .route("/api/picture", get(picture))
        .route("/api/open", post(open))
        .route("/api/validate", post(validate))
        .route("/api/position", post(position))
        .route("/api/play", post(play))
        .route("/api/why", post(why))
        .route("/api/agent", post(agent))
        .route("/api/replay", post(replay))
        .route("/api/record", post(record))
        .route("/api/save", post(save))
        .route("/api/analyze", post(analyze_start))
        .route("/api/analysis", get(analyze_progress))
        .route("/api/analysis/cancel", post(analyze_cancel))
        .fallback(|| async { Failure::status(StatusCode::NOT_FOUND, "no such page or request") })
        .method_not_allowed_fallback(|| async {
            Failure::status(
                StatusCode::METHOD_NOT_ALLOWED,
                "not a method this request takes",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

#[derive(Deserialize)]
struct FileQuery {
    file: String,
}

/// `[game] name` and `extends` of a file, read without compiling it.
fn game_meta(text: &str) -> (Option<String>, Option<String>) {
    let Ok(value) = toml::from_str::<toml::Table>(text) else {
        return (None, None);
    };
    let name = (value.get("game").and_then(|g| g.get("name")))
        .and_then(|n| n.as_str())
        .map(str::to_string);
    let extends = value
        .get("extends")
        .and_then(|e| e.as_str())
        .map(str::to_string);
    (name, extends)
}

/// The files of the folder with their names and families: a file's family
/// is the base at the root of its `extends` chain (itself for a game that
/// extends none, or whose base is not listed), so the page lists
/// variants under their base.
async fn list_games(Shared(srv): Srv) -> Answer {
    let allow_save = srv.dir.allow_save;
    let games: Vec<Value> = tokio::task::spawn_blocking(move || {
        let files = srv.dir.list();
        let meta: Vec<(Option<String>, Option<String>)> = (files.iter())
            .map(|file| {
                srv.dir
                    .read(file)
                    .map(|t| game_meta(&t))
                    .unwrap_or((None, None))
            })
            .collect();
        let base_of = |i: usize| -> Option<usize> {
            let extends = meta[i].1.as_ref()?;
            let dir = std::path::Path::new(&files[i]).parent()?;
            let base = dir.join(extends).to_string_lossy().replace('\\', "/");
            files.iter().position(|f| *f == base)
        };
        (0..files.len())
            .map(|i| {
                // At most as many steps as files: a cycle ends the walk.
                let mut root = i;
                for _ in 0..files.len() {
                    match base_of(root) {
                        Some(b) if b != i => root = b,
                        _ => break,
                    }
                }
                json!({ "file": files[i], "name": meta[i].0, "family": files[root] })
            })
            .collect()
    })
    .await
    .map_err(|e| Failure::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Json(json!({ "games": games, "allow_save": allow_save })))
}

async fn read_file(Shared(srv): Srv, Q(q): Q<FileQuery>) -> Answer {
    let text = srv.dir.read(&q.file)?;
    let modified = srv.dir.modified(&q.file)?;
    Ok(Json(
        json!({ "file": q.file, "text": text, "modified": modified }),
    ))
}

async fn modified(Shared(srv): Srv, Q(q): Q<FileQuery>) -> Answer {
    Ok(Json(json!({ "modified": srv.dir.modified(&q.file)? })))
}

/// Compiles a rule text read as the file `file` (relative to the folder,
/// its `extends` read from there): the game, or the diagnostics.
fn compile_text(
    srv: &Server,
    file: Option<&str>,
    text: String,
) -> (Option<Rules>, Sources, Vec<diag::Diagnostic>) {
    let name = file.unwrap_or("edited.toml").to_string();
    let mut sources = Sources::new();
    let id = sources.add(name, text);
    let mut read_base = |from: &str, path: &str| srv.dir.read_base(from, path);
    match compile::load(&mut sources, id, &mut read_base) {
        Ok((rules, warnings)) => (Some(rules), sources, warnings),
        Err(diags) => (None, sources, diags),
    }
}

/// A picture of a game's start, as SVG (the games list's thumbnails).
async fn picture(Shared(srv): Srv, Q(q): Q<FileQuery>) -> Result<Response, Failure> {
    let text = srv.dir.read(&q.file)?;
    let shared = srv.clone();
    let svg = blocking(&srv, move || {
        let (rules, _, _) = compile_text(&shared, Some(&q.file), text);
        rules.map(|r| svg::position(&r, &r.initial()))
    })
    .await?
    .ok_or("the game has errors")?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

#[derive(Deserialize)]
struct OpenRequest {
    file: Option<String>,
    text: Option<String>,
}

/// Opens a game from its file, or from a text (read as that file, when one
/// is named): its id, facts and start, or its diagnostics.
async fn open(Shared(srv): Srv, Body(req): Body<OpenRequest>) -> Answer {
    let text = match (&req.text, &req.file) {
        (Some(text), _) if text.len() > files::MAX_FILE => {
            return Err(Failure::bad(format!(
                "the rule text is larger than {} bytes",
                files::MAX_FILE
            )))
        }
        (Some(text), _) => text.clone(),
        (None, Some(file)) => srv.dir.read(file)?,
        (None, None) => return Err(Failure::bad("give `file` or `text`")),
    };
    if let Some(file) = &req.file {
        srv.dir.resolve(file, false)?;
    }
    let shared = srv.clone();
    let answer = blocking(&srv, move || {
        let srv = shared;
        let (rules, sources, diags) = compile_text(&srv, req.file.as_deref(), text);
        let diagnostics = view::diagnostics(&sources, &diags);
        let Some(rules) = rules else {
            return Ok::<_, Failure>(json!({ "ok": false, "diagnostics": diagnostics }));
        };
        let info = view::game_info(&rules);
        let start = bounded(&rules, || Ok(view::position(&rules, &rules.initial(), false)))?;
        let id = srv.games.insert(Game::new(rules, req.file));
        Ok(json!({ "ok": true, "id": id, "game": info, "start": start, "diagnostics": diagnostics }))
    })
    .await??;
    Ok(Json(answer))
}

#[derive(Deserialize)]
struct TextRequest {
    file: Option<String>,
    text: String,
}

/// Checks a rule text: `ok` and every diagnostic, as `validate` reports them.
async fn validate(Shared(srv): Srv, Body(req): Body<TextRequest>) -> Answer {
    if req.text.len() > files::MAX_FILE {
        return Err(Failure::bad(format!(
            "the rule text is larger than {} bytes",
            files::MAX_FILE
        )));
    }
    let shared = srv.clone();
    let answer = blocking(&srv, move || {
        let (rules, sources, diags) = compile_text(&shared, req.file.as_deref(), req.text);
        json!({ "ok": rules.is_some(), "diagnostics": view::diagnostics(&sources, &diags) })
    })
    .await?;
    Ok(Json(answer))
}

/// A request about a position of an open game: the start when `position`
/// is not given.
#[derive(Deserialize)]
struct At {
    id: String,
    position: Option<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
    agent: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// The picture seen from the other side of the board.
    #[serde(default)]
    flip: bool,
    /// A site clicked on (`/api/why`: why no legal move starts there).
    site: Option<String>,
}

impl At {
    fn game(&self, srv: &Server) -> Result<Arc<Game>, Failure> {
        srv.games.get(&self.id).ok_or_else(|| {
            Failure::bad(format!(
                "no open game `{}` (it may have been closed for idleness: reload the page)",
                self.id
            ))
        })
    }

    fn state(&self, rules: &Rules) -> Result<State, Failure> {
        let Some(text) = &self.position else {
            return Ok(rules.initial());
        };
        if text.len() > files::MAX_FILE {
            return Err(Failure::bad("the position text is too long"));
        }
        let mut sources = Sources::new();
        let file = sources.add("position", text.clone());
        // A FEN's first field is the board, ranks split by `/`; a position
        // text starts with a word (`pieces`, `turn`, ...).
        let fen = text
            .split_whitespace()
            .next()
            .is_some_and(|f| f.contains('/'));
        let read = if fen {
            notation::parse_fen(rules, text, file)
        } else {
            notation::parse_position(rules, text, file)
        };
        read.map_err(|diags| Failure::bad(diag::render(&sources, &diags)))
    }

    fn move_text(&self) -> Result<&str, Failure> {
        self.mv
            .as_deref()
            .map(str::trim)
            .ok_or_else(|| Failure::bad("give `move`"))
    }
}

async fn position(Shared(srv): Srv, Body(at): Body<At>) -> Answer {
    let game = at.game(&srv)?;
    blocking(&srv, move || {
        let rules = game.rules();
        let st = at.state(&rules)?;
        bounded(&rules, || Ok(Json(view::position(&rules, &st, at.flip))))
    })
    .await?
}

/// Plays a legal move: `ok`, the move's text and the position after it;
/// or `ok: false` and why it is not legal.
async fn play(Shared(srv): Srv, Body(at): Body<At>) -> Answer {
    let game = at.game(&srv)?;
    blocking(&srv, move || {
        let rules = game.rules();
        bounded(&rules, || play_now(&rules, &at))
    })
    .await?
}

fn play_now(rules: &Rules, at: &At) -> Answer {
    let mut st = at.state(rules)?;
    let text = at.move_text()?;
    match notation::parse_move(rules, &st, text) {
        Ok(mv) => {
            let written = notation::move_to_string(rules, &st, mv);
            let san = notation::move_to_san(rules, &st, mv);
            rules.play(&mut st, mv);
            Ok(Json(
                json!({ "ok": true, "move": written, "san": san, "after": view::position(rules, &st, at.flip) }),
            ))
        }
        Err(_) => Ok(Json(
            json!({ "ok": false, "why": why_text(rules, &st, text).1 }),
        )),
    }
}

/// What `moves --why MOVE` prints.
fn why_text(rules: &Rules, st: &State, text: &str) -> (bool, String) {
    match notation::read_any_move(rules, st, text) {
        Ok(mv) if rules.why_not(st, mv).is_none() => {
            (true, notation::explain_typed(rules, st, mv, text))
        }
        Ok(mv) => (
            false,
            format!(
                "`{text}` is not legal: {}",
                notation::explain_typed(rules, st, mv, text)
            ),
        ),
        Err(e) => (false, format!("`{text}` is not legal: {e}")),
    }
}

async fn why(Shared(srv): Srv, Body(at): Body<At>) -> Answer {
    let game = at.game(&srv)?;
    blocking(&srv, move || {
        let rules = game.rules();
        let st = at.state(&rules)?;
        if let Some(name) = &at.site {
            let site = (rules.board.site(name))
                .ok_or_else(|| Failure::bad(format!("there is no site `{name}`")))?;
            let why = bounded(&rules, || Ok(notation::explain_site(&rules, &st, site)))?;
            return Ok(Json(json!({ "legal": why.is_none(), "text": why })));
        }
        let (legal, text) = bounded(&rules, || Ok(why_text(&rules, &st, at.move_text()?)))?;
        Ok(Json(json!({ "legal": legal, "text": text })))
    })
    .await?
}

/// A computer player for `rules`' game (a strength made the player that
/// suits it), its work bounded: a search thinks at most `MAX_THINK`, MCTS's
/// playouts at most `MAX_PLAYOUT` plies (the search looks at its clock
/// between playouts, alpha-beta every thousand nodes).
fn bounded_agent(text: &str, rules: &Rules) -> Result<Agent, Failure> {
    let mut agent = Agent::parse(text)?.for_game(rules);
    let cap = MAX_THINK.as_millis() as u64;
    match &mut agent {
        Agent::Mcts {
            millis,
            threads,
            max_plies,
            ..
        } => {
            *millis = Some(millis.map_or(cap, |ms| ms.min(cap)));
            *threads = (*threads).min(2);
            *max_plies = (*max_plies).min(MAX_PLAYOUT);
        }
        Agent::AlphaBeta { millis, .. } => *millis = Some(millis.map_or(cap, |ms| ms.min(cap))),
        Agent::Auto { millis } => *millis = (*millis).min(cap),
        Agent::Random | Agent::Level(_) => {}
    }
    Ok(agent)
}

/// The move a computer player chooses (`random`, `mcts`, `mcts:500ms`, ...).
async fn agent(Shared(srv): Srv, Body(at): Body<At>) -> Answer {
    let game = at.game(&srv)?;
    let agent = bounded_agent(at.agent.as_deref().unwrap_or("random"), &game.rules())?;
    blocking(&srv, move || {
        let rules = &game.rules();
        let st = at.state(rules)?;
        bounded(rules, || {
            let mv: Option<Move> = agent.choose(rules, &st, fastrand::u64(..));
            Ok(Json(
                json!({ "move": mv.map(|mv| notation::move_to_string(rules, &st, mv)) }),
            ))
        })
    })
    .await?
}

/// Plays `moves` from the position while they are legal: the text and
/// position after each, and where and why they stopped, if they did.
fn replay_moves(rules: &Rules, mut st: State, moves: &[String]) -> Value {
    let mut history = Vec::new();
    let mut stopped = Value::Null;
    for (i, text) in moves.iter().take(MAX_MOVES).enumerate() {
        match notation::parse_move(rules, &st, text) {
            Ok(mv) => {
                let written = notation::move_to_string(rules, &st, mv);
                let san = notation::move_to_san(rules, &st, mv);
                rules.play(&mut st, mv);
                history.push(json!({ "move": written, "san": san, "position": notation::position_to_string(rules, &st) }));
            }
            Err(_) => {
                let (_, why) = why_text(rules, &st, text);
                stopped = json!({ "ply": i, "move": text, "why": why });
                break;
            }
        }
    }
    json!({ "history": history, "stopped": stopped, "last": view::position(rules, &st, false) })
}

async fn replay(Shared(srv): Srv, Body(at): Body<At>) -> Answer {
    let game = at.game(&srv)?;
    blocking(&srv, move || {
        let rules = game.rules();
        let st = at.state(&rules)?;
        bounded(&rules, || Ok(Json(replay_moves(&rules, st, &at.moves))))
    })
    .await?
}

#[derive(Deserialize)]
struct RecordRequest {
    id: String,
    /// A record to read (`play --record`'s format) ...
    text: Option<String>,
    /// ... or moves to write as one.
    #[serde(default)]
    moves: Vec<String>,
}

/// Writes moves as a game record, or reads one and replays it.
async fn record(Shared(srv): Srv, Body(req): Body<RecordRequest>) -> Answer {
    let game = srv.games.get(&req.id).ok_or("no such open game")?;
    let file = srv
        .dir
        .shown
        .join(game.file.as_deref().unwrap_or("edited.toml"));
    let Some(text) = req.text else {
        return Ok(Json(
            json!({ "text": super::super::record::record_text(&file, &req.moves) }),
        ));
    };
    let moves = super::super::record::read_record(&text, &file)?;
    let answer = blocking(&srv, move || {
        let rules = game.rules();
        bounded(&rules, || Ok(replay_moves(&rules, rules.initial(), &moves)))
    })
    .await??;
    Ok(Json(answer))
}

async fn save(Shared(srv): Srv, Body(req): Body<TextRequest>) -> Answer {
    let file = req.file.ok_or("give `file`")?;
    srv.dir.save(&file, &req.text)?;
    Ok(Json(
        json!({ "ok": true, "modified": srv.dir.modified(&file)? }),
    ))
}

#[derive(Deserialize)]
struct AnalyzeRequest {
    id: String,
    games: usize,
    /// Per side, `random` or `mcts:...` (each MCTS move bounded to 200 ms).
    players: Vec<String>,
}

async fn analyze_start(Shared(srv): Srv, Body(req): Body<AnalyzeRequest>) -> Answer {
    let game = srv.games.get(&req.id).ok_or("no such open game")?;
    if req.players.len() != game.rules().sides.len() {
        return Err(Failure::bad(format!(
            "give one player per side ({})",
            game.rules().sides.len()
        )));
    }
    let mut players = Vec::new();
    for p in &req.players {
        let mut agent = bounded_agent(p, &game.rules())?;
        match &mut agent {
            Agent::Mcts {
                millis, threads, ..
            } => {
                *millis = Some(millis.unwrap_or(200).min(200));
                *threads = 1;
            }
            Agent::AlphaBeta { millis, .. } => *millis = Some(millis.unwrap_or(200).min(200)),
            Agent::Auto { millis } => *millis = (*millis).min(200),
            Agent::Random | Agent::Level(_) => {}
        }
        players.push((agent, p.clone()));
    }
    let games = req.games.clamp(1, analysis::MAX_GAMES);
    let job = srv.jobs.start(game, players, games).ok_or_else(|| {
        Failure::status(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "{} analyses are running already: wait for one to finish, or cancel one",
                analysis::MAX_RUNNING
            ),
        )
    })?;
    Ok(Json(json!({ "job": job, "total": games })))
}

#[derive(Deserialize)]
struct JobQuery {
    job: String,
}

async fn analyze_progress(Shared(srv): Srv, Q(q): Q<JobQuery>) -> Answer {
    let job = srv.jobs.get(&q.job).ok_or("no such analysis")?;
    let result = job
        .result
        .lock()
        .expect("job")
        .as_ref()
        .map(|(v, _)| v.clone());
    Ok(Json(json!({
        "total": job.total,
        "done": job.done.load(std::sync::atomic::Ordering::Relaxed),
        "result": result,
        "stopped": job.stop.load(std::sync::atomic::Ordering::Relaxed),
    })))
}

#[derive(Deserialize)]
struct CancelRequest {
    job: String,
}

/// Stops an analysis (between two of its games).
async fn analyze_cancel(Shared(srv): Srv, Body(req): Body<CancelRequest>) -> Answer {
    if !srv.jobs.cancel(&req.job) {
        return Err(Failure::bad("no such analysis"));
    }
    Ok(Json(json!({ "ok": true })))
}
