"""The pygbag entry point: the same App as the desktop, one frame per browser tick."""

import asyncio

from game.ui.app import App


async def main():
    app = App()
    while app.step():
        await asyncio.sleep(0)


asyncio.run(main())
