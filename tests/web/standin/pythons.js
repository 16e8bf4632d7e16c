// A stand-in for pygbag 0.9's loader (pythons.js), for tests/web/test_browser.py.
//
// Written for these tests from what the real loader was seen to do to a page
// (docs/web.md, "The stand-in loader"); none of pygbag's code.  It does to the
// DOM what the real one does before CPython runs, in the same order:
//   - when evaluated: reads window.config and its own <script> tag (data-os),
//     and hands the address's "#" part, cut at each "%20" and put through
//     decodeURI(), to Python as sys.argv (here window.standin.argv): an
//     address with a stray "%" throws a URIError there and the loader stops,
//     before any of the rest;
//   - on the window's load event: installs onbeforeunload (a confirm() prompt)
//     unless config.can_close; for "gui" appends a 128x128 #canvas3d,
//     position absolute at the bottom left, to the body, and sizes the page's
//     canvas unless config.user_canvas_managed; for "snd" (while the page
//     waits for a tap) loads and plays empty.ogg, the sound unlocker; for "vtx"
//     imports vtx.js from the CDN's root (0.9.3's "../vtx.js"); calls
//     custom_onload(debug_hidden); then adds a <script> for the interpreter,
//     config.executable (`${cdn}cpython312/main.js`);
//   - reports a fake download on #progress meanwhile.
// What the interpreter would then do is up to whatever the test serves as main.js.
(function () {
    const config = window.config || {}
    window.config = config
    const tag = Array.from(document.getElementsByTagName("script"))
        .find(function (script) { return script.type === "module" && /pythons\.js/.test(script.src) })
    const cdn = config.cdn || tag.src.replace(/pythons\.js.*$/, "")
    const features = String((tag.dataset.os || "gui")).split(",")
    const build = config.PYBUILD || "3.12"
    config.can_close = config.can_close || 0
    config.executable = config.executable || cdn + "cpython" + build.replace(".", "") + "/main.js"
    config.debug = location.hash.search("#debug") >= 0
    const argv = location.hash ? location.hash.slice(1).split("%20").map(decodeURI) : []
    window.standin = {features: features, events: [], argv: argv}  // what the tests may inspect

    window.MM = {UME: !config.ume_block, focus_handler: function () {}}

    function appendCanvas3d() {
        if (document.getElementById("canvas3d")) return
        const canvas3d = document.createElement("canvas")
        canvas3d.id = "canvas3d"
        canvas3d.width = 128
        canvas3d.height = 128
        canvas3d.style.position = "absolute"
        canvas3d.style.bottom = "0px"
        canvas3d.style.left = "0px"
        document.body.appendChild(canvas3d)
    }

    function sizeCanvas() {
        if (config.user_canvas_managed) return  // the page places and sizes it
        const canvas = document.getElementById("canvas")
        canvas.style.position = "absolute"
        canvas.style.inset = "0"
        canvas.style.margin = "auto"
        canvas.style.width = window.innerWidth + "px"
        canvas.style.height = window.innerHeight + "px"
    }

    function fakeDownload() {
        const progress = document.getElementById("progress")
        let value = 0
        const timer = setInterval(function () {
            value = Math.min(100, value + 20)
            if (progress) progress.value = value
            if (value >= 100) clearInterval(timer)
        }, 50)
    }

    function onload() {
        const debugHidden = !config.debug
        if (!config.can_close) {
            window.onbeforeunload = function () {
                const message = "Leave this page?"
                return confirm(message) ? message : false
            }
        }
        for (const feature of features) {
            if (feature === "gui") {
                appendCanvas3d()
                sizeCanvas()
                window.addEventListener("resize", sizeCanvas)
            }
            if (feature === "snd" && config.ume_block) {
                const unlocker = new Audio(cdn + "empty.ogg")
                const playing = unlocker.play()
                if (playing) playing.catch(function () {})  // no tap yet, or no sound: fine
            }
            if (feature === "vtx") import(new URL("../vtx.js", cdn).href).catch(function () {})
        }
        if (window.custom_onload) window.custom_onload(debugHidden)
        window.standin.events.push("onload")
        fakeDownload()
        const runtime = document.createElement("script")
        runtime.src = config.executable
        runtime.async = true
        document.head.appendChild(runtime)
    }

    if (document.readyState === "complete") onload()
    else window.addEventListener("load", onload)
})()
