// Runs a Python script in Pyodide (CPython compiled to WebAssembly) under Node,
// with the repository's game/ folder mounted at /app/game.  Used by
// tests/web/test_wasm.py:
//
//   node --experimental-wasm-stack-switching tests/web/run_pyodide.mjs GAME_DIR SCRIPT [JSON]
//
// JSON (default "{}") reaches the script as the global CHECK_ARGS.  The script
// reports by printing lines; a Python exception exits with status 1.
// --experimental-wasm-stack-switching lets asyncio.run() work (JSPI).

import { readFile } from "node:fs/promises"
import path from "node:path"
import { loadPyodide } from "pyodide"

const [gameDir, script, args = "{}"] = process.argv.slice(2)
if (!gameDir || !script) {
    console.error("usage: run_pyodide.mjs GAME_DIR SCRIPT [JSON]")
    process.exit(2)
}

const started = performance.now()
const pyodide = await loadPyodide({
    env: { PYTHONDONTWRITEBYTECODE: "1" },  // the mounted game/ must stay as it is
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
})
const loaded = performance.now()

pyodide.FS.mkdirTree("/app/game")
pyodide.mountNodeFS("/app/game", path.resolve(gameDir))

// A localStorage with the browser's interface (null for a missing item), so the
// storage backend meets a real JavaScript object across the FFI.
const items = new Map()
pyodide.registerJsModule("fake_browser", {
    localStorage: {
        getItem: (key) => (items.has(key) ? items.get(key) : null),
        setItem: (key, value) => { items.set(key, String(value)) },
        removeItem: (key) => { items.delete(key) },
    },
})

pyodide.globals.set("CHECK_ARGS", args)
pyodide.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/app')")

try {
    await pyodide.runPythonAsync(await readFile(script, "utf8"), { filename: script })
} catch (error) {
    console.error(error.message || String(error))
    process.exit(1)
}
const finished = performance.now()
console.log("WASM-RESULT " + JSON.stringify({
    check: "timing",
    load_seconds: (loaded - started) / 1000,
    run_seconds: (finished - loaded) / 1000,
}))
