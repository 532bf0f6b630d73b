//! How well the repair suggestions find planted slips, and how long they take.
//!
//! The test set: random legal games of every game and ruleset (seeded, so the
//! same every run), one slip of each kind planted in each at a random move;
//! records the slip leaves legal are left out (nothing to suggest). For each
//! game and slip kind the table gives how often the true fix is the first
//! suggestion (top-1) and among the three shown (top-3), and how often the
//! slip left the record legal. Then the time per game of `check` with
//! suggestions for slipped Strategic games (~670 moves), and the window sweep.
//!
//! Then the same with claims: every record carries its true `[Result]`, and
//! for the tic-tac-toe family also the held-out slips a transcriber makes
//! copying the sheet's rows (two moves of one column exchanged, a move
//! skipped or typed twice anywhere with the lines numbered as typed). For
//! each game and slip: top-1 and top-3 as above, and what `check --fix` does
//! with the record: restores it exactly, writes another fix that agrees with
//! the claim, leaves it as written (tied or unsure), or writes a fix against
//! the claim (which must never happen).
//!
//! `cargo bench --bench repair` (release build). Options after `--`:
//! `--games N` slipped illegal games per cell (default 200), `--sweep` also
//! measures window sizes 0, 1, 2, 4, 8, 16, `--claims-only` runs the table
//! with claims alone, `--timing-only` the time per Strategic game alone,
//! `--misses N` prints N cases of each cell of the table with claims whose
//! true fix is not the first suggestion, `--seed S` draws another test set
//! for that table (to check a change on games it was not tuned on),
//! `--only NAME` that table for the games whose name starts with NAME
//! (`--only tic-tac-toe`, `--only "ultimate, common"`), `--ceiling` the best
//! top-1 and top-3 any ranking can reach on its tic-tac-toe rows.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use paperboard_games::GameSetup;
use paperboard_games::check::repair::fix::fix_source;
use paperboard_games::check::{GameOutcome, Status, check_source};
use paperboard_games::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard_games::games::sos::{SosConfig, SosVariant};
use paperboard_games::games::ttt::{Options, Preset, Ruleset};
use paperboard_games::internals::{
    Planted, RepairLimits, Word, numbered_words, plant, rank_of_truth, sos_words, suggest,
    suggestion_text, ttt_words, write,
};
use paperboard_games::maps::{hmap2, map34};
use paperboard_games::record::parse;
use paperboard_games::record::write::tags_text;
use paperboard_games::rng::SplitMix64;

/// A game and ruleset of the test set.
struct Setting {
    name: &'static str,
    tags: String,
    game: Kind,
    /// The rules the games are played under (the tags say the same).
    options: Options,
}

enum Kind {
    Ttt(GameSetup),
    Sos(SosConfig),
}

fn settings() -> Vec<Setting> {
    let ttt = |name, tags: &[(&str, &str)], variant| Setting {
        name,
        tags: tags_text(
            &tags
                .iter()
                .map(|&(k, v)| (k, v.to_string()))
                .collect::<Vec<_>>(),
        ),
        game: Kind::Ttt(variant),
        options: Options::preset(Preset::Authors),
    };
    // The same game under the common rules (drawn cells nobody's, decided
    // cells closed): the preset changes where moves may go, so slips show
    // differently.
    let common = |mut setting: Setting| {
        setting.tags.push_str("[Rules \"common\"]\n");
        setting.options = Options::preset(Preset::Common);
        setting
    };
    let sos = SosConfig::new(5, 5, 2, SosVariant::General).expect("a valid board");
    vec![
        ttt(
            "tic-tac-toe",
            &[("Game", "tictactoe")],
            GameSetup::tictactoe(Options::default()),
        ),
        ttt(
            "ultimate",
            &[("Game", "ultimate")],
            GameSetup::ultimate(Options::default()),
        ),
        common(ttt(
            "ultimate, common",
            &[("Game", "ultimate")],
            GameSetup::ultimate(Options::default()),
        )),
        ttt(
            "strategic tactical",
            &[("Game", "strategic"), ("Ruleset", "tactical")],
            GameSetup::strategic(Ruleset::Tactical, None, Options::default()),
        ),
        ttt(
            "strategic functional",
            &[("Game", "strategic"), ("Ruleset", "functional")],
            GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default()),
        ),
        common(ttt(
            "strat. functional, common",
            &[("Game", "strategic"), ("Ruleset", "functional")],
            GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default()),
        )),
        ttt(
            "strategic hyperfunct.",
            &[("Game", "strategic"), ("Ruleset", "hyperfunctional")],
            GameSetup::strategic(
                Ruleset::Hyperfunctional(Box::new(hmap2())),
                None,
                Options::default(),
            ),
        ),
        Setting {
            name: "SOS 5x5 general",
            tags: tags_text(&[
                ("Game", "sos".into()),
                ("Size", "5x5".into()),
                ("Players", "Anna, Ben".into()),
            ]),
            game: Kind::Sos(sos),
            options: Options::default(),
        },
    ]
}

