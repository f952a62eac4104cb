"""The style and the script of the explorer page (:mod:`epistemic.visualize.explorer`).

They are plain text put inline into every page: no file, font or library is
loaded from elsewhere.  The script builds the reason trees from the page's
JSON with ``textContent`` only, so no text of a model is ever read as markup.
"""

from .style import FALSE_FILL, TRUE_FILL

__all__ = ["STYLE", "SCRIPT"]

STYLE = """
:root { color-scheme: light; }
body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       margin: 0; color: #1a1a1a; background: #fafafa; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; margin: 1rem 0 0.5rem; }
h3 { font-size: 1.05rem; margin: 0.75rem 0 0.25rem; }
p { margin: 0.3rem 0; overflow-wrap: anywhere; }
.intro { color: #333; }
.note { color: #555; font-style: italic; }
button, select { font: inherit; }
nav.knowledge { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.75rem 0;
                position: sticky; top: 0; background: #fafafa; padding: 0.4rem 0; z-index: 1; }
nav.knowledge button { border: 1px solid #888; border-radius: 1rem; background: #fff; padding: 0.15rem 0.8rem;
                       cursor: pointer; }
nav.knowledge button[aria-pressed="true"] { background: #1f4e79; border-color: #1f4e79; color: #fff; }
.steps { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
.steps button { border: 1px solid #888; background: #fff; border-radius: 0.3rem; padding: 0.15rem 0.7rem;
                cursor: pointer; }
.steps button:disabled { color: #aaa; border-color: #ccc; cursor: default; }
.steps select { max-width: 100%; }
article.step { background: #fff; border: 1px solid #ddd; border-radius: 0.4rem; padding: 0.5rem 1rem 0.75rem; }
ul.decisions { list-style: none; padding: 0; margin: 0.5rem 0; }
ul.decisions > li { margin: 0.3rem 0; }
button.decision { text-align: left; border: 1px solid #1f4e79; background: #eef4fa; color: #10304f;
                  border-radius: 0.3rem; padding: 0.2rem 0.6rem; cursor: pointer; max-width: 100%;
                  overflow-wrap: anywhere; }
button.decision::before { content: "\\25B8  "; }
button.decision[aria-expanded="true"]::before { content: "\\25BE  "; }
span.decision { padding: 0.2rem 0.6rem; display: inline-block; }
.reasons { margin: 0.25rem 0 0.5rem 0.75rem; }
.reasons ul { list-style: none; margin: 0; padding-left: 1.1rem; border-left: 2px solid #d0d8e0; }
.reasons li { margin: 0.2rem 0; overflow-wrap: anywhere; }
.reasons li.true > .claim { background: __TRUE__; }
.reasons li.false > .claim { background: __FALSE__; }
.reasons .claim { padding: 0 0.2rem; border-radius: 0.2rem; }
.reasons .values { font-weight: 600; }
.reasons .knowledge { font-style: italic; color: #555; }
.reasons button.unfold { border: none; background: none; color: #1f4e79; cursor: pointer; padding: 0 0.3rem;
                         text-decoration: underline; }
.reasons .more { color: #777; font-style: italic; }
p.links button.goto { border: 1px dashed #1f4e79; background: #fff; color: #1f4e79; border-radius: 0.3rem;
                      margin: 0.15rem 0.2rem 0.15rem 0; padding: 0.1rem 0.5rem; cursor: pointer; }
figure.picture { margin: 0.5rem 0; overflow-x: auto; }
details.overview { margin: 0.4rem 0; }
details.overview summary { cursor: pointer; color: #1f4e79; }
figure.picture svg { max-width: 100%; height: auto; }
@media (max-width: 30rem) { body { font-size: 15px; } main { padding: 0.5rem; } }
@media print { nav.knowledge { position: static; } }
""".replace("__TRUE__", TRUE_FILL).replace("__FALSE__", FALSE_FILL)

