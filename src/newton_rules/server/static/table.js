// The Newton web table: a lobby that creates games, and a table that draws one seat's payload.
// Plain ES module, no build step. Everything it shows comes from the server: the catalog (every
// component in words and the boards' drawing positions, GET /api/catalog) and the seat's payload
// (GET /api/games/{id}); the push channel (server-sent events) says when to ask again.
// A seat's token travels in the URL fragment (#game=ID&token=TOKEN), which browsers never send to
// a server, and in the Authorization header of the API calls.

const SEAT_KINDS = ["human", "greedy", "mcts", "random"];
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// -- small DOM helpers ------------------------------------------------------------------------------

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || ["title", "role", "tabindex"].includes(key)) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function setStatus(text) { $("status").textContent = text; }

// -- the API ------------------------------------------------------------------------------------------

async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

// -- the lobby ----------------------------------------------------------------------------------------

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

function remember(gameId, token) {
  const others = remembered().filter((g) => !(g.game === gameId && g.token === token));
  localStorage.setItem(REMEMBERED, JSON.stringify([{ game: gameId, token, at: new Date().toISOString() }, ...others].slice(0, 20)));
}

function showRemembered() {
  const games = remembered();
  $("mine").hidden = games.length === 0;
  $("my-games").replaceChildren(...games.map((g) => el("li", {},
    el("a", { href: seatLink(g.game, g.token), text: `Game ${g.game}${g.token ? "" : " (watching)"}` }), ` opened ${g.at.slice(0, 16).replace("T", " ")}`)));
}

function showLobby() {
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
    const request = { players, seats, options: { master_draft: form.get("master_draft") === "on" } };
    const seed = String(form.get("seed") || "").trim();
    if (seed) request.seed = Number(seed);
    $("create-error").textContent = "";
    try {
      const created = await api("/api/games", { method: "POST", body: request });
      showLinks(created);
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
}

function seatLink(gameId, token) {
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
  const watch = seatLink(created.id, null);
  list.append(el("li", {}, el("a", { href: watch, "data-spectator-link": "1", text: "Watch (spectator)" })));
  $("created").hidden = false;
}

// -- the table: state ---------------------------------------------------------------------------------

const table = {
  id: null, token: null, catalog: null, payload: null, log: [], count: 0,
  legal: new Map(), // action text -> legal action
  busy: Promise.resolve(), stream: null,
};

const cards = new Map(), masters = new Map(), tiles = new Map(), objectives = new Map(), tokens = new Map();
let spacesById = new Map();

function indexCatalog(catalog) {
  for (const card of catalog.cards) cards.set(card.id, card);
  for (const master of catalog.masters) masters.set(master.id, master);
  for (const tile of catalog.tiles) tiles.set(tile.id, tile);
  for (const objective of catalog.objectives) objectives.set(objective.id, objective);
  for (const token of catalog.bonus_tokens) tokens.set(token.id, token);
  spacesById = new Map([...catalog.map.spaces, ...catalog.work_track.spaces, ...catalog.technology_track.spaces].map((s) => [s.id, s]));
}

function componentText(id) {
  if (id === "?") return "A hidden card.";
  const item = cards.get(id) || masters.get(id) || tiles.get(id) || objectives.get(id) || tokens.get(id);
  if (item) return item.text;
  if (table.catalog.universities.includes(id)) return `University tile ${id}: the book spaces marked University ${id} need you to have visited this University.`;
  if (table.catalog.ancient_lands.includes(id)) return `Ancient Land tile ${id}: the book spaces marked Ancient Land ${id} need you to have visited this Ancient Land.`;
  if (id === "medicine") return "Medicine tile: income from the Medicine Cities you visited, at every End Round.";
  return id;
}

function playerName(seat) { return `Player ${seat}`; }

function colourOf(seat) { return table.payload.state.players[seat].colour; }

function requirementText(req) {
  if (!req) return "";
  const parts = req.volumes.map(([colour, count]) => `${count} ${colour}`);
  if (req.university) parts.push(`University ${req.university}`);
  if (req.ancient_land) parts.push(`Ancient Land ${req.ancient_land}`);
  return parts.length ? `needs ${parts.join(", ")}` : "";
}

function spaceText(space) {
  const parts = [space.text || `${space.name || space.id} (${space.kind.replace("_", " ")})`];
  const laid = tileOn(space.id);
  if (laid) parts.push(componentText(laid));
  const bonus = bonusOn(space.id);
  if (bonus) parts.push(componentText(bonus));
  if (!space.text && space.bonus) parts.push(`Bonus token space (${space.bonus} players)`);
  const req = space.text ? "" : requirementText(space.requirement);
  if (req) parts.push(`To enter: ${req}`);
  const here = table.payload.state.players.filter((p) => p.scientist === space.id || p.work === space.id || p.students.includes(space.id));
  if (here.length) parts.push(`Here: ${here.map((p) => playerName(p.seat)).join(", ")}`);
  return parts.join(". ");
}

function tileOn(spaceId) {
  const board = table.payload.state.board;
  for (const [space, tile] of [...board.map_tiles, ...board.track_tiles]) if (space === spaceId) return tile;
  return null;
}

function bonusOn(spaceId) {
  for (const [space, token] of table.payload.state.board.bonus) if (space === spaceId) return token;
  return null;
}

// -- the table: loading and following -----------------------------------------------------------------

function parseFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { game: params.get("game"), token: params.get("token") };
}

