// The Smash Up table: a seat plays by clicks, a spectator watches, a finished game is replayed.
// Reads only the public API: /v1/games/{id}, /moves, /commands, /stream, /state?at=N, /narration.
import { call, catalogue, keepToken, tokenFor } from "./api.js";
import { getLang, setLang, t, translatePage } from "./i18n.js";
import { describe, followStream } from "./live.js";
import { renderPlay, setupPlay } from "./play.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const path = (rest = "") => `/v1/games/${encodeURIComponent(gameId)}${rest}`;

export const ctx = { gameId, token: null, names: {}, facts: {}, game: null, moves: [], table: [], lang: "en" };
let final = null; // the last version's view, once the game has ended
let lines = []; // narration of a finished game: {version, text}, ascending
let wanted = 0; // the version the scrubber asks for
let replaying = false;

adoptTokenFromAddress();
ctx.token = tokenFor(gameId);

/** A token given in the address (?token= or #token=) moves into the page's session storage. */
function adoptTokenFromAddress() {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("token") || query.get("token");
  if (!given) return;
  keepToken(gameId, given);
  query.delete("token");
  const search = query.toString();
  history.replaceState(null, "", `${location.pathname}${search ? "?" + search : ""}`);
}

/** GET or POST on the API as the signed-in seat. */
export const api = (rest, options = {}) => call(path(rest), { token: ctx.token, ...options });
export const nameOf = (id) => ctx.names[id] ?? id;

export function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? String(error.message || error) : "";
}

export function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) node.append(child);
  return node;
}

export function playerName(game, seat) {
  const player = game.players[seat];
  return player ? player.name : `${t("seat")} ${seat}`;
}

/** The seat the signed-in token plays (the one player whose hand the view shows), or null. */
export function ownSeat(game) {
  const own = ctx.token ? game.players.find((p) => Array.isArray(p.hand)) : null;
  return own ? own.seat : null;
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
    const facts = `${p.factions.map(nameOf).join(" + ")} · ${t("hand")} ${p.hand_size} · ${t("deck")} ${p.deck_size}`;
    card.append(el("div", "facts", facts));
    const discard = p.discard.map((c) => nameOf(c.card)).join(", ") || "—";
    card.append(el("div", "discard", `${t("discard")} (${p.discard.length}): ${discard}`));
    section.append(card);
  }
}

function attachedLine(game, attached) {
  return attached.map((a) => `${nameOf(a.card)} (${playerName(game, a.controller)})`).join(", ");
}

function buriedLine(buried) {
  return buried.map((b) => (b.card ? nameOf(b.card) : "?")).join(", ");
}

