"""The pygbag entry point: the same App as the desktop, one frame per browser tick.

It starts as the desktop does (game/ui/start.py): the window with the start
screen first, shown to the page by one await, then the App built behind it.

Around the frames, game/platform does what only a page needs: it keeps the
window the browser's size in device pixels, settles clipboard requests, and
shows the page's error screen if the app cannot start.  Natively those calls
do nothing.
"""

import asyncio
import sys
import traceback

from game.platform import clipboard, web


async def main():
    web.prepare()
    viewport = web.Viewport()
    try:
        from game.ui import start

        measured = viewport.measure()  # the page's size; None natively
        opened = start.open_start_screen(measured[0] if measured else start.WINDOW_SIZE)
        await asyncio.sleep(0)  # the page shows the start screen while the app loads
        app = start.build_app(opened)
    except Exception:  # never a blank page: the page says so and offers to retry
        text = traceback.format_exc()
        print(text, file=sys.stderr)
        if not web.report_failure("app", text):
            raise
        return
    viewport.follow(app.resize)  # at once: the first frame already has the page's size
    while app.step():
        viewport.follow(app.resize)  # after the frame, so a VIDEORESIZE cannot undo it
        clipboard.poll()
        await asyncio.sleep(0)


asyncio.run(main())