async function showTable(gameId, token) {
  $("lobby").hidden = true;
  $("table").hidden = false;
  table.id = gameId;
  table.token = token;
  remember(gameId, token);
  setStatus("Loading the game…");
  try {
    table.catalog = await api("/api/catalog");
    indexCatalog(table.catalog);
    await refresh();
  } catch (error) {
    setStatus(`Cannot load the game: ${error.message}`);
    return;
  }
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  follow();
}

function follow() {
  const source = new EventSource(`/api/games/${encodeURIComponent(table.id)}/stream?since=${table.count}`);
  table.stream = source;
  source.addEventListener("update", (event) => {
    const update = JSON.parse(event.data);
    if (update.action_count !== table.count) schedule(refresh);
    if (update.is_over) source.close();
  });
  source.addEventListener("error", () => {
    if (table.payload && table.payload.is_over) source.close();
  });
}

function schedule(task) {
  table.busy = table.busy.then(task).catch((error) => { $("action-error").textContent = error.message; });
  return table.busy;
}

async function refresh() {
  const payload = await api(`/api/games/${encodeURIComponent(table.id)}?since=${table.count}`, { token: table.token });
  accept(payload);
}

function accept(payload) {
  if (payload.action_count < table.count) return; // an older answer overtaken by a newer one
  const fresh = payload.log.filter((entry) => entry.index > table.count);
  table.log.push(...fresh);
  table.count = payload.action_count;
  table.payload = payload;
  render();
}

async function act(text) {
  await schedule(async () => {
    $("action-error").textContent = "";
    const before = table.count;
    try {
      const payload = await api(`/api/games/${encodeURIComponent(table.id)}/actions`, {
        method: "POST", token: table.token, body: { action: text },
      });
      if (payload.since === before) accept(payload);
      else await refresh();
    } catch (error) {
      $("action-error").textContent = error.message;
    }
  });
}

// A legal action drawn on the board (a card, a space, a book space) is reached with Tab and played with
// Enter or Space, as its button is.
function onKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest?.("[data-action][tabindex]");
  if (!target || !table.legal.has(target.getAttribute("data-action"))) return;
  event.preventDefault();
  act(target.getAttribute("data-action"));
}

function onClick(event) {
  const target = event.target.closest("[data-action], [data-detail]");
  if (!target) return;
  const action = target.getAttribute("data-action");
  if (action && table.legal.has(action)) {
    event.preventDefault();
    act(action);
    return;
  }
  const detail = target.getAttribute("data-detail");
  if (detail) $("detail-text").textContent = detail;
}

