"""HTML the page draws, read as a tree of elements, for tests that read the table
as a person does: an element's text, its classes and data attributes, the
elements inside it, the words of its labels and tooltips."""
from __future__ import annotations

import functools
import html
import re

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# elements whose text stands apart from its neighbours' (a line of its own)
BLOCKS = {"p", "div", "section", "li", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr",
          "table", "caption", "dl", "dt", "dd", "button", "label", "summary", "details", "nav", "article",
          "fieldset", "legend", "option", "select", "br", "aside", "header", "footer", "main", "blockquote"}
SPOKEN = ("aria-label", "title", "placeholder", "alt")       # words read out or shown on hover


class Element:
    """An element: its tag, attributes (read from `raw` when first asked for), classes,
    children (elements and text) and parent."""

    def __init__(self, tag: str, raw: str, parent: "Element | None"):
        self.tag, self.parent, self._raw = tag, parent, raw
        self.children: list["Element | str"] = []
        found = CLASS.search(raw)
        self.classes = set(html.unescape(found.group(1)).split()) if found else set()
        self._below: list["Element"] | None = None
        self._ids: dict | None = None

    @functools.cached_property
    def attrs(self) -> dict:
        return _attrs(self._raw)

    def text(self, without: "Element | None" = None) -> str:
        """The element's text, a line per block element, a space between inline
        elements (`<span>Turned up</span><span>Wolf</span>`: two things said), runs
        of spaces made one; `without`: an element below whose text is left out."""
        parts: list[str] = []

        def walk(node):
            if isinstance(node, str):
                parts.append(node)
                return
            if node.tag in ("script", "style", "svg") or node is without:
                return
            edge = "\n" if node.tag in BLOCKS else " "
            parts.append(edge)
            for child in node.children:
                walk(child)
            parts.append(edge)
        walk(self)
        lines = (" ".join(line.split()) for line in "".join(parts).split("\n"))
        return "\n".join(line for line in lines if line)

    def iter(self) -> list["Element"]:
        """This element and every element below it, in document order (the tree is
        read once, whole: the list is kept)."""
        if self._below is None:
            out, stack = [], [self]
            while stack:
                node = stack.pop()
                out.append(node)
                stack.extend(c for c in reversed(node.children) if isinstance(c, Element))
            self._below = out
        return self._below

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Element"]:
        """Elements below (and including) this one with that tag, class and attributes
        (`data_seat="2"` for data-seat)."""
        wanted = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [e for e in self.iter()
                if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)
                and all(e.attrs.get(k) == v for k, v in wanted.items())]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "Element | None":
        found = self.find_all(tag, cls, **attrs)
        return found[0] if found else None

    def by_id(self, id_: str) -> "Element | None":
        if self._ids is None:
            self._ids = {}
            for e in self.iter():
                if ' id=' in e._raw or e._raw.startswith("id="):
                    self._ids.setdefault(e.attrs.get("id"), e)
        return self._ids.get(id_)

    def spoken(self) -> list[str]:
        """The words of attributes below: labels, tooltips and placeholders."""
        return [e.attrs[a] for e in self.iter() for a in SPOKEN if e.attrs.get(a)]


TOKEN = re.compile(r"<!--.*?-->|<![^>]*>|<(/?)([a-zA-Z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|([^<]+)", re.S)
CLASS = re.compile(r"""(?:^|\s)class\s*=\s*["']([^"']*)["']""")
ATTR = re.compile(r"""([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


def _attrs(raw: str) -> dict:
    return {m[1].lower(): html.unescape(m[2] if m[2] is not None else m[3] if m[3] is not None else m[4] or "")
            for m in ATTR.finditer(raw)}


def parse(markup: str) -> Element:
    """The elements of `markup` (HTML as the page writes it: quoted attributes or
    bare words, void elements unclosed; a stray end tag is ignored)."""
    root = Element("#root", "", None)
    at = root
    for match in TOKEN.finditer(markup):
        closing, tag, raw, text = match.groups()
        if text is not None:
            at.children.append(html.unescape(text))
        elif tag is None:
            continue                                      # a comment, a doctype
        elif closing:
            tag = tag.lower()
            node = at
            while node is not None and node.tag != tag:
                node = node.parent
            if node is not None and node.parent is not None:
                at = node.parent
        else:
            tag = tag.lower()
            element = Element(tag, raw.rstrip("/"), at)
            at.children.append(element)
            if tag not in VOID and not raw.endswith("/"):
                at = element
    return root
