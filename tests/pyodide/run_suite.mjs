// Runs the engine's test suite inside Pyodide under Node, against the bundles
// that ship in dist/ (core.zip, solver.zip), not the source tree.
//   node run_suite.mjs ROOT DIST WHEELS [pytest args...]
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const [root, dist, wheels, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()[\"purelib\"]");
for (const name of readdirSync(wheels).filter((n) => n.endsWith(".whl"))) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheels, name))), "wheel", { extractDir: site });
}
for (const name of ["core.zip", "solver.zip"]) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(dist, name))), "zip", { extractDir: "/bundle" });
}
pyodide.FS.mkdirTree("/proj/tests");
pyodide.mountNodeFS("/proj/tests", join(root, "tests"));
pyodide.FS.writeFile("/proj/pytest.ini", "[pytest]\naddopts = -p no:cacheprovider\n");
pyodide.globals.set("ARGS", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/bundle")
os.chdir("/proj")
import pycore, pytest
assert pycore.__file__.startswith("/bundle/"), pycore.__file__
print("pycore from", pycore.__file__, "on Python", sys.version.split()[0])
int(pytest.main(["-q", "--rootdir", "/proj", *ARGS]))
`);
process.exit(code);
