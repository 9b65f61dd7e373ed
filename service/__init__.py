"""The application service: games, replays and their outcomes, over the domain and the store.

The HTTP layer (``api/``), the CLI and the rq jobs (``workers/``) all build it with
:func:`bootstrap.build`, the composition root above this package; nothing here imports Flask,
rq's workers or the API.
"""