impl Setting {
    fn words(&self, rng: &mut SplitMix64) -> Vec<Word> {
        match &self.game {
            Kind::Ttt(setup) => {
                let start = setup.clone().with_options(self.options).ttt_game();
                let start = start.expect("a tic-tac-toe family game");
                ttt_words(&random_ttt_game(start, rng, None).0)
            }
            Kind::Sos(c) => sos_words(&random_sos_game(*c, SosStyle::Greedy, rng, None).0),
        }
    }

    fn slips(&self) -> &'static [Planted] {
        match self.game {
            Kind::Ttt(_) => &Planted::TTT,
            Kind::Sos(_) => &Planted::SOS,
        }
    }

    /// The slips of the table with claims: the held-out ones too.
    fn claim_slips(&self) -> Vec<Planted> {
        let mut all = self.slips().to_vec();
        if matches!(self.game, Kind::Ttt(_)) {
            all.extend(Planted::ROWS);
        }
        all
    }
}

/// The tags with the true result of the game `words` claimed.
fn with_claim(tags: &str, words: &[Word]) -> String {
    let plain = write(tags, words);
    let f = check_source("truth.txt", plain.as_bytes(), None);
    let claim = f
        .games
        .first()
        .and_then(|g| g.report.result.as_ref())
        .map_or("*".to_string(), |r| match r.outcome {
            GameOutcome::Draw => "draw".to_string(),
            GameOutcome::Unfinished => "*".to_string(),
            _ => r.winner.clone().unwrap_or_default(),
        });
    format!("{tags}[Result \"{claim}\"]\n")
}

/// What `check --fix` did with the slipped records.
#[derive(Default, Clone, Copy)]
struct Fixes {
    top1: usize,
    top3: usize,
    /// The truth restored.
    exact: usize,
    /// Another fix, legal, agreeing with the claim.
    agrees: usize,
    /// Nothing written.
    left: usize,
    /// A fix written whose game contradicts its claim.
    against: usize,
    /// A fix written that leaves the game illegal.
    still_illegal: usize,
}

impl Fixes {
    fn add(&mut self, o: &Fixes) {
        self.top1 += o.top1;
        self.top3 += o.top3;
        self.exact += o.exact;
        self.agrees += o.agrees;
        self.left += o.left;
        self.against += o.against;
        self.still_illegal += o.still_illegal;
    }
}

fn moves_of(text: &str) -> Vec<String> {
    parse(text)
        .ok()
        .and_then(|g| g.into_iter().next())
        .map(|g| g.moves.iter().map(|m| m.text.to_string()).collect())
        .unwrap_or_default()
}

/// Prints a case whose true fix is not the first suggestion: the moves as
/// slipped, where they differ from the truth, and the suggestions shown.
fn show_miss(
    label: &str,
    c: &Case,
    rank: Option<usize>,
    errors: &[paperboard_games::check::CheckError],
) {
    let truth = moves_of(&c.truth);
    let slipped = moves_of(&c.slipped);
    let rank = rank.map_or("not shown".to_string(), |r| format!("shown {}.", r + 1));
    println!("--- miss: {label} (true fix {rank})");
    println!("  truth   {}", truth.join(" "));
    println!("  slipped {}", slipped.join(" "));
    let claim = c
        .truth
        .lines()
        .find(|l| l.starts_with("[Result"))
        .unwrap_or("");
    println!("  claim {claim}");
    for e in errors {
        println!("  error move {:?} {}: {}", e.move_number, e.text, e.message);
        for s in &e.suggestions {
            println!(
                "    {} {:?} ply {} tie {}",
                suggestion_text(s),
                s.slip,
                s.ply,
                s.tie
            );
        }
    }
}

