// Plays one whole game against the server's random bot through the generated typescript-fetch
// client (in ./generated, made by tests/clients/test_typescript_client.py), then reads its log.
// Usage: node dist/play.js <base URL>; prints one JSON line: the result.
import { Command, Configuration, GamesApi, ReplaysApi } from "./generated";

const MAX_COMMANDS = 4000;

declare const process: { argv: string[]; exit(code: number): never }; // Node's, without @types/node

async function main(basePath: string): Promise<void> {
  const anonymous = new GamesApi(new Configuration({ basePath }));
  const created = await anonymous.createGame({
    createGame: {
      players: [
        { name: "Ann", factions: ["aliens", "dinosaurs"] },
        { name: "Robo", factions: ["robots", "wizards"], bot: "random" },
      ],
      seed: 5,
    },
  });
  const token = created.seats[0].token;
  if (token == null) throw new Error("seat 0 has no token");
  const seat = new GamesApi(new Configuration({ basePath, accessToken: token }));
  const labels: string[] = [];
  for (let sent = 0; sent < MAX_COMMANDS; sent++) {
    const game = await anonymous.getGame({ gameId: created.id });
    if (game.status === "ended") {
      const log = await new ReplaysApi(new Configuration({ basePath })).getGameLogRaw({
        gameId: created.id,
      });
      const lines = (await log.raw.text()).split("\n").filter((line) => line !== "");
      const result = {
        winner: game.winner,
        version: game.version,
        logLines: lines.length,
        sent,
        labels: labels.slice(0, 3),
      };
      console.log(JSON.stringify(result));
      return;
    }
    const listed = await seat.listMoves({ gameId: created.id, lang: "fr" });
    const plays = listed.moves.filter((m: Command) => m.type !== "end_turn");
    const move: Command =
      plays.length > 0 && sent % 7 !== 6 ? plays[sent % plays.length] : listed.moves[0];
    if (move.label) labels.push(move.label);
    await seat.postCommand({ gameId: created.id, command: move, idempotencyKey: `ts-${sent}` });
  }
  throw new Error(`no end after ${MAX_COMMANDS} commands`);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
