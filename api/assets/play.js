// Playing by clicks: the hand (name, power, text), playable cards from /moves, a card then its
// base or minion, every decision as a dialog of option buttons, end turn and the turn clock.
import { t } from "./i18n.js";
import { api, ctx, el, nameOf, ownSeat, refresh, showError } from "./viewer.js";

const $ = (id) => document.getElementById(id);
let selected = null; // the uid of the hand card picked, waiting for its base or minion
let dialogKey = null; // the decision the dialog shows (version and prompt)
let clockTimer = null;
let handSignature = null;
let otherSignature = null;
let tableSignature = null;
const FINAL = new Set(["resign", "abort"]); // asked twice: a second click confirms
const ANSWERS = new Set(["accept_draw", "decline_draw", "accept_takeback", "decline_takeback"]);

/** Send one command body from /moves, then draw the game as it is now. */
async function send(body) {
  selected = null;
  try {
    await api("/commands", { method: "POST", body });
    showError(null);
  } catch (error) {
    showError(error);
  }
  try {
    await refresh();
  } catch (error) {
    showError(error);
  }
}

const movesOf = (uid) => ctx.moves.filter((m) => m.card === uid && m.type.startsWith("play_"));

function cardButton(card, playable) {
  const facts = ctx.facts[card.card] || {};
  const button = el("button", "card");
  button.type = "button";
  button.dataset.uid = card.uid;
  button.dataset.card = card.card;
  if (playable) button.dataset.playable = "true";
  else button.setAttribute("aria-disabled", "true");
  if (selected === card.uid) button.classList.add("selected");
  button.setAttribute("aria-pressed", String(selected === card.uid));
  const power = facts.power !== null && facts.power !== undefined ? el("span", "p", String(facts.power)) : "";
  button.append(el("span", "name", nameOf(card.card)), power);
  if (facts.effect) button.append(el("span", "text", facts.effect));
  button.onclick = () => pick(card.uid);
  return button;
}

/** A hand card clicked: a card with one target-free move is played; else wait for a target. */
function pick(uid) {
  const moves = movesOf(uid);
  if (!moves.length) return;
  const free = moves.filter((m) => m.base == null && m.target == null);
  if (moves.length === 1 && free.length === 1) {
    send(moves[0]);
    return;
  }
  selected = selected === uid ? null : uid;
  renderPlay(ctx.game);
}

/** A base or a minion clicked while a card is picked: play the card there. */
function target(base, minion) {
  if (!selected) return;
  const move = movesOf(selected).find((m) =>
    minion ? m.target === minion : m.base === base && m.target == null,
  );
  if (move) send(move);
}

function markTargets() {
  for (const node of document.querySelectorAll(".target")) {
    node.classList.remove("target");
    node.removeAttribute("tabindex");
    node.removeAttribute("role");
  }
  if (!selected) return;
  for (const move of movesOf(selected)) {
    if (move.base == null && move.target == null) continue;
    const node = move.target
      ? document.querySelector(`.minion[data-uid="${move.target}"]`)
      : document.querySelector(`.base[data-base="${move.base}"]`);
    if (!node) continue;
    node.classList.add("target");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
  }
}

function boardName(uid) {
  for (const base of ctx.game.bases) {
    for (const minion of base.minions) if (minion.uid === uid) return nameOf(minion.card);
    for (const action of base.attached) if (action.uid === uid) return nameOf(action.card);
  }
  for (const player of ctx.game.players) {
    for (const card of player.discard) if (card.uid === uid) return nameOf(card.card);
  }
  return nameOf(uid);
}

/** Moves that are neither playing a hand card, nor choosing, nor ending the turn. */
function otherMoves() {
  const box = $("other-moves");
  const others = ctx.moves.filter((m) => !m.type.startsWith("play_") && !["choose", "end_turn"].includes(m.type));
  const signature = JSON.stringify([ctx.lang, others.map((m) => ({ ...m, expected_version: 0 }))]);
  if (signature === otherSignature) return; // unchanged: keep the buttons and the focus
  otherSignature = signature;
  box.replaceChildren();
  for (const move of others) {
    const what = move.card ? `: ${boardName(move.card)}` : "";
    let label = move.type === "use_talent" ? `${t("talent")}${what}` : `${move.type.replaceAll("_", " ")}${what}`;
    if (move.type === "pick_faction") label = move.label || `${label}: ${move.faction}`; // the draft
    if (ANSWERS.has(move.type)) label = move.label || label; // a draw offer or a takeback asked
    const button = el("button", "move", label);
    button.type = "button";
    // The version a move expects changes with every event: send the one listed now.
    const same = (m) => m.type === move.type && m.card === move.card && m.faction === move.faction;
    const now = () => ctx.moves.find(same) || move;
    button.onclick = () => send(now());
    box.append(button);
  }
}

