#!/usr/bin/env python3
"""Set-up, build, serve and test Manyhands.

    python3 build.py serve    # set up, build dist/, serve it on 127.0.0.1, print the URL
    python3 build.py test     # set up and run every test (pytest args may follow)
    python3 build.py test --fast   # every test but the browser and Pyodide ones
    python3 build.py build    # set up and build dist/ only

Every step records a stamp of its inputs in .stamps/ and is skipped when they
have not changed, so a second run is fast. Only the standard library is used
here: this script is what installs everything else.
"""
from __future__ import annotations

import argparse
import ctypes.util
import email.utils
import functools
import gzip
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMPS = ROOT / ".stamps"
LOCK = ROOT / "requirements-dev.lock"
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
HUNSPELL_DICTIONARIES = {"hunspell-en-us": "/usr/share/hunspell/en_US.dic",
                         "hunspell-en-gb": "/usr/share/hunspell/en_GB.dic"}
PYODIDE_WHEELS = ROOT / ".cache" / "pyodide-wheels"
# pytest inside Pyodide: the same versions as requirements-dev.lock.
PYODIDE_TEST_WHEELS = ("pytest==9.2.0", "pluggy==1.7.0", "iniconfig==2.3.1",
                       "packaging==26.3", "Pygments==2.21.0")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*args: str | os.PathLike, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def fingerprint(*paths: Path) -> str:
    """A hash of the files' contents (directories: every file below them)."""
    digest = hashlib.sha256()
    for path in paths:
        files = (sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
                 if path.is_dir() else [path])
        for file in files:
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes() if file.exists() else b"-")
    return digest.hexdigest()


def up_to_date(step: str, stamp: str) -> bool:
    path = STAMPS / step
    return path.exists() and path.read_text() == stamp


def mark_done(step: str, stamp: str) -> None:
    STAMPS.mkdir(exist_ok=True)
    (STAMPS / step).write_text(stamp)


# --- steps ------------------------------------------------------------------------
def ensure_venv() -> Path:
    """.venv with the pinned test tools (requirements-dev.lock) and our packages."""
    python = venv_python()
    stamp = fingerprint(LOCK, ROOT / "pyproject.toml") + sys.version
    if python.exists() and up_to_date("venv", stamp):
        return python
    if not python.exists():
        log("creating .venv")
        run(sys.executable, "-m", "venv", VENV)
    log("installing the pinned Python tools (requirements-dev.lock)")
    run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", LOCK)
    mark_done("venv", stamp)
    return python


def npm() -> str:
    return "npm.cmd" if os.name == "nt" else "npm"


def ensure_node_modules() -> None:
    """node_modules/ from the committed package-lock.json (pinned Pyodide and PyScript; axe-core
    and Lighthouse for tests/browser/test_audit.py and bench/lighthouse.py)."""
    lock = ROOT / "package-lock.json"
    stamp = fingerprint(lock, ROOT / "package.json")
    modules = ROOT / "node_modules"
    if (modules / "pyodide").exists() and up_to_date("npm", stamp):
        return
    if modules.is_symlink():
        # npm ci empties node_modules first, through the link: the tree it points to,
        # shared with other checkouts, would be emptied for all of them
        if (modules / "pyodide").exists():
            log(f"node_modules links to {os.path.realpath(modules)}: used as it is (never npm ci through a link)")
            mark_done("npm", stamp)
            return
        raise SystemExit(f"node_modules links to {os.path.realpath(modules)}, which has no pyodide: "
                         f"run npm ci there, not through the link (it would empty the shared tree)")
    log("npm ci (pinned pyodide and @pyscript/core from package-lock.json; the auditors axe-core and lighthouse, never shipped)")
    run(npm(), "ci", "--no-audit", "--no-fund", cwd=ROOT)
    mark_done("npm", stamp)


def apt_install(packages: list[str]) -> None:
    """Debian packages, with apt-get (as root, or through sudo)."""
    log(f"installing Debian's {' and '.join(packages)} (apt-get)")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(*sudo, "apt-get", "update", "-q", env=env)
    run(*sudo, "apt-get", "install", "-y", "-q", *packages, env=env)


def ensure_chromium() -> str:
    """Debian's Chromium for the browser tests (Playwright cannot download browsers here),
    and libatomic1, which the node binary inside the playwright wheel (its driver) links
    against: chromium does not pull it in, so on a fresh Debian the driver would not start."""
    path = os.environ.get("MANYHANDS_CHROMIUM", CHROMIUM)
    missing = [] if Path(path).exists() else ["chromium"]
    if sys.platform.startswith("linux") and not ctypes.util.find_library("atomic"):
        missing.append("libatomic1")
    if missing:
        apt_install(missing)
    return path


