//! Writes the example game records in `examples/records/`: for every game,
//! ruleset and rule preset a legal game that ends in a win, one that ends in a
//! draw and one left unfinished, played by seeded random players; games that
//! show the rules where the presets differ (a line through a drawn cell, a win
//! handed to the player who did not move, a shared SOS win); and illegal
//! records, each made from a legal game by one deliberate slip of the kind
//! found on paper.
//!
//! `cargo run --example make_records` writes the same bytes every time.

use std::path::Path;

use paperboard_games::GameSetup;
use paperboard_games::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard_games::games::sos::{SosConfig, SosMove, SosOutcome, SosVariant, player_letter};
use paperboard_games::games::ttt::{
    Decided, Draws, Game, Mark, Move, MoveError, NoReturn, Options, Outcome, Preset, Ruleset,
};
use paperboard_games::internals::{sos_moves_text, ttt_moves_text};
use paperboard_games::maps::{builtin_functional, hmap2, map34};
use paperboard_games::record::write::tags_text;
use paperboard_games::rng::SplitMix64;

const X_NAMES: [&str; 6] = ["Anna", "Maya", "Tom", "Lena", "Jonas", "Ida"];
const O_NAMES: [&str; 6] = ["Ben", "Noah", "Sara", "Felix", "Mia", "Paul"];

/// Whether a finished random game (its moves and final position) is the kind
/// wanted.
type GameTest = fn(&[Move], &Game) -> bool;

/// One game of a file: a comment naming it, the test its game must pass, and
/// whether the record stops half way (an unfinished game).
struct Kind {
    label: &'static str,
    wanted: GameTest,
    half: bool,
}

const fn kind(label: &'static str, wanted: GameTest, half: bool) -> Kind {
    Kind {
        label,
        wanted,
        half,
    }
}

fn won(_: &[Move], g: &Game) -> bool {
    matches!(g.outcome(), Outcome::Winner(_))
}

fn drawn(_: &[Move], g: &Game) -> bool {
    g.outcome() == Outcome::Draw
}

/// Won with the last move, the winner's line at the top runs through a drawn
/// cell, and without that drawn cell counting the game would not be won.
fn won_through_a_draw_by_the_mover(moves: &[Move], g: &Game) -> bool {
    let Outcome::Winner(w) = g.outcome() else {
        return false;
    };
    let top = g.board(g.depth() - 1, 0);
    let mover = if moves.len() % 2 == 1 {
        Mark::X
    } else {
        Mark::O
    };
    w == mover
        && top
            .line_of(w, Draws::Both)
            .is_some_and(|l| l & top.drawn != 0)
        && !top.has_line(w, Draws::None)
}

/// Won by the player who did not make the last move: the move drew a field
/// that completed the other player's line.
fn handed_to_the_other_player(moves: &[Move], g: &Game) -> bool {
    let mover = if moves.len() % 2 == 1 {
        Mark::X
    } else {
        Mark::O
    };
    g.outcome() == Outcome::Winner(mover.other())
}

/// Some move went into a decided tactical cell (allowed under `decided =
/// free`, refused under `closed`).
fn played_in_a_decided_cell(moves: &[Move], g: &Game) -> bool {
    won(moves, g) && {
        let mut replay = g.restarted();
        moves.iter().any(|&mv| {
            let tac = mv.index() / 9;
            let decided =
                replay.field_state(0, tac) != paperboard_games::games::ttt::FieldState::Open;
            replay.play(mv).expect("a recorded move is legal");
            decided
        })
    }
}

const STANDARD: [Kind; 3] = [
    kind("won", won, false),
    kind("drawn", drawn, false),
    kind("unfinished", won, true),
];

const FREE_PLAY: [Kind; 3] = [
    kind(
        "won, with moves into decided tactical cells",
        played_in_a_decided_cell,
        false,
    ),
    kind("drawn", drawn, false),
    kind("unfinished", won, true),
];

const WILD_DRAWS: [Kind; 2] = [
    kind(
        "won by the last move, with a line through a drawn tactical cell",
        won_through_a_draw_by_the_mover,
        false,
    ),
    kind(
        "won by the player who did not move: the last move drew a tactical cell that completed the other player's line",
        handed_to_the_other_player,
        false,
    ),
];

