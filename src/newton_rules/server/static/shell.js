// The table shell, the same for every game: loading and following a game, sending a move (one at a
// time, safe to repeat), the choices with their cost and gain, "Since your last turn", the log by round
// and turn, the details popover and the settings. What a game draws (its boards, its words, how its log
// divides into turns) comes from its own module, given to showTable (newton.js for Newton).

import { $, el, setStatus, api } from "./dom.js";
import { remember } from "./lobby.js";

export const table = {
  id: null, token: null, catalog: null, payload: null, log: [], count: 0, game: null,
  legal: new Map(), // action text -> legal action
  busy: Promise.resolve(), stream: null, inFlight: false, autoPlayed: -1, refreshQueued: false,
};

// -- settings ---------------------------------------------------------------------------------------------

const SETTINGS = "newton-settings";
const DEFAULTS = { autoSingle: true };

export function settings() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS) || "{}") }; } catch { return { ...DEFAULTS }; }
}

function saveSetting(name, value) {
  localStorage.setItem(SETTINGS, JSON.stringify({ ...settings(), [name]: value }));
}

// -- loading and following --------------------------------------------------------------------------------

export async function showTable(game, gameId, token, gameName = "newton") {
  $("lobby").hidden = true;
  $("table").hidden = false;
  Object.assign(table, { id: gameId, token, game });
  remember(gameId, token);
  setStatus("Loading the game…");
  try {
    table.catalog = await api(`/api/catalog?game=${encodeURIComponent(gameName)}`);
    game.prepare(table.catalog);
    await refresh();
  } catch (error) {
    setStatus(`Cannot load the game: ${error.message}`);
    return;
  }
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  $("auto-single").checked = settings().autoSingle;
  $("auto-single").addEventListener("change", (event) => { saveSetting("autoSingle", event.target.checked); render(); });
  follow();
}