def ensure_hunspell() -> None:
    """Debian's hunspell and its en_US and en_GB dictionaries, for the spelling test
    (tests/test_spelling.py) of every sentence the site writes (in British and
    American spellings: centre, neighbour)."""
    missing = [] if shutil.which("hunspell") else ["hunspell"]
    missing += [package for package, dictionary in HUNSPELL_DICTIONARIES.items() if not Path(dictionary).exists()]
    if missing:
        apt_install(missing)


def ensure_pyodide_wheels() -> Path:
    """pytest and its dependencies as pure-Python wheels, for the suite inside Pyodide."""
    stamp = fingerprint(LOCK) + "|".join(PYODIDE_TEST_WHEELS)
    if up_to_date("pyodide-wheels", stamp) and any(PYODIDE_WHEELS.glob("pytest-*.whl")):
        return PYODIDE_WHEELS
    log("downloading the pytest wheels for Pyodide (pip download)")
    if PYODIDE_WHEELS.exists():
        shutil.rmtree(PYODIDE_WHEELS)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--only-binary=:all:", "--python-version", "3.14", "--platform", "any",
        "--implementation", "py", "--abi", "none", "--no-deps", "-d", PYODIDE_WHEELS,
        *PYODIDE_TEST_WHEELS)
    mark_done("pyodide-wheels", stamp)
    return PYODIDE_WHEELS


# solver/reference/: the arena's opponents; solver/testing.py: the tests' and
# benchmarks' helpers (plain searches to check the solver against).
NATIVE_ONLY = ("reference", "testing.py")


def browser_solver_files() -> list[Path]:
    """The browser half of solver/: every module except the native-only ones (those
    importing OR-Tools or multiprocessing, and those named in NATIVE_ONLY)."""
    out = []
    for path in sorted((ROOT / "solver").rglob("*.py")):
        if "__pycache__" in path.parts or "tests" in path.parts:
            continue
        if path.relative_to(ROOT / "solver").parts[0] in NATIVE_ONLY:
            continue
        text = path.read_text(encoding="utf-8")
        if "import ortools" in text or "from ortools" in text or "import multiprocessing" in text:
            continue
        out.append(path)
    return out


def write_zip(target: Path, files: list[tuple[Path, str]]) -> None:
    # Fixed timestamps: the same sources give the same bytes (and the same cache version).
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for source, name in sorted(files, key=lambda f: f[1]):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, source.read_bytes())


# Compiles every module of the zips with the very Pyodide the site ships (under
# Node) and adds the bytecode beside the sources (__pycache__/*.cpython-3XX.pyc,
# unchecked-hash: never compared with the source). Pyodide never writes bytecode
# (sys.dont_write_bytecode), so without this every page load compiles our whole
# package from source on the main thread: about 0.3 s of the warm load.
BYTECODE_JS = r"""
const [indexURL, dist, ...names] = process.argv.slice(1);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL });
pyodide.mountNodeFS("/dist", dist);
pyodide.globals.set("names", pyodide.toPy(names));
pyodide.runPython(`
import importlib.util, os, py_compile, zipfile
for name in names:
    path = "/dist/" + name
    with zipfile.ZipFile(path) as archive:
        members = [(info.filename, archive.read(info)) for info in archive.infolist()]
    out = dict(members)
    for member, data in members:
        if not member.endswith(".py"):
            continue
        source = "/tmp/bytecode/" + member
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as f:
            f.write(data)
        cfile = importlib.util.cache_from_source(source)
        py_compile.compile(source, cfile=cfile, dfile=member, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(cfile, "rb") as f:
            out[importlib.util.cache_from_source(member)] = f.read()
    with zipfile.ZipFile(path + ".tmp", "w", zipfile.ZIP_DEFLATED) as archive:
        for member in sorted(out):
            archive.writestr(zipfile.ZipInfo(member, date_time=(2020, 1, 1, 0, 0, 0)), out[member],
                             compress_type=zipfile.ZIP_DEFLATED)
    os.replace(path + ".tmp", path)
`);
"""


def add_bytecode(zips: list[Path]) -> None:
    """Add the Pyodide bytecode of every module to `zips` (see BYTECODE_JS); the
    sources stay, so a zip without bytecode (no Node) still works, only slower."""
    node = shutil.which("node")
    if node is None:
        log("no node: the zips ship without bytecode (pages compile them at load)")
        return
    index = (ROOT / "node_modules" / "pyodide").as_posix() + "/"
    run(node, "--input-type=module", "-e", BYTECODE_JS, index, zips[0].parent,
        *[z.name for z in zips])