// -- rendering ------------------------------------------------------------------------------------------

function render() {
  const p = table.payload;
  table.legal = new Map(p.legal_actions.map((a) => [a.text, a]));
  document.body.dataset.count = String(table.count);
  renderStatus(p);
  renderTurn(p);
  renderScores(p);
  renderMine(p);
  renderLines(p);
  renderMap(p);
  renderTracks(p);
  renderPlayers(p);
  renderLog();
}

function focusable(action) {
  return action ? { tabindex: "0", role: "button", "aria-label": table.legal.get(action).description } : {};
}

function legalFor(kind, arg) {
  const text = arg === null || arg === undefined ? kind : `${kind} ${arg}`;
  return table.legal.has(text) ? text : null;
}

function firstLegal(kinds, arg) {
  for (const kind of kinds) {
    const text = legalFor(kind, arg);
    if (text) return text;
  }
  return null;
}

function who(p) {
  return p.player === null ? "Spectator" : `You are ${playerName(p.player)} (${colourOf(p.player)})`;
}

function renderStatus(p) {
  const phase = p.is_over ? "game over" : `round ${p.round}, ${p.phase.replace("_", " ")}`;
  setStatus(`Game ${p.id} · ${phase} · ${who(p)}`);
}

function renderTurn(p) {
  const prompt = $("prompt");
  const box = $("actions");
  box.replaceChildren();
  if (p.is_over) {
    const winners = p.winners.map(playerName).join(" and ");
    prompt.textContent = `The game is over: ${p.scores.map((vp, seat) => `${playerName(seat)} ${vp} VP`).join(", ")}. ${winners} ${p.winners.length > 1 ? "win" : "wins"}.${p.rank ? ` Rank: ${p.rank}.` : ""}`;
    prompt.setAttribute("data-over", "1");
    return;
  }
  prompt.removeAttribute("data-over");
  const decision = p.decision;
  if (decision && decision.player === p.player) {
    prompt.textContent = `Your decision: ${decision.prompt}`;
  } else if (decision) {
    const kind = p.seats[decision.player];
    const suffix = p.bot_error ? ` (stopped: ${p.bot_error})` : "";
    prompt.textContent = `Waiting for ${playerName(decision.player)} (${kind === "human" ? "a person" : `${kind} bot`}): ${decision.prompt}${suffix}`;
  }
  for (const action of p.legal_actions) {
    box.append(el("button", { type: "button", "data-action": action.text, title: action.description },
      action.description, el("span", { class: "code", text: action.text })));
  }
}

function renderScores(p) {
  const rows = p.state.players.map((player) => {
    const mine = player.seat === p.player;
    return el("tr", { class: p.to_move === player.seat ? "to-move" : "" },
      el("td", {}, el("span", { class: `swatch colour-${player.colour}` }), `${playerName(player.seat)}${mine ? " (you)" : ""}`),
      el("td", { text: p.seats[player.seat] }),
      el("td", { text: `${player.vp}` }), el("td", { text: `${player.coins}` }), el("td", { text: `${player.potions}` }),
      el("td", { text: `${player.hand.length}` }), el("td", { text: `${player.masters.length}` }));
  });
  $("scores").replaceChildren(el("h2", { text: "Scores" }), el("div", { class: "scroll" }, el("table", { class: "scores" },
    el("thead", {}, el("tr", {}, ["Player", "Seat", "VP", "Coins", "Potions", "Cards", "Masters"].map((h) => el("th", { text: h })))),
    el("tbody", {}, rows))));
}