/// Top-1, top-3 and what `--fix` writes, over `cases`; prints up to
/// `misses` cases whose true fix is not the first suggestion.
fn fixes(cases: &[Case], label: &str, misses: usize) -> Fixes {
    let mut f = Fixes::default();
    let mut shown = 0;
    for c in cases {
        let checked = check_source("slipped.txt", c.slipped.as_bytes(), None);
        let first = checked.games[0]
            .report
            .errors
            .iter()
            .find(|e| !e.suggestions.is_empty());
        let rank = first.and_then(|e| rank_of_truth(&c.truth, &c.slipped, &e.suggestions));
        match rank {
            Some(0) => {
                f.top1 += 1;
                f.top3 += 1;
            }
            Some(_) => f.top3 += 1,
            None => {}
        }
        if shown < misses && rank != Some(0) {
            shown += 1;
            show_miss(label, c, rank, &checked.games[0].report.errors);
        }
        let recheck = |t: &str| check_source("fixed.txt", t.as_bytes(), None).games;
        let plan = fix_source(&c.slipped, &checked.games, &recheck);
        if plan.fixed.changes.is_empty() {
            f.left += 1;
            continue;
        }
        if moves_of(&plan.fixed.text) == moves_of(&c.truth) {
            f.exact += 1;
            continue;
        }
        let again = check_source("fixed.txt", plan.fixed.text.as_bytes(), None);
        let report = &again.games[0].report;
        if report.status == Status::Illegal {
            f.still_illegal += 1;
        } else if report.claims.iter().any(|c| c.readable && !c.right) {
            f.against += 1;
        } else {
            f.agrees += 1;
        }
    }
    f
}

/// The table with claims; `misses` failing cases of each cell printed,
/// `seed` added to every cell's seed (0: the figures as quoted), only the
/// games whose name starts with `only` (each keeps its seeds).
fn claims_table(games: usize, misses: usize, seed: u64, only: &str) {
    println!(
        "\nwith the true [Result] claimed; what check --fix writes\n{:<26} {:<17} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8}",
        "game", "slip", "games", "top-1", "top-3", "exact", "agrees", "left", "illegal", "against"
    );
    let row = |game: &str, kind: &str, n: usize, f: &Fixes| {
        println!(
            "{:<26} {:<17} {:>6} {:>6.1}% {:>6.1}% {:>6.1}% {:>6.1}% {:>6.1}% {:>7.1}% {:>8}",
            game,
            kind,
            n,
            pct(f.top1, n),
            pct(f.top3, n),
            pct(f.exact, n),
            pct(f.agrees, n),
            pct(f.left, n),
            pct(f.still_illegal, n),
            f.against
        );
    };
    let mut by_kind = std::collections::BTreeMap::<&str, (usize, Fixes)>::new();
    let mut by_game = Vec::new();
    for (s, setting) in settings().iter().enumerate() {
        if !setting.name.starts_with(only) {
            continue;
        }
        let mut game_total = (0, Fixes::default());
        for (k, kind) in setting.claim_slips().into_iter().enumerate() {
            let seed = seed + 7000 + 1000 * s as u64 + k as u64;
            let (cases, _) = planted_cases(setting, kind, games, seed, true);
            if cases.is_empty() {
                continue;
            }
            let label = format!("{}, {}", setting.name, kind.name());
            let f = fixes(&cases, &label, misses);
            row(setting.name, kind.name(), cases.len(), &f);
            let t = by_kind.entry(kind.name()).or_default();
            t.0 += cases.len();
            t.1.add(&f);
            game_total.0 += cases.len();
            game_total.1.add(&f);
        }
        by_game.push((setting.name, game_total));
    }
    println!();
    for (name, (n, f)) in &by_game {
        row(name, "all slips", *n, f);
    }
    println!();
    for (kind, (n, f)) in &by_kind {
        row("all games", kind, *n, f);
    }
}

/// One slipped illegal record and its truth.
struct Case {
    truth: String,
    slipped: String,
}

/// `games` slipped records of `kind` that are illegal, and how many slips
/// were planted to get them.
fn cases(setting: &Setting, kind: Planted, games: usize, seed: u64) -> (Vec<Case>, usize) {
    planted_cases(setting, kind, games, seed, false)
}

