// The web table's entry: the lobby without a game in the URL fragment, else the table of that game.
// Plain ES modules, no build step. Everything shown comes from the server: the catalog (every component
// in words and the boards' drawing positions, GET /api/catalog) and the seat's payload (GET
// /api/games/{id}); the push channel (server-sent events) says when to ask again. A seat's token travels
// in the URL fragment (#game=ID&token=TOKEN), which browsers never send to a server, and in the
// Authorization header of the API calls.
//
// shell.js is the table any game shares; newton.js draws Newton (a second game brings its own module).

import { showLobby } from "./lobby.js";
import { showTable } from "./shell.js";
import * as newton from "./newton.js";

const params = new URLSearchParams(location.hash.slice(1));
if (params.get("game")) showTable(newton, params.get("game"), params.get("token"));
else showLobby();
window.addEventListener("hashchange", () => location.reload());