function cardElement(id, kinds = []) {
  if (id === "?") return el("div", { class: "card hidden", text: "?", "data-detail": "A hidden card." });
  const action = firstLegal(kinds, id);
  const text = componentText(id);
  const card = cards.get(id);
  const body = card
    ? [el("div", { class: "id", text: id }),
      el("div", { text: card.symbols.join(", ") }),
      el("div", {}, card.volumes.map((v) => el("span", { class: `vol-${v}`, text: `■ ${v} ` }))),
      el("div", { text: text.split("; ").slice(1).join("; ") })]
    : [el("div", { class: "id", text: masters.has(id) ? masters.get(id).name : id }), el("div", { text })];
  return el("div", { class: `card${action ? " legal" : ""}`, "data-action": action, "data-detail": text, title: text, "data-card": id, ...focusable(action) }, body);
}

function renderMine(p) {
  const box = $("me");
  if (p.player === null) {
    box.replaceChildren(el("h2", { text: "Spectator" }), el("p", { text: "You watch the game: no hand, Master or hidden choice of anyone is shown." }));
    return;
  }
  const me = p.state.players[p.player];
  const handKinds = ["play", "tuck", "discard", "copy"];
  box.replaceChildren(...[
    el("h2", {}, el("span", { class: `swatch colour-${me.colour}` }), `Your hand (${playerName(p.player)})`),
    el("div", { class: "cards", id: "hand" }, me.hand.map((id) => cardElement(id, handKinds))),
    el("h3", { text: "Your Masters" }),
    el("div", { class: "cards", id: "masters" }, me.masters.length ? me.masters.map((id) => cardElement(id, ["master"])) : el("p", { text: "none in hand" })),
    me.draft.length ? el("h3", { text: "Masters to choose from" }) : null,
    me.draft.length ? el("div", { class: "cards", id: "draft" }, me.draft.map((id) => cardElement(id, ["keep"]))) : null,
  ].filter(Boolean));
}

function renderLines(p) {
  const box = $("lines");
  box.replaceChildren();
  p.state.board.lines.forEach((line, index) => {
    const level = index + 1;
    const flip = legalFor("flip", level);
    box.append(el("div", { class: "line-row" },
      el("h3", {}, `Level ${level} (${p.state.board.decks[index].length} in the deck) `,
        flip ? el("button", { type: "button", class: "action-button", "data-action": flip, text: "flip 2 cards" }) : null),
      el("div", { class: "cards" }, line.length ? line.map((id) => cardElement(id, ["take", "copy"])) : el("p", { text: "empty" }))));
  });
}

// Drawing positions: the catalog's geometry when it has them, else a layered layout of the graph.
function positions(kind, spaces, edges, start) {
  const geometry = table.catalog.geometry && table.catalog.geometry[kind];
  if (geometry) {
    const found = new Map(geometry.spaces.map((placed) => [placed.id, { x: placed.x, y: placed.y }]));
    if (spaces.every((s) => found.has(s.id))) return found;
  }
  const depth = new Map([[start, 0]]);
  const queue = [start];
  const neighbours = new Map(spaces.map((s) => [s.id, []]));
  for (const [a, b] of edges) { neighbours.get(a)?.push(b); neighbours.get(b)?.push(a); }
  while (queue.length) {
    const id = queue.shift();
    for (const next of neighbours.get(id) || []) if (!depth.has(next)) { depth.set(next, depth.get(id) + 1); queue.push(next); }
  }
  const columns = new Map();
  for (const s of spaces) {
    const d = depth.get(s.id) ?? 0;
    if (!columns.has(d)) columns.set(d, []);
    columns.get(d).push(s.id);
  }
  const found = new Map();
  for (const [d, ids] of columns) ids.forEach((id, i) => found.set(id, { x: 40 + d * 80, y: 40 + (i - (ids.length - 1) / 2) * 56 }));
  return found;
}

