// Newton's drawing for the table shell (shell.js): the hand and the card lines, the Map and the tracks
// (newton-boards.js), the player boards and Objective tiles (newton-player.js), the Great Discovery tiles
// of the module, the final score table, and how Newton's log divides into rounds and turns. Another
// game's drawing is a module like this one, with the same eight names.

import { $, el } from "./dom.js";
import { words, indexCatalog, componentText, componentName, BASIC_NAMES } from "./newton-words.js";

export { say } from "./newton-words.js";
import { drawMap, drawTracks } from "./newton-boards.js";
import { playerBoard, objectivesTable } from "./newton-player.js";

export const name = "Newton";

export function prepare(catalog) { indexCatalog(catalog); }

// A seat in words beside its player's name in the status line: its colour.
export function seatWords(p, seat) { return p.state.players[seat].colour; }

export function render(p, view) {
  const legal = p.legal_actions.map((a) => a.text);
  const players = p.state.players, board = p.state.board, moved = [...view.moved];
  once("scores", [players, p.to_move], () => renderScores(p, view));
  once("me", [players[p.player ?? 0], legal], () => renderMine(p, view));
  once("lines", [board.lines, board.decks.map((d) => d.length), legal], () => renderLines(p, view));
  once("map", [players.map((pl) => [pl.scientist, pl.cubes]), board.map_tiles, board.bonus, board.map_objective, legal, moved],
    () => $("map").replaceChildren(drawMap(p, view)));
  once("tracks", [players.map((pl) => [pl.work, pl.students]), board.track_tiles, board.bonus, legal, moved],
    () => $("tracks").replaceChildren(...drawTracks(p, view)));
  once("objectives", [p.standing.map((s) => s.objectives)], () => $("objectives").replaceChildren(objectivesTable(p, view)));
  once("discoveries", [board.discoveries, legal], () => renderDiscoveries(p, view));
  once("players", [players, p.standing, p.to_move, legal, moved], () => $("players-detail").replaceChildren(...players.map((player) => playerBoard(player, p, view))));
  once("final", [p.is_over], () => renderFinal(p, view));
}

// Each part of the page is drawn again only when what it shows has changed: a move redraws what it
// moved, and the rest (a board the player has panned, a popover's anchor) stays as it is.
const drawn = new Map();

function once(part, inputs, draw) {
  const key = JSON.stringify(inputs);
  if (drawn.get(part) === key) return;
  drawn.set(part, key);
  draw();
}

// -- the pieces the other players moved, the log by round and turn -------------------------------------------

// The Map and track spaces (and "seat:book space" of the Study boards) the given log entries moved a piece to.
export function movedPlaces(entries) {
  const moved = new Set();
  for (const entry of entries) {
    for (const event of entry.events) {
      if (event.type === "piece_moved" && event.to) moved.add(event.to);
      else if (event.type === "cube_placed" || event.type === "bonus_token_taken") moved.add(event.space);
      else if (event.type === "book_placed") moved.add(`${event.player}:${event.space}`);
    }
  }
  return moved;
}

// Whether an event of an action's log entry is worth its own line: not a step's "moves to" (the action's
// sentence says it), nor "turn N begins" (the log's turns say it).
export function eventSaid(entry, event) {
  if (event.type === "piece_moved" && entry.action.startsWith("step ")) return false;
  return !(event.type === "flow" && event.phase === "action");
}

// The log in rounds, each in turns: a turn is one player's actions of one turn (the "flow" events say
// when a turn, a round or a phase begins); the Master selection and the End Round are turns of their own.
export function groupLog(entries) {
  const rounds = [];
  let flow = { round: 1, phase: "action", turn: 1 }; // turn: the number of the turn under way in its round
  let turn = null;
  for (const entry of entries) {
    const phase = entry.action.startsWith("keep") ? "draft" : flow.phase;
    let round = rounds[rounds.length - 1];
    if (!round || round.round !== flow.round) {
      round = { round: flow.round, title: `Round ${flow.round}`, turns: [] };
      rounds.push(round);
      turn = null;
    }
    const key = `${phase}|${flow.turn}|${phase === "action" ? entry.player : ""}`;
    if (!turn || turn.key !== key) {
      turn = { key, player: entry.player, entries: [], title: turnTitle(phase, flow, entry.player) };
      round.turns.push(turn);
    }
    turn.entries.push(entry);
    for (const event of entry.events) if (event.type === "flow") flow = { round: event.round, phase: event.phase, turn: event.turn_index };
  }
  return rounds;
}

