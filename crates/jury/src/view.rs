//! `jury view`: game logs as one self-contained HTML page (no network, no external script or
//! font). Each game's positions are drawn by its own crate ([`Contest::render_svg`]); the page
//! steps through them with buttons and the arrow keys, beside the move list with the time of each
//! move, the scores and any failure.

use std::fmt::Write as _;

use protocol::Contest;

use crate::log::LoggedGame;

/// One move as the page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveView {
    /// 0 for the first seat, 1 for the second.
    pub seat: usize,
    pub text: String,
    /// Thinking time in milliseconds, when the log has it.
    pub ms: Option<f64>,
    /// Played by the jury for a failed program.
    pub by_jury: bool,
}

/// One game, ready for the page.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    pub title: String,
    pub game: String,
    /// The first and second seat's commands.
    pub players: [String; 2],
    /// The position before the first move (after any opening), then after each move, as SVG.
    pub frames: Vec<String>,
    pub moves: Vec<MoveView>,
    /// Scores and failures, as one line.
    pub result: String,
}

/// Replays `logged` and draws every position.
pub fn view_log<G: Contest>(logged: &LoggedGame) -> Result<GameView, String> {
    let mut game = G::from_setup(&logged.setup)?;
    for text in &logged.opening {
        let mv = game.parse_move(text).map_err(|e| format!("opening '{text}': {e}"))?;
        game.apply(mv);
    }
    let mut frames = vec![game.render_svg()];
    let mut moves = Vec::new();
    for (ply, text) in logged.moves.iter().enumerate() {
        let seat = game.seat_to_move();
        let mv = game.parse_move(text).map_err(|e| format!("ply {}: '{text}': {e}", ply + 1))?;
        game.apply(mv);
        frames.push(game.render_svg());
        moves.push(MoveView {
            seat: seat.index(),
            text: text.clone(),
            ms: logged.move_ms.get(ply).copied(),
            by_jury: logged.by_jury.contains(&(ply + 1)),
        });
    }
    let mut result = match logged.scores {
        Some([first, second]) => format!("scores: first {first}, second {second}"),
        None => "no scores recorded".to_string(),
    };
    for failure in &logged.failures {
        result.push_str("; ");
        result.push_str(failure.trim_start_matches("failure: "));
    }
    Ok(GameView {
        title: logged.title.clone(),
        game: logged.game.clone(),
        players: logged.players.clone(),
        frames,
        moves,
        result,
    })
}

/// A JSON string literal that is also safe inside a `<script>` element.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_games(views: &[GameView]) -> String {
    let mut out = String::from("[");
    for (i, view) in views.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let frames: Vec<String> = view.frames.iter().map(|f| json_string(f)).collect();
        let moves: Vec<String> = view
            .moves
            .iter()
            .map(|m| {
                let ms = m.ms.map_or("null".to_string(), |ms| format!("{ms:.1}"));
                format!(
                    "{{\"seat\":{},\"text\":{},\"ms\":{ms},\"jury\":{}}}",
                    m.seat,
                    json_string(&m.text),
                    m.by_jury
                )
            })
            .collect();
        let _ = write!(
            out,
            "{{\"title\":{},\"game\":{},\"players\":[{},{}],\"result\":{},\"frames\":[{}],\"moves\":[{}]}}",
            json_string(&view.title),
            json_string(&view.game),
            json_string(&view.players[0]),
            json_string(&view.players[1]),
            json_string(&view.result),
            frames.join(","),
            moves.join(",")
        );
    }
    out.push(']');
    out
}

/// The whole page: a list of the games, the board of the chosen one with buttons to step, and its
/// move list. Arrow keys: ←/→ a move, Home/End the start and the end, ↑/↓ the previous and next
/// game.
pub fn html_page(views: &[GameView]) -> String {
    PAGE.replace("/*GAMES*/[]", &json_games(views))
}

