// A command's form: sends its fields as JSON to /api/run/VERB/GAME and
// shows the report. Text is set as text, pictures are shown as images.
(function () {
  "use strict";
  const form = document.getElementById("run-form");
  const $ = (id) => document.getElementById(id);
  const url = "/api/run/" + encodeURIComponent(form.dataset.verb) + "/" +
    encodeURIComponent(form.dataset.game);
  let running = null;
  let urls = [];

  function clear() {
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [];
    $("error").textContent = "";
    $("text").textContent = "";
    $("json").textContent = "";
    $("pictures").replaceChildren();
  }

  // The most a file may hold, as its field says (the server's limit
  // too: a record to replay may be larger than other files).
  const cap = (el) => Number(el.dataset.max) || 512 * 1024;
  const size = (n) => n >= 1 << 20 ? (n >> 20) + " MiB" : n / 1024 + " KiB";

  // A required file not chosen: said in words, before anything is sent.
  function missing() {
    for (const el of form.querySelectorAll("input[type=file][data-missing]")) {
      const typed = $("f-" + el.dataset.for);
      if (!el.files.length && !(typed && typed.value.trim())) return el;
    }
    return null;
  }
  function sayMissing(el) {
    $("error").textContent = el.dataset.missing;
    $("status").textContent = "not run: " + el.dataset.missing;
    el.focus();
  }
  // A name typed in its text field stands for the file.
  for (const el of form.querySelectorAll("input[type=file][data-missing]")) {
    const typed = $("f-" + el.dataset.for);
    const update = () => { el.required = !(typed && typed.value.trim()); };
    if (typed) typed.addEventListener("input", update);
    update();
    el.addEventListener("invalid", (event) => { event.preventDefault(); sayMissing(el); });
  }

  // The form's values; a file chosen for a field is sent in its place,
  // as {name, text}.
  async function values() {
    const sent = {};
    for (const el of form.elements) {
      if (el.type === "file" && el.dataset.for && el.files.length) {
        const f = el.files[0];
        if (f.size > cap(el)) throw new Error("the file " + f.name + " is over " + size(cap(el)));
        sent[el.dataset.for] = { name: f.name, text: await f.text() };
      }
    }
    for (const el of form.elements) {
      // A field of a set that is off (it matters only with an option
      // the form does not offer) is not sent.
      if (!el.name || el.matches(":disabled")) continue;
      if (el.type === "checkbox") {
        if (el.checked) sent[el.name] = "true";
      } else if (el.value !== "" && !(el.name in sent)) {
        sent[el.name] = el.value;
      }
    }
    return sent;
  }

  // A pick list of agents adds the agent picked to its field's list
  // (one per seat, comma-separated); its clear button empties the list.
  for (const pick of form.querySelectorAll("select[data-add-to]")) {
    pick.addEventListener("change", () => {
      const field = $(pick.dataset.addTo);
      if (pick.value) field.value = field.value.trim() ? field.value.trim() + "," + pick.value : pick.value;
      pick.value = "";
    });
  }
  for (const button of form.querySelectorAll("button[data-clear]")) {
    button.addEventListener("click", () => { $(button.dataset.clear).value = ""; });
  }

  function show(answer) {
    $("command").textContent = answer.command || "";
    if (answer.error) {
      $("error").textContent = answer.error;
      return;
    }
    $("text").textContent = answer.text;
    $("json").textContent = answer.json;
    // A command that only prints (replay) has no JSON to show.
    $("json-box").hidden = !answer.json;
    for (const p of answer.pictures || []) {
      const figure = document.createElement("figure");
      const img = document.createElement("img");
      const u = URL.createObjectURL(new Blob([p.svg], { type: "image/svg+xml" }));
      urls.push(u);
      img.src = u;
      img.alt = p.title;
      img.className = "picture";
      img.dataset.name = p.name;
      const caption = document.createElement("figcaption");
      caption.textContent = p.title;
      figure.append(img, caption);
      $("pictures").append(figure);
    }
  }

  function finish(status) {
    if (running) clearInterval(running.timer);
    running = null;
    $("progress").hidden = true;
    $("run").disabled = false;
    $("stop").disabled = true;
    $("status").textContent = status;
    form.dataset.state = "done";
  }

  async function run(event) {
    event.preventDefault();
    if (running) return;
    clear();
    const absent = missing();
    if (absent) {
      sayMissing(absent);
      return;
    }
    const controller = new AbortController();
    const start = performance.now();
    // This run's id, to ask the server for its progress.
    const id = String(Math.random()).slice(2) + String(Date.now());
    let line = "";
    // The run writes a progress line four times a second: ask as often,
    // one question at a time.
    let asking = false;
    const timer = setInterval(async () => {
      $("status").textContent = "running, " +
        Math.round((performance.now() - start) / 1000) + " s" + (line ? ": " + line : "");
      if (asking) return;
      asking = true;
      try {
        const p = await (await fetch("/api/progress/" + id)).json();
        if (p.line) line = p.line;
        if (running && running.timer === timer && p.total) {
          $("progress").max = p.total;
          $("progress").value = p.done;
        }
      } catch (e) { /* the answer will say */ }
      asking = false;
    }, 250);
    running = { controller, timer };
    form.dataset.state = "running";
    // Without a value the bar says "running"; the run's progress lines
    // give it one.
    $("progress").removeAttribute("value");
    $("progress").hidden = false;
    $("run").disabled = true;
    $("stop").disabled = false;
    $("status").textContent = "running";
    try {
      const body = JSON.stringify(await values());
      for (;;) {
        const r = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Tabula-Run": id },
          body,
          signal: controller.signal,
        });
        if (r.status === 503) {
          await new Promise((ok) => setTimeout(ok, 1000));
          continue;
        }
        const type = r.headers.get("Content-Type") || "";
        const answer = type.startsWith("application/json")
          ? await r.json()
          : { error: await r.text() };
        show(answer);
        const seconds = ((performance.now() - start) / 1000).toFixed(2);
        finish((answer.error ? "failed" : "done") + " in " + seconds + " s");
        return;
      }
    } catch (e) {
      if (e.name !== "AbortError") $("error").textContent = String(e.message || e);
      finish(e.name === "AbortError" ? "stopped" : "failed: " + e);
    }
  }

  // A link may fill the form (`?games=500&shortest=true`) and run it
  // (`#run`).
  for (const [name, value] of new URLSearchParams(location.search)) {
    const el = form.elements.namedItem(name);
    if (!el || !el.name) continue;
    if (el.type === "checkbox") el.checked = value === "true";
    else el.value = value;
  }
  form.addEventListener("submit", run);
  form.dataset.state = "ready";
  // A link runs the form only when it comes from this server's own pages
  // or from no page (typed, a bookmark): a page of another site may link
  // here, but the run waits for a click on Run.
  const fromHere = document.referrer === "" ||
    new URL(document.referrer).origin === location.origin;
  if (location.hash === "#run" && fromHere) form.requestSubmit();
  else if (location.hash === "#run") {
    $("status").textContent = "opened from another site: press Run to run it";
  }
  $("stop").addEventListener("click", () => {
    if (running) running.controller.abort();
  });
})();
