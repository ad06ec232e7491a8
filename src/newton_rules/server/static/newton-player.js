// A Newton player's board as in the box: the desk's five columns (the drawer, the cards tucked under it,
// the cards on the desk and the value each Basic Action has), the Study board (shelf levels, each row's
// and column's VP, the Bookshelf piles and what their last tile gives), the income spaces with their tiles,
// the Masters, the Bonus tokens and Great Discovery tiles; and the Objective tiles with each player's
// progress and the VP they would give now. Every number is the engine's (the payload's standing).

import { el } from "./dom.js";
import { words, BASICS, BASIC_NAMES, INCOME_NAMES, componentText, componentName, spaceName, tileWords } from "./newton-words.js";

function chip(id, view, kinds = [], extra = "", label = componentName(id)) {
  const action = view.firstLegal(kinds, id);
  const text = componentText(id);
  return el("span", { class: `chip${action ? " legal" : ""}${extra}`, "data-action": action, "data-detail": text, title: text, "data-component": id, text: label, ...view.focusable(action) });
}

// A card in a desk column, where the column already names its symbol: its id, or "Starting".
function columnChip(id, view, kinds, extra = "") {
  return chip(id, view, kinds, extra, words.cards.get(id)?.level === 0 ? "Starting" : id);
}

// A book space's requirement drawn: a square per volume in its colour, the University or Ancient Land.
function requirementMarks(req) {
  if (!req) return [];
  const marks = req.volumes.flatMap(([colour, count]) => Array.from({ length: count }, () => el("span", { class: `vol-mark vol-${colour}`, text: "■" })));
  if (req.university) marks.push(el("span", { class: "place-mark", text: `U ${req.university}` }));
  if (req.ancient_land) marks.push(el("span", { class: "place-mark", text: `AL ${req.ancient_land}` }));
  return marks;
}

function symbolsOf(id) { return words.cards.get(id)?.symbols || []; }

// The desk: one column per Basic Action, its drawer, the cards tucked under it and those on the desk that
// show its symbol, and its value now (F4); Jokers and the cards tucked for their special action apart.
function desk(player, standing, view) {
  const board = words.boards.get(player.board);
  const columns = BASICS.map((action) => {
    const drawers = player.drawers.filter((d) => d === action).length;
    const tucked = player.tucked.filter((id) => symbolsOf(id).includes(action));
    const onDesk = player.desk.filter((id) => symbolsOf(id).includes(action));
    return el("div", { class: "desk-column", "data-column": action },
      el("div", { class: "desk-head" }, el("span", { text: BASIC_NAMES[action] }), el("span", { class: "value", "data-value": action, title: `${BASIC_NAMES[action]} value now`, text: String(standing.action_values[action]) })),
      el("div", { class: "desk-cards", title: "on the desk this round" }, onDesk.map((id) => columnChip(id, view, ["copy"]))),
      el("div", { class: "tucked-cards", title: "tucked under the desk" }, tucked.map((id) => columnChip(id, view, [], " tucked"))),
      drawers ? el("div", { class: "drawer-count", text: `+${drawers} drawer${drawers > 1 ? "s" : ""}` }) : null);
  });
  const drawerRow = el("div", { class: "drawers", "data-drawers": player.seat }, "Drawers: ", player.drawers.map((action, index) => {
    const printed = board && board.printed_drawer === index;
    const text = action ? `${BASIC_NAMES[action]}${printed ? " (printed)" : ""}` : "empty";
    return el("span", { class: `drawer${action ? " filled" : ""}`, "data-drawer": index, "data-detail": action ? `Drawer ${index + 1}: a ${BASIC_NAMES[action]} symbol${printed ? " printed on the board" : " on a Development tile"}; it adds 1 to every ${BASIC_NAMES[action]} action.` : `Drawer ${index + 1}: empty.`, text });
  }));
  const others = player.desk.filter((id) => !BASICS.some((a) => symbolsOf(id).includes(a)));
  const specials = player.tucked.filter((id) => words.cards.get(id)?.special_action);
  const plainTucked = player.tucked.filter((id) => !BASICS.some((a) => symbolsOf(id).includes(a)) && !specials.includes(id));
  return el("div", { class: "desk" },
    el("div", { class: "desk-columns" }, columns),
    drawerRow,
    others.length ? el("p", {}, "On the desk, no column: ", others.map((id) => chip(id, view, ["copy"]))) : null,
    plainTucked.length ? el("p", {}, "Tucked, no symbol: ", plainTucked.map((id) => chip(id, view))) : null,
    specials.length ? el("div", { class: "special-actions", "data-special-actions": player.seat }, el("h4", { text: "Special actions under the desk" }),
      specials.map((id) => el("p", {}, chip(id, view, ["use"]), ` ${words.cards.get(id).text.split("tucked (upside down): ")[1]?.split(";")[0] || ""}`))) : null);
}

