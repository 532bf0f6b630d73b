//! Writes the example game records in `examples/records/`: for every game and
//! ruleset a legal game that ends in a win, one that ends in a draw and one
//! left unfinished, played by seeded random players; and illegal records, each
//! made from a legal game by one deliberate slip of the kind found on paper.
//!
//! `cargo run --example make_records` writes the same bytes every time.

use std::path::Path;

use paperboard::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard::games::sos::{SosConfig, SosMove, SosOutcome, SosVariant, player_letter};
use paperboard::games::ttt::{Game, Mark, Move, Options, Outcome, Ruleset, Variant};
use paperboard::maps::{builtin_functional, hmap2, map34};
use paperboard::record::write::{sos_moves_text, tags_text, ttt_moves_text};
use paperboard::rng::SplitMix64;

const X_NAMES: [&str; 6] = ["Anna", "Maya", "Tom", "Lena", "Jonas", "Ida"];
const O_NAMES: [&str; 6] = ["Ben", "Noah", "Sara", "Felix", "Mia", "Paul"];

struct TttConfig {
    file: &'static str,
    title: &'static str,
    variant: Variant,
    options: Options,
    tags: Vec<(&'static str, String)>,
}

fn ttt_configs() -> Vec<TttConfig> {
    let strategic = |ruleset| Variant::Strategic(ruleset);
    let opts = |play_in_decided, no_return| Options {
        play_in_decided,
        no_return,
    };
    let s = |v: &str| v.to_string();
    vec![
        TttConfig {
            file: "tictactoe",
            title: "Tic-tac-toe",
            variant: Variant::TicTacToe,
            options: Options::default(),
            tags: vec![("Game", s("tictactoe"))],
        },
        TttConfig {
            file: "ultimate",
            title: "Ultimate tic-tac-toe (a full target sends anywhere)",
            variant: Variant::Ultimate,
            options: Options::default(),
            tags: vec![("Game", s("ultimate"))],
        },
        TttConfig {
            file: "ultimate-house-rule",
            title: "Ultimate, house rule: no moves into decided tactical cells",
            variant: Variant::Ultimate,
            options: opts(false, false),
            tags: vec![("Game", s("ultimate")), ("PlayInDecided", s("no"))],
        },
        TttConfig {
            file: "strategic-tactical",
            title: "Strategic tic-tac-toe, tactical ruleset",
            variant: strategic(Ruleset::Tactical),
            options: Options::default(),
            tags: vec![("Game", s("strategic")), ("Ruleset", s("tactical"))],
        },
        TttConfig {
            file: "strategic-functional-map34",
            title: "Strategic tic-tac-toe, functional ruleset, the standard map34",
            variant: strategic(Ruleset::Functional(map34())),
            options: Options::default(),
            tags: vec![
                ("Game", s("strategic")),
                ("Ruleset", s("functional")),
                ("Map", s("map34")),
            ],
        },
        TttConfig {
            file: "strategic-functional-map67-no-return",
            title: "Strategic, functional map67, no-return, no moves into decided cells",
            variant: strategic(Ruleset::Functional(
                builtin_functional("map67").expect("built in"),
            )),
            options: opts(false, true),
            tags: vec![
                ("Game", s("strategic")),
                ("Ruleset", s("functional")),
                ("Map", s("map67")),
                ("PlayInDecided", s("no")),
                ("NoReturn", s("yes")),
            ],
        },
        TttConfig {
            file: "strategic-hyperfunctional-hmap2",
            title: "Strategic tic-tac-toe, hyperfunctional ruleset, hmap2",
            variant: strategic(Ruleset::Hyperfunctional(Box::new(hmap2()))),
            options: Options::default(),
            tags: vec![
                ("Game", s("strategic")),
                ("Ruleset", s("hyperfunctional")),
                ("HyperMap", s("hmap2")),
            ],
        },
    ]
}

fn ttt_claim(outcome: Outcome) -> String {
    match outcome {
        Outcome::Winner(Mark::X) => "X".into(),
        Outcome::Winner(Mark::O) => "O".into(),
        Outcome::Draw => "draw".into(),
        Outcome::Unfinished => "*".into(),
    }
}

/// A game of `config` that ends as `wanted` (searching seeds), or `None`.
fn find_ttt(config: &TttConfig, wanted: OutcomeTest) -> Option<(u64, Vec<Move>, Outcome)> {
    (0..4000u64).find_map(|seed| {
        let mut rng = SplitMix64::new(seed);
        let (moves, game) = random_ttt_game(&config.variant, config.options, &mut rng, None);
        wanted(game.outcome()).then(|| (seed, moves, game.outcome()))
    })
}

/// Whether a game's outcome is the one wanted.
type OutcomeTest = fn(Outcome) -> bool;

struct Written {
    text: String,
    /// Move lists of the games, for the illegal records.
    ttt: Vec<Vec<Move>>,
}

fn ttt_file(config: &TttConfig) -> Written {
    let mut text = format!(
        "; {} — example records made by `cargo run --example make_records`.\n; Three games: one won, one drawn, one left unfinished.\n\n",
        config.title
    );
    let mut games = Vec::new();
    let kinds: [(&str, OutcomeTest); 3] = [
        ("won", |o| matches!(o, Outcome::Winner(_))),
        ("drawn", |o| o == Outcome::Draw),
        ("unfinished", |o| matches!(o, Outcome::Winner(_))),
    ];
    for (k, (kind, wanted)) in kinds.iter().enumerate() {
        // The unfinished game is a different won game stopped half way.
        let found = if *kind == "unfinished" {
            (1000..1100u64).find_map(|seed| {
                let mut rng = SplitMix64::new(seed);
                let (moves, game) =
                    random_ttt_game(&config.variant, config.options, &mut rng, None);
                wanted(game.outcome()).then(|| {
                    let half = moves[..moves.len() / 2].to_vec();
                    (seed, half, Outcome::Unfinished)
                })
            })
        } else {
            find_ttt(config, *wanted)
        };
        let Some((seed, moves, outcome)) = found else {
            eprintln!("{}: no {kind} game found", config.file);
            continue;
        };
        let mut tags = config.tags.clone();
        tags.push(("X", X_NAMES[(seed as usize + k) % 6].to_string()));
        tags.push(("O", O_NAMES[(seed as usize + 2 * k) % 6].to_string()));
        tags.push(("Date", format!("2026-11-{:02}", 2 + k * 9)));
        tags.push(("Result", ttt_claim(outcome)));
        text += &format!("; {kind}: {} moves\n", moves.len());
        text += &tags_text(&tags);
        text.push('\n');
        text += &ttt_moves_text(&moves);
        text.push('\n');
        games.push(moves);
    }
    Written { text, ttt: games }
}

struct SosFile {
    file: &'static str,
    title: &'static str,
    config: SosConfig,
    names: &'static [&'static str],
}

