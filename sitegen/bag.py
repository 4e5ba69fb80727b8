"""An archival package per edition, for heritage repositories and research archives (Zenodo, an
institutional repository, Software Heritage's deposit): a BagIt bag (RFC 8493, the ``bagit``
library) zipped as ``folk-games-archive-<version>-bag.zip`` beside the edition's PDFs, holding

* ``data/site/`` — the edition's static site as built from its release (every page, its citation
  files, the engine it runs);
* ``data/pdf/`` — the edition's two PDFs;
* ``data/records/`` — the machine-readable records: the archive's BibTeX and CSL-JSON, the
  ``CITATION.cff`` and the rule options of every release (``editions_options.json``), as tagged;
* ``data/trace/`` — the rule traces: each game's ``trace.py`` (every rule with the passage of its
  source, the gaps, the rule options), as tagged;
* ``data/ro-crate-metadata.json`` — RO-Crate 1.1 metadata (the ``rocrate`` library): the work, its
  version and date, authors, languages, the four primary sources it is based on, and the software
  that produced it;

with SHA-256 and SHA-512 manifests of every file. Made by the deployment (sitegen/deploy.py) once
per edition and cached with it.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from sitegen.record.data import GAME_IDS, GAMES

ROOT = Path(__file__).resolve().parent.parent
NAME = "民间游戏遗产档案 · Folk Games Heritage Archive"
PUBLISHER = "Folk Games Heritage Archive editors (民间游戏遗产档案编辑组)"


def bag_name(version: str) -> str:
    return f"folk-games-archive-{version}-bag.zip"


def code_key() -> str:
    """What a package is made by: this module (a change makes the packages again)."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def _git_show(commit: str, path: str) -> bytes | None:
    res = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, timeout=60)
    return res.stdout if res.returncode == 0 else None


def _git_files(commit: str, pattern: str) -> list[str]:
    res = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, "--", pattern], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    return res.stdout.split() if res.returncode == 0 else []


def _sources() -> list[dict[str, Any]]:
    out = []
    for gid in GAME_IDS:
        g = GAMES[gid]
        names = [n.get("literal") or n.get("family", "") + n.get("given", "") for n in g.recorder_csl]
        out.append({
            "@id": f"#source-{gid}",
            "@type": "CreativeWork",
            "name": g.source_title,
            "alternateName": g.source_title_en,
            "author": ", ".join(n for n in names if n) or "anonymous",
            "inLanguage": "zh",
            "locationCreated": g.place.en,
            **({"dateCreated": g.date_iso} if g.date_iso else {}),
            "description": g.kind.en,
        })
    return out


def _licence(cff: bytes | None) -> str:
    m = re.search(rb"^license:\s*\"?([^\"\n]+)\"?\s*$", cff or b"", re.M)
    return m.group(1).decode().strip() if m else ""


def make_package(version: str, date: str, commit: str, pages: Path, pdf_dir: Path, out: Path, root_url: str) -> Path:
    """Write edition ``version``'s package (a zipped BagIt bag with its RO-Crate) to ``out``."""
    import bagit  # here, not at the top: bagit and rocrate take about 420 ms to import, and only the archival package needs them
    from rocrate.rocrate import ROCrate

    with tempfile.TemporaryDirectory(prefix=f"hw-bag-{version}-") as tmp:
        stage = Path(tmp) / "stage"
        bag = Path(tmp) / f"folk-games-archive-{version}"
        (stage / "records").mkdir(parents=True)
        (stage / "trace").mkdir()
        (stage / "pdf").mkdir()
        shutil.copytree(pages, stage / "site")
        for f in sorted(pdf_dir.glob("*.pdf")):
            shutil.copy2(f, stage / "pdf" / f.name)
        for name in ("archive.bib", "archive.csl.json"):
            if (pages / name).is_file():
                shutil.copy2(pages / name, stage / "records" / name)
        cff = _git_show(commit, "CITATION.cff")
        for path, data in (("CITATION.cff", cff), ("editions_options.json", _git_show(commit, "engine/editions_options.json"))):
            if data is not None:
                (stage / "records" / path).write_bytes(data)
        for path in _git_files(commit, "engine"):
            if path.endswith("/trace.py"):
                data = _git_show(commit, path)
                if data is not None:
                    (stage / "trace" / f"{path.split('/')[-2]}-trace.py").write_bytes(data)

        crate = ROCrate()
        crate.name = NAME
        root = crate.root_dataset
        root["description"] = ("A bilingual (Chinese and English) digital heritage record of four Chinese folk games — "
                               "打围, 鄂南骨牌, 下灌叶子戏 and 跑胡子 — with a rules engine traced rule by rule to its primary sources.")
        root["version"] = version
        root["datePublished"] = date
        root["inLanguage"] = ["zh-CN", "en"]
        root["url"] = f"{root_url}editions/{version}/"
        author = crate.add_jsonld({"@id": "#editors", "@type": "Organization", "name": PUBLISHER})
        root["author"] = author
        root["publisher"] = author
        licence = _licence(cff)
        if licence:
            root["license"] = crate.add_jsonld({"@id": f"https://spdx.org/licenses/{licence}", "@type": "CreativeWork", "name": licence})
        root["isBasedOn"] = [crate.add_jsonld(s) for s in _sources()]
        crate.add_jsonld({"@id": "#engine", "@type": "SoftwareApplication", "name": "folk-games-engine",
                                   "version": version, "description": "The archive's rules engine (pure Python), which generated the tables and examples."})
        builder = crate.add_jsonld({"@id": "https://www.mkdocs.org/", "@type": "SoftwareApplication", "name": "MkDocs with Material for MkDocs"})
        crate.add_jsonld({"@id": "#build", "@type": "CreateAction", "name": f"Build of edition {version} from commit {commit}",
                          "instrument": [{"@id": "#engine"}, {"@id": builder.id}], "result": {"@id": "./"}})
        crate.add_dataset(stage / "site", "site/", properties={"name": f"The archive's static site, edition {version}",
                                                               "encodingFormat": "text/html"})
        for f in sorted((stage / "pdf").iterdir()):
            crate.add_file(f, f"pdf/{f.name}", properties={"name": f"Edition {version} as one PDF ({f.stem.rsplit('-', 1)[-1]})",
                                                           "encodingFormat": "application/pdf"})
        for f in sorted((stage / "records").iterdir()):
            crate.add_file(f, f"records/{f.name}", properties={"name": f"Machine-readable record: {f.name}"})
        for f in sorted((stage / "trace").iterdir()):
            crate.add_file(f, f"trace/{f.name}", properties={"name": f"Rule trace of {f.name.split('-')[0]}: rules, passages, gaps, options",
                                                             "encodingFormat": "text/x-python"})
        crate.write(bag)
        bagit.make_bag(str(bag), bag_info={
            "Source-Organization": PUBLISHER,
            "External-Description": f"{NAME}, edition {version} ({date}): static site, PDFs, records and rule traces, with RO-Crate metadata.",
            "External-Identifier": f"{root_url}editions/{version}/",
            "Bag-Group-Identifier": "folk-games-heritage-archive",
            "Version": version,
        }, checksums=["sha256", "sha512"])
        out.parent.mkdir(parents=True, exist_ok=True)
        made = shutil.make_archive(str(out.with_suffix("")), "zip", root_dir=tmp, base_dir=bag.name)
        if Path(made) != out:
            shutil.move(made, out)
    return out
