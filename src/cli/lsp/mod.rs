//! `lsp`: a language server for game files, over standard input and
//! output (the Language Server Protocol's `Content-Length` framing).
//!
//! - Diagnostics: on every opening and change, the file is compiled as
//!   `validate` compiles it (its `extends` bases read from the editor's
//!   open files, else from disk), and every error and warning is published
//!   at its span: inside a rule string, under the offending word.
//! - Hover: the language reference's entry for the word (`docs`).
//! - Completion: the file's kinds, regions, sides, flags, barriers and
//!   tokens (its bases' too), the direction words and the keywords.
//! - Go to definition: of a kind, region, side, flag, barrier or token
//!   (in the file or a base), and of the base file `extends` names.

mod docs;
mod names;

use anyhow::Result;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionOptions, CompletionParams, CompletionResponse,
    Diagnostic, DiagnosticSeverity, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, Documentation, GotoDefinitionParams, GotoDefinitionResponse, Hover,
    HoverContents, HoverParams, HoverProviderCapability, Location, MarkupContent, MarkupKind,
    NumberOrString, OneOf, PublishDiagnosticsParams, Range, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use names::{Def, Scan};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use tavoliere::diag::{Severity, Sources};

#[derive(clap::Args)]
pub struct Args {
    /// Accepted for editors that pass it; stdio is the only transport.
    #[arg(long)]
    stdio: bool,
}

pub fn run(_: Args) -> Result<ExitCode> {
    let (connection, io_threads) = Connection::stdio();
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["(", "|", "\"", " "].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    };
    let init = serde_json::to_value(capabilities)?;
    if let Err(e) = connection.initialize(init) {
        // The client went away (or spoke no LSP) before initializing.
        if e.channel_is_disconnected() {
            io_threads.join()?;
            return Ok(ExitCode::SUCCESS);
        }
        anyhow::bail!("{e}");
    }
    let mut server = Server {
        connection: &connection,
        open: HashMap::new(),
    };
    server.serve()?;
    drop(connection);
    io_threads.join()?;
    Ok(ExitCode::SUCCESS)
}

struct Server<'c> {
    connection: &'c Connection,
    /// The open documents by URI: their text.
    open: HashMap<String, String>,
}