fn sos_configs() -> Vec<SosFile> {
    let cfg = |w, h, p, v| SosConfig::new(w, h, p, v).expect("valid");
    vec![
        SosFile {
            file: "sos-general",
            title: "SOS, general rules, 5x5, two players",
            config: cfg(5, 5, 2, SosVariant::General),
            names: &["Anna", "Ben"],
        },
        SosFile {
            file: "sos-three-players",
            title: "SOS, general rules, 6x4, three players",
            config: cfg(6, 4, 3, SosVariant::General),
            names: &["Chloe", "Dev", "Emil"],
        },
        SosFile {
            file: "sos-simple",
            title: "SOS, simple rules (first SOS wins), 4x4",
            config: cfg(4, 4, 2, SosVariant::Simple),
            names: &["Maya", "Tom"],
        },
    ]
}

fn sos_claim(outcome: SosOutcome, names: &[&str]) -> String {
    match outcome {
        SosOutcome::Winner(p) => names[usize::from(p)].to_string(),
        SosOutcome::Draw => "draw".into(),
        SosOutcome::Unfinished => "*".into(),
    }
}

fn sos_file(f: &SosFile) -> (String, Vec<Vec<(u8, SosMove)>>) {
    let mut text = format!(
        "; {} — example records made by `cargo run --example make_records`.\n; Three games: one won, one drawn, one left unfinished.\n\n",
        f.title
    );
    let mut all = Vec::new();
    let size = format!("{}x{}", f.config.width(), f.config.height());
    for (k, kind) in ["won", "drawn", "unfinished"].iter().enumerate() {
        let style = match (*kind, f.config.variant()) {
            ("drawn", SosVariant::Simple) => SosStyle::Cautious,
            ("drawn", _) => SosStyle::Random,
            _ => SosStyle::Greedy,
        };
        let found = (0..3000u64).find_map(|seed| {
            let mut rng = SplitMix64::new(seed + 100 * k as u64);
            let (moves, game) = random_sos_game(f.config, style, &mut rng, None);
            let ok = match *kind {
                "drawn" => game.outcome() == SosOutcome::Draw,
                _ => matches!(game.outcome(), SosOutcome::Winner(_)),
            };
            ok.then_some(moves)
        });
        let Some(mut moves) = found else {
            eprintln!("{}: no {kind} game found", f.file);
            continue;
        };
        if *kind == "unfinished" {
            moves.truncate(moves.len() / 2);
        }
        let mut replay = paperboard::games::sos::SosGame::new(f.config);
        for (_, mv) in &moves {
            replay.play(*mv).expect("legal");
        }
        let scores: Vec<String> = replay
            .scores()
            .iter()
            .enumerate()
            .map(|(p, s)| format!("{} {s}", player_letter(p as u8)))
            .collect();
        let variant = match f.config.variant() {
            SosVariant::General => "general",
            SosVariant::Simple => "simple",
        };
        let tags = vec![
            ("Game", "sos".to_string()),
            ("Size", size.clone()),
            ("Variant", variant.to_string()),
            ("Players", f.names.join(", ")),
            ("Date", format!("2026-10-{:02}", 5 + k * 7)),
            ("Result", sos_claim(replay.outcome(), f.names)),
            ("Score", scores.join(", ")),
        ];
        text += &format!("; {kind}: {} moves\n", moves.len());
        text += &tags_text(&tags);
        text.push('\n');
        text += &sos_moves_text(&moves);
        text.push('\n');
        all.push(moves);
    }
    (text, all)
}

