"""What the picture tests share: reading DOT and SVG, and skip marks."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest

from epistemic.visualize import available_renderers
from epistemic.visualize.render import _dot_program
from extras import system_tool

#: for a test that renders with whichever Graphviz engine is installed
needs_engine = system_tool("a Graphviz engine", available_renderers,
                           "pip install pygraphviz, or apt-get install graphviz")
#: for a test that renders with the system's own dot program
needs_dot = system_tool("Graphviz's dot program", _dot_program, "apt-get install graphviz")
needs_sh = pytest.mark.skipif(os.name != "posix", reason="the fake dot program is a POSIX shell script")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
GOOD = 'digraph { alpha [label="first-node"]; beta [label="second-node ✓"]; alpha -> beta }'
BAD = "digraph { a -> }"


_EDGE = re.compile(r"^\s*(\w+) -> (\w+)(?: \[(.*)\])?\s*$")
_ATTR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)')


def edges_of(source: str) -> list[tuple[str, str, dict]]:
    """``(tail, head, attributes)`` of each edge statement, one per line as
    the graphviz package writes them (quotes around values removed)."""
    found = []
    for line in source.splitlines():
        m = _EDGE.match(line)
        if m:
            attrs = {k: v.strip('"') for k, v in _ATTR.findall(m.group(3) or "")}
            found.append((m.group(1), m.group(2), attrs))
    return found


def node_lines(source: str, prefix: str) -> dict[str, str]:
    """Node id -> its definition line, for ids ``prefix0``, ``prefix1``, ..."""
    out = {}
    for line in source.splitlines():
        m = re.match(rf"^\s*({prefix}\d+) \[label=", line)
        if m:
            assert m.group(1) not in out, f"{m.group(1)} defined twice"
            out[m.group(1)] = line
    return out


def svg_texts(svg: bytes | str) -> list[str]:
    """The text of every ``<text>`` element; parsing also proves the SVG is XML."""
    root = ET.fromstring(svg if isinstance(svg, bytes) else svg.encode("utf-8"))
    return [t.text or "" for t in root.iter() if t.tag.rsplit("}", 1)[-1] == "text"]
