"""The web app: a FastAPI server over the game, the analysis and the players, and a page
of plain HTML, CSS and JavaScript modules (``static/``, shipped with the package).

Start it with ``sweepkit web``; :func:`sweepkit.web.app.create_app` builds it (tests use
that). Games live on the server, so the page never sees a mine before the game is over.
"""