function turnTitle(phase, flow, player) {
  if (phase === "draft") return "Master selection";
  if (phase === "end_round") return "End Round";
  if (phase === "over") return "Final scoring";
  return `Turn ${flow.turn}: Player ${player}`;
}

// -- hand, lines, scores --------------------------------------------------------------------------------------

function cardElement(id, view, kinds = []) {
  if (id === "?") return el("div", { class: "card hidden", text: "?", "data-detail": "A hidden card." });
  const action = view.firstLegal(kinds, id);
  const text = componentText(id);
  const card = words.cards.get(id);
  const body = card
    ? [el("div", { class: "id", text: card.level === 0 ? componentName(id) : id }),
      el("div", { class: "symbols", text: card.symbols.map((s) => BASIC_NAMES[s]).join(", ") }),
      el("div", {}, card.volumes.map((v) => el("span", { class: `vol-${v}`, text: `■ ${v} ` }))),
      el("div", { class: "effect", text: text.split("; ").slice(1).join("; ") })]
    : [el("div", { class: "id", text: componentName(id) }), el("div", { class: "effect", text })];
  return el("div", { class: `card${action ? " legal" : ""}`, "data-action": action, "data-detail": text, title: text, "data-card": id, ...view.focusable(action) }, body);
}

function renderMine(p, view) {
  const box = $("me");
  if (p.player === null) {
    box.replaceChildren(el("h2", { text: "Spectator" }), el("p", { text: "You watch the game: no hand, Master or hidden choice of anyone is shown." }));
    return;
  }
  const me = p.state.players[p.player];
  box.replaceChildren(...[
    el("h2", {}, el("span", { class: `swatch colour-${me.colour}` }), `Your hand (${view.playerName(p.player)})`),
    el("div", { class: "cards", id: "hand" }, me.hand.map((id) => cardElement(id, view, ["play", "tuck", "discard", "copy"]))),
    el("h3", { text: "Your Masters" }),
    el("div", { class: "cards", id: "masters" }, me.masters.length ? me.masters.map((id) => cardElement(id, view, ["master"])) : el("p", { text: "none in hand" })),
    me.draft.length ? el("h3", { text: "Masters to choose from" }) : null,
    me.draft.length ? el("div", { class: "cards", id: "draft" }, me.draft.map((id) => cardElement(id, view, ["keep"]))) : null,
  ].filter(Boolean));
}

function renderLines(p, view) {
  $("lines").replaceChildren(...p.state.board.lines.map((line, index) => {
    const level = index + 1;
    const flip = view.legalFor("flip", level);
    return el("div", { class: "line-row" },
      el("h3", {}, `Level ${level} (${p.state.board.decks[index].length} in the deck) `,
        flip ? el("button", { type: "button", class: "action-button", "data-action": flip, text: "Turn over 2 cards (1 coin)" }) : null),
      el("div", { class: "cards" }, line.length ? line.map((id) => cardElement(id, view, ["take", "copy"])) : el("p", { text: "empty" })));
  }));
}