function drawBoard(kind, spaces, edges, start, pieces) {
  const where = positions(kind, spaces, edges, start);
  const xs = [...where.values()].map((p) => p.x), ys = [...where.values()].map((p) => p.y);
  const pad = 34;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const drawing = svg("svg", { viewBox: box.join(" "), role: "img", "aria-label": `${kind} board`, "data-board": kind });
  for (const [a, b, sea, route] of edges) {
    const pa = where.get(a), pb = where.get(b);
    if (!pa || !pb) continue;
    const line = svg("line", { x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: `route${sea ? " sea" : ""}`, "data-detail": route?.text });
    if (route?.text) line.append(svg("title", {}, route.text));
    drawing.append(line);
    if (route && route.cost > 0) {
      drawing.append(svg("text", { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 - 3, class: "cost", "text-anchor": "middle" }, `${route.cost}`));
    }
  }
  for (const space of spaces) {
    const at = where.get(space.id);
    const action = firstLegal(["step", "village", "place"], space.id);
    const group = svg("g", { "data-space": space.id, "data-action": action, "data-detail": spaceText(space), ...focusable(action) });
    group.append(svg("title", {}, spaceText(space)));
    group.append(svg("circle", { cx: at.x, cy: at.y, r: 15, class: `space kind-${space.kind}${action ? " legal" : ""}` }));
    group.append(svg("text", { x: at.x, y: at.y + 26, class: "label", "text-anchor": "middle" }, space.name || space.id));
    const laid = tileOn(space.id) || bonusOn(space.id);
    if (laid) group.append(svg("text", { x: at.x, y: at.y + 3, class: "tile", "text-anchor": "middle" }, laid));
    (pieces.get(space.id) || []).forEach((piece, i) => {
      const angle = (i * Math.PI) / 3;
      const px = at.x + 13 * Math.cos(angle), py = at.y - 13 * Math.sin(angle);
      group.append(piece.shape === "square"
        ? svg("rect", { x: px - 4, y: py - 4, width: 8, height: 8, class: `colour-${piece.colour}`, stroke: "#000", "stroke-width": 0.5 })
        : svg("circle", { cx: px, cy: py, r: 5, class: `colour-${piece.colour}`, stroke: "#000", "stroke-width": 1 }));
    });
    drawing.append(group);
  }
  return drawing;
}

function addPiece(pieces, space, colour, shape) {
  if (!space) return;
  if (!pieces.has(space)) pieces.set(space, []);
  pieces.get(space).push({ colour, shape });
}

function renderMap(p) {
  const map = table.catalog.map;
  const pieces = new Map();
  for (const player of p.state.players) {
    addPiece(pieces, player.scientist, player.colour, "circle");
    for (const cube of player.cubes) addPiece(pieces, cube, player.colour, "square");
  }
  const edges = map.routes.map((r) => [r.a, r.b, r.terrain === "sea", r]);
  const objective = p.state.board.map_objective;
  $("map").replaceChildren(...[drawBoard("map", map.spaces, edges, map.start, pieces),
    objective ? el("p", { class: "chip", "data-detail": componentText(objective), text: `Map Objective: ${componentText(objective)}` }) : null].filter(Boolean));
}

function trackEdges(track) {
  return track.spaces.flatMap((s) => s.next.map((n) => [s.id, n, false]));
}

function renderTracks(p) {
  const work = new Map(), tech = new Map();
  for (const player of p.state.players) {
    addPiece(work, player.work, player.colour, "square");
    for (const student of player.students) addPiece(tech, student, player.colour, "circle");
  }
  const wt = table.catalog.work_track, tt = table.catalog.technology_track;
  $("work-track").replaceChildren(el("h3", { text: "Work track" }), drawBoard("work_track", wt.spaces, trackEdges(wt), wt.start, work));
  $("tech-track").replaceChildren(el("h3", { text: "Technology track" }), drawBoard("technology_track", tt.spaces, trackEdges(tt), tt.start, tech));
}

