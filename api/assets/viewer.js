"use strict";
// The Smash Up game viewer: a seat's or a spectator's board, live, and a replay scrubber.
// Reads only the public API: /v1/games/{id}, /events (long-poll), /state?at=N, /narration.

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const query = new URLSearchParams(location.search);
const fragment = new URLSearchParams(location.hash.slice(1));
let token = fragment.get("token") || query.get("token") || null;
let lang = ["en", "fr", "es"].includes(query.get("lang")) ? query.get("lang") : "en";
const names = {};
let shown = null; // the game view on screen
let final = null; // the last version's view, once the game has ended
let lines = []; // narration: {version, text}, ascending
let wanted = 0; // the version the scrubber asks for

if (query.has("token")) {
  // Keep the seat token out of the address the server sees: move it into the fragment.
  query.delete("token");
  fragment.set("token", token);
  const search = query.toString();
  history.replaceState(null, "", `${location.pathname}${search ? "?" + search : ""}#${fragment}`);
}

async function api(path) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(path, { headers });
  const body = await response.json();
  if (!response.ok) {
    const error = new Error(`${body.code}: ${body.detail}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const nameOf = (id) => names[id] ?? id;

function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? String(error.message || error) : "";
}

function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) node.append(child);
  return node;
}

async function loadNames() {
  const [factions, cards, bases] = await Promise.all([
    api(`/v1/factions?lang=${lang}`),
    api(`/v1/cards?lang=${lang}`),
    api(`/v1/bases?lang=${lang}`),
  ]);
  for (const faction of factions.factions) names[faction.id] = faction.name;
  for (const card of cards.cards) names[card.id] = card.name;
  for (const base of bases.bases) names[base.id] = base.name;
}

function playerName(game, seat) {
  const player = game.players[seat];
  return player ? player.name : `seat ${seat}`;
}

function renderPlayers(game) {
  const section = $("players");
  section.replaceChildren();
  for (const p of game.players) {
    const card = el("div", "player");
    card.dataset.seat = p.seat;
    if (game.status === "active" && p.seat === game.active_seat) card.classList.add("active");
    const vp = el("span", "vp", `${p.vp} VP`);
    card.append(el("h3", "", vp, p.name, p.bot ? ` (bot: ${p.bot})` : ""));
    const facts = `${p.factions.map(nameOf).join(" + ")} · hand ${p.hand_size} · deck ${p.deck_size}`;
    card.append(el("div", "facts", facts));
    const discard = p.discard.map((c) => nameOf(c.card)).join(", ") || "—";
    card.append(el("div", "discard", `discard (${p.discard.length}): ${discard}`));
    section.append(card);
  }
}

function attachedLine(game, attached) {
  return attached.map((a) => `${nameOf(a.card)} (${playerName(game, a.controller)})`).join(", ");
}

function renderBases(game) {
  const section = $("bases");
  section.replaceChildren();
  for (const b of game.bases) {
    const base = el("div", "base");
    base.dataset.index = b.index;
    if (game.scoring_base === b.index) base.classList.add("scoring");
    base.append(el("h3", "", nameOf(b.card)));
    const power = el("div", "power", `${b.total_power} / ${b.breakpoint}`);
    if (b.total_power >= b.breakpoint) power.classList.add("full");
    base.append(power, el("div", "vps", `VP ${b.vp.join(" / ")}`));
    if (b.attached.length) base.append(el("div", "attached", `on it: ${attachedLine(game, b.attached)}`));
    const minions = el("ul", "minions");
    for (const m of b.minions) {
      const item = el("li", "minion", el("span", "p", String(m.power)), nameOf(m.card));
      item.dataset.uid = m.uid;
      item.dataset.card = m.card;
      item.append(el("div", "attached", `${playerName(game, m.controller)}`));
      if (m.attached.length) item.append(el("div", "attached", `+ ${attachedLine(game, m.attached)}`));
      minions.append(item);
    }
    base.append(minions);
    section.append(base);
  }
}

function render(game) {
  shown = game;
  $("game-id").textContent = game.id;
  $("version").textContent = game.version;
  $("status").textContent = game.status;
  $("turn").textContent = game.turn;
  $("phase").textContent = game.phase;
  $("active").textContent = playerName(game, game.active_seat);
  const awaiting = game.awaiting;
  $("awaiting").textContent = awaiting
    ? `awaiting ${playerName(game, awaiting.seat)}: ${awaiting.kind} — ${awaiting.prompt}`
    : game.winner !== null ? `winner: ${playerName(game, game.winner)}` : "";
  renderPlayers(game);
  renderBases(game);
  const own = token ? game.players.find((p) => Array.isArray(p.hand)) : null;
  $("seat-label").textContent = own ? `seat ${own.seat} (${own.name})` : token ? "" : "spectator";
  $("hand").hidden = !own || game.status === "ended";
  $("hand-cards").replaceChildren(
    ...(own && own.hand ? own.hand.map((c) => el("li", "", nameOf(c.card))) : []),
  );
}

async function follow() {
  let after = shown.version;
  $("live").textContent = "● live";
  while (shown.status !== "ended") {
    try {
      const feed = await api(`/v1/games/${encodeURIComponent(gameId)}/events?after=${after}&wait=25`);
      if (feed.events.length) render(await api(`/v1/games/${encodeURIComponent(gameId)}`));
      after = Math.max(feed.next_after, shown.version);
      showError(null);
    } catch (error) {
      showError(error);
      await sleep(2000);
    }
  }
  $("live").textContent = "";
  await startReplay();
}

function narrationAt(version) {
  let found = null;
  for (const line of lines) {
    if (line.version > version) break;
    found = line;
  }
  return found;
}

async function showAt(version) {
  wanted = version;
  $("scrubber").value = version;
  $("at").textContent = version;
  const line = narrationAt(version);
  $("narration").textContent = line ? `v${line.version}: ${line.text}` : "";
  $("narration").classList.toggle("exact", Boolean(line && line.version === version));
  const state =
    version === final.version
      ? final
      : await api(`/v1/games/${encodeURIComponent(gameId)}/state?at=${version}`);
  if (wanted === version) render(state);
}

async function startReplay() {
  final = shown;
  lines = (await api(`/v1/games/${encodeURIComponent(gameId)}/narration`)).lines;
  $("replay").hidden = false;
  $("scrubber").max = final.version;
  $("at-max").textContent = final.version;
  const step = (delta) => showAt(Math.min(final.version, Math.max(1, wanted + delta)));
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("first").onclick = () => showAt(1);
  $("last").onclick = () => showAt(final.version);
  $("prev-line").onclick = () => {
    const before = lines.filter((l) => l.version < wanted).pop();
    showAt(before ? before.version : 1);
  };
  $("next-line").onclick = () => {
    const next = lines.find((l) => l.version > wanted);
    showAt(next ? next.version : final.version);
  };
  let timer = null;
  $("scrubber").oninput = () => {
    clearTimeout(timer);
    timer = setTimeout(() => showAt(Number($("scrubber").value)), 60);
  };
  await showAt(final.version);
}

async function main() {
  $("lang").value = lang;
  $("lang").onchange = async () => {
    lang = $("lang").value;
    query.set("lang", lang);
    history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`);
    await loadNames();
    if (shown) render(shown);
  };
  try {
    await loadNames();
    render(await api(`/v1/games/${encodeURIComponent(gameId)}`));
  } catch (error) {
    showError(error);
    return;
  }
  if (shown.status === "ended") await startReplay();
  else await follow();
}

main();