function renderScores(p, view) {
  const rows = p.state.players.map((player) => el("tr", { class: p.to_move === player.seat ? "to-move" : "" },
    el("td", {}, el("span", { class: `swatch colour-${player.colour}` }), `${view.playerName(player.seat)}${player.seat === p.player ? " (you)" : ""}`),
    el("td", { text: p.seats[player.seat] }),
    el("td", { text: `${player.vp}` }), el("td", { text: `${player.coins}` }), el("td", { text: `${player.potions}` }),
    el("td", { text: `${player.hand.length}` }), el("td", { text: `${player.masters.length}` })));
  $("scores").replaceChildren(el("h2", { text: "Scores" }), el("div", { class: "scroll" }, el("table", { class: "scores" },
    el("thead", {}, el("tr", {}, ["Player", "Seat", "VP", "Coins", "Potions", "Cards", "Masters"].map((h) => el("th", { text: h })))),
    el("tbody", {}, rows))));
}

function renderDiscoveries(p, view) {
  const panel = $("discoveries-panel");
  panel.hidden = !p.game.options.great_discoveries;
  if (panel.hidden) return;
  const available = p.state.board.discoveries;
  $("discoveries").replaceChildren(
    el("p", { text: "Face up on the table, to be bought as a Quick Action or taken with a City or Invention tile:" }),
    el("div", { class: "cards" }, available.length ? available.map((id) => cardElement(id, view, ["discover"])) : el("p", { text: "none left" })),
    el("p", { text: "In front of the players: face up (its power is active, its income paid each End Round), face down once activated for its VP." }));
}

// -- the final score table -------------------------------------------------------------------------------------

// The engine's VP sources in the rows a player knows from the score pad.
const SCORE_ROWS = [
  ["During play: Travel cubes", ["cube"]],
  ["During play: Bonus tokens", ["bonus_token"]],
  ["During play: City, Invention and Specialization tiles", ["tile"]],
  ["During play: Bookshelf piles", ["pile"]],
  ["During play: Action cards' Special Effects", ["card"]],
  ["During play: Masters' effects", ["master"]],
  ["During play: other (Quick and special actions, spaces)", ["quick_action", "special_action", "master_space", "work", "route", "extra_cube", "move_to_village", "place_cube", "requirement"]],
  ["End Round: completed lines", ["bookshelf_line"]],
  ["End Round: income tiles", ["income_tile", "medicine_tile"]],
  ["Great Discoveries", ["great_discovery"]],
  ["Objective tiles", ["objective"]],
  ["Masters' VP", ["master_vp"]],
];

function renderFinal(p, view) {
  const panel = $("final");
  panel.hidden = !p.is_over;
  if (!p.is_over) return;
  const cell = (standing, kinds) => {
    const sources = standing.vp_sources.filter((s) => kinds.includes(s.kind));
    const total = sources.reduce((sum, s) => sum + s.vp, 0);
    return el("td", { "data-detail": sources.map((s) => `${s.label}: ${s.vp} VP`).join("; ") || "nothing", text: String(total) });
  };
  const known = new Set(SCORE_ROWS.flatMap(([, kinds]) => kinds));
  const others = [...new Set(p.standing.flatMap((s) => s.vp_sources.map((v) => v.kind)))].filter((k) => !known.has(k));
  const rows = [...SCORE_ROWS, ...(others.length ? [["Other", others]] : [])]
    .map(([title, kinds]) => el("tr", { "data-score-row": title }, el("th", { text: title }), p.standing.map((standing) => cell(standing, kinds))));
  const total = el("tr", { class: "total" }, el("th", { text: "Total" }), p.scores.map((vp, seat) => el("td", { "data-total": seat, text: `${vp} VP${p.winners.includes(seat) ? " (wins)" : ""}` })));
  $("final-table").replaceChildren(el("div", { class: "scroll" }, el("table", { class: "final" },
    el("thead", {}, el("tr", {}, el("th", { text: "Where the points came from" }), p.state.players.map((pl) => el("th", {}, el("span", { class: `swatch colour-${pl.colour}` }), view.playerName(pl.seat))))),
    el("tbody", {}, rows, total))),
    ...(p.rank ? [el("p", { class: "rank", "data-rank": p.rank, text: `Solo rank: ${p.rank} (${p.scores[0]} VP).` })] : []));
}
