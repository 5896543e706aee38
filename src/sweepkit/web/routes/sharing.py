"""Sharing a board, never a game: a link that deals a fresh game on the same board to
whoever opens it, a game of your own on the board of a game you are watching, a game from
such a link, and links that open a position in the editor.

A random game's board is shared by its seed and rules (``./?seed=N&level=...&rule=...``:
the same first click deals the same board); a board with no seed (a no-guess board, a
position's, a restarted one) by its layout, as ``.board`` text in the link's fragment
(``./#board=TOKEN``, :mod:`sweepkit.web.links`), which never reaches a server's logs. No
link leads into the live game: only the browser that started it plays it.

A board shared while its game is on can be known to its player (the link shows it): that
game is then assisted (``shared``), as is every game dealt from a link or from someone
else's game. Someone else's game deals its board only once it is over: a request without
the owner's key changes nothing in a game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.boardfile import BoardFormatError, format_board, parse_board
from sweepkit.game import Game
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import LEVELS, FirstClick, Rules
from sweepkit.store.owners import key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.web.deps import (
    LEVEL_NAMES,
    Key,
    Live,
    Owner,
    Players,
    check_served,
    locked,
    player_for,
)
from sweepkit.web.links import MAX_TOKEN, LinkError, decode_board, encode_board
from sweepkit.web.live import LiveGame, PausableClock
from sweepkit.web.routes.analyse import MAX_TEXT, BoardIn, position_of

router = APIRouter(prefix="/api", tags=["sharing"])

EDITOR_PAGE = "static/editor.html"
"""The editor's address, relative to the app's root."""


class PlayerIn(BaseModel):
    """Who will play the new game (the default player when not given)."""

    player: str | None = Field(None, max_length=MAX_NAME * 4)


class TokenIn(BaseModel):
    """A link's token: the part after ``#board=`` or ``#position=``."""

    token: str = Field(max_length=MAX_TOKEN + 100)


class SharedIn(TokenIn, PlayerIn):
    """A ``#board=`` link's token, and who will play its board."""


def layout_text(game: Game) -> str:
    """The game's layout as ``.board`` text: ``*`` a mine, ``-`` a safe cell, with the
    mine count."""
    layout = game.reveal_layout(cheat=True)
    cells = tuple(MINE if v == MINE else SAFE for v in layout.cells)
    return format_board(Position(layout.shape, cells, layout.mines))


def board_link(live_game: LiveGame) -> str:
    """The link (relative to the play page) that deals a fresh game on this board; 409
    when there is no board yet (a no-guess board is made at the first click)."""
    game, rules = live_game.game, live_game.game.rules
    if live_game.seed is not None:
        size = ({"level": live_game.level} if live_game.level is not None else
                {"rows": rules.rows, "cols": rules.cols, "mines": rules.mines})
        query = {**size, "rule": str(rules.first_click), "seed": str(live_game.seed)}
        return "./?" + urlencode(query)
    if not game.drawn:
        raise HTTPException(409, "there is no board to share yet: a no-guess board is made "
                                 "at the first click")
    return "./#board=" + encode_board(layout_text(game))


