// The home page: play against a bot, join an open game or a seek, an account's games and
// challenges, games to watch.
import { call, catalogue, keepToken, tokenFor } from "./api.js";
import { getLang, setLang, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const DEFAULTS = { "mine-1": 0, "mine-2": 1, "bot-1": 2, "bot-2": 3, "join-1": 4, "join-2": 5 };
let names = {};
let joining = null; // the table (open game or seek) the join form is for

function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? String(error.message || error) : "";
}

function gameLink(id, text) {
  const link = document.createElement("a");
  link.href = `/games/${encodeURIComponent(id)}`;
  link.textContent = text;
  return link;
}

async function fillFactions() {
  const found = await catalogue(getLang());
  names = found.names;
  const usable = found.factions.filter((f) => f.implemented !== false);
  for (const [id, index] of Object.entries(DEFAULTS)) {
    const select = $(id);
    const before = select.value;
    select.replaceChildren(...usable.map((f) => new Option(f.name, f.id)));
    select.value = before || usable[index % usable.length].id;
  }
}

/** POST /v1/games: the person's seat (anonymous, or the signed-in account) and a bot's seat. */
async function playAgainstBot(submit) {
  submit.preventDefault();
  const mine = [$("mine-1").value, $("mine-2").value];
  const bots = [$("bot-1").value, $("bot-2").value];
  if (mine[0] === mine[1] || bots[0] === bots[1]) {
    showError(t("same_factions"));
    return;
  }
  const account = tokenFor(null);
  const person = { factions: mine, bot: null };
  try {
    if (account) person.player = (await call("/v1/players/me", { token: account })).id;
    else person.name = $("name").value.trim();
    const robot = { name: `Bot (${$("bot").value})`, factions: bots, bot: $("bot").value };
    const game = await call("/v1/games", { method: "POST", body: { players: [person, robot] } });
    const seat = game.seats.find((s) => s.bot === null);
    if (seat && seat.token) keepToken(game.id, seat.token);
    location.href = `/games/${encodeURIComponent(game.id)}`;
  } catch (error) {
    showError(error);
  }
}

/** Accept (with the factions chosen under "Your factions") or decline a challenge. */
function answers(challenge, token) {
  const answer = (verb, body) => async () => {
    try {
      const path = `/v1/challenges/${encodeURIComponent(challenge.id)}/${verb}`;
      const done = await call(path, { token, method: "POST", body });
      if (verb === "accept" && done.game) location.href = `/games/${encodeURIComponent(done.game)}`;
      else await showAccount();
    } catch (error) {
      showError(error);
    }
  };
  const accept = document.createElement("button");
  accept.textContent = t("accept");
  accept.onclick = answer("accept", { factions: [$("mine-1").value, $("mine-2").value] });
  const decline = document.createElement("button");
  decline.textContent = t("decline");
  decline.onclick = answer("decline", undefined);
  return [accept, decline];
}

async function showAccount() {
  const token = tokenFor(null);
  $("account").hidden = !token;
  $("account-form").hidden = Boolean(token);
  if (!token) return;
  try {
    const me = await call("/v1/players/me", { token });
    $("account-name").textContent = me.name;
    const { games } = await call("/v1/me/games", { token });
    $("my-games").replaceChildren(
      ...games.map((g) => {
        const item = document.createElement("li");
        item.append(gameLink(g.game, g.game), ` — ${t("seat")} ${g.seat}, ${g.status}, v${g.version}`);
        return item;
      }),
    );
    if (!games.length) $("my-games").textContent = t("none");
    const lists = await Promise.all(
      ["incoming", "outgoing"].map((d) => call(`/v1/challenges?direction=${d}`, { token })),
    );
    const items = lists.flatMap((l) => l.challenges).map((c) => {
      const item = document.createElement("li");
      const factions = c.factions.map((f) => names[f] ?? f).join(" + ");
      item.append(`${t("from")} ${c.from} ${t("to")} ${c.to} — ${factions} — ${c.status}`);
      if (c.game) item.append(" ", gameLink(c.game, t("open")));
      if (c.status === "pending" && c.to === me.id) item.append(" ", ...answers(c, token));
      return item;
    });
    $("challenges").replaceChildren(...items);
    if (!items.length) $("challenges").textContent = t("none");
  } catch (error) {
    showError(error);
  }
}

/** A table's seats in words: "Ann (Aliens + Dinosaurs), open seat". */
function seatsText(table) {
  return table.seats
    .map((s) => {
      if (s.open) return t("open_seat");
      const factions = (s.factions || []).map((f) => names[f] ?? f).join(" + ");
      return `${s.name ?? s.player ?? "?"}${factions ? ` (${factions})` : ""}`;
    })
    .join(", ");
}

