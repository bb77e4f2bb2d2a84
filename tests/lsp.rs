//! `tavoliere lsp`, driven as an editor drives it: JSON-RPC messages with
//! `Content-Length` framing on its standard input and output.

mod common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavoliere"))
            .arg("lsp")
            .current_dir(common::root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("piped");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                reader.read_exact(&mut body).expect("the whole body");
                let value: Value = serde_json::from_slice(&body).expect("JSON");
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take().expect("piped");
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// A request's result, skipping the notifications before it.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.receive();
            if msg["id"] == json!(id) {
                assert!(msg.get("error").is_none(), "{msg}");
                return msg["result"].clone();
            }
        }
    }

    fn receive(&mut self) -> Value {
        self.messages
            .recv_timeout(PATIENCE)
            .expect("the server answers")
    }

    /// The next diagnostics published.
    fn diagnostics(&mut self) -> Value {
        loop {
            let msg = self.receive();
            if msg["method"] == "textDocument/publishDiagnostics" {
                return msg["params"].clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}}),
        );
        self.diagnostics()
    }

    fn finish(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// The URI of a file of the repository (which need not exist).
fn uri(path: &str) -> String {
    format!("file://{}", common::root().join(path).display())
}

/// The line and UTF-16 column of the first `needle` after `after`.
fn at(text: &str, after: &str, needle: &str) -> Value {
    let from = text.find(after).expect("the anchor");
    let offset = from + text[from..].find(needle).expect("the needle");
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}

/// A small game whose pieces and regions the tests name.
const GAME: &str = r#"[game]
name = "Runners"

[board]
files = 5
ranks = 5

[regions]
goal = { white = "rank 5", black = "rank 1" }

[sides.white]
forward = "n"

[sides.black]
forward = "s"

[pieces.runner]
moves = ["step(forward) to empty and in goal", "slide(diag, 2) to (empty or enemy)"]

[setup]
white = "runner: a1 c1 e1"
black = "runner: a5 c5 e5"

[[end]]
when = "count(own runner in goal) >= 1"
result = "win"
"#;

#[test]
fn diagnostics_hover_completion_and_definition() {
    let mut c = Client::start();
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    let caps = &init["capabilities"];
    assert_eq!(caps["hoverProvider"], true, "{init}");
    assert_eq!(caps["definitionProvider"], true, "{init}");
    assert!(caps["completionProvider"].is_object(), "{init}");
    c.notify("initialized", json!({}));

    // A clean file: no diagnostics.
    let doc = uri("tests/lsp-runners.toml");
    let published = c.open(&doc, GAME);
    assert_eq!(published["uri"], json!(doc));
    assert_eq!(published["diagnostics"], json!([]), "{published}");

    // Two mistakes on one line, the second after a non-ASCII character
    // (`ö`: two bytes, one UTF-16 unit) and itself non-ASCII (`é`): its
    // range is the word's, in UTF-16 columns (bytes would be one more at
    // the start and two more at the end).
    let broken = GAME.replace(
        "moves = [\"step(forward) to empty and in goal\", \"slide(diag, 2) to (empty or enemy)\"]",
        "moves = [\"step(fö) to empty\", \"step(diag) to émpty\"]",
    );
    assert_ne!(broken, GAME);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": doc, "version": 2}, "contentChanges": [{"text": broken}]}),
    );
    let published = c.diagnostics();
    let diags = published["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 2, "{published}");
    let start = at(&broken, "step(diag)", "émpty");
    let mut end = start.clone();
    end["character"] = json!(start["character"].as_u64().unwrap() + 5);
    assert_eq!(start["character"], json!(45));
    assert_eq!(
        diags[1]["range"],
        json!({"start": start, "end": end}),
        "{published}"
    );
    assert_eq!(diags[1]["severity"], 1);
    assert!(diags[1]["message"].as_str().unwrap().contains("émpty"));

    // Back to the clean text.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": doc, "version": 3}, "contentChanges": [{"text": GAME}]}),
    );
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));

    // Hover on a keyword of a pattern: the reference's entry for `slide`.
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": at(GAME, "moves", "slide")}),
    );
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("slide(DIRS, RANGE)"), "{text}");
    // Hover on a table's key: the `[board]` table's `files`.
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": at(GAME, "[board]", "files")}),
    );
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**`[board]`**"), "{text}");

    // Completion inside a rule string lists the file's kind and region,
    // its sides, the directions and the keywords.
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": doc}, "position": at(GAME, "when", "own")}),
    );
    let items = items.as_array().unwrap();
    let find = |label: &str| items.iter().find(|i| i["label"] == label);
    assert_eq!(find("runner").unwrap()["detail"], "kind");
    assert_eq!(find("goal").unwrap()["detail"], "region");
    assert_eq!(find("white").unwrap()["detail"], "side");
    assert_eq!(find("forward_diag").unwrap()["detail"], "direction");
    assert_eq!(find("capture").unwrap()["detail"], "keyword");

    // Definition of the region `goal` used in a move: its key in [regions].
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": doc}, "position": at(GAME, "moves", "goal")}),
    );
    let key = at(GAME, "[regions]", "goal");
    assert_eq!(def["uri"], json!(doc));
    assert_eq!(def["range"]["start"], key, "{def}");
    c.finish();
}

#[test]
fn definitions_reach_into_the_base_file() {
    let mut c = Client::start();
    c.request("initialize", json!({"capabilities": {}}));
    c.notify("initialized", json!({}));
    // A variant of chess in the games folder (not on disk: open only).
    let doc = uri("games/lsp-variant.toml");
    let text = "extends = \"chess.toml\"\n\n[pieces.pawn]\nvalue = 2\nmoves = [\"step(forward) to empty\", \"step(forward_diag) to enemy or enemy king\"]\n";
    let published = c.open(&doc, text);
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    // `extends`: the base file.
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": doc}, "position": at(text, "extends", "chess")}),
    );
    assert_eq!(def["uri"], json!(uri("games/chess.toml")), "{def}");
    // `king`: defined by the base, at its `[pieces.king]`.
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": doc}, "position": at(text, "enemy king", "king")}),
    );
    let chess = std::fs::read_to_string(common::root().join("games/chess.toml")).unwrap();
    assert_eq!(def["uri"], json!(uri("games/chess.toml")), "{def}");
    assert_eq!(def["range"]["start"], at(&chess, "[pieces.king]", "king"));
    // A mistake in the variant's text, seen through the merge.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": doc, "version": 2}, "contentChanges": [{"text": text.replace("enemy king", "enemy kong")}]}),
    );
    let diags = c.diagnostics()["diagnostics"].clone();
    assert_eq!(diags.as_array().unwrap().len(), 1, "{diags}");
    assert!(
        diags[0]["message"].as_str().unwrap().contains("kong"),
        "{diags}"
    );
    c.finish();
}