/** The table's commands from /moves' "table": resign, abort, offer a draw, ask to take back
 * the last move. Resign and abort end the game, so their first click only asks again. */
function tableMoves() {
  const box = $("table-moves");
  const signature = JSON.stringify([ctx.lang, ctx.table.map((m) => [m.type, m.label])]);
  if (signature === tableSignature) return; // unchanged: keep the buttons (and an armed one)
  tableSignature = signature;
  box.replaceChildren();
  for (const move of ctx.table) {
    const button = el("button", "table-move", move.label || move.type.replaceAll("_", " "));
    button.type = "button";
    button.dataset.type = move.type;
    const now = () => ctx.table.find((m) => m.type === move.type) || move;
    button.onclick = () => {
      if (FINAL.has(move.type) && button.dataset.armed !== "true") {
        button.dataset.armed = "true";
        button.textContent = t(`confirm_${move.type}`);
        return;
      }
      send(now());
    };
    box.append(button);
  }
}

function showDecision(game, seat) {
  const dialog = $("decision");
  const awaiting = game && game.awaiting;
  const mine = awaiting && awaiting.kind === "choose" && awaiting.seat === seat && awaiting.options;
  if (!mine) {
    dialogKey = null;
    if (dialog.open) dialog.close();
    return;
  }
  const key = `${game.version}:${awaiting.prompt}`;
  if (dialog.open && key === dialogKey) return;
  dialogKey = key;
  $("decision-prompt").textContent = awaiting.prompt;
  $("decision-source").textContent = awaiting.source ? nameOf(awaiting.source) : "";
  const options = $("decision-options");
  options.replaceChildren();
  for (const option of awaiting.options) {
    const button = el("button", "option", option.label);
    button.type = "button";
    if (option.card && ctx.facts[option.card]) button.title = ctx.facts[option.card].effect;
    button.onclick = () => {
      dialog.close();
      send({ type: "choose", option: option.id, expected_version: game.version });
    };
    options.append(button);
  }
  if (!dialog.open) dialog.showModal();
}

function tick() {
  const clock = ctx.game && ctx.game.clock;
  const node = $("clock");
  if (!clock || !clock.deadline || ctx.game.status !== "active") {
    node.hidden = true;
    return;
  }
  const left = Math.max(0, Math.round((Date.parse(clock.deadline) - Date.now()) / 1000));
  node.hidden = false;
  node.textContent = `${t("clock")}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

/** Draw the signed-in seat's hand and choices for a live game (null: nothing to play). */
export function renderPlay(game) {
  const seat = game && game.status === "active" ? ownSeat(game) : null;
  const own = seat === null ? null : game.players[seat];
  $("hand").hidden = !own;
  if (selected && !movesOf(selected).length) selected = null;
  const cards = own ? own.hand.map((c) => [c, movesOf(c.uid).length > 0]) : [];
  const signature = JSON.stringify([ctx.lang, selected, cards.map(([c, p]) => [c.uid, p])]);
  if (signature !== handSignature) {
    // Rebuilt only when it changed, so a card keeps the keyboard focus across live updates.
    handSignature = signature;
    $("hand-cards").replaceChildren(...cards.map(([c, p]) => el("li", "", cardButton(c, p))));
  }
  const canEnd = ctx.moves.some((m) => m.type === "end_turn");
  $("end-turn").hidden = !canEnd;
  $("cancel").hidden = !selected;
  $("hint").textContent = selected ? `${t("choose_target")} ${nameOf(own.hand.find((c) => c.uid === selected).card)}` : "";
  if (own) {
    otherMoves();
    tableMoves();
  }
  markTargets();
  showDecision(game, seat);
  tick();
}

/** Wire the table's controls once. */
export function setupPlay() {
  $("end-turn").onclick = () => {
    const move = ctx.moves.find((m) => m.type === "end_turn");
    if (move) send(move);
  };
  $("cancel").onclick = () => {
    selected = null;
    renderPlay(ctx.game);
  };
  const board = $("bases");
  const activate = (node) => {
    const minion = node.closest(".minion.target");
    if (minion) return target(null, minion.dataset.uid);
    const base = node.closest(".base.target");
    if (base) target(Number(base.dataset.base), null);
  };
  board.addEventListener("click", (click) => activate(click.target));
  board.addEventListener("keydown", (key) => {
    if (key.key === "Enter" || key.key === " ") {
      key.preventDefault();
      activate(key.target);
    }
  });
  $("decision").addEventListener("cancel", (escape) => escape.preventDefault());
  clockTimer = clockTimer || setInterval(tick, 1000);
}