@router.post("/games/{game_id}/share")
def share(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """A link that deals a fresh game on this game's board to whoever opens it (never a
    link into this game): by seed for a random game, else by layout. Made while the game
    is on, the link shows its board: the game is then assisted (``shared``)."""
    with locked(live, game_id, key=key) as game:
        link = board_link(game)
        by_seed = link.startswith("./?")
        known = game.assists["shared"] or (by_seed and game.assists["seeded"])
        if not game.game.over and not known:
            game.assist("shared")
        return {"link": link, "by": "seed" if by_seed else "layout",
                "state": game.status_json()}


@router.post("/games/{game_id}/fresh", status_code=201)
def fresh(game_id: str, live: Live, owners: Players, owner: Owner,
          spec: PlayerIn | None = None) -> dict[str, Any]:
    """A new game of your own on the board of game ``game_id`` (anyone's: the read-only
    view's "play this board"), every cell covered; assisted (``shared``). Only once that
    game is over (409 before): dealing its board while it is on would either let its
    player learn the mines from a second browser or let anyone with its address mark it
    assisted, and a request without the owner's key must change nothing."""
    player = player_for(owners, owner, spec.player if spec else None)
    with locked(live, game_id) as source:
        game = source.game
        if not game.over:
            raise HTTPException(409, "this game is still being played: its board can be "
                                     "played once it ends")
        mines = (None if source.seed is not None else
                 frozenset(game.reveal_layout(cheat=True).known_mines()))
        rules, level, seed, no_guess = game.rules, source.level, source.seed, game.no_guess
    clock = PausableClock()
    new = Game(rules, seed, mine_cells=mines, clock=clock, no_guess=no_guess)
    return live.add_game(new, player, level, Counter(shared=1), clock=clock,
                         owner=key_hash(owner),
                         seed=seed).state_json()


def shared_layout(token: str) -> Position:
    """The layout a ``#board=`` link carries; 422 saying what is wrong with the link."""
    try:
        text = decode_board(token, MAX_TEXT)
        layout = parse_board(text)
    except (LinkError, BoardFormatError) as exc:
        raise HTTPException(422, f"this link's board cannot be read: {exc}") from None
    check_served(layout.shape, "this link's board", "plays", layout.topology == "grid")
    if UNKNOWN in layout.cells:
        row, col = layout.coord(layout.cells.index(UNKNOWN))
        raise HTTPException(422, f"this link's board leaves cell ({row}, {col}) unknown: a "
                                 "board to play gives every cell, * a mine or - safe")
    return layout


@router.post("/games/shared", status_code=201)
def from_link(spec: SharedIn, live: Live, owners: Players, owner: Owner) -> dict[str, Any]:
    """A new game on the board a ``#board=`` link carries (the layout given, so no
    first-click rule applies); assisted (``shared``): the link shows the board."""
    layout = shared_layout(spec.token)
    player = player_for(owners, owner, spec.player)
    mines = layout.known_mines()
    try:
        rules = Rules(layout.rows, layout.cols, len(mines), FirstClick.NONE)
    except ValueError as exc:
        raise HTTPException(422, f"this link's board cannot be played: {exc}") from None
    level = next((name for name in LEVEL_NAMES
                  if LEVELS[name] == (rules.rows, rules.cols, rules.mines)), None)
    clock = PausableClock()
    game = Game(rules, mine_cells=mines, clock=clock)
    return live.add_game(game, player, level, Counter(shared=1), clock=clock,
                         owner=key_hash(owner)).state_json()


@router.post("/links/position")
def position_link(spec: BoardIn) -> dict[str, Any]:
    """A link that opens this position in the editor (the position checked first: a
    malformed one is refused, as the analysis refuses it)."""
    position_of(spec)
    text = spec.board if spec.mines is None else format_board(position_of(spec))
    token = encode_board(text)
    if len(token) > MAX_TOKEN:
        raise HTTPException(422, f"this position is too big for a link ({len(token):,} "
                                 f"characters; at most {MAX_TOKEN:,}): download it instead")
    return {"token": token, "link": f"{EDITOR_PAGE}#position={token}"}


@router.post("/links/position/open")
def open_position(spec: TokenIn) -> dict[str, Any]:
    """The ``.board`` text an editor link carries; 422 saying what is wrong with a
    malformed link or the position in it."""
    try:
        text = decode_board(spec.token, MAX_TEXT)
    except LinkError as exc:
        raise HTTPException(422, f"this link's position cannot be read: {exc}") from None
    try:
        position_of(BoardIn(board=text))
    except HTTPException as exc:
        raise HTTPException(422, f"this link's position cannot be read: {exc.detail}"
                            ) from None
    return {"board": text}
