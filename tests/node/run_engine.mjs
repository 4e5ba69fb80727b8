// Run the engine inside real Pyodide under Node: node run_engine.mjs ENGINE_ZIP REQUESTS_JSON
// Prints one JSON answer per request, one per line.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const [zipPath, requestsPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodidePkg + "/" });
pyodide.unpackArchive(new Uint8Array(await readFile(zipPath)), "zip", { extractDir: "/home/pyodide/engine_root" });
pyodide.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide/engine_root")
import engine.api
def _call(text):
    return json.dumps(engine.api.handle(json.loads(text)), ensure_ascii=False, sort_keys=True)
`);
const call = pyodide.globals.get("_call");
const version = pyodide.runPython("import sys; sys.version");
process.stderr.write(`python ${version}\n`);
const requests = JSON.parse(await readFile(requestsPath, "utf8"));
for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\n");
