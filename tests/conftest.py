"""Every test that starts the app fails if the app's frame guard caught an error.

The guard (`App._guarded`) keeps a bug from reaching the player as a
traceback; in a test it must never hide one.  A test about the guard itself
marks itself `expects_app_errors` and checks the errors it expects.
"""

from __future__ import annotations

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "expects_app_errors: the test checks app.errors itself")


@pytest.fixture(autouse=True)
def no_caught_app_errors(request, monkeypatch):
    try:
        from game.ui import app as app_module
    except ImportError:  # pygame missing: no app can start, nothing to watch
        yield
        return
    started: list = []
    original = app_module.App.__init__

    def watched(self, *args, **kwargs):
        started.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(app_module.App, "__init__", watched)
    yield
    if request.node.get_closest_marker("expects_app_errors"):
        return
    caught = [error for app in started for error in app.errors]
    assert caught == [], "the app's frame guard caught:\n" + "\n".join(caught)
