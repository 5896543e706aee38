"""MBF boards in and out of the editor: a Minesweeper X board file read into ``.board`` text
(its mines known, every other cell covered, the mine count set) and a position written as
one (its known mines). One codec, :mod:`sweepkit.mbf`; a malformed file is a 422 that says
what is wrong and where.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from sweepkit.boardfile import format_board
from sweepkit.mbf import MAX_BYTES, MbfError, read_mbf, write_mbf
from sweepkit.web.deps import check_served
from sweepkit.web.routes.analyse import BoardIn, position_of

router = APIRouter(prefix="/api/mbf", tags=["analysis"])

MEDIA_TYPE = "application/octet-stream"
"""What an MBF file is sent as (the format has no registered type)."""


RAW_BODY = {"requestBody": {"required": True, "content": {MEDIA_TYPE: {
    "schema": {"type": "string", "format": "binary"}}}}}
"""The OpenAPI description of a body sent as the file's bytes."""


@router.post("/to-board", openapi_extra=RAW_BODY)
async def mbf_to_board(request: Request) -> dict[str, Any]:
    """The ``.board`` text of the MBF file in the request's body (raw bytes), with its size
    and mine count; 422 naming the fault of a malformed file or one too big to edit."""
    data = await request.body()
    if len(data) > MAX_BYTES:
        raise HTTPException(422, f"the MBF file is {len(data):,} bytes long; an MBF board "
                                 f"is at most {MAX_BYTES:,}")
    try:
        position = read_mbf(data)
    except MbfError as exc:
        raise HTTPException(422, f"the file is not an MBF board: {exc}") from None
    check_served(position.shape, "the MBF board", "edits")
    return {"board": format_board(position), "rows": position.rows, "cols": position.cols,
            "mines": position.mines}


@router.post("/from-board", response_class=Response)
def mbf_from_board(spec: BoardIn) -> Response:
    """The MBF file of a position (``.board`` text): its known mines, row-major; 422 for
    a malformed position."""
    position = position_of(spec)
    try:
        data = write_mbf(position)
    except MbfError as exc:
        raise HTTPException(422, str(exc)) from None
    return Response(data, media_type=MEDIA_TYPE,
                    headers={"Content-Disposition": 'attachment; filename="position.mbf"'})
