// Galileo Galilei's drawing for the table shell (shell.js), with the same eight names as newton.js: the
// telescope ring (the sky spaces of the catalog, each player's telescope and Action tiles on it), the
// Reputation track and the university (galileo-tracks.js), the Library display, the standing and each
// player's board with its cellar, and how Galileo's log divides into rounds and turns. Every component is named in words from the catalog (title and aria-label), never by its id alone.

import { $, el, svg } from "./dom.js";
import { cellarTrack, framed, reputationTrack, universityTrack } from "./galileo-tracks.js";

export const name = "Galileo Galilei";

// The catalog's words, by component id, and the sky's spaces in order: filled once by prepare.
const words = { components: new Map(), sky: [], catalog: null, geometry: null };

export function prepare(catalog) {
  words.components = new Map(catalog.components.map((c) => [c.id, c.text]));
  words.sky = catalog.sky;
  words.catalog = catalog;
  words.geometry = catalog.geometry; // where the ring's spaces and the tracks' grids are drawn (table.json)
  // Newton's panels have no Galileo counterpart: hidden, so the page shows only what this game has.
  for (const id of ["lines-panel", "map-panel", "objectives-panel", "discoveries-panel"]) $(id).hidden = true;
  $("tracks-panel").querySelector("h2").textContent = "Telescope ring and Library";
}

// A component's words, or its id where the catalog has none (a hidden card, "?1", is said as its tier).
function described(id) {
  if (words.components.has(id)) return words.components.get(id);
  const hidden = /^\?(\d)$/.exec(id);
  return hidden ? `a face-down Discovery card of tier ${hidden[1]}` : id;
}