// The Study board: rows are shelves (the top row is shelf 3), each row's and column's lines with their VP.
function study(player, standing, view, mine) {
  const board = words.boards.get(player.board);
  if (!board) return null;
  const columns = 1 + Math.max(...board.book_spaces.map((s) => s.col));
  const rows = 1 + Math.max(...board.book_spaces.map((s) => s.row));
  const grid = el("div", { class: "study", "data-study": player.seat });
  grid.style.gridTemplateColumns = `auto repeat(${columns}, minmax(30px, 1fr)) auto`;
  grid.style.setProperty("--columns", String(columns));
  const completed = new Set(standing.completed_lines);
  const lineBadge = (line) => el("span", { class: `line-vp${completed.has(line.id) ? " done" : ""}`, "data-line": line.id, "data-detail": line.text || `${line.id}: ${line.vp} VP at every End Round once complete`, text: `${line.vp}` });
  const rowLines = (row) => board.lines.filter((l) => l.id.startsWith("row") && l.spaces.every((s) => s.startsWith(`r${row}`)));
  const colLines = (col) => board.lines.filter((l) => l.id.startsWith("col") && l.spaces.every((s) => s.endsWith(`c${col}`)));
  for (let row = 0; row < rows; row++) {
    const shelf = board.book_spaces.find((s) => s.row === row)?.shelf;
    grid.append(el("div", { class: "shelf", text: `Shelf ${shelf}` }));
    for (let col = 0; col < columns; col++) {
      const space = board.book_spaces.find((s) => s.row === row && s.col === col);
      if (!space) { grid.append(el("div", { class: "book empty" })); continue; }
      const covered = player.books.includes(space.id) || space.prefilled;
      const action = mine ? view.firstLegal(["book", "lift"], space.id) : null;
      const moved = view.moved.has(`${player.seat}:${space.id}`);
      const detail = `${space.text}${covered ? "; covered by a Bookshelf tile" : ""}`;
      grid.append(el("div", {
        class: `book${covered ? ` covered colour-${player.colour}` : ""}${action ? " legal" : ""}${moved ? " moved" : ""}`,
        "data-action": action, "data-detail": detail, title: detail, "data-book": space.id, "data-moved": moved ? "1" : null, ...view.focusable(action),
      }, space.prefilled ? "printed" : requirementMarks(space.requirement)));
    }
    grid.append(el("div", { class: "row-vp", title: "VP of this row's lines at every End Round" }, rowLines(row).map(lineBadge)));
  }
  grid.append(el("div", { class: "shelf", text: "VP" }));
  for (let col = 0; col < columns; col++) grid.append(el("div", { class: "col-vp" }, colLines(col).map(lineBadge)));
  grid.append(el("div"));
  return el("div", { class: "study-wrap" }, el("div", { class: "study-scroll" }, grid), piles(player));
}

// The four Bookshelf piles, emptied from the first (B2): the tiles left in each and the last tile's reward.
function piles(player) {
  const catalog = words.catalog;
  const perPile = catalog.constants.tiles_per_pile;
  const taken = player.books.length + player.books_removed;
  return el("div", { class: "piles" }, catalog.pile_bonuses.map((bonus) => {
    const left = Math.max(0, Math.min(perPile, bonus.pile * perPile - taken));
    return el("div", { class: `pile${left ? "" : " empty"}`, "data-pile": bonus.pile, "data-detail": bonus.text, title: bonus.text },
      el("strong", { text: `Pile ${bonus.pile}` }), ` ${left}/${perPile} tiles · last: ${bonus.text.split(": ")[1] || ""}`);
  }));
}

