"""The workbench's page: one HTML document with its style and script inline.

Nothing loads from the network, so the page works offline; it talks only
to its own server's ``/api/...``.  Every text the server sends is put in
the page as text (``textContent``), never as markup, except the pictures,
which the server draws and cleans (:func:`~epistemic.visualize.explorer.inline_svg`).
"""

from __future__ import annotations

from ._page_script import SCRIPT

__all__ = ["page_html"]

STYLE = """
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2433; background: #f6f7f9; }
header { background: #24324d; color: #fff; padding: 10px 18px; display: flex; gap: 18px; align-items: baseline; }
header h1 { font-size: 19px; margin: 0; }
main { display: grid; grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); gap: 14px; padding: 14px; }
@media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); } }
section { background: #fff; border: 1px solid #d8dce3; border-radius: 6px; padding: 10px 14px; margin-bottom: 14px; }
section h2 { font-size: 16px; margin: 0 0 8px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
input[type=text], select, textarea { font: 14px/1.5 ui-monospace, monospace; padding: 3px 6px;
  border: 1px solid #aab2c0; border-radius: 4px; max-width: 100%; }
input.wide, textarea { flex: 1; min-width: 200px; }
button { font: inherit; font-size: 14px; padding: 4px 10px; border: 1px solid #7d8799; border-radius: 4px;
  background: #eef1f6; cursor: pointer; }
button:hover { background: #dfe5ee; }
button:disabled { opacity: .45; cursor: default; }
.note { color: #566173; font-size: 13px; }
.ok { color: #1d6b35; }
.bad { color: #a3261b; }
.message { min-height: 1.3em; font-size: 13px; }
.doubt { color: #8a5300; }
pre, .note, .graded, #why, #result { overflow-wrap: anywhere; }
#picture svg, .picture svg { max-width: 100%; height: auto; }
#picture g.node[data-world] { cursor: pointer; }
#steps { margin: 4px 0; padding-left: 22px; }
#steps li { cursor: pointer; }
#steps li.current { font-weight: bold; }
ul.why { list-style: none; padding-left: 16px; margin: 4px 0; }
ul.why summary { cursor: pointer; }
.true-claim { color: #1d6b35; } .false-claim { color: #a3261b; }
.exercise { border-top: 1px solid #e2e5ea; padding-top: 8px; margin-top: 8px; }
.exercise h3 { font-size: 15px; margin: 0 0 4px; }
.grade { font-weight: bold; }
.grade.right { color: #1d6b35; } .grade.wrong, .grade.unreadable { color: #a3261b; }
pre.caret { margin: 2px 0; font-size: 13px; color: #a3261b; }
/* an example is not a placeholder: Chromium cuts a placeholder's underscores off */
code { font: 13px/1.5 ui-monospace, monospace; }
.worldbox { margin-right: 8px; }
ol.actions { margin: 2px 0; padding-left: 26px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; background: #e4e8ef; font-size: 12px; }
"""

BODY = """
<header><h1>epistemic workbench</h1><span id="sheet-title"></span></header>
<main>
<div>
<section id="model-section">
  <h2>Model</h2>
  <div class="row">
    <label>Open a file <input type="file" id="open-file" accept=".json,.txt,.smcdel"></label>
    <button id="example">Example</button>
    <button id="save">Save model</button>
  </div>
  <div class="row">
    <label>Puzzle <select id="puzzle-name"></select></label>
    <input type="text" id="puzzle-parameters" placeholder="parameters, e.g. n=3 k=2" size="24">
    <button id="puzzle-start">Start</button>
  </div>
  <details id="draw">
    <summary>Draw a model by hand</summary>
    <div class="row"><input type="text" id="draft-agents" value="a b" size="10">
      <button id="draft-new">New model with these agents</button></div>
    <div class="row"><input type="text" id="world-name" placeholder="world" size="6">
      <input type="text" id="world-atoms" placeholder="true atoms, e.g. p q" size="20">
      <button id="add-world">Add world</button><button id="set-atoms">Set atoms</button>
      <button id="remove-world">Remove world</button><button id="set-actual">Make actual</button></div>
    <div class="row"><select id="link-agent"></select> cannot tell
      <select id="link-from"></select> from <select id="link-to"></select>
      <button id="link">Link</button><button id="unlink">Unlink</button></div>
    <div id="closure" class="note"></div>
  </details>
  <div id="model-info" class="note"></div>
  <div id="model-message" class="message bad"></div>
  <div id="picture"></div>
  <div class="note">Click a world to see why the formula is true or false there.</div>
</section>
<section id="history-section">
  <h2>History</h2>
  <div class="row"><button id="back">&larr; Back</button><button id="forward">Forward &rarr;</button>
    <a id="script" href="api/script" download="history.sh">Export as a script of commands</a></div>
  <ol id="steps" start="0"></ol>
</section>
</div>
<div>
<section id="formula-section">
  <h2>Formula</h2>
  <div class="row"><input type="text" id="formula" class="wide" placeholder="a formula, then Enter"
    autocomplete="off" spellcheck="false"><button id="check">Check</button></div>
  <div class="note" id="formula-example">For example <code>K_a p | C_{a,b} ~K_b p</code>: a knows p, or a and b
    commonly know that b does not know p.</div>
  <div id="parse-status" class="message"></div>
  <div id="result"></div>
  <div id="why"></div>
</section>
<section id="update-section">
  <h2>Update</h2>
  <div class="row">
    <select id="act-kind">
      <option value="public">public announcement [!&phi;]</option>
      <option value="private">private announcement to a group [!&phi;]_{G}</option>
      <option value="semi">semi-private: a group learns whether [?&phi;]_{G}</option>
      <option value="act">an act written out (event models)</option>
    </select>
    <input type="text" id="act-group" placeholder="group, e.g. a b" size="14">
  </div>
  <div class="row"><input type="text" id="act-formula" class="wide" placeholder="the formula announced, or the act"
    autocomplete="off" spellcheck="false"><button id="apply">Apply</button></div>
  <div class="note">The act: <code id="act-text"></code></div>
  <div id="act-status" class="message"></div>
  <div id="suggested" class="row"></div>
</section>
<section id="sheet-section" hidden>
  <h2 id="sheet-heading">Exercises</h2>
  <div id="sheet-intro" class="note"></div>
  <div id="exercises"></div>
</section>
</div>
</main>
"""


def page_html() -> str:
    """The whole page.

    Examples
    --------
    >>> page = page_html()
    >>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http-equiv", "")
    (True, False)
    """
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>epistemic workbench</title><style>{STYLE}</style></head>"
            f"<body>{BODY}<script>{SCRIPT}</script></body></html>\n")
