//! Compile: resolves the names of a merged game file, checks it, and lowers it to [`Rules`].
//!
//! Errors are collected, not returned at the first one: a file with three
//! mistakes gets three diagnostics. Warnings are returned beside the rules.
//!
//! This file holds the entry points, the `Compiler` context with its
//! diagnostic helpers, and `Compiler::game`, which calls the steps in
//! order. Each other file compiles one table of the game file (`board`,
//! `barriers`, `sides`, `pieces`, `turn`, `end`, `priority`, `setup`, with
//! `names` for the names they share) or one kind of expression (`region`,
//! `pattern`, `condition`); `fold` and `warnings` are passes over the result.

use crate::board::Board;
use crate::diag::{suggest, Diagnostic, FileId, Loc, Sources};
use crate::raw::{self, Located, RawGame, Str};
use crate::rules::*;
use crate::syntax::{self, ast};
use std::collections::HashMap;

mod again;
mod arith;
mod barriers;
mod board;
mod chance;
mod columns;
mod condition;
mod counters;
mod effect;
mod end;
mod family;
mod fen;
mod flags;
mod fold;
mod group;
mod names;
mod opening;
mod pattern;
mod phase;
mod pieces;
mod priority;
mod promote_moves;
mod reads;
mod region;
mod seeds;
mod setup;
mod sides;
mod tracks;
mod turn;
mod warnings;

pub use end::MAX_POINTS;
pub use pattern::DIRECTION_WORDS;

use end::reads_history;
use fold::Folding;
use pattern::may_capture;
use region::final_regions;
use setup::empty_position;
use sides::teams;
use turn::Turn;

/// Loads a game file (and the bases it extends) and compiles it.
///
/// Returns the rules and the warnings, or every diagnostic found.
pub fn load(
    sources: &mut Sources,
    file: FileId,
    read_base: &mut crate::raw::ReadBase,
) -> Result<(Rules, Vec<Diagnostic>), Vec<Diagnostic>> {
    let raw = raw::load(sources, file, read_base)?;
    compile(sources, file, &raw)
}

/// Compiles one game from source text that extends no other file.
pub fn from_source(name: &str, text: &str) -> Result<Rules, (Sources, Vec<Diagnostic>)> {
    let mut sources = Sources::new();
    let file = sources.add(name, text);
    match load(&mut sources, file, &mut |_, p| {
        Err(format!(
            "`{p}` cannot be read here: only one source was given"
        ))
    }) {
        Ok((rules, _)) => Ok(rules),
        Err(diags) => Err((sources, diags)),
    }
}

/// Largest counts the compiler accepts, against pathological files.
const MAX_SIDES: usize = 16;
const MAX_KINDS: usize = 60;
const MAX_RESERVE: i64 = 255;

struct Compiler<'a> {
    sources: &'a Sources,
    file: FileId,
    /// What the `[remove]` tables of the chain dropped.
    removed: &'a [raw::Removed],
    diags: Vec<Diagnostic>,
    /// Whether `can(...)` may be used: in a priority's `when` only.
    allow_can: bool,
    /// Whether `last(...)` may be used: in an end rule's `when` only.
    allow_last: bool,
    /// Whether a condition or segment read the last move's sites
    /// (`last_to`, `last_over`, `capture last`), so play keeps them.
    tracks_last: bool,
    /// What the conditions read so far read of the game's history.
    history: Option<HistoryRules>,
    /// Whether a constraint is being compiled (`repeated` is read there).
    in_constraint: bool,
    /// Whether a side's `score` is being compiled (it reads no score).
    in_score: bool,
    /// Whether a condition reads `score(...)`.
    uses_score: bool,
    /// The rule `not repeated [within N]` of the constraints.
    no_repeat: Option<u32>,
}

type Res<T> = Result<T, ()>;

impl<'a> Compiler<'a> {
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn whole_file(&self) -> Loc {
        Loc {
            file: self.file,
            span: 0..0,
        }
    }

    fn syntax_error(&mut self, s: &Str, e: syntax::SyntaxError) {
        let loc = s.inner_loc(self.sources, e.span);
        self.error(
            Diagnostic::error("syntax", e.message.clone())
                .at(loc)
                .label("here"),
        );
    }