struct TttConfig {
    file: &'static str,
    title: &'static str,
    variant: GameSetup,
    options: Options,
    tags: Vec<(&'static str, String)>,
    kinds: &'static [Kind],
}

fn ttt_configs() -> Vec<TttConfig> {
    let strategic = |ruleset| GameSetup::strategic(ruleset, None, Options::default());
    let s = |v: &str| v.to_string();
    let with = |decided, no_return| Options {
        decided,
        no_return,
        ..Options::default()
    };
    vec![
        TttConfig {
            file: "tictactoe",
            title: "Tic-tac-toe",
            variant: GameSetup::tictactoe(Options::default()),
            options: Options::default(),
            tags: vec![("Game", s("tictactoe"))],
            kinds: &STANDARD,
        },
        TttConfig {
            file: "ultimate",
            title: "Ultimate tic-tac-toe, the authors' rules (drawn cells count for both; only a full target frees the move)",
            variant: GameSetup::ultimate(Options::default()),
            options: Options::default(),
            tags: vec![("Game", s("ultimate"))],
            kinds: &STANDARD,
        },
        TttConfig {
            file: "ultimate-common",
            title: "Ultimate tic-tac-toe, the common rules (drawn cells count for nobody; decided cells are closed)",
            variant: GameSetup::ultimate(Options::default()),
            options: Options::preset(Preset::Common),
            tags: vec![("Game", s("ultimate")), ("Rules", s("common"))],
            kinds: &STANDARD,
        },
        TttConfig {
            file: "ultimate-free",
            title: "Ultimate tic-tac-toe, decided cells free: a decided target frees the move, decided cells still take moves",
            variant: GameSetup::ultimate(Options::default()),
            options: with(Decided::Free, NoReturn::No),
            tags: vec![("Game", s("ultimate")), ("Decided", s("free"))],
            kinds: &FREE_PLAY,
        },
        TttConfig {
            file: "ultimate-wild-draws",
            title: "Ultimate tic-tac-toe, the authors' rules: a drawn tactical cell counts for both players",
            variant: GameSetup::ultimate(Options::default()),
            options: Options::default(),
            tags: vec![("Game", s("ultimate"))],
            kinds: &WILD_DRAWS,
        },
        TttConfig {
            file: "strategic-tactical",
            title: "Strategic tic-tac-toe, tactical ruleset",
            variant: strategic(Ruleset::Tactical),
            options: Options::default(),
            tags: vec![("Game", s("strategic")), ("Ruleset", s("tactical"))],
            kinds: &STANDARD,
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
            kinds: &STANDARD,
        },
        TttConfig {
            file: "strategic-functional-map62-closed",
            title: "Strategic tic-tac-toe, functional ruleset, family map map62, decided cells closed",
            variant: strategic(Ruleset::Functional(
                builtin_functional("map62").expect("a family map"),
            )),
            options: with(Decided::Closed, NoReturn::No),
            tags: vec![
                ("Game", s("strategic")),
                ("Ruleset", s("functional")),
                ("Map", s("map62")),
                ("Decided", s("closed")),
            ],
            kinds: &STANDARD,
        },
        TttConfig {
            file: "strategic-functional-map67-no-return",
            title: "Strategic, functional map67, no-return at both levels, decided cells closed (the older tag PlayInDecided \"no\")",
            variant: strategic(Ruleset::Functional(
                builtin_functional("map67").expect("built in"),
            )),
            options: with(Decided::Closed, NoReturn::Yes),
            tags: vec![
                ("Game", s("strategic")),
                ("Ruleset", s("functional")),
                ("Map", s("map67")),
                ("PlayInDecided", s("no")),
                ("NoReturn", s("yes")),
            ],
            kinds: &STANDARD,
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
            kinds: &STANDARD,
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

/// The first seed from `from` whose random game of `config` passes `wanted`:
/// the seed, the moves (the first half for an unfinished game) and the result
/// of the moves kept.
fn find_ttt(config: &TttConfig, kind: &Kind, from: u64) -> Option<(u64, Vec<Move>, Outcome)> {
    (from..from + 4000).find_map(|seed| {
        let mut rng = SplitMix64::new(seed);
        let (moves, game) = random_ttt_game(start(&config.variant, config.options), &mut rng, None);
        if !(kind.wanted)(&moves, &game) {
            return None;
        }
        if kind.half {
            Some((seed, moves[..moves.len() / 2].to_vec(), Outcome::Unfinished))
        } else {
            Some((seed, moves, game.outcome()))
        }
    })
}

struct Written {
    text: String,
    /// Move lists of the games, for the illegal records.
    ttt: Vec<Vec<Move>>,
}

fn ttt_file(config: &TttConfig) -> Written {
    let list: Vec<&str> = config.kinds.iter().map(|k| k.label).collect();
    let mut text = format!(
        "; {} — example records made by `cargo run --example make_records`.\n; Games: {}.\n\n",
        config.title,
        list.join("; ")
    );
    let mut games = Vec::new();
    for (k, kind) in config.kinds.iter().enumerate() {
        // The unfinished game is a different won game stopped half way.
        let from = if kind.half { 1000 } else { 0 };
        let Some((seed, moves, outcome)) = find_ttt(config, kind, from) else {
            eprintln!("{}: no game found: {}", config.file, kind.label);
            continue;
        };
        let mut tags = config.tags.clone();
        tags.push(("X", X_NAMES[(seed as usize + k) % 6].to_string()));
        tags.push(("O", O_NAMES[(seed as usize + 2 * k) % 6].to_string()));
        tags.push(("Date", format!("2026-11-{:02}", 2 + k * 9)));
        tags.push(("Result", ttt_claim(outcome)));
        text += &format!("; {}: {} moves\n", kind.label, moves.len());
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
    /// Whether the file also has a game whose top score is shared.
    shared: bool,
}

fn sos_configs() -> Vec<SosFile> {
    let cfg = |w, h, p, v| SosConfig::new(w, h, p, v).expect("valid");
    vec![
        SosFile {
            file: "sos-general",
            title: "SOS, general rules, 5x5, two players",
            config: cfg(5, 5, 2, SosVariant::General),
            names: &["Anna", "Ben"],
            shared: false,
        },
        SosFile {
            file: "sos-three-players",
            title: "SOS, general rules, 6x4, three players (a draw only when all three are level)",
            config: cfg(6, 4, 3, SosVariant::General),
            names: &["Chloe", "Dev", "Emil"],
            shared: true,
        },
        SosFile {
            file: "sos-simple",
            title: "SOS, simple rules (first SOS wins), 4x4",
            config: cfg(4, 4, 2, SosVariant::Simple),
            names: &["Maya", "Tom"],
            shared: false,
        },
    ]
}

/// The claimed result: a name, names joined by `+` for a shared win, `draw`
/// or `*`.
fn sos_claim(outcome: SosOutcome, names: &[&str]) -> String {
    match outcome {
        SosOutcome::Winner(_) | SosOutcome::SharedWin(_) => outcome
            .winners()
            .iter()
            .map(|&p| names[usize::from(p)])
            .collect::<Vec<_>>()
            .join("+"),
        SosOutcome::Draw => "draw".into(),
        SosOutcome::Unfinished => "*".into(),
    }
}

fn sos_file(f: &SosFile) -> (String, Vec<Vec<(u8, SosMove)>>) {
    let mut kinds = vec!["won", "drawn", "unfinished"];
    if f.shared {
        kinds.push("shared win");
    }
    let mut text = format!(
        "; {} — example records made by `cargo run --example make_records`.\n; Games: {}.\n\n",
        f.title,
        kinds.join(", ")
    );
    let mut all = Vec::new();
    let size = format!("{}x{}", f.config.width(), f.config.height());
    for (k, kind) in kinds.iter().enumerate() {
        let style = match (*kind, f.config.variant()) {
            ("drawn", SosVariant::Simple) => SosStyle::Cautious,
            ("drawn" | "shared win", _) => SosStyle::Random,
            _ => SosStyle::Greedy,
        };
        let found = (0..3000u64).find_map(|seed| {
            let mut rng = SplitMix64::new(seed + 100 * k as u64);
            let (moves, game) = random_sos_game(f.config, style, &mut rng, None);
            let ok = match *kind {
                "drawn" => game.outcome() == SosOutcome::Draw,
                "shared win" => matches!(game.outcome(), SosOutcome::SharedWin(_)),
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
        let mut replay = paperboard_games::games::sos::SosGame::new(f.config);
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
            ("GameSetup", variant.to_string()),
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

fn functional_variant() -> GameSetup {
    GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default())
}

/// The engine of `game` under `options`, at its first move.
fn start(game: &GameSetup, options: Options) -> Game {
    let setup = game.clone().with_options(options);
    setup.ttt_game().expect("a tic-tac-toe family game")
}

/// `moves` with its last move replaced by one the rules (`options`) refuse
/// with an error `wanted` picks.
fn slip(
    variant: &GameSetup,
    options: Options,
    moves: &[Move],
    wanted: fn(&MoveError) -> bool,
) -> Vec<Move> {
    let (last, before) = moves.split_last().expect("a move to replace");
    let mut game = start(variant, options);
    for mv in before {
        game.play(*mv).expect("legal");
    }
    let cells = 9usize.pow(game.depth() as u32);
    let bad = (0..cells)
        .map(|i| Move::from_index(i, game.depth()))
        .find(|m| game.check(*m).is_err_and(|e| wanted(&e)))
        .unwrap_or(*last);
    let mut out = before.to_vec();
    out.push(bad);
    out
}

/// The first moves of a random game of `variant` under `options` (seed
/// `seed`) after which the next move can break a rule `wanted` picks, with
/// that slip as the last move.
fn first_slip(
    variant: &GameSetup,
    options: Options,
    seed: u64,
    wanted: fn(&MoveError) -> bool,
) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed);
    let (moves, _) = random_ttt_game(start(variant, options), &mut rng, None);
    let mut game = start(variant, options);
    let cells = 9usize.pow(game.depth() as u32);
    for (i, &mv) in moves.iter().enumerate() {
        let breaks = (0..cells)
            .map(|c| Move::from_index(c, game.depth()))
            .any(|m| game.check(m).is_err_and(|e| wanted(&e)));
        if breaks && i >= 6 {
            return slip(variant, options, &moves[..=i], wanted);
        }
        game.play(mv).expect("legal");
    }
    panic!("no position where the rule can be broken");
}

fn illegal_files(
    strategic: &[Vec<Move>],
    ultimate: &[Vec<Move>],
    ttt: &[Vec<Move>],
    sos: &[Vec<(u8, SosMove)>],
) -> Vec<(&'static str, String)> {
    let functional = "[Game \"strategic\"]\n[Ruleset \"functional\"]\n[Map \"map34\"]\n[X \"Lena\"]\n[O \"Jonas\"]\n";
    let won = &strategic[0];
    let authors = Options::default();
    let mut out = Vec::new();

    // Occupied: O's 16th move goes into a cell already taken.
    let text = format!(
        "; Illegal: the last move (16, O) is written into a cell that is already taken.\n{functional}\n{}",
        ttt_moves_text(&slip(
            &functional_variant(),
            authors,
            &won[..32],
            |e| matches!(e, MoveError::Occupied { .. })
        ))
    );
    out.push(("occupied-cell", text));

    // Wrong tactical cell: O's 11th move ignores where X sent O.
    let text = format!(
        "; Illegal: the last move (11, O) is not in the tactical cell X's move sent O to.\n[Game \"ultimate\"]\n[X \"Tom\"]\n[O \"Sara\"]\n\n{}",
        ttt_moves_text(&slip(
            &GameSetup::ultimate(Options::default()),
            authors,
            &ultimate[0][..22],
            |e| matches!(e, MoveError::WrongTacticalCell { .. })
        ))
    );
    out.push(("wrong-tactical-cell", text));

    // No-return at the strategic level: the last move sends the opponent back
    // to the strategic cell they just played in while other moves do not.
    let no_return = Options {
        no_return: NoReturn::Yes,
        ..authors
    };
    let moves = first_slip(&functional_variant(), no_return, 7, |e| {
        matches!(e, MoveError::NoReturnStrategic { .. })
    });
    let text = format!(
        "; Illegal: the last move sends the opponent back to the strategic cell they\n; just played in, while other moves do not (no-return at the strategic level).\n{functional}[NoReturn \"yes\"]\n\n{}",
        ttt_moves_text(&moves)
    );
    out.push(("no-return-strategic", text));

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
    let mut replay = paperboard_games::games::sos::SosGame::new(
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
    let mut text = "; Illegal: after an SOS the same player moves again, but the next move\n; is written for the other player. The claimed score is wrong too, but the\n; replay past a wrong player is no game, so the claim is not judged.\n[Game \"sos\"]\n[Size \"5x5\"]\n[Players \"Anna, Ben\"]\n".to_string();
    let scores = replay.scores();
    text += &format!("[Score \"A {}, B {}\"]\n\n", scores[0] + 1, scores[1]);
    for line in words.chunks(8) {
        text += &line.join(" ");
        text.push('\n');
    }
    out.push(("sos-out-of-turn", text));
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
