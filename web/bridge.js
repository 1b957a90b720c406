// The page's Python and the page in few calls. From a PyScript worker every DOM
// call is a round trip to this thread (Atomics), so the Python never walks the
// DOM: it sends each redraw as ONE batch of changes (applyBatch, applied whole,
// so nothing ever sees a half-drawn table), and each event it listens for comes
// to it as one message describing its target and that target's ancestors
// (listen). Body's data-busy is there while an event is on its way to the
// Python or being handled: the browser tests and benchmarks wait for it to go.

// The table's control `node` as a selector, to focus it again once a redraw (a
// computer's move, the pace, a par arriving) has replaced it: a card or choice
// of yours, the pass screen's button, or a button named by its data-ui (and its card or hand).
function tableControl(node) {
  if (!(node instanceof Element) || !node.closest("#table")) return null;
  for (const name of ["data-prepick", "data-action", "data-toggle", "data-take"]) {
    if (node.hasAttribute(name)) return `#table [${name}="${CSS.escape(node.getAttribute(name))}"]`;
  }
  if (!node.hasAttribute("data-ui")) return null;
  return `#table [data-ui="${CSS.escape(node.getAttribute("data-ui"))}"]` + ["data-card", "data-hand"]
    .filter((name) => node.hasAttribute(name))
    .map((name) => `[${name}="${CSS.escape(node.getAttribute(name))}"]`).join("");
}

function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  const item = document.createElement("p");
  item.textContent = text;
  region.appendChild(item);
  while (region.childElementCount > 6) region.firstChild.remove();   // the last six
}

let busy = 0;     // events on their way to the Python or being handled

function handled() {
  if (--busy === 0) delete document.body.dataset.busy;
}

// Each change: [what, element id or selector, ...] (manyhands_web/dom.py writes them).
const CHANGES = {
  html(id, markup, keepFocus) {
    const node = document.getElementById(id);
    if (!node) return;
    // The table drawn again as it is (a par or review arriving, a pass screen shown
    // again) is left alone: nothing is replaced under a click on its way, nor focus lost.
    if (keepFocus && node.drawnMarkup === markup) return;
    node.drawnMarkup = keepFocus ? markup : undefined;
    const focused = keepFocus ? tableControl(document.activeElement) : null;
    node.innerHTML = markup;
    if (focused) document.querySelector(focused)?.focus();   // the control you were on, drawn again
  },
  text(id, text) { const node = document.getElementById(id); if (node) node.textContent = text; },
  prop(id, name, value) { const node = document.getElementById(id); if (node) node[name] = value; },
  attr(id, name, value) {
    const node = document.getElementById(id);
    if (node && value === null) node.removeAttribute(name);
    else if (node) node.setAttribute(name, value);
  },
  toggle(id, name, on) { document.getElementById(id)?.classList.toggle(name, on); },
  data(name, value) {       // body's data-NAME attribute (null: removed)
    if (value === null) document.body.removeAttribute(name);
    else document.body.setAttribute(name, value);
  },
  event(name) { dispatchEvent(new Event(name)); },
  start() { setTimeout(() => window.manyhands.start()); },    // (the Python does not wait for it)
  title(text) { document.title = text; },
  announce,
  focus(selector, options) { document.querySelector(selector)?.focus(options ?? undefined); },
  focusNext(selectors, force) { window.manyhands.focusNext(JSON.stringify(selectors), force); },
  point(selectors, focus) {     // a lesson's pointer (guide.py): the first of `selectors` drawn, marked (and
    // focused on a new step, or when it moved within one: a card's choices opened)
    for (const node of document.querySelectorAll("[data-point]")) node.removeAttribute("data-point");
    for (const selector of selectors) {
      const node = document.querySelector(selector);
      if (!node || !node.getClientRects().length) continue;
      node.setAttribute("data-point", "");
      if (focus || selector !== CHANGES.pointed) node.focus();
      CHANGES.pointed = selector;
      return;
    }
  },
  call(id, method) { document.getElementById(id)?.[method](); },
  scroll(id, options) { document.getElementById(id)?.scrollIntoView(options); },
  top() { window.scrollTo(0, 0); },
  hash(view) {      // the Python routes at the hashchange: the page is busy until then
    if (location.hash === `#${view}`) return;
    busy++;
    document.body.dataset.busy = "true";
    addEventListener("hashchange", handled, { once: true });
    location.hash = view;
  },
};

