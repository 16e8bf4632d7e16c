"""What the browser tests share: Chromium, the built page served on 127.0.0.1, the stand-in loader.

pygbag's runtime comes from its CDN, which tests cannot reach.  Every request
to the CDN is routed: `pythons.js` to our stand-in (tests/web/standin/), the
interpreter (`cpython312/main.js`) to whatever the test wants the runtime to
do, other files to what the test gives (`Runtime.bodies`), anything else
answered 404; all are recorded, so a test sees what the page (or its service
worker) asked for.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
STANDIN = HERE / "standin" / "pythons.js"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
CDN_ROOT = "https://pygame-web.github.io/cdn/"  # pygbag's package index lives here
CDN = CDN_ROOT + "0.9.3/"
RUNTIME = CDN + "cpython312/main.js"


def ensure_chromium() -> Path:
    """Debian's chromium; installed with apt-get when missing and we are root."""
    if CHROMIUM.is_file():
        return CHROMIUM
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.fail("the browser tests need Chromium at /usr/bin/chromium: "
                    "apt-get install -y chromium (as root)")
    for command in (["apt-get", "install", "-y", "chromium"], ["apt-get", "update"],
                    ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False,
                              env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if CHROMIUM.is_file():
            return CHROMIUM
    pytest.fail(f"could not install chromium with apt-get: {done.stderr[-1500:]}")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    log: list[str] | None = None  # when a list: every request's method and path go there

    def log_message(self, *args) -> None:  # keep the test output readable
        pass

    def log_request(self, code="-", size="-") -> None:
        if self.log is not None:
            self.log.append(f"{self.command} {self.path}")


def serve(folder: Path, log: list[str] | None = None) -> tuple[http.server.ThreadingHTTPServer,
                                                               str]:
    """Serve `folder` on 127.0.0.1 (not localhost: pygbag's loader has a dev mode there)."""
    handler = functools.partial(type("Handler", (QuietHandler,), {"log": log}),
                                directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def replay_script(calls: list[str]) -> str:
    """A fake interpreter that makes the page calls the template's Python block makes.

    `calls` are the JavaScript strings the block hands to `platform.window.eval`
    (recorded by running the block natively, see test_browser.py); as the
    block does, it waits for the player's tap after `taiplis_await_tap()`.
    """
    return f"""(async function () {{
    const calls = {json.dumps(calls)}
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
    for (const call of calls) {{
        await pause(30)
        window.eval(call)
        if (call === "taiplis_await_tap()")
            while (!window.MM.UME) await pause(30)
    }}
}})()"""


@dataclass
class Runtime:
    """What the routed CDN does: `main_js` None means the interpreter never arrives."""

    main_js: str | None = None
    pythons_js: bool = True  # False: pythons.js cannot be loaded
    pythons_path: Path = STANDIN
    extra: dict[str, Path] = field(default_factory=dict)  # other CDN files served from disk
    bodies: dict[str, bytes] = field(default_factory=dict)  # full URL -> what it answers
    requested: list[str] = field(default_factory=list)
    held: list = field(default_factory=list)  # requests left hanging

    def route(self, route) -> None:
        url = route.request.url
        self.requested.append(url)
        name = url.removeprefix(CDN).split("?")[0].split("#")[0]
        if url in self.bodies:
            route.fulfill(body=self.bodies[url], content_type="application/octet-stream")
        elif name == "pythons.js":
            if self.pythons_js:
                route.fulfill(path=str(self.pythons_path), content_type="text/javascript")
            else:
                route.abort("connectionrefused")
        elif name in self.extra:
            route.fulfill(path=str(self.extra[name]), content_type="text/javascript")
        elif url == RUNTIME and self.main_js is not None:
            route.fulfill(body=self.main_js, content_type="text/javascript")
        elif url == RUNTIME:
            self.held.append(route)  # never answered: the download just hangs
        else:
            route.fulfill(status=404, body="")


def open_page(browser, url: str, runtime: Runtime, *, size=(1280, 800), locale="en-GB",
              scale: float = 1, touch: bool = False, clock: bool = False,
              permissions: tuple[str, ...] = ()):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale,
                                  device_scale_factor=scale, has_touch=touch, is_mobile=touch)
    if permissions:
        context.grant_permissions(list(permissions), origin=url.rstrip("/"))
    context.route(CDN_ROOT + "**", runtime.route)
    page = context.new_page()
    if clock:
        page.clock.install()
    page.goto(url)
    return page