function follow() {
  const source = new EventSource(`/api/games/${encodeURIComponent(table.id)}/stream?since=${table.count}`);
  table.stream = source;
  source.addEventListener("update", (event) => {
    const update = JSON.parse(event.data);
    if (update.action_count !== table.count && !table.refreshQueued) { // moves in a row: one refresh
      table.refreshQueued = true;
      schedule(() => { table.refreshQueued = false; return refresh(); });
    }
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
  accept(await api(`/api/games/${encodeURIComponent(table.id)}?since=${table.count}`, { token: table.token }));
}

function accept(payload) {
  if (payload.action_count < table.count) return; // an older answer overtaken by a newer one
  table.log.push(...payload.log.filter((entry) => entry.index > table.count));
  table.count = payload.action_count;
  table.payload = payload;
  render();
}

// -- sending a move ----------------------------------------------------------------------------------------

// One move at a time: while one is sent, every control is disabled and clicks are ignored; the request
// names the position it was chosen at, so a repeat is answered as the move already applied.
export async function act(text) {
  const action = table.legal.get(text);
  if (table.inFlight || !action) return;
  if (action.gives_up_basic && !(await confirmed(action))) return;
  setInFlight(true);
  await schedule(async () => {
    $("action-error").textContent = "";
    const before = table.count;
    try {
      const payload = await api(`/api/games/${encodeURIComponent(table.id)}/actions`, {
        method: "POST", token: table.token, body: { action: text, action_count: before },
      });
      if (payload.since === before) accept(payload);
      else await refresh();
    } catch (error) {
      $("action-error").textContent = error.message;
    }
  });
  setInFlight(false);
}

function setInFlight(on) {
  table.inFlight = on;
  document.body.toggleAttribute("data-busy", on);
  for (const button of document.querySelectorAll("#turn button[data-action]")) button.disabled = on;
}

// A move that gives up the turn's Basic Action asks first, in the page (never a browser dialog).
function confirmed(action) {
  const dialog = $("confirm");
  $("confirm-text").textContent = action.basic_actions
    ? `${action.label} Playing it gives up your Basic Action this turn. Play it anyway?`
    : `${action.label} Your Basic Action will not be performed this turn. End your turn anyway?`;
  return new Promise((resolve) => {
    const answer = (yes) => () => { dialog.close(); resolve(yes); };
    $("confirm-yes").onclick = answer(true);
    $("confirm-no").onclick = answer(false);
    dialog.oncancel = answer(false);
    dialog.showModal();
  });
}

// -- clicks, keys and the details popover -------------------------------------------------------------------

// A legal action drawn on the board (a card, a space, a book space) is reached with Tab and played with
// Enter or Space, as its button is.
function onKey(event) {
  if (event.key === "Escape") closePopover();
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest?.("[data-action][tabindex]");
  if (!target || !table.legal.has(target.getAttribute("data-action"))) return;
  event.preventDefault();
  act(target.getAttribute("data-action"));
}

function onClick(event) {
  if (event.target.closest("#popover")) {
    if (event.target.closest("#popover-close")) closePopover();
    return;
  }
  const target = event.target.closest("[data-action], [data-detail]");
  if (!target) { closePopover(); return; }
  const action = target.getAttribute("data-action");
  if (action && table.legal.has(action)) {
    event.preventDefault();
    closePopover();
    act(action);
    return;
  }
  const detail = target.getAttribute("data-detail");
  if (detail) openPopover(detail, target);
}

// The details of what was tapped, in a popover beside it (below, or above when there is no room below).
export function openPopover(text, target) {
  const box = $("popover");
  $("detail-text").textContent = text;
  box.hidden = false;
  const at = target.getBoundingClientRect();
  const width = Math.min(320, document.documentElement.clientWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(at.left + at.width / 2 - width / 2, document.documentElement.clientWidth - width - 8));
  const below = at.bottom + 6 + box.offsetHeight < window.innerHeight;
  const top = below ? at.bottom + 6 : Math.max(8, at.top - 6 - box.offsetHeight);
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

function closePopover() { $("popover").hidden = true; }

// -- rendering ----------------------------------------------------------------------------------------------

export function playerName(seat) { return `Player ${seat}`; }

function render() {
  const p = table.payload;
  table.legal = new Map(p.legal_actions.map((a) => [a.text, a]));
  document.body.dataset.count = String(table.count);
  const since = sinceLastTurn(p);
  renderStatus(p);
  renderTurn(p);
  renderSince(p, since);
  drawBoards(p, since);
  renderLog();
  autoPlay(p);
}

// The game's drawing of its boards. A failure there is reported (on the console, where a test sees it,
// and in the page) but leaves the log and the choices drawn: otherwise one bad component silently
// stops the log at the last position drawn whole.
function drawBoards(p, since) {
  try {
    table.game.render(p, boardView(p, since));
  } catch (error) {
    console.error(`${table.game.name}: the boards could not be drawn:`, error);
    $("action-error").textContent = `The boards could not be drawn: ${error.message}`;
  }
}

// What a game's drawing code needs of the shell: which legal action a drawn component stands for, how to
// make it reachable by keyboard, and what the other players moved since this seat's last turn.
function boardView(p, since) {
  const legalFor = (kind, arg) => {
    const text = arg === null || arg === undefined ? kind : `${kind} ${arg}`;
    return table.legal.has(text) ? text : null;
  };
  return {
    catalog: table.catalog,
    legalFor,
    firstLegal: (kinds, arg) => kinds.map((kind) => legalFor(kind, arg)).find(Boolean) || null,
    focusable: (action) => (action ? { tabindex: "0", role: "button", "aria-label": table.legal.get(action).label } : {}),
    moved: table.game.movedPlaces(since),
    playerName,
  };
}

function renderStatus(p) {
  const phase = p.is_over ? "game over" : `round ${p.round}, ${p.phase.replace("_", " ")}`;
  const who = p.player === null ? "Spectator" : `You are ${playerName(p.player)} (${table.game.seatWords(p, p.player)})`;
  setStatus(`Game ${p.id} · ${phase} · ${who}`);
}

// What an action costs and gains, a badge for each amount the game declares (every key of its cost and
// gain), in words: the game's words for its amounts (unitWords: key -> [one, many]), else Newton's, else
// the key itself.
const UNIT_WORDS = { coins: ["coin", "coins"], vp: ["VP", "VP"], potions: ["Potion", "Potions"] };

function unitWords(key) {
  const words = { ...UNIT_WORDS, ...(table.game.unitWords || {}) }[key];
  return words || [key.replaceAll("_", " "), key.replaceAll("_", " ")];
}

function badges(action) {
  const parts = [];
  for (const [side, sign] of [["cost", "−"], ["gain", "+"]]) {
    for (const [key, n] of Object.entries(action[side] || {})) {
      if (typeof n !== "number" || !n) continue;
      const [one, many] = unitWords(key);
      parts.push(el("span", { class: `badge ${side}`, "data-badge": side, "data-unit": key, text: `${sign}${n} ${n === 1 ? one : many}` }));
    }
  }
  return parts;
}

function choiceButton(action) {
  return el("button", {
    type: "button", class: `choice${action.gives_up_basic ? " gives-up" : ""}`, "data-action": action.text,
    "data-gives-up": action.gives_up_basic ? "1" : null, title: action.description, disabled: table.inFlight,
  }, el("span", { class: "label", text: action.label }), el("span", { class: "badges" }, badges(action)));
}

function renderTurn(p) {
  const prompt = $("prompt");
  const main = p.legal_actions.filter((a) => !a.quick), quick = p.legal_actions.filter((a) => a.quick);
  $("actions").replaceChildren(...main.map(choiceButton));
  $("quick-actions").replaceChildren(...quick.map(choiceButton));
  $("quick-panel").hidden = quick.length === 0;
  $("turn-settings").hidden = p.player === null || p.is_over;
  if (p.is_over) {
    const winners = p.winners.map(playerName).join(" and ");
    prompt.textContent = `The game is over: ${p.scores.map((vp, seat) => `${playerName(seat)} ${vp} VP`).join(", ")}. ${winners} ${p.winners.length > 1 ? "win" : "wins"}.${p.rank ? ` Rank: ${p.rank}.` : ""}`;
    prompt.setAttribute("data-over", "1");
    return;
  }
  prompt.removeAttribute("data-over");
  const decision = p.decision;
  if (decision && decision.player === p.player) {
    prompt.textContent = `Your decision: ${table.game.say(decision.prompt)}`;
  } else if (decision) {
    const kind = p.seats[decision.player];
    const suffix = p.bot_error ? ` (stopped: ${p.bot_error})` : "";
    prompt.textContent = `Waiting for ${playerName(decision.player)} (${kind === "human" ? "a person" : `${kind} bot`}): ${table.game.say(decision.prompt)}${suffix}`;
  }
}

// A decision with one choice is played for the player who opted in (the setting, on by default), once
// per position, and said so.
function autoPlay(p) {
  const only = p.legal_actions.length === 1 ? p.legal_actions[0] : null;
  const note = $("auto-note");
  if (!only || !settings().autoSingle || only.gives_up_basic || table.autoPlayed === table.count) {
    if (p.legal_actions.length > 1) note.hidden = true; // the player decides again: the note is old news
    return;
  }
  const count = table.autoPlayed = table.count;
  note.textContent = `Played for you, your only choice: ${only.label}`;
  note.hidden = false;
  const play = () => {
    if (table.count !== count) return; // the game moved on meanwhile
    if (table.inFlight) setTimeout(play, 50);
    else act(only.text);
  };
  setTimeout(play, 150);
}

// -- "Since your last turn" and the log ----------------------------------------------------------------------

// The other players' actions since this seat's previous turn (its current turn's own actions aside); a
// spectator sees the latest turn of each player.
function sinceLastTurn(p) {
  const log = table.log;
  let end = log.length;
  if (p.player === null) return log.slice(Math.max(0, end - 12));
  while (end > 0 && log[end - 1].player === p.player) end--;
  let start = end;
  while (start > 0 && log[start - 1].player !== p.player) start--;
  return log.slice(start, end);
}

// An action's sentence, then its events' (those the game says are worth a line, each once).
function sentences(entry) {
  const said = [entry.text];
  for (const event of entry.events) {
    if (!event.bookkeeping && table.game.eventSaid(entry, event) && !said.includes(event.text)) said.push(event.text);
  }
  return said.map(table.game.say);
}

function renderSince(p, since) {
  const list = $("since-list");
  const others = since.filter((entry) => entry.player !== p.player);
  $("since-title").textContent = p.player === null ? "Latest moves" : "Since your last turn";
  if (!others.length) {
    list.replaceChildren(el("p", { class: "quiet", text: p.player === null ? "Nothing yet." : "Nothing: no other player has moved since your last turn." }));
    return;
  }
  const byPlayer = [];
  for (const entry of others) {
    const last = byPlayer[byPlayer.length - 1];
    if (last && last.player === entry.player) last.entries.push(entry);
    else byPlayer.push({ player: entry.player, entries: [entry] });
  }
  list.replaceChildren(...byPlayer.map((group) => el("div", { class: "since-player", "data-since-player": group.player ?? "game" },
    el("h3", { text: group.player === null ? "The game" : `${playerName(group.player)} (${p.seats[group.player]})` }),
    el("ul", {}, group.entries.flatMap(sentences).map((text) => el("li", { text }))))));
}

function renderLog() {
  const rounds = table.game.groupLog(table.log);
  const current = rounds.length - 1;
  $("log").replaceChildren(...rounds.map((round, index) => {
    const details = el("details", { class: "log-round", "data-round": round.round, open: index === current }, el("summary", { text: round.title }));
    const fill = () => { if (details.children.length === 1) details.append(...round.turns.map(turnElement)); };
    if (index === current) fill();
    else details.addEventListener("toggle", fill); // an earlier round is drawn when opened
    return details;
  }));
  $("log-count").textContent = `${table.log.length} actions`;
}

function turnElement(turn) {
  return el("section", { class: "log-turn", "data-turn-player": turn.player ?? "game" },
    el("h4", { text: turn.title }),
    el("ol", {}, turn.entries.map((entry) => el("li", { value: entry.index, "data-log": entry.index },
      el("span", { class: "action", text: table.game.say(entry.text) }), " ", el("code", { text: `(${entry.action})` }),
      el("ul", {}, sentences(entry).slice(1).map((text) => el("li", { text })))))));
}
