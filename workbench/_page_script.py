"""The workbench page's script: it asks the server and shows the answers.

Server texts go into the page as text nodes; only the server's cleaned
pictures are set as markup.
"""

SCRIPT = r"""
"use strict";
const $ = (id) => document.getElementById(id);
let state = null;
let parseTimer = null, actTimer = null;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

async function call(path, body) {
  const options = body === undefined ? {} :
    {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  let response;
  try { response = await fetch(path, options); }
  catch (e) { return {error: "the workbench server does not answer: is it still running?"}; }
  let data;
  try { data = await response.json(); } catch (e) { data = {error: "the server answered " + response.status}; }
  if (!response.ok && !data.error) data.error = "the server answered " + response.status;
  if (data.busy) data.retry = Number(response.headers.get("retry-after")) || 1;
  return data;
}

function say(id, text, good) {
  const box = $(id);
  box.textContent = text || "";
  box.className = "message " + (good ? "ok" : "bad");
}

function caret(text, column) {
  return el("pre", {class: "caret"}, text + "\n" + " ".repeat(Math.max(0, column - 1)) + "^");
}

function setOptions(select, values, keep) {
  const old = select.value;
  select.replaceChildren(...values.map((v) => el("option", {value: v}, v)));
  if (keep && values.includes(old)) select.value = old;
}

function showPicture(box, data) {
  box.replaceChildren();
  if (data.svg) box.innerHTML = data.svg;
  else if (data.note) box.append(el("div", {class: "note"}, "No picture: " + data.note));
}

function reasonTree(reason, open) {
  const verdict = / is true /.test(reason.claim) ? "true-claim" : / is false /.test(reason.claim) ? "false-claim" : "";
  if (!reason.because || reason.because.length === 0) return el("li", {class: verdict}, reason.claim);
  const details = el("details", open ? {open: ""} : {}, el("summary", {class: verdict}, reason.claim),
    el("ul", {class: "why"}, ...reason.because.map((r) => reasonTree(r, false))));
  return el("li", {}, details);
}

function showReason(box, reason, title) {
  box.replaceChildren();
  if (title) box.append(el("div", {class: "note"}, title));
  box.append(el("ul", {class: "why"}, reasonTree(reason, true)));
}

// the model, the history, the sheet ------------------------------------------------------------
function render(s) {
  state = s;
  const m = s.model;
  const agents = Object.entries(m.agents).map(([a, k]) => a + " (" + k + ")").join(", ");
  $("model-info").textContent = m.size + (m.size === 1 ? " world" : " worlds") + " · agents " + agents +
    " · atoms " + (m.atoms.join(", ") || "none") + " · actual " + (m.actual.join(", ") || "none") +
    (s.events.length ? " · event models " + s.events.join(", ") + " (write [" + s.events[0] + ", e])" : "");
  showPicture($("picture"), m);
  say("model-message", "");
  const steps = $("steps");
  steps.replaceChildren(...s.steps.map((label, i) =>
    el("li", {class: i === s.position ? "current" : "", "data-step": i, onclick: () => go(i)}, label)));
  $("back").disabled = s.position === 0;
  $("forward").disabled = s.position >= s.steps.length - 1;
  const draft = s.draft;
  if (draft) {
    const names = draft.worlds.map((w) => w.name);
    for (const id of ["link-from", "link-to"]) setOptions($(id), names, true);
    if ($("link-to").value === $("link-from").value && names.length > 1) $("link-to").value = names[1];
    setOptions($("link-agent"), draft.agents, true);
    $("closure").textContent = draft.implied.length ?
      "The S5 closure also links " + draft.implied.map(([a, u, v]) => a + ": " + u + "–" + v).join(", ") +
      " (what an agent cannot tell apart is an equivalence)." : "";
  } else $("closure").textContent = "";
  const suggested = $("suggested");
  suggested.replaceChildren();
  if (s.suggested.length) {
    suggested.append(el("span", {class: "note"}, "The puzzle's announcements, in order:"));
    s.suggested.forEach((act, i) =>
      suggested.append(el("button", {class: "suggested", title: act, onclick: () => applyAct(null, i)},
                          act.length > 80 ? act.slice(0, 77) + "…]" : act)));
  }
  if ($("formula").value.trim()) check();
  else { $("result").replaceChildren(); $("why").replaceChildren(); }
}

async function refresh() {
  const s = await call("api/state");
  if (s.busy) {   // every worker busy: the page comes once one is free
    say("model-message", s.error);
    setTimeout(refresh, 1000 * s.retry);
    return;
  }
  if (s.error) { say("model-message", s.error); return; }
  if (!$("puzzle-name").options.length) {
    setOptions($("puzzle-name"), s.puzzles.map((p) => p.name));
  }
  renderSheet(s.sheet, s.grades);
  render(s);
}

async function go(position) {
  const s = await call("api/go", {position});
  if (s.error) say("model-message", s.error); else render(s);
}

async function openFile(file) {
  if (!file) return;
  const most = state.limits.upload;
  if (file.size > most) { say("model-message", file.name + " has more than " + most / 1048576 + " MiB: the limit for a file opened here"); return; }
  const text = await file.text();
  const s = await call("api/open", {text, name: file.name});
  if (s.error) say("model-message", s.error); else render(s);
}

function params(text) {
  const out = {};
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const [k, v] = part.split("=");
    out[k] = Number(v);
  }
  return out;
}

async function draft(change) {
  const s = await call("api/draft", change);
  if (s.error) { say("model-message", s.error); return; }
  render(s);
}

// formulas ---------------------------------------------------------------------------------------
async function parseNow(input, status, act) {
  const text = input.value;
  if (!text.trim()) { say(status, ""); return null; }
  const r = await call("api/parse", {text, act});
  const box = $(status);
  box.replaceChildren();
  if (r.ok) { say(status, (act ? "act: " : "parses: ") + r.text, true); return r; }
  box.className = "message bad";
  box.append(el("div", {}, r.error));
  if (r.column && r.line === 1) box.append(caret(text, r.column));
  return r;
}

async function check() {
  const formula = $("formula").value;
  if (!formula.trim()) return;
  clearTimeout(parseTimer);
  parseNow($("formula"), "parse-status", false);
  const r = await call("api/check", {formula});
  const result = $("result");
  result.replaceChildren();
  $("why").replaceChildren();
  if (r.error) { result.append(el("div", {class: "bad"}, r.error)); if (r.column) result.append(caret(formula, r.column)); return; }
  const names = state.model.worlds || [];
  const where = r.holds.map((i) => names[i] !== undefined ? names[i] : "#" + i);
  const actual = Object.entries(r.actual).map(([w, t]) => "at the actual world " + w + ": " + (t ? "true" : "false"));
  result.append(el("div", {id: "verdict"}, r.formula + " holds at " + r.count + " of " + r.size + (r.size === 1 ? " world" : " worlds") +
    (r.count ? " (" + where.slice(0, 30).join(", ") + (r.count > 30 ? ", …" : "") + ")" : "") +
    (actual.length ? "; " + actual.join("; ") : "") + "."));
  if (r.unknown) result.append(el("div", {class: "note doubt"}, "Note: " + r.unknown));
  showPicture($("picture"), r);
  const actualIndex = names.indexOf((state.model.actual || [])[0]);
  if (actualIndex >= 0) explain(actualIndex);
}

async function explain(world) {
  const formula = $("formula").value;
  if (!formula.trim()) { say("parse-status", "type a formula first, then click a world"); return; }
  const r = await call("api/explain", {formula, world});
  if (r.error) { $("why").replaceChildren(el("div", {class: "bad"}, r.error)); return; }
  showReason($("why"), r.reason, "Why, at " + r.world + " (click a line to unfold it):");
}

// updates ----------------------------------------------------------------------------------------
function actText() {
  const kind = $("act-kind").value, f = $("act-formula").value.trim();
  const group = $("act-group").value.trim().split(/[\s,]+/).filter(Boolean).join(",");
  if (kind === "act") return f;
  if (!f) return "";
  if (kind === "public") return "[!" + f + "]";
  return (kind === "private" ? "[!" : "[?") + f + "]_{" + group + "}";
}

async function applyAct(act, suggested) {
  act = suggested === undefined ? (act || actText()) : state.suggested[suggested];
  if (!act) { say("act-status", "type the formula to announce"); return; }
  const s = await call("api/apply", suggested === undefined ? {act} : {suggested});
  if (s.error) {
    $("act-status").replaceChildren(el("div", {}, s.error));
    $("act-status").className = "message bad";
    return;
  }
  say("act-status", "applied " + act, true);
  render(s);
}

// the exercise sheet -----------------------------------------------------------------------------
function renderSheet(sheet, grades) {
  if (!sheet) return;
  $("sheet-section").hidden = false;
  $("sheet-title").textContent = sheet.title;
  $("sheet-heading").textContent = "Exercises: " + sheet.title;
  $("sheet-intro").textContent = sheet.intro || "";
  const list = $("exercises");
  list.replaceChildren();
  for (const ex of sheet.exercises) {
    const box = el("div", {class: "exercise", id: "exercise-" + ex.id, "data-exercise": ex.id});
    box.append(el("h3", {}, ex.id + ". " + (ex.title || "")), el("div", {}, ex.question));
    if (ex.hint) box.append(el("div", {class: "note"}, "Hint: " + ex.hint));
    if (ex.doubt) box.append(el("div", {class: "note doubt"}, "Note: " + ex.doubt));
    if (ex.sequence) box.append(...sequenceNotes(ex));
    const picture = el("div", {class: "picture"});
    if (ex.model) box.append(el("button", {class: "show-model", onclick: () => showExercise(ex.id, picture)},
                                "Show the model"));
    let input;
    if (ex.kind === "validity") {
      input = el("span", {class: "answer-choice"});
      for (const v of ["valid", "invalid"])
        input.append(el("label", {class: "worldbox"}, el("input", {type: "radio", name: "choice-" + ex.id, value: v}), " " + v));
    } else if (ex.worlds) {
      input = el("span", {class: "answer-worlds"});
      for (const w of ex.worlds)
        input.append(el("label", {class: "worldbox"}, el("input", {type: "checkbox", value: w}), " " + w));
    } else if (ex.sequence) {
      input = el("textarea", {class: "answer wide", rows: "3", placeholder: ex.answer, spellcheck: "false"});
    } else input = el("input", {type: "text", class: "answer wide", placeholder: ex.answer});
    const out = el("div", {class: "graded"});
    const submit = el("button", {class: "submit", onclick: () => answer(ex, input, out)}, "Check my answer");
    box.append(picture, el("div", {class: "row"}, input, submit), out);
    const old = grades && grades[ex.id];
    if (old) {
      out.append(el("div", {}, el("span", {class: "grade " + old.verdict}, old.verdict + ": "), old.summary));
      if (old.doubt) out.append(el("div", {class: "note doubt"}, "Note: " + old.doubt));
    }
    list.append(box);
  }
}

// an exercise answered with a sequence of acts: the acts it offers, how to write them, a shortest length
function sequenceNotes(ex) {
  const notes = [];
  if (ex.actions.length) {
    notes.push(el("div", {class: "note"}, "The actions offered:"),
               el("ol", {class: "actions"}, ...ex.actions.map((a) => el("li", {}, el("code", {}, a)))));
    notes.push(el("div", {class: "note"}, "Write one per line, by its number or its text, at most " +
                  ex.max_steps + "."));
  } else {
    notes.push(el("div", {class: "note"}, "Write one act per line, at most " + ex.max_steps + ": ",
                  el("code", {}, "[!p]"), ", ", el("code", {}, "[!p]_{a}"), ", ", el("code", {}, "[?p]_{a,b}"),
                  " or an event model written out."));
  }
  if (ex.shortest) notes.push(el("div", {class: "note shortest"}, "Hint: " + ex.shortest + "."));
  return notes;
}

async function showExercise(id, box) {
  const r = await call("api/exercise?id=" + encodeURIComponent(id));
  if (r.error) box.replaceChildren(el("div", {class: "bad"}, r.error)); else showPicture(box, r);
}

async function answer(ex, input, out) {
  const typed = input.tagName === "INPUT" || input.tagName === "TEXTAREA";
  const text = typed ? input.value :
    [...input.querySelectorAll("input:checked")].map((c) => c.value).join(", ");
  if (ex.kind === "validity" && !text) { out.replaceChildren(el("div", {class: "bad"}, "choose valid or invalid")); return; }
  const r = await call("api/answer", {exercise: ex.id, answer: text});
  out.replaceChildren();
  if (r.error) { out.append(el("div", {class: "bad"}, r.error)); return; }
  out.append(el("div", {}, el("span", {class: "grade " + r.verdict}, r.verdict + ": "), r.summary));
  if (r.doubt) out.append(el("div", {class: "note doubt"}, "Note: " + r.doubt));
  for (const line of r.details || []) out.append(el("div", {class: "note"}, line));
  if (r.column && typed) out.append(caret(text.split("\n")[0], r.column));
  const picture = el("div", {class: "picture"});
  out.append(picture);
  showPicture(picture, r);
  if (r.reason) { const why = el("div"); out.append(why); showReason(why, r.reason, r.world ? "At " + r.world + ":" : ""); }
}

// wiring -----------------------------------------------------------------------------------------
function wire() {
  $("open-file").addEventListener("change", (e) => openFile(e.target.files[0]));
  $("example").onclick = async () => { const s = await call("api/reset", {}); if (!s.error) render(s); };
  $("save").onclick = () => { window.location.href = "api/save"; };
  $("puzzle-start").onclick = async () => {
    const s = await call("api/puzzle", {name: $("puzzle-name").value, parameters: params($("puzzle-parameters").value)});
    if (s.error) say("model-message", s.error); else render(s);
  };
  $("draft-new").onclick = () => draft({op: "new", agents: $("draft-agents").value});
  $("add-world").onclick = () => draft({op: "world", world: $("world-name").value.trim(), atoms: $("world-atoms").value});
  $("set-atoms").onclick = () => draft({op: "atoms", world: $("world-name").value.trim(), atoms: $("world-atoms").value});
  $("remove-world").onclick = () => draft({op: "remove", world: $("world-name").value.trim()});
  $("set-actual").onclick = () => draft({op: "actual", world: $("world-name").value.trim()});
  $("link").onclick = () => draft({op: "link", agent: $("link-agent").value, from: $("link-from").value, to: $("link-to").value});
  $("unlink").onclick = () => draft({op: "unlink", agent: $("link-agent").value, from: $("link-from").value, to: $("link-to").value});
  $("back").onclick = () => go(state.position - 1);
  $("forward").onclick = () => go(state.position + 1);
  $("formula").addEventListener("input", () => {
    clearTimeout(parseTimer);
    parseTimer = setTimeout(() => parseNow($("formula"), "parse-status", false), 150);
  });
  $("formula").addEventListener("keydown", (e) => { if (e.key === "Enter") check(); });
  $("check").onclick = check;
  const preview = () => {
    $("act-text").textContent = actText();
    clearTimeout(actTimer);
    actTimer = setTimeout(async () => {
      const act = actText();
      if (!act) { say("act-status", ""); return; }
      const r = await call("api/parse", {text: act, act: true});
      if (r.ok) say("act-status", "the act parses", true);
      else { $("act-status").replaceChildren(el("div", {}, r.error)); $("act-status").className = "message bad"; }
    }, 150);
  };
  for (const id of ["act-kind", "act-formula", "act-group"]) $(id).addEventListener("input", preview);
  $("act-kind").addEventListener("change", preview);
  $("apply").onclick = () => applyAct();
  $("act-formula").addEventListener("keydown", (e) => { if (e.key === "Enter") applyAct(); });
  $("picture").addEventListener("click", (e) => {
    const node = e.target.closest("g.node[data-world]");
    if (node) explain(Number(node.getAttribute("data-world")));
  });
}

wire();
refresh();
"""