    /// Where a name inside an expression string was written.
    fn name_loc(&self, s: &Str, n: &ast::Name) -> Loc {
        s.inner_loc(self.sources, n.span.clone())
    }

    fn unknown(&mut self, what: &str, s: &Str, n: &ast::Name, known: &[&str]) {
        let loc = self.name_loc(s, n);
        if let Some(d) = self.removed_use(&n.text, &loc) {
            return self.error(d);
        }
        self.error(
            Diagnostic::error("unknown-name", format!("unknown {what} `{}`", n.text))
                .at(loc)
                .label(format!("no {what} has this name"))
                .hint(suggest(&n.text, known.iter().copied())),
        );
    }
}

impl Compiler<'_> {
    /// The error for a name that a variant's `[remove]` dropped and `loc`
    /// still uses, in place of "unknown name"; `None` for a name never
    /// removed.
    fn removed_use(&self, name: &str, loc: &Loc) -> Option<Diagnostic> {
        let r = (self.removed.iter().rev()).find(|r| !r.what.is_entry() && r.name.value == name)?;
        let at = r.name.loc();
        let (line, column) = self.sources.line_col(at.file, at.span.start);
        let noun = r.what.noun();
        Some(
            Diagnostic::error(
                "removed-in-use",
                format!("the {noun} `{name}` is removed, but still used here"),
            )
            .at(loc.clone())
            .label("used after its removal")
            .hint(format!(
                "`{}` in `[remove]` drops it ({}:{line}:{column}): rewrite this use in the variant too, or keep the {noun}",
                r.what.key(),
                self.sources.name(at.file),
            )),
        )
    }

    /// Refuses a table with more than `max` entries, pointing at the first
    /// one too many.
    fn at_most<V>(&mut self, table: &raw::Table<V>, max: usize, what: &str) -> Res<()> {
        match table.0.get(max) {
            Some((key, _)) => {
                self.error(
                    Diagnostic::error("too-many", format!("at most {max} {what} are supported"))
                        .at(key.loc()),
                );
                Err(())
            }
            None => Ok(()),
        }
    }

    /// Reports an unknown name written as a TOML key or string.
    fn unknown_key(&mut self, what: &str, name: &Str, known: &[&str]) {
        if let Some(d) = self.removed_use(&name.value, &name.loc()) {
            return self.error(d);
        }
        self.error(
            Diagnostic::error("unknown-name", format!("unknown {what} `{}`", name.value))
                .at(name.loc())
                .label(format!("no {what} has this name"))
                .hint(suggest(&name.value, known.iter().copied())),
        );
    }
}

/// The compiler's view of the names defined so far.
struct Scope {
    board: Board,
    sides: Vec<String>,
    kinds: Vec<String>,
    /// Region name -> id; regions are resolved on demand.
    region_ids: HashMap<String, RegionId>,
    regions: Vec<Option<Region>>,
    /// Regions already reported as broken, so that each is reported once.
    failed: Vec<RegionId>,
    /// The families of regions resolved so far.
    families: Vec<family::FamilyDraft>,
    forward: Vec<Option<u8>>,
    /// Classes of piece kinds: `officer` for general, colonel, ...
    classes: Vec<(String, Kinds)>,
    /// Names of the tokens of `[tokens]`, then of the counters (they
    /// follow the tokens in the reserves).
    tokens: Vec<String>,
    /// Names of the counters of `[counters]`.
    counters: Vec<String>,
    /// Names of the flags of `[flags]`.
    flags: Vec<String>,
    /// The teams, by name, with their sides (a side with no `team` is a
    /// team of its own, named after it).
    teams: Vec<(String, SideSet)>,
    /// The chance events of `[chance]` (one that failed to compile kept
    /// with its name, so that it is not reported again where it is named).
    chance: Vec<Chance>,
    /// The tracks of `[tracks]` (one that failed to compile kept with its
    /// name and no site).
    tracks: Vec<Track>,
}

