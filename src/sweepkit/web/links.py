"""Positions in links: ``.board`` text (the project's one format, ``docs/board-format.md``)
compressed and written in URL-safe base64, so a link can carry an editor position or a
board to play, and a malformed or oversized link is refused in words.

>>> token = encode_board("mines: 1\\n*-\\n--\\n")
>>> token.isascii() and "+" not in token and "/" not in token and "=" not in token
True
>>> decode_board(token, 1000)
'mines: 1\\n*-\\n--\\n'
>>> decode_board("not a link!", 1000)
Traceback (most recent call last):
...
sweepkit.web.links.LinkError: the link's position is not URL-safe base64 (it holds ' ', '!')
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Final

MAX_TOKEN: Final = 60_000
"""The longest position a link may carry, in characters of its encoded form (about 45 kB
of compressed text: a 200×200 board compresses to far less)."""

_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ValueError):
    """A link's position that cannot be read; the message says why, in words."""


def encode_board(text: str) -> str:
    """``.board`` text as a link's token: zlib-compressed, URL-safe base64, no padding."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_board(token: str, max_text: int) -> str:
    """The ``.board`` text a token carries; LinkError when it is too long, not base64,
    not compressed text, or would unpack to more than ``max_text`` characters."""
    token = token.strip().rstrip("=")  # padding, if a hand put it back, is not needed
    if not token:
        raise LinkError("the link carries no position")
    if len(token) > MAX_TOKEN:
        raise LinkError(f"the link's position is {len(token):,} characters long; a link "
                        f"carries at most {MAX_TOKEN:,}")
    if not _ALPHABET.fullmatch(token):
        bad = ", ".join(repr(ch) for ch in sorted(set(_ALPHABET.sub("", token)))[:3])
        raise LinkError(f"the link's position is not URL-safe base64 (it holds {bad})")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link's position is cut short (its base64 does not end "
                        "cleanly): was the whole link copied?") from None
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, max_text * 4 + 1)  # UTF-8: at most 4 bytes a char
    except zlib.error:
        raise LinkError("the link's position is damaged (it does not unpack): was the "
                        "whole link copied?") from None
    if unpacker.unconsumed_tail or len(raw) > max_text * 4:
        raise LinkError(f"the link's position unpacks to more than {max_text:,} characters")
    if not unpacker.eof:
        raise LinkError("the link's position is cut short: was the whole link copied?")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("the link's position is not text") from None
    if len(text) > max_text:
        raise LinkError(f"the link's position is {len(text):,} characters of text; at most "
                        f"{max_text:,}")
    return text


__all__ = ["MAX_TOKEN", "LinkError", "decode_board", "encode_board"]
