"""Rules engine of the folk-games heritage archive.

Pure Python, no third-party dependency. One subpackage per game, named in
pinyin (``dawei``, ``gupai``, ``yezi``, ``paohuzi``); one entry point,
:func:`engine.api.handle`, serves the browser widgets, the command line and
the tests.
"""

__version__ = "0.1.0"
