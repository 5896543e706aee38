"""The cookie that gives a browser its key: set on the reply of the request that made
the key, whatever that reply is. A key made by a request that then failed (a 409, a 422)
is already the owner of what the request claimed, such as a player's name: the browser
must have it all the same.

The route's dependency (:func:`sweepkit.web.deps.owner_key`) makes the key and leaves it
in the request's state under :data:`NEW_KEY`; this middleware adds the cookie.
"""

from __future__ import annotations

from sweepkit.web.body_limit import App, Message, Receive, Scope, Send

OWNER_COOKIE = "sweepkit_owner"
"""The cookie that holds a browser's key to its games and players."""

MAX_AGE = 400 * 24 * 3600
"""How long a browser keeps its key (the longest browsers allow)."""

NEW_KEY = "sweepkit_new_owner_key"
"""Where a route leaves a key it made (``request.state``)."""


def cookie_header(key: str) -> bytes:
    """The ``Set-Cookie`` value that gives a browser ``key``: HTTP-only, same-site."""
    return (f"{OWNER_COOKIE}={key}; HttpOnly; Max-Age={MAX_AGE}; Path=/; SameSite=strict"
            ).encode("ascii")


class OwnerCookie:
    """ASGI middleware: the cookie of a key made while answering, on the reply."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                key = scope.get("state", {}).get(NEW_KEY)
                if key is not None:
                    headers = list(message.get("headers") or ())
                    headers.append((b"set-cookie", cookie_header(key)))
                    message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_cookie)
