//! Positions as text: printed by `position_to_string`, read back by
//! `parse_position`, which reports every problem at once.

use super::*;
use crate::diag::{Diagnostic, FileId, Loc};
use crate::syntax;
use crate::syntax::ast::{Name, PosSection, Span};

/// The textual form of a position:
/// `pieces white pawn e1, black pawn e9; barriers e3h; reserves white wall 9,
/// black wall 10; turn white`.
pub fn position_to_string(rules: &Rules, st: &State) -> String {
    let mut parts = Vec::new();
    // Grouped by side and kind, in the order the file declares them.
    let mut pieces = Vec::new();
    for side in 0..rules.sides.len() as SideId {
        for kind in 0..rules.kinds.len() as KindId {
            let sites: Vec<&str> = (0..rules.board.n_sites())
                .map(|i| SiteId(i as u16))
                .filter(|&s| st.piece_at(rules, s) == Some((side, kind)))
                .map(|s| rules.board.site_name(s))
                .collect();
            if !sites.is_empty() {
                pieces.push(format!(
                    "{} {} {}",
                    rules.side_name(side),
                    rules.kinds[kind as usize].name,
                    sites.join(" ")
                ));
            }
        }
    }
    parts.push(
        format!("pieces {}", pieces.join(", "))
            .trim_end()
            .to_string(),
    );
    if !rules.barriers.is_empty() {
        let slots: Vec<String> = (0..rules.board.slots.len() as u16)
            .filter_map(|slot| st.barrier_at(slot).map(|b| slot_text(rules, b, slot)))
            .collect();
        parts.push(
            format!("barriers {}", slots.join(" "))
                .trim_end()
                .to_string(),
        );
    }
    // Every barrier kind, and the piece kinds the game ever holds in hand.
    let mut reserves = Vec::new();
    for side in 0..rules.sides.len() as SideId {
        for b in 0..rules.barriers.len() as BarrierId {
            reserves.push(format!(
                "{} {} {}",
                rules.side_name(side),
                rules.barriers[b as usize].name,
                st.reserve(rules, side, b)
            ));
        }
        for k in 0..rules.kinds.len() as KindId {
            let held = |s: &State| {
                (0..rules.sides.len() as SideId).any(|x| s.pieces_in_hand(rules, x, k) > 0)
            };
            if held(&rules.initial) || held(st) {
                reserves.push(format!(
                    "{} {} {}",
                    rules.side_name(side),
                    rules.kinds[k as usize].name,
                    st.pieces_in_hand(rules, side, k)
                ));
            }
        }
    }
    for side in 0..rules.sides.len() as SideId {
        for (t, name) in rules.tokens.iter().enumerate() {
            reserves.push(format!(
                "{} {name} {}",
                rules.side_name(side),
                st.tokens_left(rules, side, t as TokenId)
            ));
        }
    }
    if !reserves.is_empty() {
        parts.push(format!("reserves {}", reserves.join(", ")));
    }
    let side = rules.to_move(st);
    let once = st.turn as usize >= rules.prelude.len()
        && rules.order.iter().filter(|&&s| s == side).count() == 1;
    let mut turn = if once {
        format!("turn {}", rules.side_name(side))
    } else {
        format!("turn {}", st.turn + 1)
    };
    if st.phase > 0 {
        turn.push_str(&format!(" phase {}", st.phase + 1));
    }
    parts.push(turn);
    if st.passes > 0 {
        parts.push(format!("passes {}", st.passes));
    }
    if st.demanded {
        parts.push("demanded".to_string());
    }
    if let Some(s) = st.huffable {
        parts.push(format!("huffable {}", rules.board.site_name(s)));
    }
    if rules.sowing.is_some() {
        let seeds: Vec<String> = (st.seeds.iter().enumerate())
            .filter(|(_, &n)| n > 0)
            .map(|(i, n)| format!("{} {n}", rules.board.site_name(SiteId(i as u16))))
            .collect();
        parts.push(format!("seeds {}", seeds.join(", ")).trim_end().to_string());
    }
    if rules.columns.is_some() {
        parts.extend(under_text(rules, st));
    } else if rules.stacking(st) {
        let stacks: Vec<String> = (0..st.heights.len())
            .map(|i| SiteId(i as u16))
            .filter(|&s| rules.height(st, s) > 1)
            .map(|s| format!("{} {}", rules.board.site_name(s), rules.height(st, s)))
            .collect();
        if !stacks.is_empty() {
            parts.push(format!("stacks {}", stacks.join(", ")));
        }
    }
    for (e, c) in rules.chance.iter().enumerate() {
        if let Some(v) = rules.rolled(st, e as u8) {
            parts.push(format!("rolled {} {v}", c.name));
        }
    }
    if st.dice[0] != 0 {
        let dice: Vec<String> = st
            .dice
            .iter()
            .filter(|&&d| d != 0)
            .map(u8::to_string)
            .collect();
        parts.push(format!("dice {}", dice.join(" ")));
    }
    parts.extend(memory_text(rules, st));
    parts.extend(super::history::history_text(rules, st));
    parts.join("; ")
}

