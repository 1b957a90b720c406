"""The built site's precompressed copies (build.py's precompress) and the server
that sends them: brotli to a browser that accepts it, else gzip, else the file
itself; every copy decodes to the very bytes of its file."""
from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import urllib.error
import urllib.request

import pytest

from bench.browser import DIST, Site

pytestmark = pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ is not built")

# Node's zlib decodes brotli (Python's standard library cannot).
CHECK_BROTLI = r"""
const zlib = require("zlib"), fs = require("fs");
const bad = [];
for (const name of JSON.parse(process.argv[1])) {
  if (!zlib.brotliDecompressSync(fs.readFileSync(name + ".br")).equals(fs.readFileSync(name))) bad.push(name);
}
console.log(JSON.stringify(bad));
"""


def brotli_decoded(data: bytes) -> bytes:
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout


@pytest.fixture(scope="module")
def site():
    s = Site()
    yield s
    s.stop()


def get(site, path: str, accept: str | None, headers: dict | None = None):
    """(headers, body) of a GET; its status instead when it is not 200."""
    request = urllib.request.Request(site.url + path, headers=headers or {})
    if accept is not None:
        request.add_header("Accept-Encoding", accept)
    try:
        with urllib.request.urlopen(request) as response:
            return response.headers, response.read()
    except urllib.error.HTTPError as answer:
        return answer.code


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_every_copy_decodes_to_its_file_and_the_large_files_have_one():
    copies = sorted(DIST.rglob("*.br"))
    names = [str(p.with_suffix("")) for p in copies]
    assert all(p.with_suffix("").is_file() for p in [*copies, *DIST.rglob("*.gz")])
    for gz in DIST.rglob("*.gz"):
        assert gzip.decompress(gz.read_bytes()) == gz.with_suffix("").read_bytes(), gz
    bad = json.loads(subprocess.run(["node", "-e", CHECK_BROTLI, json.dumps(names)], capture_output=True,
                                    check=True, text=True).stdout)
    assert bad == []
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyscript/core-C9KDLldu.js",
                 "index.html", "style.css"):
        if (DIST / name).exists():
            assert (DIST / f"{name}.br").exists() and (DIST / f"{name}.gz").exists(), name
    wasm = DIST / "pyodide" / "pyodide.asm.wasm"
    assert (DIST / "pyodide" / "pyodide.asm.wasm.br").stat().st_size < 0.4 * wasm.stat().st_size


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
@pytest.mark.parametrize("path", ["pyodide/pyodide.asm.wasm", "style.css", ""])
def test_the_server_sends_brotli_or_gzip_when_accepted_and_the_same_bytes(site, path):
    plain_headers, plain = get(site, path, None)
    assert "Content-Encoding" not in plain_headers and plain_headers["Vary"] == "Accept-Encoding"
    assert plain == (DIST / (path or "index.html")).read_bytes()
    # cross-origin isolated (Pyodide's shared memory is no deprecated use then)
    assert plain_headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert plain_headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    headers, body = get(site, path, "gzip, deflate, br, zstd")
    assert headers["Content-Encoding"] == "br" and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == plain_headers["Content-Type"]
    assert int(headers["Content-Length"]) == len(body) < len(plain)
    assert brotli_decoded(body) == plain
    assert get(site, path, "br", {"If-Modified-Since": headers["Last-Modified"]}) == 304   # revalidated
    headers, body = get(site, path, "gzip;q=1.0, br;q=0")
    assert headers["Content-Encoding"] == "gzip" and len(body) < len(plain)
    assert gzip.decompress(body) == plain


def test_a_small_or_incompressible_file_is_sent_as_it_is(site):
    headers, body = get(site, "icons/icon-32.png", "gzip, br")
    assert "Content-Encoding" not in headers
    assert body == (DIST / "icons" / "icon-32.png").read_bytes()


def test_no_script_names_a_source_map_the_site_does_not_ship():
    for path in DIST.rglob("*"):
        if path.suffix in (".js", ".mjs"):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.startswith("//# sourceMappingURL="):
                    target = path.parent / line.split("=", 1)[1]
                    assert target.exists(), f"{path.relative_to(DIST)} names {target.name}, not shipped"