# Renders Markdown pages to HTML fragments with markdown-it-py (pinned in
# requirements-dev.lock), run by the .venv's Python: CommonMark plus tables and
# typographic quotes. Headings move one level down (the page has its own h1), and
# a title's "(seed 002)" is dropped (the reference rules name their sources so).
RENDER_MARKDOWN = r"""
import re, sys
from markdown_it import MarkdownIt
md = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements", "smartquotes"])
args = sys.argv[1:]
for source, target in zip(args[::2], args[1::2]):
    text = open(source, encoding="utf-8").read()
    text = re.sub(r"^(# .*?)\s*\(seeds? [\d ,and]+\)", r"\1", text, count=1, flags=re.M)
    html = re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m[1]}h{int(m[2]) + 1}", md.render(text))
    open(target, "w", encoding="utf-8").write(html)
"""


def render_rules_pages(python: Path, out: Path) -> None:
    """dist/rules/: per game, the player's guide (web/guide/<game>.md) and the
    complete rules written for players (web/reference/<game>.md; the rules as the
    engine implements them, web/manyhands_web/rules/, are the developers')
    as HTML, fetched by the rules view when it opens."""
    out.mkdir()
    pairs = []
    for guide in sorted((ROOT / "web" / "guide").glob("*.md")):
        pairs += [guide, out / f"{guide.stem}.html"]
        pairs += [ROOT / "web" / "reference" / guide.name, out / f"{guide.stem}-reference.html"]
    run(python, "-c", RENDER_MARKDOWN, *pairs)


def draw_first_screen(index: Path) -> None:
    """index.html with the home page and the rules pages' frames drawn in, by the
    page's own Python (web/manyhands_web/first_screen.py), so that they show, and
    a game can be chosen, before the runtime has started."""
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
    try:
        from manyhands_web import first_screen
        index.write_text(first_screen.index_html(index.read_text(encoding="utf-8")), encoding="utf-8")
    finally:
        del sys.path[:2]


def draw_icons(out: Path) -> None:
    """dist/icons/: the icons web/icon.py draws (kept in .cache/ by its hash: drawing
    them in pure Python takes seconds)."""
    script = ROOT / "web" / "icon.py"
    cache = ROOT / ".cache" / "icons" / fingerprint(script)[:16]
    if not (cache / "icon-512.png").exists():
        log("drawing the icons (web/icon.py)")
        run(sys.executable, script, cache)
    shutil.copytree(cache, out)


# Precompressed copies of the site's large files, for a browser that accepts them:
# NAME.br (brotli, quality 11, by Node's zlib: Python's standard library has no
# brotli, and Node is needed anyway) and NAME.gz (gzip -9, Python's gzip, no
# timestamp). `serve` sends them (Handler); a static host does the same with its
# precompressed-file option (docs/site.md). Kept in .cache/compressed/ by the
# original's hash: brotli at quality 11 takes about 25 s for Pyodide's wasm.
COMPRESS_MIN = 1024            # bytes: a smaller file, or a copy saving less, gains nothing worth a header
ENCODINGS = {"br": ".br", "gzip": ".gz"}
BROTLI_JS = r"""
const zlib = require("zlib"), fs = require("fs");
const args = process.argv.slice(1);
for (let i = 0; i < args.length; i += 2) {
  const data = fs.readFileSync(args[i]);
  fs.writeFileSync(args[i + 1], zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def compressible(path: Path) -> bool:
    return path.stat().st_size >= COMPRESS_MIN and path.suffix not in (".png", ".br", ".gz")


def precompress(dist: Path) -> None:
    """NAME.br and NAME.gz beside every file of `dist` worth compressing (the
    service worker's list leaves them out: the browser keeps what it decoded)."""
    cache = ROOT / ".cache" / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    files = [p for p in sorted(dist.rglob("*")) if p.is_file() and compressible(p)]
    keys = {p: hashlib.sha256(p.read_bytes()).hexdigest()[:24] for p in files}
    missing = [p for p in files if not (cache / f"{keys[p]}.br").exists()]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is needed to write the brotli copies (Node 20, as npm)")
        log(f"brotli for {len(missing)} files (cached in .cache/compressed/)")
        run(node, "-e", BROTLI_JS, *[x for p in missing for x in (p, cache / f"{keys[p]}.br.tmp")])
        for p in missing:
            (cache / f"{keys[p]}.br.tmp").replace(cache / f"{keys[p]}.br")
    for path in files:
        size = path.stat().st_size
        brotli = (cache / f"{keys[path]}.br").read_bytes()
        for data, suffix in ((brotli, ".br"), (gzip.compress(path.read_bytes(), 9, mtime=0), ".gz")):
            if len(data) <= size - COMPRESS_MIN:
                path.with_name(path.name + suffix).write_bytes(data)


def strip_source_maps(folder: Path) -> None:
    """Drop the `//# sourceMappingURL=` comments of the runtimes' scripts: their
    maps are not shipped, and a browser's developer tools would ask for them (404)."""
    for path in folder.rglob("*"):
        if path.suffix in (".js", ".mjs") and path.is_file():
            text = path.read_text(encoding="utf-8")
            kept = "\n".join(line for line in text.split("\n") if not line.startswith("//# sourceMappingURL="))
            if kept != text:
                path.write_text(kept, encoding="utf-8")


def stamp_service_worker(dist: Path) -> str:
    """dist/sw.js from web/sw.js: the list of every file of the site, and a version
    that is the hash of them all (a changed file makes a new version)."""
    (dist / "sw.js").unlink(missing_ok=True)
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.suffix not in (".br", ".gz"))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((dist / name).read_bytes())
    version = digest.hexdigest()[:16]
    sw = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./"] + [f"./{f}" for f in files]))
    (dist / "sw.js").write_text(sw, encoding="utf-8")
    return version