impl Scope {
    /// The names of the game, before any region is resolved or class read.
    fn new(
        raw: &RawGame,
        board: Board,
        side_names: Vec<String>,
        kind_names: Vec<String>,
        forward: Vec<Option<u8>>,
    ) -> Scope {
        Scope {
            board,
            sides: side_names,
            kinds: kind_names,
            region_ids: raw
                .regions
                .keys()
                .enumerate()
                .map(|(i, k)| (k.to_string(), i as RegionId))
                .collect(),
            regions: vec![None; raw.regions.0.len()],
            failed: Vec::new(),
            families: Vec::new(),
            forward,
            classes: Vec::new(),
            tokens: (raw.tokens.keys().chain(raw.counters.keys()))
                .map(str::to_string)
                .collect(),
            counters: raw.counters.keys().map(str::to_string).collect(),
            flags: raw.flags.keys().map(str::to_string).collect(),
            teams: Vec::new(),
            chance: Vec::new(),
            tracks: Vec::new(),
        }
    }
}

pub fn compile(
    sources: &Sources,
    file: FileId,
    raw: &RawGame,
) -> Result<(Rules, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut c = Compiler {
        sources,
        file,
        removed: &raw.removed,
        diags: Vec::new(),
        allow_can: false,
        allow_last: false,
        tracks_last: false,
        history: None,
        in_constraint: false,
        in_score: false,
        uses_score: false,
        no_repeat: None,
    };
    let result = c.game(raw);
    let has_errors = c.diags.iter().any(Diagnostic::is_error);
    match result {
        Ok(rules) if !has_errors => Ok((rules, c.diags)),
        _ => {
            if !has_errors {
                c.diags.push(Diagnostic::error(
                    "invalid",
                    "the game could not be compiled",
                ));
            }
            // Errors before warnings, each kind in file order.
            c.diags.sort_by_key(|d| {
                (
                    d.severity != crate::diag::Severity::Error,
                    d.loc.as_ref().map(|l| (l.file, l.span.start)),
                )
            });
            Err(c.diags)
        }
    }
}

fn int_in(c: &mut Compiler, v: &Located<i64>, what: &str, min: i64, max: i64) -> Res<i64> {
    if v.value < min || v.value > max {
        c.error(
            Diagnostic::error(
                "out-of-range",
                format!("{what} must be from {min} to {max}, not {}", v.value),
            )
            .at(v.loc())
            .label("out of range"),
        );
        return Err(());
    }
    Ok(v.value)
}

impl<'a> Compiler<'a> {
    /// The whole game: one step per table, in an order where each finds the
    /// names it needs, then the rules assembled, their setup and warnings.
    /// `[game] name`, or the file's name.
    fn game_name(&self, raw: &RawGame) -> String {
        (raw.game.name.as_ref())
            .map(|n| n.value.clone())
            .unwrap_or_else(|| self.sources.name(self.file).to_string())
    }

