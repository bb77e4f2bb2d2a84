//! `[tracks.NAME]`: the per-side routes that `advance` moves pieces along.

use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::Track;
use crate::syntax::ast;

/// At most this many tracks: an `advance` action holds a track's index in
/// a byte.
const MAX_TRACKS: usize = 255;

impl Compiler<'_> {
    /// The game's tracks, in declaration order; one with an error is kept
    /// with its name and no site, so that it is not reported again where
    /// it is named.
    pub(super) fn tracks(&mut self, raw: &RawGame, scope: &Scope) -> Vec<Track> {
        let mut out = Vec::new();
        for (key, t) in raw.tracks.iter().take(MAX_TRACKS) {
            let sites = match &t.sites {
                Some(s) => self.side_tracks(s, scope).unwrap_or_default(),
                None => {
                    self.error(
                        Diagnostic::error(
                            "track-without-sites",
                            format!("the track `{}` has no `sites`", key.value),
                        )
                        .at(key.loc())
                        .label("a track needs its sites in order")
                        .hint("give them: `sites = \"a1 b1 c1\"`, or one string per side"),
                    );
                    Vec::new()
                }
            };
            let n_sites = scope.board.n_sites();
            let at = (sites.iter())
                .map(|t| {
                    let mut at = vec![0u16; n_sites];
                    for (i, s) in t.iter().enumerate() {
                        at[s.0 as usize] = i as u16 + 1;
                    }
                    at
                })
                .collect();
            out.push(Track {
                name: key.value.clone(),
                sites,
                at,
                enter: t.enter.as_ref().is_some_and(|b| b.value),
                off: t.off.as_ref().is_some_and(|b| b.value),
                home: None,
                over: t.over.as_ref().is_some_and(|b| b.value),
                enter_first: t.enter_first.as_ref().is_some_and(|b| b.value),
            });
        }
        out
    }

    /// Each track's `home` region, once the regions are known.
    pub(super) fn track_homes(&mut self, raw: &RawGame, scope: &mut Scope) {
        for (i, (_, t)) in raw.tracks.iter().take(MAX_TRACKS).enumerate() {
            if let Some(s) = &t.home {
                scope.tracks[i].home = self.region_name(raw, scope, s).ok();
            }
        }
    }

    /// A track named in an expression.
    pub(super) fn track_ref(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<u8> {
        match scope.tracks.iter().position(|t| t.name == n.text) {
            Some(i) if scope.tracks[i].sites.is_empty() => Err(()),
            Some(i) => Ok(i as u8),
            None => {
                let known: Vec<&str> = scope.tracks.iter().map(|t| t.name.as_str()).collect();
                self.unknown("track", s, n, &known);
                Err(())
            }
        }
    }
}