// A game card's house rules marked: each field's message (none: cleared), its
// controls aria-invalid, the first invalid one focused (its house rules opened).
function fieldErrors(game, errors) {
  for (const box of document.querySelectorAll(`#game-${game} .rule-field[data-field]`)) {
    const message = errors[box.dataset.field] ?? "";
    box.querySelector(".field-error").textContent = message;
    for (const control of box.querySelectorAll("input, select, fieldset")) {
      if (message) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }
  const first = document.querySelector(`#game-${game} [aria-invalid=true]`);
  const rules = document.getElementById(`house-${game}`);
  if (first && rules?.contains(first)) rules.open = true;
  if (first) (first.tagName === "FIELDSET" ? first.querySelector("input") : first).focus();
}
CHANGES.fieldErrors = fieldErrors;

// A game card's controls as the Python reads its form (JSON): each input and
// select of a rules field with its value, whether checked, its field
// (data-field, data-kind) and its row in a table field; and the values of the
// controls `ids` (JSON list; null: no such control).
export function readCard(game, ids) {
  const controls = [...document.querySelectorAll(`#game-${game} .rule-field[data-field]`)].flatMap((box) => {
    const rows = [...box.querySelectorAll("tbody tr")];
    return [...box.querySelectorAll("input, select")].map((control) => ({
      field: box.dataset.field, kind: box.dataset.kind, row: rows.findIndex((row) => row.contains(control)),
      tag: control.tagName.toLowerCase(), value: control.value, checked: !!control.checked }));
  });
  const values = Object.fromEntries(JSON.parse(ids).map((id) => [id, document.getElementById(id)?.value ?? null]));
  return JSON.stringify({ controls, values });
}

// Apply a batch (JSON text: a list of changes) in order, in this one task.
export function applyBatch(batch) {
  for (const [what, ...args] of JSON.parse(batch)) CHANGES[what](...args);
}

// What the Python reads of the page at its start (JSON): body's data
// attributes (dataset's names), the address's hash and its parameters.
export function pageState() {
  return JSON.stringify({ data: { ...document.body.dataset }, hash: location.hash,
    params: Object.fromEntries(new URLSearchParams(location.search)) });
}

// Every item of the site's localStorage (JSON: {key: text}), read at once.
export function storedItems() {
  const items = {};
  try {
    for (let i = 0; i < localStorage.length; i++) items[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
  } catch { /* no storage */ }
  return JSON.stringify(items);
}

// Keep `text` under `key` in localStorage (none: remove it; Python's None comes
// as undefined): "" when done, else the error's name (QuotaExceededError: full).
export function store(key, text) {
  try {
    if (text === null || text === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return "";
  } catch (error) {
    return error.name || "Error";
  }
}

// Times (JSON list of ms since 1970) in the browser's own words and time zone
// (JSON: {ms: text}), all in one call.
export function localDates(times) {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return JSON.stringify(Object.fromEntries(JSON.parse(times).map((ms) => [ms, format.format(ms)])));
}

// An element as the Python reads it: tag, attributes and the state of a control.
function described(node) {
  const attrs = {};
  for (const { name, value } of node.attributes) attrs[name] = value;
  const control = typeof node.value === "string";
  return { tag: node.tagName.toLowerCase(), attrs, disabled: !!node.disabled,
    value: control ? node.value : null, checked: control ? !!node.checked : null };
}

function describe(event) {
  const chain = [];
  for (let node = event.target; node instanceof Element; node = node.parentElement) chain.push(described(node));
  return JSON.stringify({ type: event.type, key: event.key ?? null, chain, hash: location.hash,
    storage: event.type === "storage" ? [event.key, event.newValue] : null });
}

// Hand each event of `kinds` (JSON: [type, selector or null]) to `handler` (the
// Python's, called with the event described): those whose target is in an
// element matching the selector, or every one of the type (null). Window events
// (hashchange, storage) on the window, the rest on the document, "close" (a
// dialog's, which does not bubble) as it goes down.
export function listen(handler, kinds) {
  const wanted = {};
  for (const [type, selector] of JSON.parse(kinds)) (wanted[type] ??= []).push(selector);
  for (const [type, selectors] of Object.entries(wanted)) {
    const on = type === "hashchange" || type === "storage" ? window : document;
    on.addEventListener(type, (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!selectors.some((s) => s === null || target?.closest(s))) return;
      busy++;
      document.body.dataset.busy = "true";
      let answer;
      try {
        answer = handler(describe(event));
      } catch (error) {
        handled();
        throw error;
      }
      Promise.resolve(answer).finally(handled);
    }, { capture: type === "close" });
  }
}