/// The pieces under the top of each column, as the `under` section (none
/// when no column holds more than one piece).
fn under_text(rules: &Rules, st: &State) -> Option<String> {
    let columns: Vec<String> = (0..st.board.len())
        .map(|i| SiteId(i as u16))
        .filter(|&s| rules.height(st, s) > 1)
        .map(|s| {
            let pieces = rules.column(st, s).into_iter().skip(1).map(|(side, kind)| {
                format!(
                    "{} {}",
                    rules.sides[side as usize].name, rules.kinds[kind as usize].name
                )
            });
            let pieces: Vec<String> = pieces.collect();
            format!("{} {}", rules.board.site_name(s), pieces.join(" "))
        })
        .collect();
    (!columns.is_empty()).then(|| format!("under {}", columns.join(", ")))
}

/// The flags and the last move of a position, as its `flags` and `last`
/// sections (none when the game has neither, or nothing to say).
fn memory_text(rules: &Rules, st: &State) -> Vec<String> {
    let mut out = Vec::new();
    let flagged: Vec<String> = (rules.flags.iter().enumerate())
        .filter_map(|(bit, flag)| {
            let sites: Vec<&str> = (0..st.marks.len())
                .map(|i| SiteId(i as u16))
                .filter(|&s| st.board[s.0 as usize] != 0 && st.marks[s.0 as usize] >> bit & 1 == 1)
                .map(|s| rules.board.site_name(s))
                .collect();
            (!sites.is_empty()).then(|| format!("{} {}", flag.name, sites.join(" ")))
        })
        .collect();
    if !flagged.is_empty() {
        out.push(format!("flags {}", flagged.join(", ")));
    }
    if rules.tracks_last && st.last != crate::rules::NO_LAST {
        let [from, to] = st.last;
        let name = |s: SiteId| rules.board.site_name(s);
        out.push(format!("last {} {}", name(from), name(to)));
    }
    out
}

