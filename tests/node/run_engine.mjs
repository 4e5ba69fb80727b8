// Run the engine inside real Pyodide under Node, loaded the way the site's worker
// loads it: as a Pyodide package listed in a pyodide-lock.json.
//   node run_engine.mjs LOCK_FILE PACKAGE_DIR REQUESTS_JSON
// PACKAGE_DIR is the folder the lock file's file_name of the engine is relative to.
// Prints one JSON answer per request, one per line.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const [lockPath, packageDir, requestsPath] = process.argv.slice(2);
const base = path.resolve(packageDir) + "/";
const pyodide = await loadPyodide({
  indexURL: pyodidePkg + "/",
  lockFileURL: path.resolve(lockPath),
  packageBaseUrl: base,
  packageCacheDir: base,
});
const problems = [];
const loaded = await pyodide.loadPackage("folk-games-engine", {
  messageCallback: () => {},
  errorCallback: (m) => problems.push(m),
});
if (!loaded.some((p) => p.name === "folk-games-engine")) {
  process.stderr.write(`engine package not loaded: ${problems.join(" ")}\n`);
  process.exit(3);
}
pyodide.runPython(`
import sys, json
import engine.api
def _call(text):
    return json.dumps(engine.api.handle(json.loads(text)), ensure_ascii=False, sort_keys=True)
`);
const call = pyodide.globals.get("_call");
const version = pyodide.runPython("import sys; sys.version");
const where = pyodide.runPython("import engine; engine.__file__");
process.stderr.write(`python ${version}\nengine ${where}\n`);
const requests = JSON.parse(await readFile(requestsPath, "utf8"));
for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\n");
