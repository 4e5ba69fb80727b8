// Benchmark (a): a module worker that only boots the same Pyodide the site serves
// (benchmarks/run.py copies it beside the site, naming Pyodide's folder: assets/pyodide/<hash>/).
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide({ indexURL: new URL("../assets/pyodide/", import.meta.url).href });
py.runPython("1 + 1");
self.postMessage({ type: "ready", ms: performance.now() - t0 });
