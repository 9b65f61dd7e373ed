"use strict";
// The home page's lists of games, from GET /v1/games.
(async () => {
  for (const status of ["active", "ended"]) {
    const list = document.getElementById(status);
    const response = await fetch(`/v1/games?status=${status}&limit=20`);
    if (!response.ok) continue;
    const { games } = await response.json();
    for (const game of games) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/games/${encodeURIComponent(game.id)}`;
      link.textContent = game.players.map((p) => p.name).join(" vs ");
      item.append(link, ` — version ${game.version}, created ${game.created_at ?? "?"}`);
      list.append(item);
    }
    if (!games.length) list.textContent = "none";
  }
})();
