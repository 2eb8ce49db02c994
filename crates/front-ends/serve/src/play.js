// The play page: the game in the address (spec, seats, seed, history),
// each move sent with the whole history to a stateless server, which
// answers the position, the legal moves and the log. PLAY (set above)
// holds the game's name, seats, usual players and agents.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const ADVANCE = 10000;
  const game = PLAY.game;
  let cfg = fromAddress();
  let last = null; // the latest answer
  let busy = false;
  let replay = null; // { text, format, at, count }

  function fromAddress() {
    const q = new URLSearchParams(location.search);
    const seats = q.get("seats");
    const h = q.get("h");
    return {
      spec: q.get("spec") || PLAY.spec,
      seats: seats ? seats.split(",") : PLAY.usual.slice(),
      seed: Number(q.get("seed") || 2002),
      history: h ? h.split(".").filter((s) => s !== "").map(Number) : [],
    };
  }

  function address(c) {
    const q = new URLSearchParams();
    q.set("spec", c.spec);
    if (c.seats.length) q.set("seats", c.seats.join(","));
    q.set("seed", String(c.seed));
    if (c.history.length) q.set("h", c.history.join("."));
    return location.pathname + "?" + q.toString();
  }

  function say(text) {
    // Cleared first, so that the same words said twice are announced.
    $("announce").textContent = "";
    setTimeout(() => { $("announce").textContent = text; }, 30);
  }

  function fail(text) {
    $("error").textContent = text || "";
  }

  async function post(path, body) {
    const r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(text || r.statusText);
    return JSON.parse(text);
  }

  function showPicture(svg, label) {
    const board = $("board");
    board.innerHTML = svg;
    const el = board.querySelector("svg");
    if (el) {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", label);
      el.removeAttribute("width");
      el.removeAttribute("height");
    }
  }

  function button(text, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", onclick);
    return b;
  }

  // Plays: `extra` is the action or move and how far to advance; `push`
  // keeps the previous address in the browser's history.
  async function send(extra, push) {
    if (busy) return;
    busy = true;
    fail("");
    // A move made from the keyboard keeps the keyboard among the moves.
    const keyed = $("moves").contains(document.activeElement);
    document.body.setAttribute("aria-busy", "true");
    try {
      let a = await post("/api/play/" + game, {
        spec: cfg.spec, seats: cfg.seats, seed: cfg.seed, history: cfg.history, ...extra,
      });
      let news = a.log.slice(a.new);
      // A long advance answers in parts: ask on.
      while (a.paused) {
        show(a, news);
        a = await post("/api/play/" + game, {
          spec: cfg.spec, seats: cfg.seats, seed: cfg.seed, history: a.history, advance: extra.advance || ADVANCE,
        });
        news = news.concat(a.log.slice(a.new));
      }
      cfg.history = a.history;
      cfg.spec = a.spec;
      const url = address(cfg);
      if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
      show(a, news);
      const first = $("moves").querySelector("button");
      if (keyed && first) first.focus();
      // A game whose moves are not listed is replayed here, not played.
      if (!a.listed && !replay) mode(true);
    } catch (e) {
      fail(e.message);
      say("Refused: " + e.message);
    } finally {
      busy = false;
      document.body.removeAttribute("aria-busy");
    }
  }

  function show(a, news) {
    last = a;
    showPicture(a.picture, a.title + ". " + a.position);
    $("position-text").textContent = a.position;
    $("turn").textContent = a.result ? "Game over: " + a.result : a.title + ".";
    const log = $("log");
    log.textContent = "";
    for (const step of a.log) {
      const li = document.createElement("li");
      li.textContent = step.who + ": " + step.text;
      log.appendChild(li);
    }
    const moves = $("moves");
    moves.textContent = "";
    if (a.human) {
      for (const m of a.moves) {
        moves.appendChild(button(m.text, () => send({ action: m.action, advance: ADVANCE }, true)));
      }
    }
    $("more-moves").hidden = !(a.human && a.more > 0);
    $("more-moves").textContent = a.more + " more legal moves are not shown: type one.";
    $("move-form").hidden = !a.human;
    // No moves listed: what to type, as the game registers its notation.
    const notation = a.notation || PLAY.notation;
    $("notation").hidden = !(a.human && a.moves.length === 0 && notation);
    if (notation) {
      $("notation-hint").textContent = notation.hint;
      $("notation-example").textContent = notation.example;
      $("move-text").placeholder = notation.example;
    }
    $("unlisted").hidden = a.listed;
    $("steps-box").hidden = a.human || a.to_move === "over" || !a.listed;
    $("undo").disabled = a.history.length === 0;
    const words = news.map((s) => s.who + ": " + s.text);
    if (a.result) words.push("Game over. " + a.result);
    else if (a.human) words.push(a.who + " to move.");
    if (words.length) say(words.join(". "));
  }

  function fillSetup() {
    const box = $("seat-fields");
    box.textContent = "";
    PLAY.seat_names.forEach((name, seat) => {
      if (!PLAY.usual.length) return;
      const p = document.createElement("p");
      const label = document.createElement("label");
      label.htmlFor = "seat-" + seat;
      label.textContent = name + " ";
      const select = document.createElement("select");
      select.id = "seat-" + seat;
      const names = ["you"].concat(PLAY.agents.map((a) => a.name));
      const current = cfg.seats[seat] || "you";
      if (!names.includes(current)) names.push(current);
      for (const n of names) {
        const o = document.createElement("option");
        o.value = n;
        const agent = PLAY.agents.find((a) => a.name === n);
        o.textContent = agent ? n + ": " + agent.summary : n;
        o.selected = n === current;
        select.appendChild(o);
      }
      p.append(label, select);
      box.appendChild(p);
    });
    $("seed").value = String(cfg.seed);
    $("spec").value = cfg.spec;
  }

  function auto() {
    return cfg.seats.includes("you") ? ADVANCE : 0;
  }

  function restart(c) {
    cfg = c;
    fillSetup();
    send({ advance: auto() }, true);
  }

  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = $("move-text").value.trim();
    if (!typed) return;
    send({ move: typed, advance: ADVANCE }, true).then(() => {
      if (!$("error").textContent) $("move-text").value = "";
    });
  });
  $("step").addEventListener("click", () => send({ advance: 1 }, true));
  $("to-end").addEventListener("click", () => send({ advance: ADVANCE }, true));
  $("undo").addEventListener("click", () => {
    if (!last) return;
    // Back to before the last move of a seat you play, else one step.
    let to = cfg.history.length - 1;
    for (let i = last.log.length - 1; i >= 0; i--) {
      const s = last.log[i].seat;
      if (s !== null && cfg.seats[s] === "you") { to = i; break; }
    }
    cfg.history = cfg.history.slice(0, Math.max(0, to));
    send({ advance: 0 }, true);
  });
  $("new-game").addEventListener("click", () => {
    restart({ ...cfg, seed: cfg.seed + 1, history: [] });
  });
  $("apply").addEventListener("click", () => {
    const seats = PLAY.usual.length
      ? PLAY.seat_names.map((_, s) => $("seat-" + s).value)
      : [];
    restart({ spec: $("spec").value.trim() || PLAY.spec, seats, seed: Number($("seed").value || 0), history: [] });
  });

  async function recordText(format) {
    return post("/api/play/" + game + "/record", {
      spec: cfg.spec, seats: cfg.seats, seed: cfg.seed, history: cfg.history, format,
    });
  }

  $("download").addEventListener("click", async () => {
    fail("");
    try {
      const r = await recordText($("record-format").value);
      const url = URL.createObjectURL(new Blob([r.text], { type: "text/plain" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = r.file;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      say("Record " + r.file + " downloaded.");
    } catch (e) {
      fail(e.message);
    }
  });

  function mode(replaying) {
    $("play-panel").hidden = replaying;
    $("replay-panel").hidden = !replaying;
    $("mode-play").setAttribute("aria-pressed", String(!replaying));
    $("mode-replay").setAttribute("aria-pressed", String(replaying));
    if (!replaying && last) show(last, []);
  }
  $("mode-play").addEventListener("click", () => mode(false));
  $("mode-replay").addEventListener("click", () => {
    mode(true);
    if (replay) step(replay.at);
  });

  $("replay-this").addEventListener("click", async () => {
    fail("");
    try {
      const r = await recordText("ron");
      replay = { text: r.text, format: "ron", at: 0, count: 0, steps: null };
      mode(true);
      await step(0);
    } catch (e) {
      fail(e.message);
    }
  });

  $("record-file").addEventListener("change", () => {
    const file = $("record-file").files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const format = /\.json$/i.test(file.name) ? "json" : "ron";
      replay = { text: String(reader.result), format, at: 0, count: 0, steps: null };
      step(0);
    };
    reader.readAsText(file);
  });

  // Steps through the record: its steps are asked for once, then only
  // the position after each step.
  async function step(at) {
    if (!replay || busy) return;
    busy = true;
    fail("");
    try {
      const v = await post("/api/replay/" + game, {
        record: replay.text, format: replay.format, at, steps: !replay.steps,
      });
      const list = $("replay-steps");
      if (!replay.steps) {
        replay.steps = v.steps;
        list.textContent = "";
        for (const s of v.steps) {
          const li = document.createElement("li");
          li.textContent = s.who + ": " + s.text;
          list.appendChild(li);
        }
        const ok = v.legal ? "every step is legal" : "not legal: " + v.error;
        $("replay-summary").textContent =
          v.spec + ", seed " + v.seed + (v.players.length ? ", " + v.players.join(" against ") : "") +
          "; " + ok + (v.result ? "; " + v.result : "; " + v.end) + ".";
      }
      replay.at = v.at;
      replay.count = v.count;
      showPicture(v.picture, "After " + v.at + " steps. " + v.position);
      $("position-text").textContent = v.position;
      const shown = replay.steps[v.at - 1];
      $("turn").textContent = v.at === 0 ? "The start." : "Step " + (v.at - 1) + ", " + shown.who + ": " + shown.text;
      $("replay-at").textContent = "step " + v.at + " of " + v.count;
      const before = list.querySelector("[aria-current]");
      if (before) before.removeAttribute("aria-current");
      const current = list.children[v.at - 1];
      if (current) {
        current.setAttribute("aria-current", "step");
        current.scrollIntoView({ block: "nearest" });
      }
      $("first").disabled = $("back").disabled = v.at === 0;
      $("forward").disabled = $("last").disabled = v.at >= v.count;
      say($("turn").textContent + (v.at >= v.count && v.result ? " " + v.result : ""));
    } catch (e) {
      fail(e.message);
    } finally {
      busy = false;
    }
  }

  $("first").addEventListener("click", () => step(0));
  $("back").addEventListener("click", () => step(Math.max(0, replay.at - 1)));
  $("forward").addEventListener("click", () => step(replay.at + 1));
  $("last").addEventListener("click", () => step(replay.count));
  $("replay-panel").addEventListener("keydown", (e) => {
    if (!replay || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); step(Math.max(0, replay.at - 1)); }
    if (e.key === "ArrowRight") { e.preventDefault(); step(replay.at + 1); }
  });

  window.addEventListener("popstate", () => {
    cfg = fromAddress();
    fillSetup();
    send({ advance: 0 }, false);
  });

  document.querySelectorAll("#unlisted code")[0].textContent = "tabula play " + game;
  fillSetup();
  send({ advance: auto() }, false);
})();