/// As [`cases`]; with `claim`, every record carries its true result.
fn planted_cases(
    setting: &Setting,
    kind: Planted,
    games: usize,
    seed: u64,
    claim: bool,
) -> (Vec<Case>, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut planted = 0;
    for _ in 0..games * 20 {
        if out.len() == games {
            break;
        }
        let words = setting.words(&mut rng);
        let Some(slipped) = plant(&words, kind, &mut rng) else {
            continue;
        };
        planted += 1;
        let tags = if claim {
            with_claim(&setting.tags, &words)
        } else {
            setting.tags.clone()
        };
        let slipped = write(&tags, &slipped);
        let f = check_source("slipped.txt", slipped.as_bytes(), None);
        if f.games
            .first()
            .is_some_and(|g| g.report.status == Status::Illegal)
        {
            out.push(Case {
                truth: write(&tags, &words),
                slipped,
            });
        }
    }
    (out, planted)
}

/// Top-1 and top-3 hits, and games without any suggestion, over `cases`.
fn recovery(cases: &[Case], limits: &RepairLimits) -> (usize, usize, usize) {
    let (mut top1, mut top3, mut none) = (0, 0, 0);
    for c in cases {
        let games = parse(&c.slipped).expect("written records parse");
        let record = &games[0];
        let findings = suggest(record, limits);
        let Some(first) = findings.first() else {
            none += 1;
            continue;
        };
        match rank_of_truth(&c.truth, &c.slipped, &first.suggestions) {
            Some(0) => {
                top1 += 1;
                top3 += 1;
            }
            Some(_) => top3 += 1,
            None => {}
        }
    }
    (top1, top3, none)
}

fn pct(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

fn arg_value(args: &[String], name: &str) -> Option<usize> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1)?.parse().ok()
}

fn table(games: usize) {
    println!(
        "{:<26} {:<17} {:>6} {:>7} {:>7} {:>7} {:>10}",
        "game", "slip", "games", "top-1", "top-3", "none", "invisible"
    );
    let limits = RepairLimits::default();
    let mut totals = std::collections::BTreeMap::<&str, (usize, usize, usize)>::new();
    for (s, setting) in settings().iter().enumerate() {
        for (k, &kind) in setting.slips().iter().enumerate() {
            let (cases, planted) = cases(setting, kind, games, 1000 * s as u64 + k as u64);
            if planted == 0 {
                continue;
            }
            let (top1, top3, none) = recovery(&cases, &limits);
            let n = cases.len();
            let t = totals.entry(kind.name()).or_default();
            *t = (t.0 + n, t.1 + top1, t.2 + top3);
            println!(
                "{:<26} {:<17} {:>6} {:>6.1}% {:>6.1}% {:>6.1}% {:>9.1}%",
                setting.name,
                kind.name(),
                n,
                pct(top1, n),
                pct(top3, n),
                pct(none, n),
                pct(planted - n, planted)
            );
        }
    }
    println!();
    for (kind, (n, top1, top3)) in totals {
        println!(
            "{:<26} {:<17} {:>6} {:>6.1}% {:>6.1}%",
            "all games",
            kind,
            n,
            pct(top1, n),
            pct(top3, n)
        );
    }
}

/// The Strategic setting the timings use: functional map34, authors' rules.
fn strategic_functional() -> Setting {
    settings()
        .into_iter()
        .find(|s| s.name == "strategic functional")
        .expect("the test set has it")
}

/// Time of `check` with suggestions per slipped Strategic game.
fn timing(games: usize) {
    let setting = &strategic_functional();
    let mut times: Vec<Duration> = Vec::new();
    let mut moves = 0;
    for (k, &kind) in setting.slips().iter().enumerate() {
        let (cases, _) = cases(setting, kind, games / 4, 77 + k as u64);
        for c in &cases {
            let record = parse(&c.slipped).expect("parses").remove(0);
            moves += record.moves.len();
            // The whole check of the file: parse, replay, report, suggestions.
            let start = Instant::now();
            let checked = check_source("slipped.txt", c.slipped.as_bytes(), None);
            times.push(start.elapsed());
            assert_eq!(checked.games[0].report.status, Status::Illegal);
        }
    }
    times.sort();
    let n = times.len().max(1);
    let total: Duration = times.iter().sum();
    println!(
        "\ncheck with suggestions, slipped {} games (mean {} moves), {} games: mean {:.2} ms, median {:.2} ms, 95th percentile {:.2} ms, max {:.2} ms",
        setting.name,
        moves / n,
        times.len(),
        total.as_secs_f64() * 1e3 / n as f64,
        times[n / 2].as_secs_f64() * 1e3,
        times[n * 95 / 100].as_secs_f64() * 1e3,
        times[n - 1].as_secs_f64() * 1e3,
    );
}