def build_dist() -> Path:
    """dist/: the static site (docs/site.md: how the site is built)."""
    python = ensure_venv()          # markdown-it-py renders the rules pages
    ensure_node_modules()
    inputs = [ROOT / "web", ROOT / "pycore", ROOT / "package-lock.json", LOCK, Path(__file__).resolve(),
              *browser_solver_files()]
    stamp = fingerprint(*inputs)
    if (DIST / "index.html").exists() and up_to_date("dist", stamp):
        return DIST
    log("building dist/")
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    web = ROOT / "web"
    for name in ("index.html", "main.py", "pyscript.json", "client.js", "bridge.js", "pool.js", "worker.mjs", "style.css",
                 "cards.css", "fit.css", "short.css", "friends.css", "guide.css", "table.js", "first_screen.js", "isolation.js",
                 "python_worker.js",
                 "manifest.webmanifest"):
        shutil.copy2(web / name, DIST / name)
    draw_first_screen(DIST / "index.html")
    draw_icons(DIST / "icons")
    render_rules_pages(python, DIST / "rules")
    # The runtimes, from node_modules (pinned by package-lock.json).
    pyodide = ROOT / "node_modules" / "pyodide"
    (DIST / "pyodide").mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json"):
        shutil.copy2(pyodide / name, DIST / "pyodide" / name)
    # Our loader beside it (a memory snapshot on warm loads: see web/pyodide-boot.mjs).
    boot = (web / "pyodide-boot.mjs").read_text(encoding="utf-8")
    build = fingerprint(pyodide / "pyodide.asm.wasm", pyodide / "python_stdlib.zip")[:16]
    (DIST / "pyodide" / "boot.mjs").write_text(boot.replace("__PYODIDE_BUILD__", build), encoding="utf-8")
    core = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    (DIST / "pyscript").mkdir()
    for path in core.iterdir():
        if path.is_file() and not path.name.endswith(".map"):
            shutil.copy2(path, DIST / "pyscript" / path.name)
    strip_source_maps(DIST / "pyodide")
    strip_source_maps(DIST / "pyscript")
    # Our Python, in three zips: the engine (the page and the worker), the browser
    # half of the solver (the worker only: the page never imports it) and the
    # page's package (its Python modules; the rules texts are in dist/rules/).
    def sources(folder: Path, relative_to: Path) -> list[tuple[Path, str]]:
        return [(p, p.relative_to(relative_to).as_posix()) for p in sorted(folder.rglob("*.py"))
                if "__pycache__" not in p.parts]
    write_zip(DIST / "core.zip", sources(ROOT / "pycore", ROOT))
    write_zip(DIST / "solver.zip", [(p, p.relative_to(ROOT).as_posix()) for p in browser_solver_files()])
    write_zip(DIST / "ui.zip", sources(web / "manyhands_web", web))
    add_bytecode([DIST / "core.zip", DIST / "solver.zip", DIST / "ui.zip"])
    (DIST / "build.json").write_text(json.dumps({
        "solver_modules": [p.relative_to(ROOT).as_posix() for p in browser_solver_files()]}, indent=1))
    # The service worker caches every file of the site; its version is their hash.
    version = stamp_service_worker(DIST)
    precompress(DIST)
    log(f"site version {version}")
    mark_done("dist", stamp)
    return DIST