function studyBoard(player, p) {
  const board = table.catalog.study_boards.find((b) => b.id === player.board);
  if (!board) return null;
  const columns = 1 + Math.max(...board.book_spaces.map((s) => s.col));
  const rows = 1 + Math.max(...board.book_spaces.map((s) => s.row));
  const grid = el("div", { class: "study", "data-study": player.seat });
  grid.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
  const mine = player.seat === p.player;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const space = board.book_spaces.find((s) => s.row === row && s.col === col);
      if (!space) { grid.append(el("div", { class: "book empty" })); continue; }
      const covered = player.books.includes(space.id) || space.prefilled;
      const action = mine ? firstLegal(["book", "lift"], space.id) : null;
      const req = requirementText(space.requirement);
      const detail = `${space.text || `Book space ${space.id} (shelf ${space.shelf}): ${req}`}${covered ? "; covered by a Bookshelf tile" : ""}`;
      grid.append(el("div", {
        class: `book${covered ? ` covered colour-${player.colour}` : ""}${action ? " legal" : ""}`,
        "data-action": action, "data-detail": detail, title: detail, "data-book": space.id, ...focusable(action),
      }, space.id, el("br"), req));
    }
  }
  return grid;
}

function chips(ids, kinds = []) {
  if (!ids.length) return "none";
  return ids.map((id) => {
    const action = firstLegal(kinds, id);
    return el("span", { class: `chip${action ? " legal" : ""}`, "data-action": action, "data-detail": componentText(id), title: componentText(id), text: masters.has(id) ? masters.get(id).name : id, ...focusable(action) });
  });
}

function renderPlayers(p) {
  const box = $("players-detail");
  box.replaceChildren();
  for (const player of p.state.players) {
    const drawers = player.drawers.map((d) => d ?? "·").join(", ");
    const income = player.income.map((d) => d ?? "·").join(", ");
    const students = player.students.map((s) => s ?? "supply").join(", ");
    box.append(el("div", { class: "player", "data-player": player.seat },
      el("h3", {}, el("span", { class: `swatch colour-${player.colour}` }), `${playerName(player.seat)} (${player.colour}), Study board ${player.board}`),
      el("dl", {},
        el("dt", { text: "Desk" }), el("dd", {}, chips(player.desk)),
        el("dt", { text: "Tucked" }), el("dd", {}, chips(player.tucked)),
        el("dt", { text: "Hand" }), el("dd", { text: player.seat === p.player ? player.hand.join(", ") || "empty" : `${player.hand.length} cards` }),
        el("dt", { text: "Masters" }), el("dd", { text: player.seat === p.player ? `${player.masters.length} in hand (above)` : `${player.masters.length} in hand` }),
        el("dt", { text: "Played" }), el("dd", {}, chips(player.masters_played)),
        el("dt", { text: "Work" }), el("dd", { text: player.work }),
        el("dt", { text: "Students" }), el("dd", { text: students }),
        el("dt", { text: "Scientist" }), el("dd", { text: spacesById.get(player.scientist)?.name || player.scientist }),
        el("dt", { text: "Cubes" }), el("dd", { text: `${player.cubes.length} placed: ${player.cubes.join(", ") || "none"}` }),
        el("dt", { text: "Drawers" }), el("dd", { text: drawers }),
        el("dt", { text: "Income" }), el("dd", { text: income }),
        el("dt", { text: "Bonus tokens" }), el("dd", {}, chips(player.bonus_tokens)),
        el("dt", { text: "Volumes (E2)" }), el("dd", { text: player.round_volumes.join(", ") || "none" })),
      studyBoard(player, p)));
  }
}

function renderLog() {
  const list = $("log");
  list.replaceChildren();
  for (const entry of table.log.slice(-80).reverse()) {
    const sentences = entry.events.filter((e) => !e.bookkeeping).map((e) => e.text);
    list.append(el("li", { value: entry.index, "data-log": entry.index },
      el("span", { class: "action", text: entry.text }), " ", el("code", { text: `(${entry.action})` }),
      el("ul", {}, sentences.map((text) => el("li", { text })))));
  }
}

// -- start ----------------------------------------------------------------------------------------------

const start = parseFragment();
if (start.game) showTable(start.game, start.token);
else showLobby();
window.addEventListener("hashchange", () => location.reload());