/// Top-3 over every game and slip, and Strategic time, per window size.
fn sweep(games: usize) {
    println!("\nwindow  top-1   top-3   strategic ms/game");
    let all: Vec<(bool, Vec<Case>)> = settings()
        .iter()
        .enumerate()
        .flat_map(|(s, setting)| {
            let timed = setting.name == "strategic functional";
            setting.slips().iter().enumerate().map(move |(k, &kind)| {
                (
                    timed,
                    cases(setting, kind, games, 500 + 10 * s as u64 + k as u64).0,
                )
            })
        })
        .collect();
    for window in [0, 1, 2, 4, 8, 16] {
        let limits = RepairLimits {
            window,
            ..RepairLimits::default()
        };
        let (mut n, mut top1, mut top3) = (0, 0, 0);
        let mut strategic = (Duration::ZERO, 0);
        for (timed, cases) in &all {
            let start = Instant::now();
            let (t1, t3, _) = recovery(cases, &limits);
            if *timed {
                strategic = (strategic.0 + start.elapsed(), strategic.1 + cases.len());
            }
            n += cases.len();
            top1 += t1;
            top3 += t3;
        }
        println!(
            "{window:>6} {:>6.1}% {:>6.1}% {:>10.2}",
            pct(top1, n),
            pct(top3, n),
            strategic.0.as_secs_f64() * 1e3 / strategic.1.max(1) as f64
        );
    }
}

/// The moves of every record one slip of `kind` away from `moves` (a
/// tic-tac-toe game's cells): the explanations of a slipped record that a
/// ranking which knew the kind of slip would choose among.
fn ttt_explanations(moves: &[String], kind: Planted) -> Vec<Vec<String>> {
    let cells = || (1..=9).map(|d: u8| d.to_string());
    let mut out = Vec::new();
    let n = moves.len();
    match kind {
        Planted::OneDigit | Planted::NeighbouringKey => {
            for i in 0..n {
                for c in cells().filter(|c| *c != moves[i]) {
                    let mut m = moves.to_vec();
                    m[i] = c;
                    out.push(m);
                }
            }
        }
        Planted::MovesExchanged | Planted::RowsExchanged => {
            let gap = if kind == Planted::MovesExchanged {
                1
            } else {
                2
            };
            for i in 0..n.saturating_sub(gap) {
                if moves[i] != moves[i + gap] {
                    let mut m = moves.to_vec();
                    m.swap(i, i + gap);
                    out.push(m);
                }
            }
        }
        Planted::MoveSkipped => {
            for i in 0..=n {
                for c in cells() {
                    let mut m = moves.to_vec();
                    m.insert(i, c);
                    out.push(m);
                }
            }
        }
        _ => {}
    }
    out.sort();
    out.dedup();
    out
}