SCRIPT = """
(function () {
  "use strict";
  var rows = JSON.parse(document.getElementById("reasons").textContent);
  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function text(tag, cls, words) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    el.textContent = words;
    return el;
  }
  function children(row) {
    var list = document.createElement("ul");
    row.c.forEach(function (id) { list.appendChild(reason(id)); });
    return list;
  }
  function reason(id) {
    var row = rows[id], item = document.createElement("li"), claim = text("span", "claim", row.t);
    if (row.y === true) { item.className = "true"; }
    if (row.y === false) { item.className = "false"; }
    item.appendChild(claim);
    if (row.v) { item.appendChild(text("span", "values", "  (" + row.v + ")")); }
    if (row.k) { item.appendChild(text("span", "knowledge", "  [" + row.k + "]")); }
    if (row.c.length) {
      var n = row.c.length, closed = "why? (" + n + " reason" + (n > 1 ? "s" : "") + ")";
      var open = text("button", "unfold", closed);
      open.type = "button";
      open.setAttribute("aria-expanded", "false");
      open.addEventListener("click", function () {
        var shown = item.querySelector(":scope > ul");
        if (!shown) { item.appendChild(children(row)); }
        else { shown.hidden = !shown.hidden; }
        var expanded = !(shown && shown.hidden);
        open.setAttribute("aria-expanded", expanded ? "true" : "false");
        open.textContent = expanded ? "hide its reasons" : closed;
      });
      item.appendChild(open);
    }
    if (row.m) { item.appendChild(text("span", "more", "  (" + row.m + " more reasons not embedded)")); }
    return item;
  }
  function decide(button) {
    var box = button.nextElementSibling;
    if (!box.firstChild) {
      var list = document.createElement("ul"), root = reason(Number(button.dataset.reason));
      list.appendChild(root);
      var open = root.querySelector(":scope > button.unfold");
      if (open) { open.click(); }
      box.appendChild(list);
    }
    box.hidden = !box.hidden;
    button.setAttribute("aria-expanded", box.hidden ? "false" : "true");
  }
  function steps(view) { return all(view, "article.step"); }
  function visible() { return document.querySelector("section.view:not([hidden])"); }
  function shownStep(view) { return view.querySelector("article.step:not([hidden])"); }
  function show(view, number) {
    var list = steps(view), found = list.filter(function (s) { return s.dataset.number === String(number); })[0];
    if (!found) { return false; }
    list.forEach(function (s) { s.hidden = s !== found; });
    var at = list.indexOf(found), jump = view.querySelector("select.jump");
    var prev = view.querySelector("button.prev"), next = view.querySelector("button.next");
    if (jump) { jump.value = String(number); }
    if (prev) { prev.disabled = at === 0; }
    if (next) { next.disabled = at === list.length - 1; }
    return true;
  }
  function move(view, by) {
    var list = steps(view), at = list.indexOf(shownStep(view)) + by;
    if (at >= 0 && at < list.length) { show(view, list[at].dataset.number); }
  }
  function choose(index, number) {
    var target = null;
    all(document, "section.view").forEach(function (v) {
      v.hidden = v.dataset.view !== String(index);
      if (!v.hidden) { target = v; }
    });
    all(document, "nav.knowledge button").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.view === String(index) ? "true" : "false");
    });
    if (target && number !== null) { show(target, number); }
  }
  all(document, "section.view").forEach(function (view) {
    show(view, steps(view)[0].dataset.number);
    var prev = view.querySelector("button.prev"), next = view.querySelector("button.next");
    var jump = view.querySelector("select.jump");
    if (prev) { prev.addEventListener("click", function () { move(view, -1); }); }
    if (next) { next.addEventListener("click", function () { move(view, 1); }); }
    if (jump) { jump.addEventListener("change", function () { show(view, jump.value); }); }
  });
  all(document, "button.decision").forEach(function (b) {
    b.addEventListener("click", function () { decide(b); });
  });
  all(document, "nav.knowledge button").forEach(function (b) {
    // the same round on other knowledge, where that knowledge predicts it
    b.addEventListener("click", function () {
      var here = visible(), step = here && shownStep(here);
      choose(b.dataset.view, step ? step.dataset.number : null);
    });
  });
  all(document, "button.goto").forEach(function (b) {
    b.addEventListener("click", function () { choose(b.dataset.view, b.dataset.number); window.scrollTo(0, 0); });
  });
  document.addEventListener("keydown", function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var view = visible();
    if (!view) { return; }
    if (event.key === "ArrowRight") { move(view, 1); }
    if (event.key === "ArrowLeft") { move(view, -1); }
  });
})();
"""
