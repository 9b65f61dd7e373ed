// Live updates from GET /v1/games/{id}/stream (ndjson), resumed after a dropped connection.
import { eventWords } from "./i18n.js";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const STREAM_SECONDS = 60;

/**
 * Read the game's stream from version `after` on, calling `onEvent` for each event and
 * `onBatch` after each chunk, until the game's `game_ended` event; on a dropped connection
 * reconnect after the last version seen, so no event is missed or repeated.
 */
export async function followStream({ path, token, after, onEvent, onBatch, onState, onError }) {
  let last = after;
  let pause = 500;
  for (;;) {
    const headers = token() ? { Authorization: `Bearer ${token()}` } : {};
    try {
      const response = await fetch(`${path}?after=${last}&timeout=${STREAM_SECONDS}`, { headers });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new Error(body ? `${body.code}: ${body.detail}` : `HTTP ${response.status}`);
      }
      onState(true);
      onError(null);
      pause = 500;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        const rows = pending.split("\n");
        pending = rows.pop();
        let seen = false;
        let ended = false;
        for (const row of rows) {
          if (!row.trim()) continue; // a keep-alive
          const event = JSON.parse(row);
          if (event.version <= last) continue;
          last = event.version;
          seen = true;
          ended = ended || event.type === "game_ended";
          onEvent(event);
        }
        if (seen) await onBatch();
        if (ended) return;
      }
    } catch (error) {
      onState(false);
      onError(error);
      await sleep(pause);
      pause = Math.min(pause * 2, 8000);
    }
  }
}

/** One narration line for an event, as the caller sees it (hidden cards stay hidden). */
export function describe(event, ctx) {
  const p = event.payload || {};
  const who = (seat) => (ctx.game && ctx.game.players[seat] ? ctx.game.players[seat].name : `#${seat}`);
  const bits = [eventWords(event.type)];
  const seat = p.seat ?? p.controller ?? p.player;
  if (typeof seat === "number") bits.push(`— ${who(seat)}`);
  if (typeof p.card === "string") bits.push(`: ${ctx.names[p.card] ?? p.card}`);
  if (Array.isArray(p.cards)) bits.push(`: ${p.cards.map((c) => ctx.names[c.card ?? c] ?? c.card ?? c).join(", ")}`);
  else if (typeof p.count === "number") bits.push(`(${p.count})`);
  if (typeof p.phase === "string") bits.push(`: ${p.phase}`);
  const baseCard = typeof p.card === "string" && p.card.startsWith("base.");
  if (!baseCard && typeof p.base === "number" && ctx.game && ctx.game.bases[p.base]) {
    bits.push(`→ ${ctx.names[ctx.game.bases[p.base].card] ?? ctx.game.bases[p.base].card}`);
  }
  if (typeof p.amount === "number") bits.push(`(${p.amount})`);
  if (typeof p.prompt === "string") bits.push(`: ${p.prompt}`);
  return bits.join(" ");
}