    fn game(&mut self, raw: &RawGame) -> Res<Rules> {
        let name = self.game_name(raw);
        // Barrier kinds first: the board needs their lengths to lay out slots.
        let lengths = self.barrier_lengths(raw);
        let board = self.board(raw, &lengths)?;
        // Sides.
        let (side_names, forward) = self.sides(raw)?;
        let (teams, team_names) = teams(raw);
        let n_teams = team_names.len();
        // Piece kinds.
        self.piece_count(raw)?;
        self.check_names(raw)?;
        let kind_names: Vec<String> = raw.pieces.keys().map(str::to_string).collect();
        let barrier_names: Vec<String> = raw.barriers.keys().map(str::to_string).collect();
        self.check_distinct(raw)?;
        self.check_entry_names(raw);
        let mut scope = Scope::new(raw, board, side_names.clone(), kind_names.clone(), forward);
        scope.chance = self.chance_events(raw);
        scope.tracks = self.tracks(raw, &scope);
        scope.teams = team_members(team_names, &teams);
        self.classes(raw, &mut scope, &kind_names, &barrier_names);
        self.all_regions(raw, &mut scope);
        self.track_homes(raw, &mut scope);
        // The sides with their symbols.
        let mut sides = self.symbols(raw, &side_names, &kind_names, &scope.forward, &teams);
        self.check_symbols(raw, &sides);
        // Piece movement; barrier kinds and their slots.
        let mut kinds = self.kinds(raw, &mut scope);
        let (barriers, counters) = (self.barriers(raw, &scope), self.counters(raw, &mut scope));

        // Turn order, phases and the rules of a turn.
        let Turn {
            order,
            phases,
            phase_when,
            removals,
            prelude,
            captures,
            huff,
            huff_claim,
        } = self.turn(raw, &mut scope, &side_names, &barrier_names)?;
        self.settle_no_moves(raw, &mut sides, n_teams);

        // End rules and constraints.
        let mut ends = self.ends(raw, &mut scope, n_teams);
        let constraints = self.constraints(raw, &mut scope, &side_names);
        let constraint_reads = reads::constraint_reads(&constraints, &scope.board);
        let mut priorities = self.priorities(raw, &mut scope, &side_names);
        let seats = self.seats(raw, &side_names);
        // Promotions, once every kind is known.
        self.promotions(raw, &mut scope, &kind_names, &mut kinds);
        self.promote_moves(raw, &mut scope, &kind_names, &mut kinds);
        let (check, check_exempt) = (self.check_rule(raw), self.check_exempt(raw));
        let pass_in_check = self.pass_in_check(raw, &mut scope);
        let mut demand = self.demand(raw, &mut scope, &side_names);
        // After every condition that may read `score(...)`.
        let scores = self.scores(raw, &mut scope);
        let flags = self.flags(raw, &scope);
        let fen = self.fen(raw, &scope, &ends);
        let notation = self.notation(raw, &scope);
        let picture = self.picture(raw, &mut scope);
        let seeds = self.seeds(raw, &mut scope);
        let regions = final_regions(raw, &scope, sides.len());
        let families = family::final_families(&scope);
        let (sowing, seeds) = self.sowing(seeds?, &regions, sides.len(), scope.board.n_sites())?;
        let (again, ends_read_last) = self.again(raw, &mut scope, &ends);
        let reads_history = moves_read_history(&phase_when, &ends) || self.no_repeat.is_some();
        let (n_sites, board) = (scope.board.n_sites(), scope.board);
        let folding = Folding {
            regions: &regions,
            n_sides: sides.len(),
            words: n_sites.div_ceil(64),
        };
        // Site conditions of moves, in end rules, priorities and demands.
        folding.fold_rules(&mut ends, &mut priorities, &mut demand, &mut kinds);
        let choice_zones = choice_zones(&kinds, &regions, sides.len(), n_sites);
        let (constraint_creators, constraint_taken) =
            constraint_masks(&kinds, constraint_reads.kinds);
        let rules = Rules::new(Game {
            name,
            // What the kinds and end rules imply, read before they move in.
            has_royals: kinds.iter().any(|k| k.royal),
            effect_kinds: mask_of(&kinds, |k| !k.effects.is_empty()),
            stalls: ends.iter().any(|e| e.stalled),
            capturing_effects: kinds.iter().any(|k| k.effects.iter().any(|e| e.captures())),
            choosing_kinds: mask_of(&kinds, chooses_promotion),
            capturing_kinds: mask_of(&kinds, may_capture_by),
            leave_kinds: mask_of(&kinds, |k| k.leave.is_some()),
            promote_move_kinds: mask_of(&kinds, |k| k.promote_moves.is_some()),
            move_reach: kinds.iter().map(move_reach).collect(),
            hand_kinds: mask_of(&kinds, |k| k.to_hand.is_some() || k.returns),
            no_mate_drops: mask_of(&kinds, |k| k.drop.no_mate),
            initial: empty_position(
                &board,
                sides.len(),
                kinds.len(),
                barriers.len() + kinds.len() + scope.tokens.len(),
            ),
            board,
            sides,
            kinds,
            barriers,
            regions,
            families,
            order,
            phases,
            phase_when,
            removals,
            prelude,
            captures,
            huff,
            huff_claim,
            ends,
            constraints,
            no_repeat: self.no_repeat,
            scores,
            constraints_barrier_only: constraint_reads.barrier_only,
            constraint_kinds: constraint_reads.kinds,
            constraint_sights: constraint_reads.sights,
            constraints_when: constraint_reads.when,
            constraints_breathing_only: constraint_reads.breathing_only,
            constraint_creators,
            constraint_taken,
            ends_read_last,
            again,
            phases_read_history: reads_history,
            history: self.history.take(),
            cell_owner: cell_owners(side_names.len(), kind_names.len()),
            priorities,
            seats,
            demand,
            picture,
            choice_zones,
            tokens: scope.tokens.clone(),
            counters: counters?,
            flags: flags?,
            fen: fen?,
            notation: notation?,
            tracks_last: self.tracks_last,
            check,
            check_exempt,
            pass_in_check,
            sowing,
            columns: self.columns(raw)?,
            chance: scope.chance.clone(),
            tracks: scope.tracks.clone(),
            tables: Default::default(),
        });
        self.finish(raw, rules, seeds)
    }

