// Draw widget views inside real Pyodide under Node, installed the way the site's worker installs them:
// the engine's wheel and the views' zip unpacked into site-packages, then the worker's own start-up code
// (BOOT_PY, read from widgets/worker.js) and its _hw_call.
//   node run_views.mjs WHEEL VIEWS_ZIP BOOT_PY_FILE REQUESTS_JSON
// Prints one JSON answer per request, one per line.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const [wheel, views, bootFile, requestsPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodidePkg + "/" });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel", { extractDir: sitePackages });
pyodide.unpackArchive(new Uint8Array(await readFile(views)), "zip", { extractDir: sitePackages });
pyodide.runPython(await readFile(bootFile, "utf8"));
const call = pyodide.globals.get("_hw_call");
process.stderr.write(`python ${pyodide.runPython("import sys; sys.version")}\nviews ${pyodide.runPython("import views; views.__file__")}\n`);
const requests = JSON.parse(await readFile(requestsPath, "utf8"));
for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\n");
