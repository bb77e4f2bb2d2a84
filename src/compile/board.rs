//! `[board]`: the grid and its holes, diagonal lines, extra sites and
//! labelled links, laid out by `board::Board`; and how the board is drawn.

use super::pattern::DIRECTION_WORDS;
use super::{board_extent, int_in, Compiler, Res, Scope};
use crate::board::{Board, GridSpec, SiteId, COMPASS};
use crate::diag::{suggest, Diagnostic};
use crate::raw::{RawGame, Str};
use crate::rules::Picture;
use std::collections::HashMap;

/// An extra site: its name and the square of the grid it is drawn at.
type ExtraSite = (String, (i32, i32));
/// A further square an extra site is drawn over: (x, y, index of the site).
type Area = (i32, i32, usize);

impl Compiler<'_> {
    /// The board: the grid less its holes, with its diagonal lines, extra
    /// sites and links, and slots for barriers of the given lengths.
    pub(super) fn board(&mut self, raw: &RawGame, lengths: &(Vec<u8>, Vec<u8>)) -> Res<Board> {
        let (Some(files), Some(ranks)) = (&raw.board.files, &raw.board.ranks) else {
            self.error(
                Diagnostic::error("no-board", "the board needs `files` and `ranks`")
                    .at(self.whole_file())
                    .hint("add `[board]` with `files = 9` and `ranks = 9`"),
            );
            return Err(());
        };
        let max = crate::board::MAX_GRID_SIDE as i64;
        let files = int_in(self, files, "`files`", 1, max);
        let ranks = int_in(self, ranks, "`ranks`", 1, max);
        let (files, ranks) = (files? as i32, ranks? as i32);
        // Holes, diagonal lines and where extra sites are drawn are named
        // on the full grid.
        let full = Board::grid(&GridSpec {
            files,
            ranks,
            ..GridSpec::default()
        })
        .map_err(|_| ())?;
        let mut scope = Scope {
            board: full,
            sides: Vec::new(),
            kinds: Vec::new(),
            region_ids: HashMap::new(),
            regions: Vec::new(),
            failed: Vec::new(),
            families: Vec::new(),
            forward: Vec::new(),
            classes: Vec::new(),
            tokens: raw.tokens.keys().map(str::to_string).collect(),
            counters: raw.counters.keys().map(str::to_string).collect(),
            flags: Vec::new(),
            teams: Vec::new(),
            chance: Vec::new(),
            tracks: Vec::new(),
        };
        let mut coords_of = |c: &mut Self, text: &Option<Str>| -> Res<Option<Vec<(i32, i32)>>> {
            let Some(text) = text else { return Ok(None) };
            let set = c.region_expr(raw, &mut scope, text, None, &mut Vec::new())?;
            Ok(Some(
                set.iter()
                    .map(|s| {
                        let site = &scope.board.sites[s.0 as usize];
                        (site.x, site.y)
                    })
                    .collect(),
            ))
        };
        let holes = coords_of(self, &raw.board.holes)?.unwrap_or_default();
        // `diagonals = ""`: no diagonal line at all.
        let diagonal_sites = match &raw.board.diagonals {
            Some(text) if text.value.trim().is_empty() => Some(Vec::new()),
            _ => coords_of(self, &raw.board.diagonals)?,
        };
        let (extra_sites, areas) = self.extra_sites(raw, &scope, files, ranks, &holes);
        let links = self.links(raw, &scope, &holes, &extra_sites);
        if self.diags.iter().any(Diagnostic::is_error) {
            return Err(());
        }
        Board::grid(&GridSpec {
            files,
            ranks,
            holes: &holes,
            diagonal_sites: diagonal_sites.as_deref(),
            extra_sites: &extra_sites,
            links: &links,
            slot_lengths: &lengths.0,
            rim_lengths: &lengths.1,
        })
        .map(|mut board| {
            for (x, y, i) in areas {
                let site = board
                    .site(&extra_sites[i].0)
                    .expect("extra sites are sites");
                board.areas.push((x, y, site));
            }
            board
        })
        .map_err(|why| {
            let loc = raw
                .board
                .links
                .as_ref()
                .and_then(|t| t.0.first())
                .map(|(k, _)| k.loc());
            self.error(Diagnostic::error("bad-board", why).at_opt(loc));
        })
    }

    /// The extra sites of `[board.sites]`, each drawn beside the grid (`e of k2`)
    /// or on holes of it, and the further squares each one is drawn over.
    fn extra_sites(
        &mut self,
        raw: &RawGame,
        scope: &Scope,
        files: i32,
        ranks: i32,
        holes: &[(i32, i32)],
    ) -> (Vec<ExtraSite>, Vec<Area>) {
        let mut extra_sites = Vec::new();
        // Further squares each extra site is drawn over: (x, y, index).
        let mut areas: Vec<(i32, i32, usize)> = Vec::new();
        if let Some(table) = &raw.board.sites {
            for (name, at) in table.iter() {
                let grid_name = |x: i32, y: i32| format!("{}{}", crate::board::file_name(x), y + 1);
                // `e of k2`: drawn beside the grid, one step from a square.
                if let Some((dir, square)) = at.value.split_once(" of ") {
                    let (dir, square) = (dir.trim(), square.trim());
                    let step = COMPASS
                        .iter()
                        .position(|c| *c == dir)
                        .map(|d| crate::board::compass_step(d as u8));
                    let anchor = (0..files)
                        .flat_map(|x| (0..ranks).map(move |y| (x, y)))
                        .find(|&(x, y)| grid_name(x, y) == square);
                    match (step, anchor) {
                        (Some((dx, dy)), Some((x, y))) => {
                            let xy = (x + dx, y + dy);
                            let inside = xy.0 >= 0 && xy.1 >= 0 && xy.0 < files && xy.1 < ranks;
                            if inside && !holes.contains(&xy) {
                                self.error(
                                    Diagnostic::error(
                                        "site-over-square",
                                        format!(
                                            "`{}` would be drawn over a square of the grid",
                                            name.value
                                        ),
                                    )
                                    .at(at.loc())
                                    .hint("draw extra sites beside the grid or on holes"),
                                );
                            } else if extra_sites.iter().any(|(_, e)| *e == xy) {
                                self.error(
                                    Diagnostic::error(
                                        "duplicate-name",
                                        format!(
                                            "`{}` is drawn where another extra site is",
                                            name.value
                                        ),
                                    )
                                    .at(at.loc()),
                                );
                            } else if !self.names_a_square(&scope.board, name) {
                                extra_sites.push((name.value.clone(), xy));
                            }
                        }
                        (None, _) => self.error(
                            Diagnostic::error("unknown-name", format!("unknown direction `{dir}`"))
                                .at(at.loc())
                                .label("expected a compass direction")
                                .hint(suggest(dir, COMPASS)),
                        ),
                        (_, None) => self.error(
                            Diagnostic::error("unknown-name", format!("unknown square `{square}`"))
                                .at(at.loc())
                                .label("not a square of the grid")
                                .hint(board_extent(&scope.board)),
                        ),
                    }
                    continue;
                }
                let mut squares = Vec::new();
                for word in at.value.split_whitespace() {
                    let at_xy = (0..files)
                        .flat_map(|x| (0..ranks).map(move |y| (x, y)))
                        .find(|&(x, y)| grid_name(x, y) == word);
                    match at_xy {
                        None => self.error(
                            Diagnostic::error("unknown-name", format!("unknown square `{word}`"))
                                .at(at.loc())
                                .label("not a square of the grid")
                                .hint(format!("an extra site is drawn on squares of the grid, usually holes; {}", board_extent(&scope.board))),
                        ),
                        Some(xy) if !holes.contains(&xy) => self.error(
                            Diagnostic::error("site-over-square", format!("`{}` would be drawn over the square {word}", name.value))
                                .at(at.loc())
                                .label("not a hole")
                                .hint("draw extra sites on holes of the grid"),
                        ),
                        Some(xy) if extra_sites.iter().any(|(_, e)| *e == xy) || areas.iter().any(|&(x, y, _)| (x, y) == xy) => self.error(
                            Diagnostic::error("duplicate-name", format!("the square {word} is drawn under two extra sites"))
                                .at(at.loc())
                                .label("already taken"),
                        ),
                        Some(xy) => squares.push(xy),
                    }
                }
                if at.value.split_whitespace().next().is_none() {
                    self.error(
                        Diagnostic::error("empty", format!("`{}` is drawn nowhere", name.value))
                            .at(at.loc())
                            .hint("name the hole it is drawn on, such as \"d8\", or several: \"d8 e8 d9 e9\""),
                    );
                } else if let (false, Some((&first, rest))) = (
                    self.names_a_square(&scope.board, name),
                    squares.split_first(),
                ) {
                    areas.extend(rest.iter().map(|&(x, y)| (x, y, extra_sites.len())));
                    extra_sites.push((name.value.clone(), first));
                }
            }
        }
        (extra_sites, areas)
    }

    /// The labelled lines of `[board.links]`, such as `c8-W c9-W`.
    fn links(
        &mut self,
        raw: &RawGame,
        scope: &Scope,
        holes: &[(i32, i32)],
        extra_sites: &[ExtraSite],
    ) -> Vec<(String, String, String)> {
        let mut links = Vec::new();
        if let Some(table) = &raw.board.links {
            for (label, text) in table.iter() {
                // A compass word labels lines of that direction (see
                // `compass_link`); every other direction word is taken.
                let compass = COMPASS.iter().position(|c| *c == label.value);
                if compass.is_none() && DIRECTION_WORDS.contains(&label.value.as_str()) {
                    self.error(
                        Diagnostic::error(
                            "duplicate-name",
                            format!("`{}` already names a direction", label.value),
                        )
                        .at(label.loc())
                        .label("choose another label"),
                    );
                    continue;
                }
                let mut offset = 0;
                for word in text.value.split_whitespace() {
                    let at = offset + text.value[offset..].find(word).unwrap_or(0);
                    offset = at + word.len();
                    let loc = text.inner_loc(self.sources, at..at + word.len());
                    let Some((a, b)) = word.split_once('-') else {
                        self.error(
                            Diagnostic::error(
                                "syntax",
                                format!("expected two sites joined by `-`, found `{word}`"),
                            )
                            .at(loc)
                            .label("here")
                            .hint("write the lines of a label as `c8-W c9-W`"),
                        );
                        continue;
                    };
                    let exists = |n: &str| {
                        (scope.board.site(n).is_some()
                            && scope.board.site(n).is_some_and(|s| {
                                let site = &scope.board.sites[s.0 as usize];
                                !holes.contains(&(site.x, site.y))
                            }))
                            || extra_sites.iter().any(|(e, _)| e == n)
                    };
                    match [a, b].into_iter().find(|n| !exists(n)) {
                        Some(bad) => self.error(
                            Diagnostic::error("unknown-name", format!("unknown site `{bad}`"))
                                .at(loc)
                                .label("no site has this name")
                                .hint("link squares of the board (not holes) and sites of `[board.sites]`"),
                        ),
                        None if compass.is_some_and(|d| {
                            !self.compass_link(scope, holes, d as u8, (a, b), loc)
                        }) => {}
                        None => links.push((label.value.clone(), a.to_string(), b.to_string())),
                    }
                }
            }
        }
        links
    }

    /// Checks a line labelled with a compass direction, `e = "a1-d1"`: it
    /// joins two squares of the grid, the second due that way from the
    /// first, across holes only (so that a step that way from the first
    /// reaches the second, and back). Reports why not; whether it is one.
    fn compass_link(
        &mut self,
        scope: &Scope,
        holes: &[(i32, i32)],
        d: u8,
        (a, b): (&str, &str),
        loc: crate::diag::Loc,
    ) -> bool {
        let square = |n: &str| {
            let s = scope.board.site(n)?;
            let site = &scope.board.sites[s.0 as usize];
            Some((site.x, site.y))
        };
        let word = COMPASS[d as usize];
        let why = match (square(a), square(b)) {
            (Some(p), Some(q)) => {
                let (dx, dy) = crate::board::compass_step(d);
                let k = if dx != 0 {
                    (q.0 - p.0) / dx
                } else {
                    (q.1 - p.1) / dy
                };
                if k < 1 || (p.0 + k * dx, p.1 + k * dy) != q {
                    Some(format!("`{b}` is not due {word} of `{a}`"))
                } else if k == 1 {
                    Some(format!(
                        "`{a}` and `{b}` are neighbours on the grid: their line is there already"
                    ))
                } else {
                    (1..k)
                        .map(|i| (p.0 + i * dx, p.1 + i * dy))
                        .find(|c| !holes.contains(c))
                        .map(|(x, y)| {
                            let name = format!("{}{}", crate::board::file_name(x), y + 1);
                            format!("`{name}` stands between `{a}` and `{b}`, and is not a hole")
                        })
                }
            }
            _ => Some(format!(
                "a line labelled `{word}` joins squares of the grid, not sites of `[board.sites]`"
            )),
        };
        let Some(why) = why else { return true };
        self.error(
            Diagnostic::error("link-direction", why)
                .at(loc)
                .label(format!("not a line going {word}"))
                .hint(format!(
                    "a line labelled `{word}` goes {word} from its first site to its second, \
                     over holes only; use another label for a line of no compass direction"
                )),
        );
        false
    }

    /// How the board is drawn: squares, cells or points, and the shaded
    /// regions.
    pub(super) fn picture(&mut self, raw: &RawGame, scope: &mut Scope) -> Picture {
        let (points, plain) = self
            .choice(
                raw.board.style.as_ref(),
                "board style",
                &[
                    ("squares", (false, false)),
                    ("cells", (false, true)),
                    ("points", (true, false)),
                ],
            )
            .unwrap_or((false, false));
        let diagonal_sites = (raw.board.drawn_diagonals.as_ref()).and_then(|text| {
            self.region_expr(raw, scope, text, None, &mut Vec::new())
                .ok()
        });
        Picture {
            points,
            plain,
            shaded: (raw.board.shade.iter())
                .flat_map(|list| &list.value)
                .filter_map(|name| self.region_name(raw, scope, name).ok())
                .collect(),
            diagonal_sites,
            gaps: self.gaps(raw, scope),
        }
    }

    /// The lines of `[board] gaps`, `b5-b6 c5-c6`, that pictures leave out:
    /// each joins two neighbours along a compass line.
    fn gaps(&mut self, raw: &RawGame, scope: &Scope) -> Vec<(SiteId, SiteId)> {
        let Some(text) = &raw.board.gaps else {
            return Vec::new();
        };
        let board = &scope.board;
        let mut gaps = Vec::new();
        let mut offset = 0;
        for word in text.value.split_whitespace() {
            let at = offset + text.value[offset..].find(word).unwrap_or(0);
            offset = at + word.len();
            let loc = text.inner_loc(self.sources, at..at + word.len());
            let ends = word
                .split_once('-')
                .map(|(a, b)| (board.site(a), board.site(b)));
            let joined = |a: SiteId, b: SiteId| (0..8).any(|d| board.neighbor(a, d) == Some(b));
            match ends {
                Some((Some(a), Some(b))) if joined(a, b) => gaps.push((a.min(b), a.max(b))),
                _ => self.error(
                    Diagnostic::error(
                        "gap-not-a-line",
                        format!("`{word}` is not a line of the board"),
                    )
                    .at(loc)
                    .label("not two neighbouring sites joined by `-`")
                    .hint("a gap names a compass line between two sites one step apart: `b5-b6`"),
                ),
            }
        }
        gaps
    }

    /// Reports an extra site named like a square of the grid; whether it is.
    fn names_a_square(&mut self, board: &Board, name: &Str) -> bool {
        let clash = board.site(&name.value).is_some();
        if clash {
            self.error(
                Diagnostic::error(
                    "duplicate-name",
                    format!("`{}` is already a square of the grid", name.value),
                )
                .at(name.loc())
                .label("defined twice"),
            );
        }
        clash
    }
}
