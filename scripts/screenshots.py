"""Take the README's pictures of the web app: an expert game under way in each theme, and
on a phone-sized screen (where the board is turned to fit); the moves are the ``exact``
player's.

    .venv/bin/python scripts/screenshots.py [--out docs/images]

Starts ``sweepkit web`` on a free port with a throw-away database, plays seeded moves
through the page (real clicks) and saves PNGs. Needs Debian's chromium.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from sweepkit.game import Game
from sweepkit.moves import MoveKind
from sweepkit.play import steps
from sweepkit.rules import level
from sweepkit.strategies import make_strategy
from sweepkit.web.process import spawn

CHROMIUM = "/usr/bin/chromium"


def play_some(page: Page, name: str, seed: int, moves: int) -> None:
    """Make the first ``moves`` moves of the ``exact`` player in the page (real clicks),
    found by playing the same seeded game beside it, so the picture shows a game under
    way as a good player leaves it."""
    game = Game(level(name, "opening"), seed)
    for n, step in enumerate(steps(game, make_strategy("exact"), rng=random.Random(seed))):
        if n >= moves or game.over:
            break
        action = step.decision.action
        cell = page.locator(f'#board [data-index="{action.cell}"]')
        cell.scroll_into_view_if_needed()
        if action.kind is MoveKind.FLAG:
            cell.click(button="right")
        else:
            cell.click()
        page.wait_for_timeout(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        process, url = spawn(Path(tmp) / "shots.db")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
                for theme in ("light", "dark", "contrast"):
                    page = browser.new_page(viewport={"width": 1000, "height": 700})
                    page.goto(f"{url}/?level=expert&rule=opening&seed=7")
                    page.select_option("#theme", theme)
                    play_some(page, "expert", 7, 60)
                    page.screenshot(path=str(args.out / f"play-{theme}.png"))
                    page.close()
                phone = browser.new_context(viewport={"width": 390, "height": 844},
                                            has_touch=True, is_mobile=True,
                                            device_scale_factor=2)
                page = phone.new_page()
                page.goto(f"{url}/?level=expert&rule=opening&seed=7")
                play_some(page, "expert", 7, 60)
                page.screenshot(path=str(args.out / "play-phone.png"))
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"saved play-light, play-dark, play-contrast, play-phone in {args.out}")


if __name__ == "__main__":
    main()