function income(player, standing) {
  const spaces = player.income.map((kind, index) => el("span", { class: `income-space${kind ? " filled" : ""}`, "data-income": index,
    "data-detail": kind ? componentText(kind === "medicine" ? "medicine" : kind) : "An empty income space", text: kind ? INCOME_NAMES[kind] || kind : "empty" }));
  const pays = standing.income;
  return el("div", { class: "income" }, "Income spaces: ", spaces,
    el("span", { class: "income-total", "data-income-total": player.seat, text: `Each End Round: ${pays.vp} VP, ${pays.coins} coins, ${pays.potions} Potions` }));
}

function masters(player, p, view) {
  const mine = player.seat === p.player;
  const played = player.masters_played.map((id) => chip(id, view));
  const held = mine ? player.masters.map((id) => chip(id, view, ["master"])) : [`${player.masters.length} in hand`];
  return [el("dt", { text: "Masters played" }), el("dd", {}, played.length ? played : "none"),
    el("dt", { text: "Masters in hand" }), el("dd", {}, held.length ? held : "none")];
}

function discoveries(player, p, view) {
  if (!p.game.options.great_discoveries) return [];
  const up = player.discoveries.map((id) => chip(id, view, ["activate"], " face-up"));
  const down = player.discoveries_used.map((id) => chip(id, view, [], " face-down"));
  return [el("dt", { text: "Great Discoveries" }), el("dd", { "data-discoveries": player.seat }, up.length || down.length ? [...up, ...down] : "none")];
}

export function playerBoard(player, p, view) {
  const standing = p.standing[player.seat];
  const mine = player.seat === p.player;
  return el("div", { class: `player-board${p.to_move === player.seat ? " to-move" : ""}`, "data-player": player.seat },
    el("h3", {}, el("span", { class: `swatch colour-${player.colour}` }),
      `${view.playerName(player.seat)} (${player.colour}${mine ? ", you" : ""}) · ${player.vp} VP · ${player.coins} coins · ${player.potions} Potions · ${player.hand.length} cards`),
    desk(player, standing, view),
    study(player, standing, view, mine),
    income(player, standing),
    el("dl", {},
      masters(player, p, view),
      el("dt", { text: "Scientist" }), el("dd", { text: spaceName(player.scientist) }),
      el("dt", { text: "Travel cubes" }), el("dd", { text: `${player.cubes.length} placed: ${player.cubes.map(spaceName).join(", ") || "none"}` }),
      el("dt", { text: "Students" }), el("dd", { text: player.students.map((s) => (s ? spaceName(s) : "supply")).join(", ") }),
      el("dt", { text: "Bonus tokens" }), el("dd", {}, player.bonus_tokens.length ? player.bonus_tokens.map((id) => chip(id, view, [], "", tileWords(id))) : "none"),
      el("dt", { text: "Volumes chosen this round" }), el("dd", { text: player.round_volumes.join(", ") || "none" }),
      discoveries(player, p, view)));
}

const WHERE = { map: "on the Map", work: "on the Work track", technology: "on the Technology track" };

// The game's Objective tiles: where each lies, and for each player whether they occupy it and its VP now.
export function objectivesTable(p, view) {
  const tiles = p.standing[0].objectives;
  const head = el("tr", {}, el("th", { text: "Objective tile" }), p.state.players.map((pl) => el("th", {}, el("span", { class: `swatch colour-${pl.colour}` }), view.playerName(pl.seat))));
  const rows = tiles.map((tile, index) => el("tr", { "data-objective": tile.tile },
    el("td", { "data-detail": componentText(tile.tile) }, el("strong", { text: tile.tile }), ` ${WHERE[tile.where]} (${spaceName(tile.space)}): `, componentText(tile.tile).split(": ").slice(1).join(": ")),
    p.standing.map((standing) => {
      const mine = standing.objectives[index];
      const vp = mine.vp === null ? "? VP (hidden hand)" : `${mine.vp} VP`;
      return el("td", { class: mine.occupied ? "occupied" : "", "data-progress": standing.seat, text: mine.occupied ? `occupied: ${vp}` : `not occupied (would give ${vp})` });
    })));
  return el("div", { class: "scroll" }, el("table", { class: "objectives" }, el("thead", {}, head), el("tbody", {}, rows)));
}