/// The best top-1 and top-3 any ranking can reach on the tic-tac-toe rows
/// of the table with claims: for each slipped record, `k` explanations of
/// the planted kind give a legal game with the claimed result, and the test
/// set draws them alike (random games, a slip at a random move), so no
/// evidence in the record tells them apart: the mean of 1/k and of
/// min(1, 3/k). Then the same for a ranking that shows the one move after
/// the end deleted first wherever that deletion leaves the game legal with
/// its claimed result (as the repair search does): 0 and min(1, 2/k) there.
fn ceiling(games: usize, seed: u64) {
    println!(
        "\ntic-tac-toe with the true [Result] claimed: the best any ranking can do\n{:<17} {:>6} {:>7} {:>7} {:>11} {:>11}",
        "slip", "games", "top-1", "top-3", "del. top-1", "del. top-3"
    );
    let setting = &settings()[0];
    for (k, kind) in setting.claim_slips().into_iter().enumerate() {
        // A move left out keeps its number on the line, which tells where
        // it was (the explanations here number the lines anew); the rest
        // have no explanation of their own kind to choose among.
        if !matches!(
            kind,
            Planted::OneDigit
                | Planted::NeighbouringKey
                | Planted::MovesExchanged
                | Planted::RowsExchanged
                | Planted::MoveSkipped
        ) {
            continue;
        }
        let (cases, _) = planted_cases(setting, kind, games, seed + 7000 + k as u64, true);
        let (mut top1, mut top3) = (0.0, 0.0);
        // The same when the one move after the end, deleted, is shown first
        // wherever that leaves the game legal with its claimed result (the
        // first reading of a move after the end): two places left.
        let (mut del1, mut del3) = (0.0, 0.0);
        for c in &cases {
            let head: String = c
                .slipped
                .lines()
                .take_while(|l| l.starts_with('['))
                .map(|l| format!("{l}\n"))
                .collect();
            let legal = ttt_explanations(&moves_of(&c.slipped), kind)
                .into_iter()
                .filter(|m| {
                    let words = numbered_words(m.iter().cloned());
                    let text = write(&head, &words);
                    let f = check_source("explained.txt", text.as_bytes(), None);
                    f.games[0].report.status == Status::Legal
                })
                .count();
            let moves = moves_of(&c.slipped);
            let deleted = write(
                &head,
                &numbered_words(moves[..moves.len() - 1].iter().cloned()),
            );
            let checked = check_source("deleted.txt", deleted.as_bytes(), None);
            let report = &checked.games[0].report;
            let deletion_first = report.status == Status::Legal
                && report
                    .result
                    .as_ref()
                    .is_some_and(|r| r.outcome != GameOutcome::Unfinished)
                && report.claims.iter().all(|c| c.readable && c.right);
            if legal > 0 {
                top1 += 1.0 / legal as f64;
                top3 += (3.0 / legal as f64).min(1.0);
                if !deletion_first {
                    del1 += 1.0 / legal as f64;
                }
                let places = if deletion_first { 2.0 } else { 3.0 };
                del3 += (places / legal as f64).min(1.0);
            }
        }
        let n = cases.len().max(1) as f64;
        println!(
            "{:<17} {:>6} {:>6.1}% {:>6.1}% {:>10.1}% {:>10.1}%",
            kind.name(),
            cases.len(),
            100.0 * top1 / n,
            100.0 * top3 / n,
            100.0 * del1 / n,
            100.0 * del3 / n
        );
    }
}

/// Criterion: `check` of one slipped Strategic game (one digit changed
/// halfway through) with and without its suggestions.
fn criterion_time() {
    let setting = &strategic_functional();
    let (cases, _) = cases(setting, Planted::OneDigit, 1, 670);
    let slipped = &cases[0].slipped;
    let record = parse(slipped).expect("parses").remove(0);
    let moves = record.moves.len();
    let mut c = Criterion::default().sample_size(30).without_plots();
    let mut g = c.benchmark_group("repair");
    g.bench_function(
        format!("check slipped strategic game ({moves} moves) with suggestions"),
        |b| b.iter(|| check_source("slipped.txt", black_box(slipped.as_bytes()), None)),
    );
    g.bench_function(format!("suggestions alone ({moves} moves)"), |b| {
        b.iter(|| suggest(black_box(&record), &RepairLimits::default()))
    });
    g.finish();
    c.final_summary();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = arg_value(&args, "--games").unwrap_or(200);
    if args.iter().any(|a| a == "--timing-only") {
        timing(games);
        return;
    }
    let misses = arg_value(&args, "--misses").unwrap_or(0);
    let seed = arg_value(&args, "--seed").unwrap_or(0) as u64;
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|at| args.get(at + 1))
        .map_or("", String::as_str);
    if args.iter().any(|a| a == "--claims-only") {
        claims_table(games, misses, seed, only);
        return;
    }
    if args.iter().any(|a| a == "--ceiling") {
        ceiling(games, seed);
        return;
    }
    table(games);
    claims_table(games, misses, seed, only);
    timing(games);
    criterion_time();
    if args.iter().any(|a| a == "--sweep") {
        sweep(games / 2);
    }
}
