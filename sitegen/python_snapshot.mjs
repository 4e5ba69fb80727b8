// Build step (sitegen/assets.py): a memory snapshot of a started Python with the engine
// imported, made once per build in Node with the same self-hosted Pyodide the site
// serves. The site serves it gzip-packed, with its sha256 written into the worker script
// (widgets/worker.js), so a browser restores only this build's snapshot, never one that
// another page of the origin put in its caches.
// Usage: node python_snapshot.mjs <pyodide dir> <output file> <engine wheel> <python code> [<views zip>]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out, wheel, code, views] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir.replace(/\/?$/, "/"), _makeSnapshot: true });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
// the views package (views/, zipped by the build) beside the engine, as the worker unpacks it
if (views) pyodide.unpackArchive(new Uint8Array(fs.readFileSync(views)), "zip", { extractDir: sitePackages });
pyodide.runPython(code);
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