/// Reads a position printed by [`position_to_string`] (or written by hand),
/// reporting every problem at once. Spans are byte offsets in `text`,
/// reported against `file`.
pub fn parse_position(rules: &Rules, text: &str, file: FileId) -> Result<State, Vec<Diagnostic>> {
    let sections = syntax::parse_position(text).map_err(|e| {
        vec![Diagnostic::error("syntax", e.message)
            .at(Loc { file, span: e.span })
            .label("here")]
    })?;
    let mut r = PositionReader {
        rules,
        file,
        st: rules.initial.clone(),
        errors: Vec::new(),
    };
    let mut seen_pieces = false;
    let mut seen_turn = false;
    // Flags are read once every piece is on the board.
    let mut flags = Vec::new();
    let mut history = super::history::HistoryText::default();
    for (section, section_span) in sections {
        match section {
            PosSection::Pieces(list) => {
                if !seen_pieces {
                    r.st.board.iter_mut().for_each(|v| *v = 0);
                    r.st.heights.iter_mut().for_each(|h| *h = 0);
                    r.st.under.iter_mut().for_each(|v| *v = 0);
                    // Pieces written out carry only the flags said.
                    r.st.marks.iter_mut().for_each(|m| *m = 0);
                    seen_pieces = true;
                }
                r.pieces(list);
            }
            PosSection::Barriers(list) => r.barriers(list),
            PosSection::Reserves(list) => r.reserves(list),
            PosSection::Passes(n, span) => r.passes(n, span),
            PosSection::Demanded => r.demanded(section_span),
            PosSection::Huffable(site) => r.huffable(site),
            PosSection::Flags(list) => flags.push(list),
            PosSection::Last(from, to) => r.last(from, to),
            PosSection::Counters(list) => history.counters = Some((list, section_span)),
            PosSection::History(list) => history.seen = Some((list, section_span)),
            PosSection::Plies(n) => history.plies = Some((n, section_span)),
            PosSection::Seeds(list) => r.seeds(list),
            PosSection::Stacks(list) => r.stacks(list),
            PosSection::Under(list) => r.under(list),
            PosSection::Dice(list) => r.dice(list),
            PosSection::Rolled(event, value, span) => r.rolled(event, value, span),
            PosSection::Turn { side, phase } => {
                seen_turn = true;
                r.turn(side, phase);
            }
        }
    }
    flags.into_iter().for_each(|list| r.flags(list));
    let PositionReader {
        mut st, mut errors, ..
    } = r;
    let at = |span: std::ops::Range<usize>| Loc { file, span };
    if !seen_turn {
        errors.push(
            Diagnostic::error("bad-turn", "the position does not say whose turn it is")
                .at(at(text.len()..text.len()))
                .hint("end it with `; turn SIDE`"),
        );
    }
    if let Some(s) = st.huffable.filter(|s| st.board[s.0 as usize] == 0) {
        errors.push(
            Diagnostic::error(
                "bad-position",
                format!("`huffable {}` names no piece", rules.board.site_name(s)),
            )
            .at(at(0..text.len()))
            .hint("name the site of the piece the side to move may huff"),
        );
    }
    rules.index_pieces(&mut st);
    errors.extend(history.apply(rules, &mut st, file));
    if errors.is_empty() && !rules.constraints_hold_in(&st) {
        errors.push(
            Diagnostic::error(
                "setup-breaks-constraint",
                "this position breaks the game's constraints",
            )
            .at(at(0..text.len())),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    rules.decide(&mut st);
    Ok(st)
}

/// The position being read, section by section, and the problems found.
struct PositionReader<'a> {
    rules: &'a Rules,
    file: FileId,
    st: State,
    errors: Vec<Diagnostic>,
}

impl PositionReader<'_> {
    fn at(&self, span: Span) -> Loc {
        Loc {
            file: self.file,
            span,
        }
    }

    fn unknown(&mut self, what: &str, n: &Name, known: Vec<&str>) {
        let d = Diagnostic::error("unknown-name", format!("unknown {what} `{}`", n.text))
            .at(self.at(n.span.clone()))
            .label(format!("no {what} has this name"))
            .hint(suggest(&n.text, known));
        self.errors.push(d);
    }

    fn unknown_side(&mut self, side: &Name) {
        let rules = self.rules;
        self.unknown(
            "side",
            side,
            rules.sides.iter().map(|s| s.name.as_str()).collect(),
        );
    }

    /// `pieces`: each side's pieces of a kind on their sites.
    fn pieces(&mut self, list: Vec<(Name, Name, Vec<Name>)>) {
        let rules = self.rules;
        for (side, kind, sites) in list {
            let s = rules.side(&side.text);
            let k = rules.kind(&kind.text);
            if s.is_none() {
                self.unknown_side(&side);
            }
            if k.is_none() {
                self.unknown(
                    "piece",
                    &kind,
                    rules.kinds.iter().map(|k| k.name.as_str()).collect(),
                );
            }
            for site in sites {
                let Some(t) = rules.board.site(&site.text) else {
                    let d =
                        crate::compile::not_a_site(&rules.board, &site.text).unwrap_or_else(|| {
                            Diagnostic::error(
                                "unknown-name",
                                format!("unknown site `{}`", site.text),
                            )
                            .label("not on this board")
                            .hint(crate::compile::board_extent(&rules.board))
                        });
                    self.errors.push(d.at(self.at(site.span.clone())));
                    continue;
                };
                if self.st.board[t.0 as usize] != 0 {
                    let d = Diagnostic::error(
                        "two-pieces-one-site",
                        format!("two pieces on `{}`", site.text),
                    )
                    .at(self.at(site.span.clone()))
                    .label("already occupied");
                    self.errors.push(d);
                }
                if let (Some(s), Some(k)) = (s, k) {
                    self.st.board[t.0 as usize] = rules.man(s, k);
                }
            }
        }
    }

    /// `seeds`: the seeds on each site named, none elsewhere.
    /// `rolled EVENT N`: the value the event last rolled, one of its outcomes.
    fn rolled(&mut self, event: Name, value: u32, span: Span) {
        let rules = self.rules;
        let Some(e) = rules.chance.iter().position(|c| c.name == event.text) else {
            let known: Vec<String> = rules
                .chance
                .iter()
                .map(|c| format!("`{}`", c.name))
                .collect();
            let d = Diagnostic::error(
                "unknown-name",
                format!("unknown chance event `{}`", event.text),
            )
            .at(self.at(event.span.clone()))
            .hint(match known.is_empty() {
                true => "this game declares no `[chance]` event".to_string(),
                false => format!("its events: {}", known.join(", ")),
            });
            self.errors.push(d);
            return;
        };
        let outcomes = &rules.chance[e].outcomes;
        match outcomes.iter().position(|&(v, _)| v == value as i64) {
            Some(i) => self.st.rolled[e] = i as u8 + 1,
            None => {
                let values: Vec<String> = outcomes.iter().map(|(v, _)| v.to_string()).collect();
                let d =
                    Diagnostic::error("bad-roll", format!("`{}` never rolls {value}", event.text))
                        .at(self.at(span))
                        .label("not one of its outcomes")
                        .hint(format!("it rolls {}", values.join(", ")));
                self.errors.push(d);
            }
        }
    }

    fn seeds(&mut self, list: Vec<(Name, u32, Span)>) {
        let rules = self.rules;
        if rules.sowing.is_none() {
            if let Some((site, ..)) = list.first() {
                let d = Diagnostic::error("no-seeds", "this game has no seeds")
                    .at(self.at(site.span.clone()))
                    .hint("only a game with `[seeds]` has a `seeds` section");
                self.errors.push(d);
            }
            return;
        }
        self.st.seeds.iter_mut().for_each(|n| *n = 0);
        let mut total = 0u32;
        for (site, n, span) in list {
            let Some(t) = self.site_of(&site) else {
                continue;
            };
            total = total.saturating_add(n);
            if total > u16::MAX as u32 {
                let d = Diagnostic::error("too-many-seeds", "more seeds than a site can hold")
                    .at(self.at(span))
                    .label("the seeds so far pass 65535")
                    .hint("every seed may end on one site: keep the total under 65536");
                self.errors.push(d);
                return;
            }
            self.st.seeds[t.0 as usize] = n as u16;
        }
    }

    /// `stacks`: how many pieces stand on each site named (2 or more; the
    /// piece itself is in the `pieces` section).
    fn stacks(&mut self, list: Vec<(Name, u32, Span)>) {
        let rules = self.rules;
        if !rules.stacking(&self.st) {
            if let Some((site, ..)) = list.first() {
                let d = Diagnostic::error("bad-position", "this game has no stacking pieces")
                    .at(self.at(site.span.clone()))
                    .hint("only a game with a piece of `stacks = true` has a `stacks` section");
                self.errors.push(d);
            }
            return;
        }
        for (site, n, span) in list {
            let Some(t) = self.site_of(&site) else {
                continue;
            };
            let v = self.st.board[t.0 as usize];
            let stacks = v != 0 && rules.kinds[rules.unman(v).1 as usize].stacks;
            if !stacks || !(1..=256).contains(&n) {
                let d = Diagnostic::error("bad-position", format!("no stack of {n} on `{}`", site.text))
                    .at(self.at(span))
                    .label("a stack is 1 to 256 pieces of a kind that stacks")
                    .hint("name the site's piece in the `pieces` section first, a kind with `stacks = true`");
                self.errors.push(d);
                continue;
            }
            self.st.heights[t.0 as usize] = (n - 1) as u8;
        }
    }

    /// `under SITE SIDE KIND ..., ...`: the pieces under the top of each
    /// column named, from the top down (the top is in `pieces`).
    fn under(&mut self, list: Vec<(Name, Vec<Name>)>) {
        let rules = self.rules;
        let Some(depth) = rules.columns.map(|c| c.depth as usize) else {
            if let Some((site, _)) = list.first() {
                let d = Diagnostic::error("bad-position", "this game has no columns")
                    .at(self.at(site.span.clone()))
                    .hint("only a game with `[columns]` has an `under` section");
                self.errors.push(d);
            }
            return;
        };
        for (site, names) in list {
            let Some(t) = self.site_of(&site) else {
                continue;
            };
            let i = t.0 as usize;
            let odd = names.len() % 2 == 1;
            if self.st.board[i] == 0 || odd || names.len() / 2 > depth {
                let span = site.span.start..names.last().map_or(site.span.end, |n| n.span.end);
                let d = Diagnostic::error("bad-position", format!("no column on `{}`", site.text))
                    .at(self.at(span))
                    .label(format!("pieces under a top, each a side and a kind, at most {depth}"))
                    .hint("name the column's top in the `pieces` section first, then each piece under it: `under c3 black man white king`");
                self.errors.push(d);
                continue;
            }
            let mut values = Vec::new();
            for pair in names.chunks(2) {
                let (s, k) = (rules.side(&pair[0].text), rules.kind(&pair[1].text));
                if s.is_none() {
                    self.unknown_side(&pair[0]);
                }
                if k.is_none() {
                    let known = rules.kinds.iter().map(|k| k.name.as_str()).collect();
                    self.unknown("piece", &pair[1], known);
                }
                if let (Some(s), Some(k)) = (s, k) {
                    values.push(rules.man(s, k));
                }
            }
            self.st.under[i * depth..i * depth + values.len()].copy_from_slice(&values);
            self.st.heights[i] = values.len() as u8;
        }
    }

    /// `dice`: the dice rolled apart still to play, at most 4.
    fn dice(&mut self, list: Vec<(u32, Span)>) {
        let apart = self.rules.chance.iter().any(|c| !c.apart.is_empty());
        let bad = list.iter().find(|(n, _)| !(1..=255).contains(n));
        let at = match (bad, list.get(4)) {
            (Some((_, sp)), _) | (None, Some((_, sp))) => Some(sp.clone()),
            _ if !apart => list.first().map(|(_, sp)| sp.clone()),
            _ => None,
        };
        if let Some(sp) = at {
            let d = Diagnostic::error("bad-position", "not dice this game plays apart")
                .at(self.at(sp))
                .label("1 to 4 dice, each 1 to 255")
                .hint("only a game with a `[chance]` event of `apart = true` keeps dice to play");
            self.errors.push(d);
            return;
        }
        self.st.dice = [0; 4];
        for (i, (n, _)) in list.into_iter().enumerate() {
            self.st.dice[i] = n as u8;
        }
    }

    /// `barriers`: barriers in their slots, each of one kind that fits.
    fn barriers(&mut self, list: Vec<(Option<Name>, Name)>) {
        let rules = self.rules;
        for (kind, slot_name) in list {
            if rules.board.slot(&slot_name.text).is_none() {
                match rules.board.missing_slot(&slot_name.text) {
                    Some(why) => {
                        let mut d = Diagnostic::error(
                            "unknown-name",
                            format!(
                                "there is no barrier slot `{}` on this board",
                                slot_name.text
                            ),
                        )
                        .at(self.at(slot_name.span.clone()))
                        .label("no slot here");
                        if let Some(hint) = why_no_slot(&why) {
                            d = d.hint(hint);
                        }
                        self.errors.push(d);
                    }
                    None => self.unknown(
                        "barrier slot",
                        &slot_name,
                        rules.board.slots.iter().map(|s| s.name.as_str()).collect(),
                    ),
                }
                continue;
            }
            if let Some(k) = kind.as_ref().filter(|k| rules.barrier(&k.text).is_none()) {
                self.unknown(
                    "barrier",
                    k,
                    rules.barriers.iter().map(|b| b.name.as_str()).collect(),
                );
                continue;
            }
            let kinds = barriers_named(
                rules,
                &slot_name.text,
                kind.as_ref().map(|k| k.text.as_str()),
            );
            let &[(b, slot)] = kinds.as_slice() else {
                let name = |&(b, _): &(BarrierId, u16)| rules.barriers[b as usize].name.as_str();
                let (message, hint) = match &kind {
                    Some(k) => (
                        format!("a `{}` barrier does not fit `{}`", k.text, slot_name.text),
                        format!("this board has no such slot for a `{}`", k.text),
                    ),
                    None => (
                        format!("`{}` could hold several kinds of barrier", slot_name.text),
                        format!(
                            "write the kind first: {}",
                            kinds
                                .iter()
                                .map(|k| format!("`{}:{}`", name(k), slot_name.text))
                                .collect::<Vec<_>>()
                                .join(" or ")
                        ),
                    ),
                };
                let d = Diagnostic::error("bad-barrier", message)
                    .at(self.at(slot_name.span.clone()))
                    .hint(hint);
                self.errors.push(d);
                continue;
            };
            let clash = rules.board.slots[slot as usize]
                .conflicts
                .iter()
                .find(|&&c| self.st.slots[c as usize] != 0);
            if let Some(&c) = clash {
                let d = Diagnostic::error(
                    "barrier-conflict",
                    format!(
                        "the barrier on `{}` overlaps or crosses the one on `{}`",
                        slot_name.text, rules.board.slots[c as usize].name
                    ),
                )
                .at(self.at(slot_name.span.clone()));
                self.errors.push(d);
                continue;
            }
            self.st.slots[slot as usize] = b + 1;
            for &e in &rules.board.slots[slot as usize].edges {
                self.st.blocked[(e / 64) as usize] |= 1 << (e % 64);
            }
        }
    }

    /// `reserves`: how many barriers, pieces or tokens each side holds.
    fn reserves(&mut self, list: Vec<(Name, Name, u32, Span)>) {
        let rules = self.rules;
        for (side, kind, n, span) in list {
            let s = rules.side(&side.text);
            // Barrier kinds first, then piece kinds, then tokens.
            let item = rules
                .barrier(&kind.text)
                .map(|b| b as usize)
                .or_else(|| {
                    rules
                        .kind(&kind.text)
                        .map(|k| rules.barriers.len() + k as usize)
                })
                .or_else(|| {
                    let t = rules.tokens.iter().position(|t| *t == kind.text)?;
                    Some(rules.barriers.len() + rules.kinds.len() + t)
                });
            if s.is_none() {
                self.unknown_side(&side);
            }
            if item.is_none() {
                self.unknown(
                    "barrier, piece or token",
                    &kind,
                    rules
                        .barriers
                        .iter()
                        .map(|b| b.name.as_str())
                        .chain(rules.kinds.iter().map(|k| k.name.as_str()))
                        .chain(rules.tokens.iter().map(String::as_str))
                        .collect(),
                );
            }
            if n > 255 {
                let d = Diagnostic::error("out-of-range", "a reserve holds at most 255")
                    .at(self.at(span));
                self.errors.push(d);
                continue;
            }
            if let (Some(s), Some(item)) = (s, item) {
                self.st.reserves[s as usize * rules.n_items() + item] = n as u8;
            }
        }
    }

    /// `passes N`: the passes in a row so far; as many as there are turns
    /// in the order ended the game.
    fn passes(&mut self, n: u32, span: Span) {
        let rules = self.rules;
        if n as usize > rules.order.len() {
            let d = Diagnostic::error(
                "out-of-range",
                format!(
                    "{n} passes in a row cannot be: the game ends after {}",
                    rules.order.len()
                ),
            )
            .at(self.at(span))
            .hint(format!("at most {} in this game", rules.order.len()));
            self.errors.push(d);
        } else {
            self.st.passes = n as u8;
        }
    }

    /// A site named in a position, or an error.
    fn site_of(&mut self, n: &Name) -> Option<SiteId> {
        let found = self.rules.board.site(&n.text);
        if found.is_none() {
            let d = Diagnostic::error("unknown-name", format!("unknown site `{}`", n.text))
                .at(self.at(n.span.clone()))
                .label("not on this board")
                .hint(crate::compile::board_extent(&self.rules.board));
            self.errors.push(d);
        }
        found
    }

    /// `flags FLAG SITES, ...`: the pieces that carry each flag.
    fn flags(&mut self, list: Vec<(Name, Vec<Name>)>) {
        let rules = self.rules;
        for (flag, sites) in list {
            let Some(bit) = rules.flags.iter().position(|f| f.name == flag.text) else {
                let known: Vec<&str> = rules.flags.iter().map(|f| f.name.as_str()).collect();
                self.unknown("flag", &flag, known);
                continue;
            };
            for n in sites {
                let Some(s) = self.site_of(&n) else { continue };
                if self.st.board[s.0 as usize] == 0 {
                    let d = Diagnostic::error(
                        "bad-position",
                        format!(
                            "`{}` is empty: no piece there carries `{}`",
                            n.text, flag.text
                        ),
                    )
                    .at(self.at(n.span.clone()))
                    .hint("a flag belongs to a piece: name the sites of pieces in `pieces`");
                    self.errors.push(d);
                    continue;
                }
                self.st.marks[s.0 as usize] |= 1 << bit;
            }
        }
    }

    /// `last FROM TO`: the last move's start and end.
    fn last(&mut self, from: Name, to: Name) {
        if !self.rules.tracks_last {
            let d = Diagnostic::error("bad-position", "this game never reads the last move")
                .at(self.at(from.span.start..to.span.end))
                .hint("remove `last`: only `last_to`, `last_over` and `capture last` read it");
            self.errors.push(d);
            return;
        }
        if let (Some(a), Some(b)) = (self.site_of(&from), self.site_of(&to)) {
            self.st.last = [a, b];
        }
    }

    /// `demanded`: the last move demanded.
    fn demanded(&mut self, span: Span) {
        if self.rules.demand.is_none() {
            let d = Diagnostic::error("bad-position", "this game has no demands")
                .at(self.at(span))
                .hint("remove `demanded`");
            self.errors.push(d);
        }
        self.st.demanded = true;
    }

    /// `huffable SITE`: the piece the side to move may huff.
    fn huffable(&mut self, site: Name) {
        let rules = self.rules;
        if rules.huff.is_none() || rules.huff_claim == HuffClaim::Automatic {
            let d = Diagnostic::error("bad-position", "no huff is ever claimed in this game")
                .at(self.at(site.span.clone()))
                .hint("remove `huffable`: only `[turn] huff_claim` leaves a huff to claim");
            self.errors.push(d);
            return;
        }
        if let Some(s) = self.site_of(&site) {
            self.st.huffable = Some(s);
        }
    }

    /// `turn SIDE [phase N]`, or `turn N`: whose turn it is.
    fn turn(&mut self, side: Name, phase: Option<(u32, Span)>) {
        let rules = self.rules;
        let by_index = side.text.parse::<usize>().ok();
        let n_turns = rules.prelude.len() + rules.order.len();
        let turn = match by_index {
            Some(i) if i >= 1 && i <= n_turns => Some(i - 1),
            Some(_) => None,
            None => rules
                .side(&side.text)
                .and_then(|s| rules.order.iter().position(|&o| o == s))
                .map(|i| rules.prelude.len() + i),
        };
        match turn {
            Some(t) => self.st.turn = t as u8,
            None => {
                let d = Diagnostic::error(
                    "bad-turn",
                    format!("`{}` is not a turn of this game", side.text),
                )
                .at(self.at(side.span.clone()))
                .hint(format!(
                    "name a side in the turn order ({}) or its 1-based index",
                    rules
                        .order
                        .iter()
                        .map(|&s| rules.side_name(s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                self.errors.push(d);
            }
        }
        if let Some((p, span)) = phase {
            if p >= 1 && (p as usize) <= rules.phases.len() {
                self.st.phase = (p - 1) as u8;
            } else {
                let d = Diagnostic::error(
                    "bad-turn",
                    format!("this game's turns have {} phases", rules.phases.len()),
                )
                .at(self.at(span));
                self.errors.push(d);
            }
        }
    }
}
