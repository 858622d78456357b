"""`deadtable serve`: the games in the browser (FastAPI, WebSockets, SQLite). Needs the web
extra: pip install 'deadtable[web]'. See docs/web.md."""

from deadtable.ui.web.app import Limits, create_app, serve

__all__ = ["Limits", "create_app", "serve"]
