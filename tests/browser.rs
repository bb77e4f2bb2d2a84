//! `tavoliere serve` in a real browser: Debian's headless chromium driven
//! through chromedriver (fantoccini). Each test starts a server and a
//! browser, plays by clicking where the page draws sites and grooves, and
//! keeps a screenshot of the board in `target/browser-screenshots/`.
//! Marked `#[ignore]`: `scripts/test.d/browser.sh` installs chromium and
//! runs them (`cargo test --test browser -- --ignored --test-threads=1`).

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server, a chromedriver and a browser session on the page.
struct Session {
    client: Client,
    base: String,
    server: Child,
    driver: Child,
    _profile: TempDir,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.driver.kill();
        let _ = self.server.wait();
        let _ = self.driver.wait();
    }
}

/// A folder removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tavoliere-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `tavoliere serve DIR --port 0 ARGS` and reads the address it prints.
fn start_server(dir: &Path, args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavoliere"))
        .arg("serve")
        .arg(dir)
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start tavoliere serve");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut line).unwrap();
    // Keep reading, so that the server's later lines find a reader.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("the server prints its address")
        .to_string();
    (child, base)
}

async fn start(dir: &Path, args: &[&str]) -> Session {
    let (server, base) = start_server(dir, args);
    let port = free_port();
    let driver = Command::new("/usr/bin/chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver (scripts/test.d/browser.sh installs it)");
    let profile = TempDir::new(&format!("chromium-{port}"));
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1400,900", "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.0.display()),
            ],
        },
    });
    let caps = caps.as_object().unwrap().clone();
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    let client = loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() > deadline => panic!("no browser session: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };
    Session {
        client,
        base,
        server,
        driver,
        _profile: profile,
    }
}

impl Session {
    async fn open(&self, file: &str) {
        // Another game on the same page: wait for its view, not the last.
        let forget = "if (window.tav) { window.tav.app.view = null; window.tav.app.id = null; }";
        self.client.execute(forget, vec![]).await.unwrap();
        self.client
            .goto(&format!("{}#{file}", self.base))
            .await
            .unwrap();
        self.wait("app.view !== null && app.id !== null").await;
    }

    async fn js(&self, expr: &str) -> Value {
        let script = format!("const app = window.tav.app; return ({expr});");
        self.client.execute(&script, vec![]).await.unwrap()
    }

