// The lobby: choose a game among those the server hosts, create it (seats, that game's options), give
// each person their seat's link, and list the games this browser has opened.

import { $, el, setStatus, api } from "./dom.js";

// The games the server hosts (GET /api/lobby): each with its title, player range, options, seat kinds.
const lobby = { games: [], chosen: null };

function chosenGame() {
  return lobby.games.find((game) => game.name === $("game").value) || lobby.games[0];
}

function seatRows() {
  const game = chosenGame();
  const players = Number($("players").value);
  const box = $("seats");
  box.replaceChildren(el("legend", { text: "Seats" }));
  for (let seat = 0; seat < players; seat++) {
    const wanted = seat === 0 ? "human" : game.default_bot;
    const select = el("select", { name: `seat${seat}`, "data-seat": seat },
      game.seat_kinds.map((kind) => el("option", { value: kind, text: kind, selected: kind === wanted })));
    box.append(el("label", {}, `Player ${seat} `, select));
  }
}

// The chosen game's player counts and options: a checkbox for a yes-or-no option, a list for a choice.
function gameRows() {
  const game = chosenGame();
  const players = $("players");
  const count = Math.min(Math.max(Number(players.value) || 2, game.players.min), game.players.max);
  const counts = [];
  for (let n = game.players.min; n <= game.players.max; n++) counts.push(n);
  players.replaceChildren(...counts.map((n) => el("option", { value: n, text: String(n), selected: n === count })));
  const box = $("options");
  box.replaceChildren(el("legend", { text: "Options" }));
  for (const option of game.options) {
    const field = option.kind === "bool"
      ? el("input", { type: "checkbox", name: option.name, "data-option": "bool", checked: option.default === true })
      : el("select", { name: option.name, "data-option": "choice" },
        option.choices.map((choice) => el("option", { value: choice, text: choice, selected: choice === option.default })));
    box.append(el("label", { title: option.text }, field, ` ${option.text}`));
  }
  seatRows();
}

function chosenOptions(form) {
  return Object.fromEntries(chosenGame().options.map((option) =>
    [option.name, option.kind === "bool" ? form.get(option.name) === "on" : form.get(option.name)]));
}

// The games this browser has opened (their links hold the seat tokens), newest first, for the lobby.
const REMEMBERED = "newton-games";

function remembered() {
  try { return JSON.parse(localStorage.getItem(REMEMBERED) || "[]"); } catch { return []; }
}

export function remember(gameId, token) {
  const others = remembered().filter((g) => !(g.game === gameId && g.token === token));
  localStorage.setItem(REMEMBERED, JSON.stringify([{ game: gameId, token, at: new Date().toISOString() }, ...others].slice(0, 20)));
}

function showRemembered() {
  const games = remembered();
  $("mine").hidden = games.length === 0;
  $("my-games").replaceChildren(...games.map((g) => el("li", {},
    el("a", { href: seatLink(g.game, g.token), text: `Game ${g.game}${g.token ? "" : " (watching)"}` }), ` opened ${g.at.slice(0, 16).replace("T", " ")}`)));
}

export async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  showRemembered();
  try {
    Object.assign(lobby, await api("/api/lobby"));
  } catch (error) {
    setStatus(`Cannot reach the server: ${error.message}`);
    return;
  }
  setStatus("Create a game against bots or other people.");
  $("game").replaceChildren(...lobby.games.map((game) =>
    el("option", { value: game.name, text: game.title, selected: game.name === lobby.default })));
  gameRows();
  $("game").addEventListener("change", gameRows);
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData($("create"));
    const players = Number(form.get("players"));
    const seats = [...Array(players).keys()].map((seat) => form.get(`seat${seat}`));
    const request = { game: chosenGame().name, players, seats, options: chosenOptions(form) };
    const seed = String(form.get("seed") || "").trim();
    if (seed) request.seed = Number(seed);
    $("create-error").textContent = "";
    try {
      showLinks(await api("/api/games", { method: "POST", body: request }));
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
}

export function seatLink(gameId, token) {
  const base = `${location.origin}${location.pathname}`;
  return token ? `${base}#game=${gameId}&token=${token}` : `${base}#game=${gameId}`;
}

function showLinks(created) {
  const list = $("seat-links");
  list.replaceChildren();
  for (const seat of created.seats) {
    if (seat.kind !== "human") {
      list.append(el("li", { text: `Player ${seat.seat}: ${seat.kind} bot (plays by itself)` }));
      continue;
    }
    const href = seatLink(created.id, seat.token);
    list.append(el("li", {}, el("a", { href, "data-seat-link": seat.seat, text: `Play as Player ${seat.seat}` }), el("br"), el("small", { text: href })));
  }
  list.append(el("li", {}, el("a", { href: seatLink(created.id, null), "data-spectator-link": "1", text: "Watch (spectator)" })));
  $("created").hidden = false;
}