    /// The compiled game's derived tables, its initial position and the
    /// warnings: the last steps of [`Compiler::game`].
    fn finish(&mut self, raw: &RawGame, mut rules: Rules, seeds: Box<[u16]>) -> Res<Rules> {
        rules.game_mut().initial.seeds = seeds;
        if rules.kinds.iter().any(|k| k.stacks) {
            let n = rules.board.n_sites();
            rules.game_mut().initial.heights = vec![0; n].into_boxed_slice();
        }
        if let Err(too_large) = derive_tables(&mut rules) {
            self.tables_too_large(raw, &rules, &too_large);
            return Err(());
        }
        // The setup is checked even when other parts have errors, so that
        // its own mistakes are reported in the same run.
        let setup = self.setup(raw, &mut rules);
        if setup.is_err() || self.diags.iter().any(Diagnostic::is_error) {
            return Err(());
        }
        columns::column_tables(&mut rules);
        rules.game_mut().initial.history = rules.fresh_history(&rules.initial);
        promote_moves::start_limits(&mut rules);
        self.warnings(raw, &rules);
        Ok(rules)
    }

    /// A token named in an expression.
    fn token_ref(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<TokenId> {
        // The counters that follow the tokens are not spent.
        let tokens = &scope.tokens[..scope.tokens.len() - scope.counters.len()];
        match tokens.iter().position(|t| *t == n.text) {
            Some(i) => Ok(i as TokenId),
            None => {
                let known: Vec<&str> = tokens.iter().map(String::as_str).collect();
                self.unknown("token", s, n, &known);
                Err(())
            }
        }
    }

    /// The value a keyword names among `choices`; `None` when the key is
    /// absent, or (reported, with the choices and the nearest one) unknown.
    fn choice<T: Copy>(&mut self, s: Option<&Str>, what: &str, choices: &[(&str, T)]) -> Option<T> {
        let s = s?;
        if let Some(&(_, value)) = choices.iter().find(|(name, _)| *name == s.value) {
            return Some(value);
        }
        let names: Vec<&str> = choices.iter().map(|&(name, _)| name).collect();
        let listed: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        let expected = match listed.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        self.error(
            Diagnostic::error("unknown-name", format!("unknown {what} `{}`", s.value))
                .at(s.loc())
                .label(format!("expected {expected}"))
                .hint(suggest(&s.value, names.iter().copied())),
        );
        None
    }
}

/// The tables play reads, derived from the assembled rules: move tables,
/// reach atoms, the cell values of each side's royals and team, the sides
/// each side counts, and per kind and side the reach offsets.
/// The kinds that may promote to a kind the constraints count, and the
/// kinds whose capture changes a count: the counted kinds, and those that
/// go to a hand as one.
fn constraint_masks(kinds: &[Kind], constraint_kinds: Kinds) -> (Kinds, Kinds) {
    let counted = |k: KindId| constraint_kinds >> k & 1 == 1;
    let creators = mask_of(kinds, |k| promotion_targets(k).any(counted));
    let taken = constraint_kinds | mask_of(kinds, |k| k.to_hand.is_some_and(counted));
    (creators, taken)
}

fn derive_tables(rules: &mut Rules) -> Result<(), crate::engine::TablesTooLarge> {
    let tables = crate::engine::MoveTables::build(rules)?;
    rules.game_mut().tables.moves = tables;
    rules.derive_effect_cells();
    let flanks = crate::rules::flank::Flanks::build(rules);
    rules.game_mut().tables.flanks = flanks;
    let reach_atoms = rules.reach_atoms();
    rules.game_mut().tables.reach_atoms = reach_atoms;
    let stages = (0..rules.sides.len() as SideId)
        .map(|side| Stages::of(rules, side))
        .collect();
    rules.game_mut().tables.stages = stages;
    let values = |keep: &dyn Fn(SideId, SideId, KindId) -> bool| {
        (0..rules.sides.len() as SideId)
            .map(|side| {
                let mut mask = [0u64; 4];
                for (v, &(s, k)) in rules.cell_owner.iter().enumerate().skip(1) {
                    if keep(side, s, k) {
                        mask[v / 64] |= 1 << (v % 64);
                    }
                }
                mask
            })
            .collect::<Vec<_>>()
    };
    let royal_values = values(&|side, s, k| s == side && rules.kinds[k as usize].royal);
    let royal_kinds = (0..rules.kinds.len() as KindId)
        .filter(|&k| rules.kinds[k as usize].royal)
        .collect();
    let team_values = values(&|side, s, _| rules.same_team(s, side));
    let counted_sides = (0..rules.sides.len() as SideId)
        .map(|side| {
            let sides = |keep: &dyn Fn(SideId) -> bool| {
                (0..rules.sides.len() as SideId)
                    .filter(|&s| keep(s))
                    .fold(0u32, |set, s| set | 1 << s)
            };
            [
                sides(&|s| rules.same_team(s, side)),
                sides(&|s| !rules.same_team(s, side)),
                sides(&|_| true),
                0,
            ]
        })
        .collect();
    let reach = (0..rules.kinds.len() as KindId)
        .map(|k| {
            (0..rules.sides.len() as SideId)
                .map(|s| rules.reach_offsets(k, s))
                .collect()
        })
        .collect();
    let seed_sites = seed_sites(rules);
    let sowing_spares = seeds::sowing_spares(rules);
    let game = rules.game_mut();
    game.tables.seed_sites = seed_sites;
    game.tables.royal_values = royal_values;
    game.tables.royal_kinds = royal_kinds;
    game.tables.team_values = team_values;
    game.tables.counted_sides = counted_sides;
    game.tables.reach = reach;
    game.tables.most_points = game.ends.iter().map(|e| e.points).max().unwrap_or(1);
    let two_teams = game.sides.len() == 2 && game.sides[0].team != game.sides[1].team;
    end::share_guards(&mut game.ends, two_teams);
    game.tables.end_guards = game.ends.iter().any(|e| e.guard.is_some());
    game.tables.sowing_spares = sowing_spares;
    Ok(())
}

/// In a game with `[seeds]`, the sites of each region's parts for each
/// set of sides ([`Tables::seed_sites`](crate::rules::Tables)), so that a
/// `seeds(...)` sum reads a list, not the region's bits.
fn seed_sites(rules: &Rules) -> Vec<Box<[u16]>> {
    if rules.sowing.is_none() {
        return Vec::new();
    }
    let sets = 1u32 << rules.sides.len();
    let mut out = Vec::new();
    for region in rules.regions.iter() {
        for set in 0..sets {
            let mut union = SiteSet::new(rules.board.n_sites());
            for (o, part) in region.per_side.iter().enumerate() {
                if set >> o & 1 == 1 {
                    for (w, word) in part.0.iter().enumerate() {
                        union.0[w] |= word;
                    }
                }
            }
            out.push(union.iter().map(|s| s.0).collect());
        }
    }
    out
}

/// The report for a name that is no site of the board but a square of its
/// grid: a hole, or a square an extra site is drawn over. `None` for a name
/// of no square, which callers report with [`board_extent`].
pub(crate) fn not_a_site(board: &Board, name: &str) -> Option<Diagnostic> {
    if let Some(s) = board.site_drawn_at(name) {
        let site = board.site_name(s);
        return Some(
            Diagnostic::error(
                "unknown-name",
                format!("`{name}` is part of the site `{site}`"),
            )
            .label("a square under an extra site")
            .hint(format!("name the site: `{site}`")),
        );
    }
    board.grid_square(name).filter(|&xy| board.is_hole(xy))?;
    Some(
        Diagnostic::error("unknown-name", format!("`{name}` is a hole of the board"))
            .label("a hole, not a site")
            .hint("`holes` in `[board]` leaves this square out of the board"),
    )
}

/// "the board has files a to i and ranks 1 to 9", for unknown sites.
pub(crate) fn board_extent(board: &Board) -> String {
    format!(
        "the board has files a to {} and ranks 1 to {}",
        crate::board::file_name(board.files - 1),
        board.ranks
    )
}

/// Each team's name and the set of its sides, from each side's team index.
fn team_members(team_names: Vec<String>, teams: &[u8]) -> Vec<(String, SideSet)> {
    (team_names.into_iter().enumerate())
        .map(|(t, name)| {
            let members = (teams.iter().enumerate())
                .filter(|&(_, &team)| usize::from(team) == t)
                .fold(0, |set: SideSet, (s, _)| set | 1 << s);
            (name, members)
        })
        .collect()
}

/// The bitset of the kinds that meet `pred`.
fn mask_of(kinds: &[Kind], pred: impl Fn(&Kind) -> bool) -> Kinds {
    (kinds.iter().enumerate())
        .filter(|(_, k)| pred(k))
        .fold(0, |mask: Kinds, (i, _)| mask | 1 << i)
}

/// Per board cell value, its side and kind (index 0, the empty cell, unused).
fn cell_owners(n_sides: usize, n_kinds: usize) -> Vec<(SideId, KindId)> {
    std::iter::once((0, 0))
        .chain((0..n_sides).flat_map(|s| (0..n_kinds).map(move |k| (s as SideId, k as KindId))))
        .collect()
}

/// Whether a piece of the kind may take: by a pattern, or by an effect.
fn may_capture_by(k: &Kind) -> bool {
    k.patterns.iter().any(may_capture) || k.effects.iter().any(|e| e.captures())
}

/// Whether a piece of the kind chooses what it becomes: a promotion with
/// a choice, or promotion moves.
fn chooses_promotion(k: &Kind) -> bool {
    k.promote.as_ref().is_some_and(Promote::chooses) || k.promote_moves.is_some()
}

/// The kinds a piece of `kind` may end a move as, other than its own: its
/// promotion's default, the kinds it may choose instead, and the kind it
/// becomes when its relocation is blocked.
fn promotion_targets(kind: &Kind) -> impl Iterator<Item = KindId> + '_ {
    (kind.promote.iter())
        .flat_map(|p| {
            std::iter::once(p.to)
                .chain(p.otherwise)
                .chain(p.choices.iter().copied())
        })
        .chain(kind.promote_moves.iter().map(|p| p.to))
}