    /// Waits until a JavaScript expression (with `app` in scope) is true.
    async fn wait(&self, expr: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let script = format!(
                "if (!window.tav) return false; const app = window.tav.app; try {{ return !!({expr}); }} catch (e) {{ return false; }}"
            );
            if self.client.execute(&script, vec![]).await.unwrap() == json!(true) {
                return;
            }
            assert!(Instant::now() < deadline, "waited in vain for `{expr}`");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A real mouse click at a point of the window.
    async fn click_point(&self, p: Value) {
        let (x, y) = (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap());
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(50)),
                x: x.round(),
                y: y.round(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(mouse).await.unwrap();
        self.client.release_actions().await.unwrap();
    }

    /// Presses the mouse on one site and releases it on another.
    async fn drag(&self, from: &str, to: &str) {
        let at = |p: Value| {
            (
                p["x"].as_f64().unwrap().round(),
                p["y"].as_f64().unwrap().round(),
            )
        };
        let (a, b) = (
            at(self.js(&format!("window.tav.site('{from}')")).await),
            at(self.js(&format!("window.tav.site('{to}')")).await),
        );
        let duration = Some(Duration::from_millis(50));
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration,
                x: a.0,
                y: a.1,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveTo {
                duration,
                x: b.0,
                y: b.1,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(mouse).await.unwrap();
        self.client.release_actions().await.unwrap();
    }

    async fn click_site(&self, name: &str) {
        let p = self.js(&format!("window.tav.site('{name}')")).await;
        self.click_point(p).await;
    }

    async fn click_groove(&self, name: &str) {
        let p = self.js(&format!("window.tav.groove('{name}')")).await;
        self.click_point(p).await;
    }

    /// Clicks a site and waits for the page to have handled it.
    async fn plies(&self) -> usize {
        self.js("app.history.length").await.as_u64().unwrap() as usize
    }

    async fn text(&self, css: &str) -> String {
        let el = self.client.find(Locator::Css(css)).await.unwrap();
        el.text().await.unwrap()
    }

    async fn moves(&self) -> Vec<String> {
        let v = self.js("app.history.map((h) => h.move)").await;
        serde_json::from_value(v).unwrap()
    }

    async fn screenshot(&self, name: &str) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let page = self.client.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("{name}-page.png")), page).unwrap();
        let board = self.client.find(Locator::Id("board")).await.unwrap();
        let png = board.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    async fn set_position(&self, text: &str) {
        self.js(&format!(
            "(document.getElementById('position').value = {}, true)",
            json!(text)
        ))
        .await;
        self.client
            .find(Locator::Id("load-position"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        self.wait("document.getElementById('message').textContent === 'position loaded'")
            .await;
    }
}

fn games() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("games")
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn the_games_list_opens_a_game() {
    let s = start(&games(), &[]).await;
    s.client.goto(&s.base).await.unwrap();
    let card = s
        .client
        .wait()
        .for_element(Locator::Css("#games li[data-file='quoridor.toml']"))
        .await
        .unwrap();
    assert!(card.text().await.unwrap().contains("Quoridor"));
    // Variants are listed under their base, the base first.
    let family = s
        .js("[...document.querySelector(\"#games li[data-file='crazyhouse.toml']\").closest('section').querySelectorAll('li')].map((li) => li.dataset.file)")
        .await;
    let family: Vec<String> = serde_json::from_value(family).unwrap();
    assert_eq!(family[0], "chess.toml");
    assert!(family.contains(&"chess960.toml".to_string()), "{family:?}");
    assert!(!family.contains(&"shogi.toml".to_string()), "{family:?}");
    card.click().await.unwrap();
    s.wait("app.game && app.game.name.includes('Quoridor')")
        .await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn quoridor_pawns_and_a_wall_by_clicking() {
    let s = start(&games(), &[]).await;
    s.open("quoridor.toml").await;
    // An illegal click is explained as `moves --why` explains it.
    s.click_site("e1").await;
    s.wait("document.querySelectorAll('#overlay .target').length === 3")
        .await;
    s.click_site("e3").await;
    s.wait("document.getElementById('message').textContent.includes('not legal')")
        .await;
    let why = s.text("#message").await;
    assert!(why.contains("e1-e3"), "{why}");
    // Refused, the pawn is no longer selected: it is clicked again.
    assert_eq!(s.js("app.sel").await, Value::Null);
    s.click_site("e1").await;
    s.click_site("e2").await;
    s.wait("app.history.length === 1").await;
    s.click_site("e9").await;
    s.click_site("e8").await;
    s.wait("app.history.length === 2").await;
    // A wall: hovering its groove previews it, clicking places it.
    let p = s.js("window.tav.groove('e7h')").await;
    s.click_point(p).await;
    s.wait("app.history.length === 3").await;
    assert_eq!(s.moves().await, ["e1-e2", "e9-e8", "e7h"]);
    let walls = s
        .js("document.querySelectorAll('#picture line[stroke=\"#5a2d0c\"]').length")
        .await;
    assert_eq!(walls, json!(1));
    assert!(s.text("#hands-bottom").await.contains("wall ×9"));
    // Undo takes the wall back.
    s.client
        .find(Locator::Id("undo"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.history.length === 2").await;
    s.click_groove("e7h").await;
    s.wait("app.history.length === 3").await;
    s.click_site("e8").await;
    s.click_site("e7").await;
    s.wait("document.getElementById('message').textContent.includes('not legal')")
        .await;
    s.screenshot("quoridor").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn asalto_capture_chain_step_by_step() {
    let s = start(&games(), &[]).await;
    s.open("asalto-c5-e5.toml").await;
    s.set_position("pieces soldiers soldier c4 c2 e4 d1 e1 a4 b4 a3 b3 f3 g3 f4 g4, officers officer c5 e7; turn officers").await;
    s.click_site("c5").await;
    s.click_site("c3").await;
    // The first capture marked; two ways on, a5 and c1.
    s.wait("document.querySelectorAll('#overlay .capture').length === 1")
        .await;
    s.wait("document.querySelectorAll('#overlay .target').length === 2")
        .await;
    s.screenshot("asalto-chain-half").await;
    assert_eq!(s.plies().await, 0);
    s.click_site("c1").await;
    s.wait("app.history.length === 1").await;
    assert_eq!(s.moves().await, ["c5xc3xc1"]);
    let pos = s.js("app.view.position").await;
    let pos = pos.as_str().unwrap();
    assert!(pos.contains("officer c1 e7"), "{pos}");
    assert!(!pos.contains(" c4") && !pos.contains(" c2 "), "{pos}");
    s.screenshot("asalto").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn tamerlane_promotion() {
    let s = start(&games(), &[]).await;
    s.open("tamerlane.toml").await;
    s.set_position("pieces white king f2, white pawn_of_rooks b9, black king f6; turn white")
        .await;
    s.click_site("b9").await;
    s.click_site("b10").await;
    s.wait("app.history.length === 1").await;
    assert_eq!(s.moves().await, ["b9-b10=R"]);
    let svg = s
        .js("document.querySelector('#picture svg').innerHTML")
        .await;
    assert!(svg.as_str().unwrap().contains(">wR<"));
    s.screenshot("tamerlane").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn siege_of_paris_three_seats() {
    let s = start(&games(), &[]).await;
    s.open("siege-of-paris.toml").await;
    let seats = s.js("app.game.seats.length").await;
    assert_eq!(seats, json!(3));
    // A human drop from yellow's hand, then three computers play on.
    s.client
        .find(Locator::Css("#hands-bottom button[data-kind='defender_general'], #hands-top button[data-kind='defender_general']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.sel && app.sel.drop === 'defender_general'")
        .await;
    let target = s
        .js("app.game.layout.sites[app.view.moves.find((m) => m.drop === 'defender_general').path[0]].name")
        .await;
    s.click_site(target.as_str().unwrap()).await;
    s.wait("app.history.length === 1").await;
    for seat in s
        .client
        .find_all(Locator::Css("#seats select"))
        .await
        .unwrap()
    {
        seat.select_by_value("random").await.unwrap();
    }
    s.wait("app.history.length >= 12").await;
    s.client
        .find(Locator::Id("pause"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let n = s.plies().await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert!(s.plies().await <= n + 1, "paused games stay paused");
    let list = s.text("#move-list").await;
    assert!(list.lines().count() >= 12, "{list}");
    // Review an earlier position by clicking the move list.
    s.client
        .find(Locator::Css("#move-list li:nth-child(2)"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.ply === 2").await;
    s.client
        .find(Locator::Id("last"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.ply === app.history.length").await;
    s.screenshot("siege-of-paris").await;
    // Another game starts afresh: its seats human, nothing paused.
    s.client
        .goto(&format!("{}#chess.toml", s.base))
        .await
        .unwrap();
    s.wait("app.game && app.game.name === 'Chess' && app.view !== null")
        .await;
    assert_eq!(s.js("app.seats").await, json!(["human", "human"]));
    assert_eq!(s.js("app.paused").await, json!(false));
    let menu = s
        .js("[...document.querySelectorAll('#seats select option')].slice(0, 5).map((o) => o.value + '=' + o.textContent)")
        .await;
    assert_eq!(
        menu,
        json!([
            "human=human",
            "easy=computer: easy",
            "medium=computer: medium",
            "hard=computer: hard",
            "random=random moves"
        ])
    );
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn author_an_error_then_a_fix_then_play_it() {
    let dir = TempDir::new("author");
    let file = dir.0.join("tic-tac-toe.toml");
    std::fs::copy(games().join("tic-tac-toe.toml"), &file).unwrap();
    let s = start(&dir.0, &["--allow-save"]).await;
    s.open("tic-tac-toe.toml").await;
    s.click_site("b2").await;
    s.wait("app.history.length === 1").await;
    s.client
        .find(Locator::Id("author-toggle"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // Type into the editor: `files = 3` becomes `files = 3x`, line 11.
    let text = std::fs::read_to_string(&file).unwrap();
    let line = text.lines().position(|l| l == "files = 3").unwrap() + 1;
    let at = text.find("files = 3").unwrap() + "files = 3".len();
    s.js(&format!(
        "(document.getElementById('source').focus(), document.getElementById('source').setSelectionRange({at}, {at}), true)"
    ))
    .await;
    let source = s.client.find(Locator::Id("source")).await.unwrap();
    source.send_keys("x").await.unwrap();
    s.wait(&format!(
        "document.querySelector('#gutter .bad[data-line=\"{line}\"]') !== null"
    ))
    .await;
    let diag = s.text("#diagnostics li").await;
    assert!(diag.contains(&format!("line {line}")), "{diag}");
    s.screenshot("author-error-page").await;
    // The fix: `files = 4`; the game is replaced, its move replayed.
    source.send_keys("\u{E003}\u{E003}4").await.unwrap();
    s.wait("app.game.layout.sites.some((x) => x.name === 'd1')")
        .await;
    s.wait("document.getElementById('diagnostics').children.length === 0")
        .await;
    let state = s.text("#author-state").await;
    assert!(state.contains("1 of 1 moves replayed"), "{state}");
    assert_eq!(s.moves().await, ["X@b2"]);
    s.click_site("d1").await;
    s.wait("app.history.length === 2").await;
    // Saved back to disk (`--allow-save`).
    s.client
        .find(Locator::Id("save"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("document.getElementById('author-state').textContent === 'saved'")
        .await;
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("files = 4"));
    // Another editor changes the file: the page reloads it.
    let changed = std::fs::read_to_string(&file)
        .unwrap()
        .replace("files = 4", "files = 5");
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(&file, changed).unwrap();
    s.wait("app.game.layout.sites.some((x) => x.name === 'e1')")
        .await;
    s.screenshot("author").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn a_flipped_board_drags_marks_check_counts_and_steps_by_keys() {
    let s = start(&games(), &[]).await;
    s.open("chess.toml").await;
    s.client
        .find(Locator::Id("flip"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.flipped && board.layout === app.game.layout_flipped")
        .await;
    // Seen from Black's side, White's pawns are above Black's.
    let above = s
        .js("window.tav.site('e2').y < window.tav.site('e7').y")
        .await;
    assert_eq!(above, json!(true));
    s.drag("e2", "e4").await;
    s.wait("app.history.length === 1").await;
    s.click_site("f7").await;
    s.click_site("f6").await;
    s.wait("app.history.length === 2").await;
    s.drag("d1", "h5").await;
    s.wait("app.history.length === 3").await;
    assert_eq!(s.moves().await, vec!["e2-e4", "f7-f6", "d1-h5"]);
    // The black king on e8 is in check, and marked.
    s.wait("document.querySelectorAll('#overlay .check').length === 1")
        .await;
    assert_eq!(s.text("#counts").await, "white 16 · black 16");
    s.screenshot("chess-flipped-check").await;
    // Arrow keys step back and forth through the moves.
    let key = |k: &str| {
        format!("document.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{k}' }})), true")
    };
    s.js(&key("ArrowLeft")).await;
    s.wait("app.ply === 2").await;
    s.js(&key("Home")).await;
    s.wait("app.ply === 0").await;
    s.js(&key("End")).await;
    s.wait("app.ply === 3").await;
    // Connect Four: a click anywhere in a column drops the disc there.
    s.open("connect-four.toml").await;
    s.click_site("d6").await;
    s.wait("app.history.length === 1").await;
    assert!(s.moves().await[0].ends_with("d1"), "{:?}", s.moves().await);
    // Four in column d: the line that won is ringed.
    for (i, column) in ["e6", "d6", "e6", "d6", "e6", "d6"].iter().enumerate() {
        s.click_site(column).await;
        s.wait(&format!("app.history.length === {}", i + 2)).await;
    }
    s.wait("document.querySelectorAll('#overlay .winning').length === 4")
        .await;
    s.screenshot("connect-four-won").await;
    // Go shows the scores, komi included.
    s.open("go-9.toml").await;
    assert_eq!(s.text("#counts").await, "black 0 · white 7.5");
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn lost_pieces_and_hands_are_drawn_as_pieces() {
    let s = start(&games(), &[]).await;
    s.open("chess.toml").await;
    for (i, (from, to)) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5")]
        .iter()
        .enumerate()
    {
        s.click_site(from).await;
        s.click_site(to).await;
        s.wait(&format!("app.history.length === {}", i + 1)).await;
    }
    // Black has lost a pawn, drawn as the board draws it; White nothing.
    s.wait("document.querySelectorAll('.lost .piece').length === 1")
        .await;
    let lost = s
        .js("[...document.querySelectorAll('.lost .piece')].map(p => p.title + ' ' + p.textContent)")
        .await;
    assert_eq!(lost, json!(["black pawn \u{265f}"]));
    assert!(s.text("#hands-top").await.starts_with("black"));
    s.screenshot("chess-lost-pawn").await;
    // Shogi: captured pieces go to the captor's hand, drawn with their
    // kanji; nothing is listed as lost.
    s.open("shogi.toml").await;
    s.set_position("4k4/9/9/9/9/9/9/9/4K4 b G 1").await;
    s.wait("document.querySelectorAll('.hand button .piece').length === 1")
        .await;
    let held = s
        .js("document.querySelector('.hand button .piece').textContent")
        .await;
    assert_eq!(held, json!("金"));
    let lost = s.js("document.querySelectorAll('.lost').length").await;
    assert_eq!(lost, json!(0));
    s.screenshot("shogi-hand").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn a_phone_sized_window_shows_the_board_first_and_never_scrolls_sideways() {
    let s = start(&games(), &[]).await;
    s.client.set_window_size(390, 844).await.unwrap();
    s.open("chess.toml").await;
    let width = s.js("document.documentElement.clientWidth").await;
    let width = width.as_f64().unwrap();
    for mv in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")] {
        s.click_site(mv.0).await;
        s.click_site(mv.1).await;
    }
    s.wait("app.history.length === 4").await;
    // Chess's move list is in SAN.
    assert_eq!(
        s.js("[...document.querySelectorAll('#move-list li')].map((li) => li.textContent)")
            .await,
        json!(["e4", "e5", "Nf3", "Nc6"])
    );
    let board = s
        .js("(() => { const r = document.getElementById('board').getBoundingClientRect(); return [r.left, r.right, r.bottom]; })()")
        .await;
    let panel = s
        .js("document.getElementById('panel').getBoundingClientRect().top")
        .await;
    let (left, right, bottom) = (
        board[0].as_f64().unwrap(),
        board[1].as_f64().unwrap(),
        board[2].as_f64().unwrap(),
    );
    assert!(
        left >= 0.0 && right <= width + 0.5,
        "board {left}..{right} in {width}"
    );
    assert!(
        panel.as_f64().unwrap() >= bottom - 0.5,
        "the panel below the board"
    );
    assert_eq!(s.js("window.scrollX").await, json!(0));
    assert_eq!(
        s.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
            .await,
        json!(true)
    );
    s.screenshot("phone").await;
}

#[tokio::test]
#[ignore = "needs chromium: run by scripts/test.d/browser.sh"]
async fn dice_are_rolled_by_one_button_and_shown() {
    let s = start(&games(), &[]).await;
    s.open("backgammon.toml").await;
    // The start rolls: one button, not the 21 outcomes to pick from.
    s.wait("document.querySelector('#roll') !== null").await;
    let picks = s
        .js("[...document.querySelectorAll('#extra-moves button')].length")
        .await;
    assert_eq!(picks, json!(1));
    s.client
        .find(Locator::Css("#roll"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait("app.history.length === 1").await;
    // The roll played is one of the outcomes, drawn by the server; the
    // dice it gave are shown as faces, and the same dice are left to play.
    let rolled = s.js("app.history[0].move").await;
    let rolled = rolled
        .as_str()
        .unwrap()
        .strip_prefix("roll:")
        .unwrap()
        .to_string();
    let face = |d: &str| char::from_u32(0x267f + d.parse::<u32>().unwrap()).unwrap();
    let faces: Vec<char> = rolled.split('-').map(face).collect();
    let shown = s.text("#dice").await;
    for f in &faces {
        assert!(shown.contains(*f), "{shown} shows the roll {rolled}");
    }
    assert!(shown.contains("to play"), "{shown}");
    let left = s.js("app.view.dice.length").await.as_u64().unwrap();
    let double = faces[0] == faces[1];
    assert_eq!(left, if double { 4 } else { 2 }, "{rolled}");
    // Now a side chooses its move: no roll button.
    assert_eq!(s.js("document.querySelector('#roll')").await, Value::Null);
    s.screenshot("backgammon-dice").await;
}
