// Benchmark (a): a module worker that only boots the same Pyodide the site serves
// (benchmarks/run.py copies it beside the site, naming Pyodide's folder, assets/pyodide/<hash>/, where
// this file says PYODIDE_FOLDER). The lock file is the site's own, one folder up (sitegen/assets.py).
import { loadPyodide } from "../assets/pyodide/PYODIDE_FOLDER/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide({
  indexURL: new URL("../assets/pyodide/PYODIDE_FOLDER/", import.meta.url).href,
  lockFileURL: new URL("../assets/pyodide/pyodide-lock.json", import.meta.url).href,
});
py.runPython("1 + 1");
self.postMessage({ type: "ready", ms: performance.now() - t0 });
