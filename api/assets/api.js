// The public API, with the token kept in the page (sessionStorage), never in a URL.

/** The session key of a seat token for a game, or of the account token (no game). */
const key = (gameId) => (gameId ? `smashup.seat.${gameId}` : "smashup.account");

/** The token this page acts with: the game's seat token, else the account's, else none. */
export function tokenFor(gameId) {
  return sessionStorage.getItem(key(gameId)) || sessionStorage.getItem(key(null)) || null;
}

/** Keep (or with null forget) a seat token for a game, or the account token. */
export function keepToken(gameId, token) {
  if (token) sessionStorage.setItem(key(gameId), token);
  else sessionStorage.removeItem(key(gameId));
}

/** An error worded as the API words it: "code: detail". */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.code ? `${body.code}: ${body.detail}` : `HTTP ${status}`);
    this.status = status;
    this.code = body ? body.code : null;
  }
}

/** Send one request as `token` (or anonymously); the parsed JSON, or an ApiError. */
export async function call(path, { token = null, method = "GET", body = undefined } = {}) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

/** The catalogue's names (factions, cards, bases) and card facts, in a language. */
export async function catalogue(lang) {
  const [factions, cards, bases] = await Promise.all([
    call(`/v1/factions?lang=${lang}`),
    call(`/v1/cards?lang=${lang}`),
    call(`/v1/bases?lang=${lang}`),
  ]);
  const names = {};
  const facts = {};
  for (const faction of factions.factions) names[faction.id] = faction.name;
  for (const card of cards.cards) {
    names[card.id] = card.name;
    facts[card.id] = card;
  }
  for (const base of bases.bases) names[base.id] = base.name;
  return { names, facts, factions: factions.factions };
}