function renderBases(game) {
  const section = $("bases");
  section.replaceChildren();
  for (const b of game.bases) {
    const base = el("div", "base");
    base.dataset.index = b.index;
    base.dataset.base = b.index;
    if (game.scoring_base === b.index) base.classList.add("scoring");
    base.append(el("h3", "", nameOf(b.card)));
    const power = el("div", "power", `${b.total_power} / ${b.breakpoint}`);
    if (b.total_power >= b.breakpoint) power.classList.add("full");
    base.append(power, el("div", "vps", `VP ${b.vp.join(" / ")}`));
    if (b.attached.length) base.append(el("div", "attached", `${t("on_it")}: ${attachedLine(game, b.attached)}`));
    if (b.buried && b.buried.length) base.append(el("div", "buried", `${t("buried")}: ${buriedLine(b.buried)}`));
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

function minionName(game, uid) {
  for (const base of game.bases) {
    const found = base.minions.find((m) => m.uid === uid);
    if (found) return `${nameOf(found.card)} (${playerName(game, found.controller)})`;
  }
  return uid;
}

/** The duel under way (face-down cards named only for their owner) and what resolves. */
function renderUnderWay(game) {
  const duel = game.duel;
  $("duel").hidden = !duel;
  if (duel) {
    const down = duel.face_down.map((c) => (c.card ? nameOf(c.card) : `${playerName(game, c.owner)}: ?`));
    const fighters = `${minionName(game, duel.challenger)} — ${minionName(game, duel.challenged)}`;
    $("duel").textContent = `${t("duel")}: ${fighters}; ${t("face_down")}: ${down.join(", ") || "—"}`;
  }
  const resolving = [...(game.resolving || []), ...(game.uncovered || [])];
  $("resolving").hidden = !resolving.length;
  $("resolving").textContent = `${t("resolving")}: ${resolving.map((c) => nameOf(c.card)).join(", ")}`;
}

/** Draw a game view (and, for the signed-in seat of a live game, its hand and choices). */
export function render(game) {
  const focus = focusKey(document.activeElement);
  ctx.game = game;
  $("game-id").textContent = game.id;
  $("version").textContent = game.version;
  $("status").textContent = game.status;
  $("turn").textContent = game.turn;
  $("phase").textContent = game.phase;
  $("active").textContent = playerName(game, game.active_seat);
  const awaiting = game.awaiting;
  $("awaiting").textContent = awaiting
    ? `${t("awaiting")} ${playerName(game, awaiting.seat)}: ${awaiting.kind} — ${awaiting.prompt}`
    : game.status === "ended"
      ? game.winner !== null ? `${t("winner")}: ${playerName(game, game.winner)}` : t("draw")
      : "";
  renderPlayers(game);
  renderBases(game);
  renderUnderWay(game);
  const seat = ownSeat(game);
  const label = seat !== null ? `${t("seat")} ${seat} (${game.players[seat].name})` : ctx.token ? "" : t("spectator");
  $("seat-label").textContent = label;
  $("sign-in").hidden = seat !== null || game.status === "ended";
  $("sign-out").hidden = !ctx.token;
  renderPlay(replaying ? null : game);
  const again = focus && document.querySelector(focus);
  if (again && again !== document.activeElement) again.focus();
}

/** A selector finding the focused control again once the board is drawn anew. */
function focusKey(node) {
  if (!node || !node.dataset) return null;
  if (node.dataset.uid) return `[data-uid="${node.dataset.uid}"]`;
  if (node.dataset.base) return `.base[data-base="${node.dataset.base}"]`;
  return node.id ? `#${node.id}` : null;
}

/** Read the game (and the seat's moves) again and draw it. */
export async function refresh() {
  for (let attempt = 0; ; attempt++) {
    const game = await api("");
    const playing = ownSeat(game) !== null && game.status === "active";
    const moves = playing ? await api("/moves") : { version: game.version, moves: [], table: [] };
    if (moves.version !== game.version && attempt < 3) continue; // an event came in between
    if (ctx.game && !replaying && game.version < ctx.game.version) return ctx.game; // a late answer
    ctx.moves = moves.moves;
    ctx.table = moves.table || [];
    render(game);
    return game;
  }
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
  const state = version === final.version ? final : await api(`/state?at=${version}`);
  if (wanted === version) render(state);
}

async function startReplay() {
  replaying = true;
  final = ctx.game;
  lines = (await api("/narration")).lines;
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

function logLine(event) {
  const item = el("li", "", `v${event.version} · ${describe(event, ctx)}`);
  item.dataset.version = event.version;
  $("log").append(item);
  const panel = $("log-panel"); // scroll the panel only, never the page
  panel.scrollTop = panel.scrollHeight;
}

async function follow() {
  await followStream({
    path: path("/stream"),
    token: () => ctx.token,
    after: 0,
    onEvent: logLine,
    onBatch: refresh,
    onState: (live) => {
      $("live").textContent = live ? t("live") : t("reconnecting");
    },
    onError: showError,
  });
  $("live").textContent = "";
  await refresh();
  await startReplay();
}

function setupSignIn() {
  $("sign-in").onsubmit = async (submit) => {
    submit.preventDefault();
    keepToken(gameId, $("token").value.trim());
    $("token").value = "";
    location.reload();
  };
  $("sign-out").hidden = !ctx.token; // also when the token is refused: it can be dropped
  $("sign-out").onclick = () => {
    keepToken(gameId, null);
    if (tokenFor(gameId)) keepToken(null, null); // it was the account's: sign out of it too
    location.reload();
  };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Read the game; while it is a table still waiting for players (GET /v1/games/{id} is 404 and
 * GET /v1/games/{id}/table answers), say so and try again every couple of seconds.
 */
async function waitForStart() {
  for (;;) {
    try {
      await refresh();
      $("waiting").hidden = true;
      return;
    } catch (error) {
      if (error.status !== 404) throw error;
      const table = await call(path("/table")).catch(() => null);
      if (!table || table.status === "canceled") throw error;
      $("waiting").hidden = false;
      $("waiting").textContent = t("waiting_players");
      await sleep(table.status === "open" ? 2000 : 500);
    }
  }
}

async function main() {
  ctx.lang = getLang();
  $("lang").value = ctx.lang;
  translatePage();
  $("lang").onchange = async () => {
    ctx.lang = $("lang").value;
    setLang(ctx.lang);
    const query = new URLSearchParams(location.search);
    query.set("lang", ctx.lang);
    history.replaceState(null, "", `${location.pathname}?${query}`);
    translatePage();
    Object.assign(ctx, await catalogue(ctx.lang));
    if (ctx.game) render(ctx.game);
  };
  setupSignIn();
  setupPlay();
  try {
    Object.assign(ctx, await catalogue(ctx.lang));
    await waitForStart();
  } catch (error) {
    showError(error);
    return;
  }
  if (ctx.game.status === "ended") await startReplay();
  else await follow();
}

main();