impl Server<'_> {
    fn serve(&mut self) -> Result<()> {
        for msg in &self.connection.receiver {
            match msg {
                Message::Request(req) => {
                    if self.connection.handle_shutdown(&req)? {
                        return Ok(());
                    }
                    let response = self.request(req);
                    self.connection.sender.send(Message::Response(response))?;
                }
                Message::Notification(note) => self.notification(note)?,
                Message::Response(_) => {}
            }
        }
        Ok(())
    }

    fn request(&self, req: Request) -> Response {
        let id = req.id.clone();
        let answer = match req.method.as_str() {
            "textDocument/hover" => params::<HoverParams>(req).map(|p| to_json(self.hover(&p))),
            "textDocument/completion" => {
                params::<CompletionParams>(req).map(|p| to_json(self.complete(&p)))
            }
            "textDocument/definition" => {
                params::<GotoDefinitionParams>(req).map(|p| to_json(self.definition(&p)))
            }
            other => Err((
                ErrorCode::MethodNotFound,
                format!("`{other}` is not served"),
            )),
        };
        match answer {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn notification(&mut self, note: Notification) -> Result<()> {
        match note.method.as_str() {
            "textDocument/didOpen" => {
                let p: DidOpenTextDocumentParams = serde_json::from_value(note.params)?;
                let uri = p.text_document.uri;
                self.open
                    .insert(uri.as_str().to_string(), p.text_document.text);
                self.publish(&uri, Some(p.text_document.version))?;
            }
            "textDocument/didChange" => {
                let p: DidChangeTextDocumentParams = serde_json::from_value(note.params)?;
                let uri = p.text_document.uri;
                // Full synchronisation: the last change is the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    self.open.insert(uri.as_str().to_string(), change.text);
                }
                self.publish(&uri, Some(p.text_document.version))?;
            }
            "textDocument/didClose" => {
                let p: DidCloseTextDocumentParams = serde_json::from_value(note.params)?;
                self.open.remove(p.text_document.uri.as_str());
                self.send_diagnostics(p.text_document.uri, Vec::new(), None)?;
            }
            _ => {}
        }
        Ok(())
    }

    fn publish(&self, uri: &Uri, version: Option<i32>) -> Result<()> {
        let diagnostics = match self.open.get(uri.as_str()) {
            Some(text) => self.check(uri.as_str(), text),
            None => Vec::new(),
        };
        self.send_diagnostics(uri.clone(), diagnostics, version)
    }

    fn send_diagnostics(
        &self,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) -> Result<()> {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let note = Notification::new("textDocument/publishDiagnostics".into(), params);
        self.connection.sender.send(Message::Notification(note))?;
        Ok(())
    }

    /// A file's text: the editor's, where it is open, else the disk's.
    fn text_of(&self, path: &Path) -> Option<String> {
        let uri = names::path_uri(path);
        if let Some(text) = self.open.get(&uri) {
            return Some(text.clone());
        }
        let found = self
            .open
            .iter()
            .find(|(u, _)| names::uri_path(u).is_some_and(|p| same_file(&p, path)));
        match found {
            Some((_, text)) => Some(text.clone()),
            None => std::fs::read_to_string(path).ok(),
        }
    }

    /// The diagnostics `validate` gives the text, as the protocol's.
    fn check(&self, uri: &str, text: &str) -> Vec<Diagnostic> {
        let name =
            names::uri_path(uri).map_or(uri.to_string(), |p| p.to_string_lossy().into_owned());
        let mut sources = Sources::new();
        let file = sources.add(name, text.to_string());
        let mut read = |from: &str, path: &str| {
            let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
            match self.text_of(&base) {
                Some(text) => Ok((base.to_string_lossy().into_owned(), text)),
                None => super::read_base(from, path),
            }
        };
        let diags = match tavoliere::compile::load(&mut sources, file, &mut read) {
            Ok((_, warnings)) => warnings,
            Err(errors) => errors,
        };
        // A mistake in a base is shown on the `extends` line.
        let extends = names::scan(text)
            .extends
            .map(|(_, span)| names::range(text, &span));
        diags
            .iter()
            .map(|d| {
                let mut message = d.message.clone();
                let range = match &d.loc {
                    Some(loc) if loc.file == file => names::range(text, &loc.span),
                    Some(loc) => {
                        let (line, col) = sources.line_col(loc.file, loc.span.start);
                        message = format!("{}:{line}:{col}: {message}", sources.name(loc.file));
                        extends.unwrap_or_default()
                    }
                    None => Range::default(),
                };
                if !d.label.is_empty() && d.label != d.message {
                    message.push_str(&format!(" ({})", d.label));
                }
                if let Some(hint) = &d.hint {
                    message.push_str(&format!("\nhint: {hint}"));
                }
                Diagnostic {
                    range,
                    severity: Some(match d.severity {
                        Severity::Error => DiagnosticSeverity::ERROR,
                        Severity::Warning => DiagnosticSeverity::WARNING,
                    }),
                    code: Some(NumberOrString::String(d.code.to_string())),
                    source: Some("tavoliere".into()),
                    message,
                    ..Diagnostic::default()
                }
            })
            .collect()
    }

    /// The open document at a URI, with its path.
    fn document(&self, uri: &Uri) -> Option<(&str, Option<PathBuf>)> {
        let text = self.open.get(uri.as_str())?;
        Some((text, names::uri_path(uri.as_str())))
    }

    /// The file's bases, nearest first: path, text and scan of each.
    fn bases(&self, path: Option<&Path>, text: &str) -> Vec<(PathBuf, String, Scan)> {
        let mut out: Vec<(PathBuf, String, Scan)> = Vec::new();
        let (mut from, mut scan) = (path.map(Path::to_path_buf), names::scan(text));
        while let (Some(dir), Some((base, _))) = (&from, &scan.extends) {
            let base = dir.parent().unwrap_or(Path::new("")).join(base);
            if out.len() >= tavoliere::raw::MAX_EXTENDS_DEPTH
                || out.iter().any(|(p, ..)| *p == base)
            {
                break;
            }
            let Some(text) = self.text_of(&base) else {
                break;
            };
            let next = names::scan(&text);
            out.push((base.clone(), text, next.clone()));
            (from, scan) = (Some(base), next);
        }
        out
    }

    fn hover(&self, p: &HoverParams) -> Option<Hover> {
        let at = &p.text_document_position_params;
        let (text, path) = self.document(&at.text_document.uri)?;
        let offset = names::offset(text, at.position);
        let (word, span) = names::word_at(text, offset)?;
        let (table, on_key) = names::context_at(text, offset);
        let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let on_header = text[line_start..].trim_start().starts_with('[');
        let mut found = docs::lookup(word);
        let value = if found.is_empty() {
            let (def, _) = self.find_def(word, path.as_deref(), text)?;
            format!("{} `{}`", def.what.label(), def.name)
        } else {
            let head = table.split('.').next().unwrap_or("");
            // The entries that fit where the word stands come first: a
            // table's section on its header, the table's key on a key, an
            // expression's entry inside a rule string.
            let rank = |d: &docs::Doc| -> u8 {
                if on_header {
                    u8::from(!d.heading)
                } else if on_key {
                    u8::from(!d.section.contains(&format!("[{head}"))) + u8::from(d.heading)
                } else {
                    u8::from(!d.expression) + u8::from(d.heading)
                }
            };
            found.sort_by_key(|d| rank(d));
            (found.iter().take(3))
                .map(|d| format!("**{}**\n\n{}", d.section, d.text))
                .collect::<Vec<_>>()
                .join("\n\n---\n\n")
        };
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(names::range(text, &span)),
        })
    }

    /// A name's definition: in the file, else in its nearest base that
    /// defines it; with the base's path (`None`: the file itself).
    fn find_def(
        &self,
        word: &str,
        path: Option<&Path>,
        text: &str,
    ) -> Option<(Def, Option<(PathBuf, String)>)> {
        if let Some(def) = names::scan(text).defs.into_iter().find(|d| d.name == word) {
            return Some((def, None));
        }
        self.bases(path, text)
            .into_iter()
            .find_map(|(base, text, scan)| {
                let def = scan.defs.into_iter().find(|d| d.name == word)?;
                Some((def, Some((base, text))))
            })
    }

    fn complete(&self, p: &CompletionParams) -> Option<CompletionResponse> {
        let at = &p.text_document_position;
        let (text, path) = self.document(&at.text_document.uri)?;
        let mut items: Vec<CompletionItem> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut scans = vec![names::scan(text)];
        scans.extend(
            self.bases(path.as_deref(), text)
                .into_iter()
                .map(|(_, _, s)| s),
        );
        for def in scans.iter().flat_map(|s| &s.defs) {
            if seen.insert(def.name.clone()) {
                let kind = match def.what {
                    names::What::Kind => CompletionItemKind::CLASS,
                    names::What::Side => CompletionItemKind::CONSTANT,
                    names::What::Region => CompletionItemKind::VARIABLE,
                    names::What::Flag => CompletionItemKind::PROPERTY,
                    names::What::Barrier => CompletionItemKind::STRUCT,
                    names::What::Token => CompletionItemKind::VALUE,
                };
                items.push(item(&def.name, kind, def.what.label()));
            }
        }
        let directions = tavoliere::board::COMPASS.iter();
        for word in directions.chain(&tavoliere::compile::DIRECTION_WORDS) {
            if seen.insert(word.to_string()) {
                items.push(item(word, CompletionItemKind::ENUM_MEMBER, "direction"));
            }
        }
        let keywords = tavoliere::syntax::keywords().chain(docs::expression_words());
        for word in keywords {
            if seen.insert(word.to_string()) {
                let mut it = item(word, CompletionItemKind::KEYWORD, "keyword");
                it.documentation = docs::lookup(word).first().map(|d| {
                    Documentation::MarkupContent(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: d.text.clone(),
                    })
                });
                items.push(it);
            }
        }
        Some(CompletionResponse::Array(items))
    }

    fn definition(&self, p: &GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
        let at = &p.text_document_position_params;
        let uri = &at.text_document.uri;
        let (text, path) = self.document(uri)?;
        let offset = names::offset(text, at.position);
        let scan = names::scan(text);
        if let (Some((base, span)), Some(path)) = (&scan.extends, &path) {
            if span.contains(&offset) {
                let base = path.parent().unwrap_or(Path::new("")).join(base);
                return location(&base, Range::default());
            }
        }
        let (word, _) = names::word_at(text, offset)?;
        match self.find_def(word, path.as_deref(), text)? {
            (def, None) => Some(GotoDefinitionResponse::Scalar(Location {
                uri: uri.clone(),
                range: names::range(text, &def.span),
            })),
            (def, Some((base, base_text))) => location(&base, names::range(&base_text, &def.span)),
        }
    }
}

fn location(path: &Path, range: Range) -> Option<GotoDefinitionResponse> {
    let path = std::path::absolute(path).ok()?;
    let uri = Uri::from_str(&names::path_uri(&path)).ok()?;
    Some(GotoDefinitionResponse::Scalar(Location { uri, range }))
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

/// Whether two paths name one file (lexically, else as the disk says).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

fn params<P: serde::de::DeserializeOwned>(
    req: Request,
) -> std::result::Result<P, (ErrorCode, String)> {
    serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_json<T: serde::Serialize>(value: T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