// An astronomer's name alone ("Johannes Kepler"), from the catalog's words about him.
function astronomerName(id) { return described(id).split(/[(:,]/)[0].trim(); }

// A seat in words beside its player's name in the status line: the astronomer played, once chosen.
export function seatWords(p, seat) {
  const astronomer = p.state.players[seat].astronomer;
  return astronomer ? astronomerName(astronomer) : "no astronomer chosen yet";
}

export function say(text) { return text; }

// The amounts of an action's cost and gain (the protocol's Change: vp, quadrants, dice) in words, for the
// shell's badges.
export const unitWords = { vp: ["VP", "VP"], quadrants: ["Quadrant token", "Quadrant tokens"], dice: ["die", "dice"] };

export function render(p, view) {
  $("scores").replaceChildren(standingTable(p, view));
  $("me").replaceChildren(...(p.player === null ? [] : [el("h2", { text: "Your board" }), playerBoard(p.state.players[p.player], p.player, p, view)]));
  $("tracks").replaceChildren(drawRing(p, view), drawTracks(p, view), libraryDisplay(p, view));
  $("players-detail").replaceChildren(...p.state.players.map((player, seat) => playerBoard(player, seat, p, view)));
}

function standingTable(p, view) {
  const rows = p.standing.map((s) => el("tr", { "data-standing": s.seat, class: s.seat === p.to_move ? "to-move" : null },
    el("th", { text: view.playerName(s.seat) }), el("td", { text: s.astronomer ? astronomerName(s.astronomer) : "no astronomer yet", title: s.astronomer ? described(s.astronomer) : null }),
    el("td", { text: `${s.vp} VP` }), el("td", { text: `${s.projected} VP projected at the end` })));
  return el("table", { class: "standing", "aria-label": "Standing" },
    el("thead", {}, el("tr", {}, ["Player", "Astronomer", "VP", "Projected"].map((t) => el("th", { text: t })))), el("tbody", {}, rows));
}

// The ring: one cell per sky space of the catalog, where the geometry places it, with each player's telescope.
function drawRing(p, view) {
  const ring = words.geometry.ring;
  const placed = new Map(ring.spaces.map((at) => [at.space, at]));
  const box = svg("svg", { viewBox: `0 0 ${ring.width} ${ring.height}`, class: "galileo-ring", role: "img", "aria-label": "The telescope ring: the sky's spaces and the players' telescopes" });
  words.sky.forEach((space) => {
    const { x, y } = placed.get(space.space);
    const seats = p.state.players.map((pl, seat) => (pl.telescope === space.space ? seat : null)).filter((seat) => seat !== null);
    const at = seats.map(view.playerName);
    const label = `${space.text}${at.length ? `. Telescope of ${at.join(" and ")} points here.` : ""}`;
    const cell = svg("g", { "data-sky": space.space, "data-detail": label, tabindex: "0", role: "button", "aria-label": label });
    cell.append(svg("title", {}, label), svg("circle", { cx: x, cy: y, r: ring.radius, class: at.length ? "sky occupied" : "sky" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", class: "sky-number" }, String(space.space)),
      svg("text", { x, y: y + ring.radius + 11, "text-anchor": "middle", class: "track-label" }, space.name));
    seats.forEach((seat, index) => { // each telescope a marker on the space's rim, in its seat's colour
      const angle = -Math.PI / 2 + (index - (seats.length - 1) / 2) * 0.6;
      const marker = svg("circle", { cx: x + ring.radius * Math.cos(angle), cy: y + ring.radius * Math.sin(angle), r: 5, class: `marker seat-${seat}`, "data-telescope": seat });
      marker.append(svg("title", {}, `${view.playerName(seat)}'s telescope: ${space.text}`));
      cell.append(marker);
    });
    box.append(cell);
  });
  return box;
}

// The Tribunal's Reputation track and the university's Scales, each under its heading, each player's marker on them.
function drawTracks(p, view) {
  return el("section", { class: "galileo-tracks" },
    el("h3", { text: "Reputation (the Tribunal)" }), framed(reputationTrack(p, view, words.catalog, words.geometry.reputation)),
    el("h3", { text: "University" }), framed(universityTrack(p, view, words.catalog, words.geometry.university)));
}

// The Library display: the face-up Discovery cards, each said in the catalog's words and playable where legal.
function libraryDisplay(p, view) {
  const cards = p.state.display.map((slot, index) => {
    const action = p.legal_actions.find((a) => a.arg !== null && String(a.arg).split(" ").includes(slot.card));
    const text = described(slot.card);
    return el("li", { class: `card${action ? " legal" : ""}`, "data-card": slot.card, "data-slot": index, title: text,
      "data-detail": text, "data-action": action ? action.text : null, ...view.focusable(action ? action.text : null) },
    el("strong", { text: slot.card }), ` ${text.split(":")[0]}`);
  });
  return el("section", { class: "library-display" }, el("h3", { text: `Library display, deck of ${p.state.deck.length} cards` }), el("ul", {}, cards));
}

// A card of a player's Library ({card, face_up, tier}): a face-down one is said as its tier alone (its id
// is "?T" for every seat).
function libraryCard(entry) {
  const text = described(entry.card);
  const said = entry.face_up ? text : `${text} (face down)`;
  return el("li", { "data-card": entry.card, "data-face-up": entry.face_up ? "1" : "0", title: said, "data-detail": said, text: said.split(":")[0] });
}

function playerBoard(player, seat, p, view) {
  const name = view.playerName(seat);
  const tiles = player.tiles.map((t, slot) => el("li", { "data-tile": t.tile, title: described(t.tile), "data-detail": described(t.tile) },
    `slot ${slot}: ${t.tile}${t.upgraded ? " (upgraded)" : ""}`));
  const dice = player.dice.map(([colour, value]) => `${{ R: "red", B: "blue", Y: "yellow" }[colour] || colour} ${value}`);
  const facts = [
    `Telescope on sky space ${player.telescope}`, `Dice: ${dice.join(", ") || "none"}`, `${player.quadrants} Quadrant tokens`,
    `Reputation ${player.reputation}`, `${player.library.length} cards in the Library`, `Books ${player.books.join(", ")}`,
    `Comets: ${player.comets_board} on the board, ${player.comets_placed} placed`, `${player.constellations} constellation markers left`,
  ];
  const library = player.library.map(libraryCard);
  return el("section", { class: "player-board", "data-player": seat, "aria-label": `${name}'s board` },
    el("h3", { text: `${name}${player.astronomer ? `, ${astronomerName(player.astronomer)}` : ""}: ${player.vp} VP` }),
    el("ul", { class: "facts" }, facts.map((text) => el("li", { text }))),
    el("h4", { text: "Cellar (the Inquisition)" }), framed(cellarTrack(player, seat, view, words.catalog, words.geometry.cellar)),
    el("h4", { text: "Action tiles" }), el("ol", { class: "tiles" }, tiles),
    el("h4", { text: "Library" }), el("ul", { class: "library" }, library));
}

// -- the log ----------------------------------------------------------------------------------------------

export function movedPlaces(entries) {
  const moved = new Set();
  for (const entry of entries) for (const event of entry.events) if (event.space !== undefined) moved.add(String(event.space));
  return moved;
}

export function eventSaid() { return true; }

// The log in stretches, each begun by a change of phase (Galileo's log names no round: the "PhaseChanged"
// event starts a stretch, titled by its phase), each stretch in turns of one player's consecutive actions.
export function groupLog(entries) {
  const rounds = [{ round: 0, title: "Setup", turns: [] }];
  let turn = null;
  for (const entry of entries) {
    const change = entry.events.find((e) => e.type === "PhaseChanged");
    const round = rounds[rounds.length - 1];
    if (!turn || turn.player !== entry.player) {
      turn = { player: entry.player, title: entry.player === null ? "The game" : `Player ${entry.player}`, entries: [] };
      round.turns.push(turn);
    }
    turn.entries.push(entry);
    if (change) {
      rounds.push({ round: rounds.length, title: `${rounds.length}: the ${String(change.phase).replace("_", " ")} phase`, turns: [] });
      turn = null;
    }
  }
  return rounds.filter((round) => round.turns.length);
}