class Handler(http.server.SimpleHTTPRequestHandler):
    """A plain static server with the right types for .mjs and .wasm, quiet."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".zip": "application/zip", ".py": "text/plain; charset=utf-8",
                      ".md": "text/markdown; charset=utf-8", ".png": "image/png",
                      ".webmanifest": "application/manifest+json", ".html": "text/html; charset=utf-8"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        # Cross-origin isolation: every file is the site's own, and Pyodide makes a
        # shared WebAssembly memory as it loads, which Chromium reports as deprecated
        # (a SharedArrayBuffer) in a page that is not isolated.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def accepted(self) -> list[str]:
        """The encodings of Accept-Encoding this server has copies in, best first (br, gzip)."""
        offered = {}
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
            try:
                offered[name.strip().lower()] = float(q)
            except ValueError:
                offered[name.strip().lower()] = 0.0
        return [e for e in ENCODINGS if offered.get(e, offered.get("*", 0.0)) > 0]

    def send_head(self):
        """A file's precompressed copy (NAME.br, NAME.gz: build.py's precompress) when
        the browser accepts its encoding, with Content-Encoding and Vary; else the file."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        # a copy older than its file is stale (the file changed after the build): not sent
        variants = [(e, v) for e, v in ((e, path.with_name(path.name + ENCODINGS[e])) for e in ENCODINGS)
                    if v.is_file() and v.stat().st_mtime >= path.stat().st_mtime]
        if not variants:
            return super().send_head()
        for encoding, variant in variants:
            if encoding in self.accepted():
                modified = email.utils.formatdate(path.stat().st_mtime, usegmt=True)
                if self.headers.get("If-Modified-Since") == modified:    # the browser's copy is current
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
                body = open(variant, "rb")
                self.send_response(200)
                self.send_header("Last-Modified", modified)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(variant.stat().st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return body
        self.vary = True
        return super().send_head()

    def send_header(self, keyword, value) -> None:
        super().send_header(keyword, value)
        if keyword == "Content-Length" and getattr(self, "vary", False):
            super().send_header("Vary", "Accept-Encoding")    # the plain file of a compressed one
            self.vary = False

    def log_message(self, format, *args) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):
            super().handle_error(request, client_address)   # a browser that left early is no error


def make_server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    return Server(("127.0.0.1", port), handler)


# --- commands -----------------------------------------------------------------------
# One pytest process per core (pytest-xdist), each test file whole in one of them
# (a browser test module keeps its one Chromium, a solver file its cached
# positions); pytest's 25 slowest tests printed at the end, so the next slow one
# is seen. `-n 0` after `test` runs in one process.
PYTEST_ARGS = ["-n", "auto", "--dist", "loadfile", "--durations=25"]
FAST = ["-m", "not browser and not pyodide"]      # test --fast: the loop to run while you work


def cmd_test(args: list[str]) -> int:
    fast = "--fast" in args
    args = [a for a in args if a != "--fast"]
    python = ensure_venv()
    if not fast:
        ensure_chromium()
        ensure_pyodide_wheels()
    ensure_hunspell()   # the spelling test is in the fast loop too
    build_dist()        # some tests read dist/ (the bundles, the rules pages)
    log("running the " + ("fast tests (no browser, no Pyodide)" if fast else "test suite"))
    env = dict(os.environ, MANYHANDS_DIST=str(DIST), MANYHANDS_PYODIDE_WHEELS=str(PYODIDE_WHEELS))
    command = [str(python), "-m", "pytest", *PYTEST_ARGS, *(FAST if fast else []), *args]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def cmd_build(args: list[str]) -> int:
    build_dist()
    log(f"built {DIST}")
    return 0


def cmd_serve(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py serve")
    parser.add_argument("--port", type=int, default=8000)
    options = parser.parse_args(args)
    build_dist()
    try:
        server = make_server(DIST, options.port)
    except OSError:
        server = make_server(DIST, 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Manyhands is served at {url}  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


COMMANDS = {"test": cmd_test, "serve": cmd_serve, "build": cmd_build}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except subprocess.CalledProcessError as exc:
        log(f"step failed: {' '.join(map(str, exc.cmd))} (exit {exc.returncode})")
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
