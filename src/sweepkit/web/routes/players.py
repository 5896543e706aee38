"""A browser's players: which are its own, a code that lets another device join one,
rename, public or private, delete. Every change needs the player's key (an owner's
browser) or the operator's admin token: else 403, and nothing changes
(:mod:`sweepkit.store.owners`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.store.owners import CODE_MINUTES, NotYours, key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.web.deps import Owner, Players, Who

router = APIRouter(prefix="/api", tags=["players"])


class JoinIn(BaseModel):
    """Join a player with a code one of its browsers made."""

    name: str = Field(max_length=MAX_NAME * 4)
    code: str = Field(max_length=40)


class RenameIn(BaseModel):
    """The player's new name."""

    name: str = Field(max_length=MAX_NAME * 4)


class PublicIn(BaseModel):
    """Whether anyone may read the player's games."""

    public: bool


@router.get("/me")
def me(owners: Players, owner: Owner) -> dict[str, Any]:
    """This browser's players, oldest first, and the one it plays as when it names none
    (``default``; made its own at its first game)."""
    default = owners.default_name(key_hash(owner), claim=False)
    return {"players": owners.owned(key_hash(owner)), "default": default}


@router.post("/players/{name}/code")
def join_code(name: str, owners: Players, who: Who) -> dict[str, Any]:
    """A one-time code (valid for :data:`~sweepkit.store.owners.CODE_MINUTES` minutes)
    that lets another browser join this player: shown on the owner's Statistics page."""
    stored = who.may_act_as(owners, name)
    code, expires = owners.join_code(stored)
    return {"player": stored, "code": code, "expires": expires, "minutes": CODE_MINUTES}


@router.post("/players/join")
def join(spec: JoinIn, owners: Players, owner: Owner) -> dict[str, Any]:
    """Make this browser one of the player's own, with a code one of its browsers made;
    403 for a wrong, used or expired code."""
    try:
        stored = owners.join(spec.name, spec.code, key_hash(owner))
    except NotYours as exc:
        raise HTTPException(403, str(exc)) from None
    return {"player": stored}


@router.post("/players/{name}/rename")
def rename(name: str, spec: RenameIn, owners: Players, who: Who) -> dict[str, Any]:
    """Give the player a new name (its games and scores follow); 422 when it is taken."""
    stored = who.may_act_as(owners, name)
    try:
        return {"player": owners.rename(stored, spec.name)}
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


@router.post("/players/{name}/public")
def set_public(name: str, spec: PublicIn, owners: Players, who: Who) -> dict[str, Any]:
    """Let anyone read the player's games (statistics, replays, exports), or only its own
    browsers."""
    stored = who.may_act_as(owners, name)
    owners.set_public(stored, spec.public)
    return {"player": stored, "public": spec.public}


@router.delete("/players/{name}")
def delete_player(name: str, owners: Players, who: Who) -> dict[str, Any]:
    """Delete the player, its stored games and trainer scores; how many games went."""
    stored = who.may_act_as(owners, name)
    return {"player": stored, "deleted": owners.delete(stored)}
