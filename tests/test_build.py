"""build.py's set-up steps where a checkout shares another's tools: a node_modules
that is a link to a shared tree is never run through `npm ci`, which would empty
the tree it points to (a helper's worktree once emptied the main checkout's)."""
import pytest

import build


def _checkout(tmp_path, monkeypatch, with_pyodide: bool):
    shared = tmp_path / "shared_modules"
    (shared / "pyodide" if with_pyodide else shared).mkdir(parents=True)
    (shared / "keep.txt").write_text("shared")
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "package-lock.json").write_text("{}")
    (root / "package.json").write_text("{}")
    (root / "node_modules").symlink_to(shared)
    monkeypatch.setattr(build, "ROOT", root)
    monkeypatch.setattr(build, "STAMPS", root / ".stamps")
    ran = []
    monkeypatch.setattr(build, "run", lambda *args, **kwargs: ran.append(args))
    return shared, ran


def test_a_linked_node_modules_is_used_as_it_is(tmp_path, monkeypatch):
    shared, ran = _checkout(tmp_path, monkeypatch, with_pyodide=True)
    build.ensure_node_modules()
    assert ran == [] and (shared / "keep.txt").exists()
    build.ensure_node_modules()                      # and stamped: quiet the next time
    assert ran == []


def test_a_linked_node_modules_without_pyodide_is_refused_saying_where(tmp_path, monkeypatch):
    shared, ran = _checkout(tmp_path, monkeypatch, with_pyodide=False)
    with pytest.raises(SystemExit, match="run npm ci there, not through the link"):
        build.ensure_node_modules()
    assert ran == [] and (shared / "keep.txt").exists()
