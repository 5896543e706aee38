"""A bound on request bodies: a body declared bigger than the route takes is refused
with a 413 before it is read (one request must never take the server's memory).

The import of exported games streams its body and keeps its own, larger bound
(:data:`sweepkit.web.routes.stats.MAX_IMPORT_BYTES`), so it is left to that.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 16 * 1024 * 1024
"""The largest request body of every route but the import: a 200x200 game's record
played out by the computer is a few megabytes of JSON."""


class BodyLimit:
    """ASGI middleware: 413 for a request whose body is over ``limit`` bytes, on every
    path but ``exempt`` ones. A declared ``Content-Length`` over it is refused unread; a
    body without one is counted as it arrives, cut off at the bound, and whatever the
    route answers to the cut-off body is replaced by the 413."""

    def __init__(self, app: App, limit: int = MAX_BODY_BYTES,
                 exempt: frozenset[str] = frozenset()) -> None:
        self.app, self.limit, self.exempt = app, limit, exempt

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.exempt:
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send, int(declared))
            return
        seen = 0
        replying = refused = False  # the route's reply has begun; it was replaced

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request" and seen <= self.limit:
                seen += len(message.get("body", b""))
                if seen > self.limit:  # stop reading: the route sees an empty body
                    return {"type": "http.request", "body": b"", "more_body": False}
            return message

        async def replaced(message: Message) -> None:
            nonlocal replying, refused
            if message["type"] == "http.response.start" and not replying:
                if seen > self.limit:  # the route answered a cut-off body: replace it
                    refused = True
                    await self._refuse(send, None)
                    return
                replying = True
            if not refused:  # a reply begun before the bound was crossed goes on whole
                await send(message)

        await self.app(scope, counted, replaced)

    async def _refuse(self, send: Send, size: int | None) -> None:
        said = (f"the request body is {size:,} bytes; this server takes at most "
                f"{self.limit:,}" if size is not None else
                f"the request body is over the {self.limit:,} bytes this server takes")
        body = json.dumps({"detail": said}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
