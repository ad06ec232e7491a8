// The lobby: create a game (seats, options, modules), give each person their seat's link, and list the
// games this browser has opened.

import { $, el, setStatus, api } from "./dom.js";

const SEAT_KINDS = ["human", "greedy", "mcts", "random"];
// The lobby's option checkboxes: the form field and the option it sets (docs/rulings.md).
const OPTION_BOXES = ["master_draft", "advanced_lessons", "great_discoveries", "extra_objectives"];

function seatRows() {
  const players = Number($("players").value);
  const box = $("seats");
  box.replaceChildren(el("legend", { text: "Seats" }));
  for (let seat = 0; seat < players; seat++) {
    const select = el("select", { name: `seat${seat}`, "data-seat": seat },
      SEAT_KINDS.map((kind) => el("option", { value: kind, text: kind, selected: kind === (seat === 0 ? "human" : "greedy") })));
    box.append(el("label", {}, `Player ${seat} `, select));
  }
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

export function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  setStatus("Create a game against bots or other people.");
  showRemembered();
  seatRows();
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData($("create"));
    const players = Number(form.get("players"));
    const seats = [...Array(players).keys()].map((seat) => form.get(`seat${seat}`));
    const options = Object.fromEntries(OPTION_BOXES.map((name) => [name, form.get(name) === "on"]));
    const request = { players, seats, options };
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