/// Per side, the sites of the promotion zones of the kinds that choose
/// their promotion ([`Rules::choice_zones`]).
fn choice_zones(
    kinds: &[Kind],
    regions: &[Region],
    n_sides: usize,
    n_sites: usize,
) -> Vec<SiteSet> {
    let chosen = kinds
        .iter()
        .filter_map(|k| k.promote.as_ref().filter(|p| p.chooses()));
    let mut zones = vec![SiteSet::new(n_sites); n_sides];
    for p in chosen {
        for (zone, region) in zones.iter_mut().zip(&regions[p.region as usize].per_side) {
            zone.0.iter_mut().zip(&region.0).for_each(|(z, r)| *z |= r);
        }
    }
    zones
}

/// The most steps along the board's lines that one move of `kind` takes
/// ([`Rules::move_reach`]): `u16::MAX` when a leap, jump, swap, castling
/// or repeated group may take it farther.
fn move_reach(kind: &Kind) -> u16 {
    let along_lines =
        |s: &Segment| s.leaps.is_empty() && !s.jump && s.swap.is_none() && s.castle.is_none();
    let pattern_reach = |p: &Pattern| match p.repeat {
        Some(_) => u16::MAX,
        None => (p.segments.iter())
            .try_fold(0u16, |n, s| {
                along_lines(s).then(|| n.saturating_add(s.max.into()))
            })
            .unwrap_or(u16::MAX),
    };
    kind.patterns.iter().map(pattern_reach).max().unwrap_or(0)
}

/// Whether the legal moves depend on the history: a phase's condition
/// reads it, or an end rule is a board seen before (the game ends there,
/// and its tree with it). A rule against repetition does too.
fn moves_read_history(phase_when: &[Option<StateCond>], ends: &[EndRule]) -> bool {
    let reads_repeated = |c: &StateCond| c.any_part(&|p| matches!(p, StateCond::Repeated { .. }));
    phase_when.iter().flatten().any(reads_history) || ends.iter().any(|e| reads_repeated(&e.when))
}
