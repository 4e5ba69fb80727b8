"""Build-time generation for the site: widgets' static views, tables, files.

Each game has ``sitegen/<game>.py`` exposing three dictionaries, all keyed by
names that start with the game id (``dawei-dice``, ``dawei-throw-table``):

``WIDGETS[name](lang, params) -> str``   HTML shown before Python is ready
``TABLES[name](lang, params) -> str``    Markdown (or HTML starting with "<")
``FILES[path]() -> str | bytes``         a file written into the built site

The build finds each of them through one table, ``sitegen/registry.py`` (name → module and
function; a new widget, table or file is added there too). The heritage record (citations, dates,
glossary, search, the archive's own pages) is the package ``sitegen/record/``.

See ``docs/archive/widgets.*.md`` for the Markdown syntax.
"""
