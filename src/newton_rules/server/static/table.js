// The web table's entry: the lobby without a game in the URL fragment, else the table of that game.
// Plain ES modules, no build step. Everything shown comes from the server: the catalog (every component
// in words and the boards' drawing positions, GET /api/catalog) and the seat's payload (GET
// /api/games/{id}); the push channel (server-sent events) says when to ask again. A seat's token travels
// in the URL fragment (#game=ID&token=TOKEN), which browsers never send to a server, and in the
// Authorization header of the API calls.
//
// shell.js is the table any game shares; each game's own module draws it (newton.js for Newton), named by
// the server in the game's payload (table_module) and in the lobby's list of games.

import { api, setStatus } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./shell.js";

async function openTable(gameId, token) {
  try {
    const [lobby, seen] = await Promise.all([api("/api/lobby"), api(`/api/games/${encodeURIComponent(gameId)}`)]);
    const game = lobby.games.find((g) => g.table_module === seen.table_module);
    const drawing = await import(`./${seen.table_module}`);
    showTable(drawing, gameId, token, game ? game.name : lobby.default);
  } catch (error) {
    setStatus(`Cannot load the game: ${error.message}`);
  }
}

const params = new URLSearchParams(location.hash.slice(1));
if (params.get("game")) openTable(params.get("game"), params.get("token"));
else showLobby();
window.addEventListener("hashchange", () => location.reload());