/// Replaces the `n`-th move (0-based) in a numbered tic-tac-toe record text.
fn replace_move(moves: &[Move], n: usize, with: &str) -> String {
    let mut words: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    words[n] = with.to_string();
    let mut out = String::new();
    for (i, pair) in words.chunks(2).enumerate() {
        out += &format!("{}. {}\n", i + 1, pair.join(" "));
    }
    out
}

fn functional_variant() -> Variant {
    Variant::Strategic(Ruleset::Functional(map34()))
}

/// `moves` with its last move replaced by one the rules refuse with `code`.
fn slip(variant: &Variant, moves: &[Move], code: &str) -> Vec<Move> {
    let (last, before) = moves.split_last().expect("a move to replace");
    let mut game = Game::new(variant.clone(), Options::default());
    for mv in before {
        game.play(*mv).expect("legal");
    }
    let cells = 9usize.pow(game.depth() as u32);
    let bad = (0..cells)
        .map(|i| Move::from_index(i, game.depth()))
        .find(|m| game.check(*m).is_err_and(|e| e.code() == code))
        .unwrap_or(*last);
    let mut out = before.to_vec();
    out.push(bad);
    out
}

fn illegal_files(
    strategic: &[Vec<Move>],
    ultimate: &[Vec<Move>],
    ttt: &[Vec<Move>],
    sos: &[Vec<(u8, SosMove)>],
) -> Vec<(&'static str, String)> {
    let functional = "[Game \"strategic\"]\n[Ruleset \"functional\"]\n[Map \"map34\"]\n[X \"Lena\"]\n[O \"Jonas\"]\n";
    let won = &strategic[0];
    let mut out = Vec::new();

    // Occupied: O's 16th move goes into a cell already taken.
    let text = format!(
        "; Illegal: the last move (16, O) is written into a cell that is already taken.\n{functional}\n{}",
        ttt_moves_text(&slip(&functional_variant(), &won[..32], "occupied"))
    );
    out.push(("occupied-cell", text));

    // Wrong tactical cell: O's 11th move ignores where X sent O.
    let text = format!(
        "; Illegal: the last move (11, O) is not in the tactical cell X's move sent O to.\n[Game \"ultimate\"]\n[X \"Tom\"]\n[O \"Sara\"]\n\n{}",
        ttt_moves_text(&slip(
            &Variant::Ultimate,
            &ultimate[0][..22],
            "wrong-tactical-cell"
        ))
    );
    out.push(("wrong-tactical-cell", text));

    // Move after the end: the won tic-tac-toe game plus one more move.
    let t = &ttt[0];
    let played: Vec<usize> = t.iter().map(|m| m.index()).collect();
    let free = (0..9).find(|i| !played.contains(i)).map_or(1, |i| i + 1);
    let mut moves_text = ttt_moves_text(t).trim_end().to_string();
    if t.len() % 2 == 1 {
        moves_text += &format!(" {free}\n");
    } else {
        moves_text += &format!("\n{}. {free}\n", t.len() / 2 + 1);
    }
    let text = format!(
        "; Illegal: a move is written after the game was already won.\n[Game \"tictactoe\"]\n[X \"Ida\"]\n[O \"Paul\"]\n\n{moves_text}"
    );
    out.push(("move-after-end", text));

    // Bad move number: a line is numbered twice (copied from paper twice).
    let lines: Vec<String> = ttt_moves_text(&won[..40])
        .lines()
        .map(String::from)
        .collect();
    let mut text =
        format!("; Illegal: move 13 is numbered 12 again (a line copied twice?).\n{functional}\n");
    for (i, line) in lines.iter().enumerate() {
        if i == 12 {
            text += &line.replacen("13.", "12.", 1);
        } else {
            text += line;
        }
        text.push('\n');
    }
    out.push(("bad-move-number", text));

    // Wrong claimed result: a won game claimed as a draw.
    let text = format!(
        "; Wrong claim: the game was won, but the record claims a draw.\n{functional}[Result \"draw\"]\n\n{}",
        ttt_moves_text(won)
    );
    out.push(("wrong-result", text));

    // Unparseable moves: a 0 where a position belongs, and a comma separator.
    let comma = won[13].to_string().replacen('.', ",", 1);
    let text = format!(
        "; Illegal: two moves cannot be read: a position written as 0, and a comma\n; used as a separator.\n{functional}\n{}",
        replace_move(&won[..20], 7, "5.0.3").replacen(
            &format!(" {}\n", won[13]),
            &format!(" {comma}\n"),
            1
        )
    );
    out.push(("unparseable-move", text));

    // SOS: a player written out of turn, and a wrong score.
    let g = &sos[0];
    let mut words: Vec<String> = g
        .iter()
        .map(|(p, mv)| format!("{}:{mv}", player_letter(*p)))
        .collect();
    // The first move after an SOS (an extra turn) is credited to the other player.
    let mut replay = paperboard::games::sos::SosGame::new(
        SosConfig::new(5, 5, 2, SosVariant::General).expect("valid"),
    );
    let mut extra = None;
    for (i, (_, mv)) in g.iter().enumerate() {
        let out = replay.play(*mv).expect("legal");
        if out.made > 0 && i + 1 < g.len() && extra.is_none() {
            extra = Some(i + 1);
        }
    }
    if let Some(i) = extra {
        let (p, mv) = g[i];
        words[i] = format!("{}:{mv}", player_letter(1 - p));
    }
    let mut text = "; Illegal: after an SOS the same player moves again, but the next move\n; is written for the other player. The claimed score is wrong too.\n[Game \"sos\"]\n[Size \"5x5\"]\n[Players \"Anna, Ben\"]\n".to_string();
    let scores = replay.scores();
    text += &format!("[Score \"A {}, B {}\"]\n\n", scores[0] + 1, scores[1]);
    for line in words.chunks(8) {
        text += &line.join(" ");
        text.push('\n');
    }
    out.push(("sos-out-of-turn-and-wrong-score", text));
    out
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/records");
    std::fs::create_dir_all(dir.join("illegal")).expect("create examples/records/illegal");
    let mut strategic = Vec::new();
    let mut ultimate = Vec::new();
    let mut ttt = Vec::new();
    for config in ttt_configs() {
        let written = ttt_file(&config);
        match config.file {
            "strategic-functional-map34" => strategic = written.ttt.clone(),
            "ultimate" => ultimate = written.ttt.clone(),
            "tictactoe" => ttt = written.ttt.clone(),
            _ => {}
        }
        let path = dir.join(format!("{}.txt", config.file));
        std::fs::write(&path, written.text.as_bytes()).expect("write record");
    }
    let mut sos = Vec::new();
    for f in sos_configs() {
        let (text, games) = sos_file(&f);
        if f.file == "sos-general" {
            sos = games;
        }
        std::fs::write(dir.join(format!("{}.txt", f.file)), text.as_bytes()).expect("write record");
    }
    for (name, text) in illegal_files(&strategic, &ultimate, &ttt, &sos) {
        let path = dir.join("illegal").join(format!("{name}.txt"));
        std::fs::write(&path, text.as_bytes()).expect("write record");
    }
}
