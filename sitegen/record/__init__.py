"""The heritage record: what the archive says about itself and about each page, as scholars and
machines read it. One module a job; the modules import each other's public names only.

``data``            the archive, its four games and their sources (every fact the record prints)
``glossary``        the glossary's terms
``dates``           when a page was first published and last changed (from git)
``facts``           what the record knows about one page: language, game, title, addresses, dates
``trace``           rules traced to their source passages (engine/<game>/trace.py)
``cite``            citations: formatted references, BibTeX, CSL-JSON, the "cite this page" block
``csl``             the citation strings rendered by a CSL processor from a page's CSL-JSON (styles there)
``passages``        the machine-readable index of citable passages (passages.json)
``head``            a page's head metadata: citation_* and Dublin Core tags, JSON-LD
``headings``        section anchors shared by a page and its translation
``lang``            Chinese inside English pages marked ``lang="zh"``
``glossary_links``  the first use of each glossary term on a game page links to its entry
``search``          what the site search says about each page
``address``         the site's address as machines read it: release check, robots.txt, sitemaps
``pages``           what the record adds to each built page, in MkDocs' event order (sitegen/hooks.py)
``changelog``       the changelog's table of editions; the edition each editorial note's reading last
                    changed in (beside the note's heading)
``tables``          the archive's generated pages: the ``record-*`` tables (sources, glossary,
                    bibliography, changelog, coverage, notes, rules beside their passages)
"""
