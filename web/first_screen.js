// Before the page's Python has started: the home page and the rules pages,
// drawn into index.html at build time (manyhands_web/first_screen.py), are
// shown and used at once. A click on Play is kept: the loading screen says the
// table is being set, and the page's Python starts that game as soon as it is
// ready (events.py: body's data-pending). Where the player changed a card, the
// Python keeps the cards as they are (data-touched). Views that need Python
// (the table, a shared deal, the history) keep the loading screen. Once Python
// is ready (body's data-ready) it routes every view and this does nothing.
(() => {
  const body = document.body;
  const ready = () => body.dataset.ready === "true";
  const texts = {};       // rules pages fetched so far

  function show(view) {
    for (const section of document.querySelectorAll("main > section[id^=view-]")) {
      section.hidden = section.id !== `view-${view}`;
    }
    body.dataset.view = view;
  }

  function gameOpen() {
    try {
      const open = localStorage.getItem("manyhands/open");
      return Boolean(open) && (JSON.parse(localStorage.getItem("manyhands/games") || "[]") || [])
        .some((entry) => entry && entry.id === open);
    } catch { return false; }
  }

  async function showRules(name, reference) {
    const frame = document.getElementById(`rules-${name}${reference ? "-reference" : ""}`)
      || document.querySelector("template[id^=rules-]");
    if (!frame) return show("loading");
    const game = frame.id.replace(/^rules-/, "").replace(/-reference$/, "");
    const page = `rules/${game}${reference ? "-reference" : ""}.html`;
    show("rules");
    const place = document.getElementById("rules");
    try {
      if (!(page in texts)) {
        const response = await fetch(page);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        texts[page] = await response.text();
      }
    } catch (error) {
      if (!ready()) place.textContent = `Could not open these rules (${error.message}).`;
      return;
    }
    if (ready() || body.dataset.view !== "rules") return;
    place.innerHTML = frame.innerHTML.replace("<!--guide-->", texts[page]);
    place.querySelector("h2")?.setAttribute("tabindex", "-1");
  }

  function route() {
    if (ready() || body.dataset.pending) return;
    const hash = location.hash.replace(/^#/, "");
    const [view, name, part] = hash.split("/");
    if (view === "rules") return showRules(name || "", part === "reference");
    if (hash.startsWith("deal=") || view === "history" || view === "stats"
        || ((view === "" || view === "table") && gameOpen())) return show("loading");
    show("home");
  }

  // Play (or With friends) before Python: the loading screen for that game, and the game
  // started (or its seats asked) once Python is ready.
  document.getElementById("game-cards")?.addEventListener("click", (event) => {
    const play = event.target.closest("[data-play],[data-friends]");
    if (ready() || !play) return;
    event.stopImmediatePropagation();
    const game = play.dataset.play ?? play.dataset.friends;
    body.dataset.pending = play.dataset.play ? game : `friends:${game}`;
    body.dataset.touched = "true";
    const title = document.getElementById(`title-${game}`)?.textContent;
    if (title) document.getElementById("loading-title").textContent = title;
    document.getElementById("loading-what").textContent = "Setting the table for your game";
    show("loading");
  });
  for (const id of ["game-cards", "level"]) {
    document.getElementById(id)?.addEventListener("change", () => { if (!ready()) body.dataset.touched = "true"; });
  }
  addEventListener("hashchange", route);
  route();
})();
