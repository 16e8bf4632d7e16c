// Egaroucid for Web as a board-protocol engine for tools/druid_match.py.
//
//     node tools/egaroucid_web.js DIR LEVEL
//
// DIR holds Egaroucid for Web's compiled engine, `ai.js` and `ai.wasm`, as its
// public repository publishes them (github.com/Nyanyan/Egaroucid, under
// docs/en/web/; GPL, so they stay out of this repository).  LEVEL is one of
// the page's levels, 0-15: level N searches N plies in the midgame and solves
// the last 2N empties exactly.
//
// The board protocol (tools/outside_engine.py, BoardEnginePlayer): this
// prints `hello` once the engine is ready; for `play SIDE BOARD` (SIDE `b` or
// `w`, BOARD 64 squares `B`, `W`, `.` from a1, the top left, row by row) it
// prints `move SQUARE`; `goodbye` ends it.  The host never asks for a pass.
//
// The engine is called as the page calls it: `_ai_js(board, level, side)`
// with one int a square (0 black, 1 white, -1 empty) in the same order, and
// it answers 1000 * square + 100 + its value.  What it prints (a board and
// its search's progress every move) is dropped: stdout carries the protocol
// alone, and a match's log stays readable.

"use strict";

const path = require("path");
const readline = require("readline");

const CODES = { B: 0, W: 1, ".": -1 };
const SIDES = { b: 0, w: 1 };
const COLUMNS = "abcdefgh";

function say(line) {
  process.stdout.write(line + "\n");
}

function squareName(square) {
  return COLUMNS[square % 8] + String(Math.floor(square / 8) + 1);
}

// The engine's move for `side` on `board` (the protocol's two fields), or an
// `error` line's text when the request is not one.
function answer(engine, level, side, board) {
  if (!(side in SIDES) || typeof board !== "string" || board.length !== 64
      || [...board].some((square) => !(square in CODES))) {
    return "error -1 expected: play b|w and 64 squares of B, W or .";
  }
  const pointer = engine._malloc(64 * 4);
  engine.HEAP32.set([...board].map((square) => CODES[square]), pointer / 4);
  const result = engine._ai_js(pointer, level, SIDES[side]);
  engine._free(pointer);
  return "move " + squareName(Math.floor(result / 1000));
}

function serve(engine, level) {
  const percentage = engine._malloc(4);
  engine._init_ai(percentage);
  engine._free(percentage);
  say("hello");
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const [word, side, board] = line.trim().split(/\s+/);
    if (word === "goodbye") {
      lines.close(); // and so exits, below
    } else if (word === "play") {
      say(answer(engine, level, side, board));
    } else if (word) {
      say("error -1 unknown command " + word);
    }
  });
  lines.on("close", () => process.exit(0));
}

function main() {
  const [dir, levelText] = process.argv.slice(2);
  const level = Number(levelText);
  if (!dir || !Number.isInteger(level) || level < 0 || level > 60) {
    process.stderr.write("usage: node egaroucid_web.js DIR LEVEL (DIR holds ai.js and ai.wasm)\n");
    process.exit(2);
  }
  // The engine binds its output to these when it loads.
  console.log = () => {};
  console.error = () => {};
  // Its WebAssembly loads asynchronously: it is not ready when require returns.
  const engine = require(path.resolve(dir, "ai.js"));
  engine.onRuntimeInitialized = () => serve(engine, level);
}

main();