const PAGE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>CodeCup games</title>
<style>
body { font-family: sans-serif; margin: 0; display: flex; height: 100vh; color: #222; }
#games { width: 16em; overflow-y: auto; border-right: 1px solid #ccc; margin: 0; padding: 0; list-style: none; }
#games li { padding: 0.4em 0.6em; cursor: pointer; border-bottom: 1px solid #eee; font-size: 0.9em; }
#games li.current { background: #dde8ff; }
main { flex: 1; display: flex; gap: 1.5em; padding: 1em; overflow: auto; }
#board svg { width: 480px; height: auto; }
#controls button { font-size: 1.1em; min-width: 2.5em; }
#moves { font-family: monospace; overflow-y: auto; max-height: 85vh; margin: 0; padding-left: 3em; }
#moves li { cursor: pointer; }
#moves li.current { background: #ffe9a8; }
#moves li.jury { color: #a00; }
.side0 { color: #000; } .side1 { color: #555; }
h1 { font-size: 1.1em; margin: 0 0 0.3em 0; }
p { margin: 0.3em 0; }
</style>
</head>
<body>
<ul id="games"></ul>
<main>
<div>
<h1 id="title"></h1>
<p id="players"></p>
<div id="board"></div>
<div id="controls">
<button id="first" title="start (Home)">&#xAB;</button>
<button id="prev" title="previous move (&#x2190;)">&#x25C0;</button>
<span id="ply"></span>
<button id="next" title="next move (&#x2192;)">&#x25B6;</button>
<button id="last" title="end (End)">&#xBB;</button>
</div>
<p id="result"></p>
</div>
<ol id="moves"></ol>
</main>
<script>
const games = /*GAMES*/[];
let current = 0, ply = 0;
const $ = (id) => document.getElementById(id);
function showGame(index) {
  current = Math.max(0, Math.min(games.length - 1, index));
  const game = games[current];
  document.querySelectorAll('#games li').forEach((li, i) => li.classList.toggle('current', i === current));
  $('title').textContent = game.title;
  $('players').textContent = 'first: ' + game.players[0] + ' \u2014 second: ' + game.players[1];
  $('result').textContent = game.result;
  const list = $('moves');
  list.innerHTML = '';
  game.moves.forEach((move, i) => {
    const li = document.createElement('li');
    const time = move.ms === null ? '' : ' (' + move.ms.toFixed(1) + ' ms)';
    li.textContent = (move.seat === 0 ? 'first ' : 'second ') + move.text + time + (move.jury ? ' [jury]' : '');
    li.className = 'side' + move.seat + (move.jury ? ' jury' : '');
    li.addEventListener('click', () => showPly(i + 1));
    list.appendChild(li);
  });
  showPly(game.moves.length);
}
function showPly(index) {
  const game = games[current];
  ply = Math.max(0, Math.min(game.moves.length, index));
  $('board').innerHTML = game.frames[ply];
  $('ply').textContent = 'ply ' + ply + ' of ' + game.moves.length;
  document.querySelectorAll('#moves li').forEach((li, i) => {
    li.classList.toggle('current', i === ply - 1);
    if (i === ply - 1) { li.scrollIntoView({ block: 'nearest' }); }
  });
}
games.forEach((game, i) => {
  const li = document.createElement('li');
  li.textContent = game.title + ' \u2014 ' + game.result;
  li.addEventListener('click', () => showGame(i));
  $('games').appendChild(li);
});
$('first').addEventListener('click', () => showPly(0));
$('prev').addEventListener('click', () => showPly(ply - 1));
$('next').addEventListener('click', () => showPly(ply + 1));
$('last').addEventListener('click', () => showPly(Infinity));
document.addEventListener('keydown', (event) => {
  const keys = { ArrowLeft: () => showPly(ply - 1), ArrowRight: () => showPly(ply + 1), Home: () => showPly(0),
    End: () => showPly(Infinity), ArrowUp: () => showGame(current - 1), ArrowDown: () => showGame(current + 1) };
  if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
});
if (games.length > 0) { showGame(0); }
</script>
</body>
</html>
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_safe_in_json_inside_a_script() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(json_string("</script>"), r#""\u003c/script\u003e""#);
        assert_eq!(json_string("x\ny"), r#""x\u000ay""#);
    }

    #[test]
    fn the_page_carries_every_frame_and_move() {
        let view = GameView {
            title: "t".into(),
            game: "g".into(),
            players: ["p".into(), "q".into()],
            frames: vec!["<svg>0</svg>".into(), "<svg>1</svg>".into()],
            moves: vec![MoveView { seat: 0, text: "A1".into(), ms: Some(1.5), by_jury: false }],
            result: "scores: first 1, second 0".into(),
        };
        let page = html_page(&[view]);
        assert!(page.contains(r#""frames":["\u003csvg\u003e0\u003c/svg\u003e","\u003csvg\u003e1"#), "{page}");
        assert!(page.contains(r#"{"seat":0,"text":"A1","ms":1.5,"jury":false}"#));
        assert!(!page.contains("/*GAMES*/"));
        assert!(!page.contains("http"), "no network");
    }
}