/** A "Join" button for a table, named after who sits there (for screen readers too). */
function joinButton(table) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("join");
  button.dataset.table = table.id;
  const who = table.seats.filter((s) => !s.open).map((s) => s.name ?? s.player ?? "?");
  button.setAttribute("aria-label", `${t("join_game_of")} ${who.join(", ") || table.id}`);
  button.onclick = () => askJoin(table);
  return button;
}

/** Show the join form (name and factions) for a table, focused. */
function askJoin(table) {
  joining = table;
  const seek = table.kind === "seek";
  $("join-what").textContent = `— ${seatsText(table)}`;
  $("join-name-box").hidden = seek || Boolean(tokenFor(null));
  $("join-form").hidden = false;
  $("join-title").focus();
}

/** POST /v1/games/{id}/join (or /v1/seeks/{id}/accept), keep the seat token, open the table. */
async function join(submit) {
  submit.preventDefault();
  if (!joining) return;
  const factions = [$("join-1").value, $("join-2").value];
  if (factions[0] === factions[1]) {
    showError(t("same_factions"));
    return;
  }
  const account = tokenFor(null);
  const id = encodeURIComponent(joining.id);
  try {
    let game = joining.id;
    if (joining.kind === "seek") {
      const done = await call(`/v1/seeks/${id}/accept`, { token: account, method: "POST", body: { factions } });
      game = done.table.game || done.table.id;
    } else {
      const body = { factions };
      if (account) body.player = (await call("/v1/players/me", { token: account })).id;
      else body.name = $("join-name").value.trim() || "You";
      const done = await call(`/v1/games/${id}/join`, { token: account, method: "POST", body });
      if (done.token) keepToken(joining.id, done.token);
      game = done.table.game || done.table.id;
    }
    location.href = `/games/${encodeURIComponent(game)}`;
  } catch (error) {
    showError(error);
  }
}

/** Open games (anyone may join) and, signed in, open seeks (accounts accept them). */
async function listOpen() {
  const account = tokenFor(null);
  const lists = [["open-games", "/v1/games?open=true", "games"]];
  if (account) lists.push(["seeks", "/v1/seeks", "seeks"]);
  $("seeks-box").hidden = !account;
  for (const [id, path, field] of lists) {
    try {
      const found = (await call(path, { token: account }))[field] || [];
      const open = found.filter((table) => table.seats.some((s) => s.open));
      $(id).replaceChildren(
        ...open.map((table) => {
          const item = document.createElement("li");
          item.dataset.table = table.id;
          item.append(`${seatsText(table)} `, joinButton(table));
          return item;
        }),
      );
      if (!open.length) $(id).textContent = t("none");
    } catch (error) {
      showError(error);
    }
  }
}

async function listGames() {
  for (const status of ["active", "ended"]) {
    const list = $(status);
    try {
      const { games } = await call(`/v1/games?status=${status}&limit=20`);
      list.replaceChildren(
        ...games.map((game) => {
          const item = document.createElement("li");
          item.append(gameLink(game.id, game.players.map((p) => p.name).join(" vs ")));
          item.append(` — version ${game.version}, created ${game.created_at ?? "?"}`);
          return item;
        }),
      );
      if (!games.length) list.textContent = t("none");
    } catch (error) {
      showError(error);
    }
  }
}

async function main() {
  $("lang").value = getLang();
  translatePage();
  $("lang").onchange = async () => {
    setLang($("lang").value);
    translatePage();
    await fillFactions();
    await listOpen();
  };
  $("play-bot").onsubmit = playAgainstBot;
  $("watch").onsubmit = (submit) => {
    submit.preventDefault();
    location.href = `/games/${encodeURIComponent($("watch").game.value)}`;
  };
  $("account-form").onsubmit = (submit) => {
    submit.preventDefault();
    keepToken(null, $("account-token").value.trim());
    $("account-token").value = "";
    showAccount();
    listOpen();
  };
  $("join-form").onsubmit = join;
  $("join-cancel").onclick = () => {
    $("join-form").hidden = true;
    joining = null;
  };
  $("account-out").onclick = () => {
    keepToken(null, null);
    showAccount();
    listOpen();
  };
  try {
    await fillFactions();
  } catch (error) {
    showError(error);
  }
  await Promise.all([showAccount(), listGames(), listOpen()]);
}

main();
