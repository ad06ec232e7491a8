// Newton's shared boards, drawn in SVG from the catalog's geometry: the Map with its routes and tiles (in
// words), the Work and Technology tracks, every piece on them, the pieces the other players moved since
// this seat's last turn ringed. Each board pans (scroll, drag) and zooms (buttons, pinch, ctrl+wheel) in
// its frame, so that on a phone every space stays at least 44 px wide and the page never scrolls sideways.

import { el, svg } from "./dom.js";
import { words, tileWords, componentText, requirementText } from "./newton-words.js";

const SPACE_RADIUS = 15; // drawing units; a space's tap target is drawn 16 units wide around its centre
const PHONE_SCALE = 1.5; // px per drawing unit on a narrow screen: a space is then 48 px across
const MIN_SCALE = 0.3, MAX_SCALE = 3;
const scales = new Map(); // board kind -> px per drawing unit chosen by the player (absent: the default)
const panned = new Map(); // board kind -> where the player scrolled its frame, kept when the board is redrawn

function defaultScale() { return window.innerWidth < 700 ? PHONE_SCALE : null; } // null: fit the frame

function tileOn(p, spaceId) {
  const board = p.state.board;
  for (const [space, tile] of [...board.map_tiles, ...board.track_tiles]) if (space === spaceId) return tile;
  return words.spaces.get(spaceId)?.kind === "objective" ? board.map_objective || null : null;
}

function bonusOn(p, spaceId) {
  for (const [space, token] of p.state.board.bonus) if (space === spaceId) return token;
  return null;
}

function spaceText(p, space, view) {
  const parts = [space.text || `${space.name || space.id} (${space.kind.replace("_", " ")})`];
  const laid = tileOn(p, space.id);
  if (laid) parts.push(componentText(laid));
  const bonus = bonusOn(p, space.id);
  if (bonus) parts.push(componentText(bonus));
  const req = space.text ? "" : requirementText(space.requirement);
  if (req) parts.push(`To enter: ${req}`);
  const here = p.state.players.filter((pl) => pl.scientist === space.id || pl.work === space.id || pl.students.includes(space.id) || pl.cubes.includes(space.id));
  if (here.length) parts.push(`Here: ${here.map((pl) => view.playerName(pl.seat)).join(", ")}`);
  if (view.moved.has(space.id)) parts.push("Moved here since your last turn");
  return parts.join(". ");
}

function positions(kind, spaces) {
  const geometry = words.catalog.geometry && words.catalog.geometry[kind];
  const found = new Map(geometry ? geometry.spaces.map((placed) => [placed.id, { x: placed.x, y: placed.y }]) : []);
  spaces.forEach((s, i) => { if (!found.has(s.id)) found.set(s.id, { x: 40 + (i % 12) * 80, y: 40 + Math.floor(i / 12) * 70 }); });
  return found;
}

function short(text, length = 24) { return text.length > length ? `${text.slice(0, length - 1)}…` : text; }

function pieceShape(at, piece, i) {
  const angle = (i * Math.PI) / 3 + Math.PI / 6;
  const px = at.x + 14 * Math.cos(angle), py = at.y - 14 * Math.sin(angle);
  return piece.shape === "square"
    ? svg("rect", { x: px - 5, y: py - 5, width: 10, height: 10, class: `piece colour-${piece.colour}`, "data-piece": piece.kind })
    : svg("circle", { cx: px, cy: py, r: 6, class: `piece colour-${piece.colour}`, "data-piece": piece.kind });
}

function drawSpace(p, view, space, at, pieces) {
  const action = view.firstLegal(["step", "village", "place"], space.id);
  const moved = view.moved.has(space.id);
  const detail = spaceText(p, space, view);
  const group = svg("g", { class: `space-group${moved ? " moved" : ""}`, "data-space": space.id, "data-action": action, "data-detail": detail, "data-moved": moved ? "1" : null, ...view.focusable(action) });
  group.append(svg("title", {}, detail));
  group.append(svg("circle", { cx: at.x, cy: at.y, r: SPACE_RADIUS + 9, class: "hit" }));
  if (moved) group.append(svg("circle", { cx: at.x, cy: at.y, r: SPACE_RADIUS + 5, class: "moved-ring" }));
  group.append(svg("circle", { cx: at.x, cy: at.y, r: SPACE_RADIUS, class: `space kind-${space.kind}${action ? " legal" : ""}` }));
  group.append(svg("text", { x: at.x, y: at.y + 29, class: "label", "text-anchor": "middle" }, space.name || space.id));
  const laid = tileOn(p, space.id), bonus = bonusOn(p, space.id);
  const onIt = [laid && tileWords(laid), bonus && `Bonus: ${tileWords(bonus)}`].filter(Boolean);
  onIt.forEach((line, i) => group.append(svg("text", { x: at.x, y: at.y + 40 + 10 * i, class: "tile-words", "text-anchor": "middle", "data-tile": laid || bonus }, short(line))));
  (pieces.get(space.id) || []).forEach((piece, i) => group.append(pieceShape(at, piece, i)));
  return group;
}

function drawBoard(p, view, kind, spaces, edges, pieces) {
  const where = positions(kind, spaces);
  const xs = [...where.values()].map((pt) => pt.x), ys = [...where.values()].map((pt) => pt.y);
  const pad = 40;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad + 20];
  const drawing = svg("svg", { viewBox: box.join(" "), role: "img", "aria-label": `${kind.replace("_", " ")} board`, "data-board": kind });
  for (const [a, b, sea, route] of edges) {
    const pa = where.get(a), pb = where.get(b);
    if (!pa || !pb) continue;
    const line = svg("line", { x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: `route${sea ? " sea" : ""}` });
    drawing.append(line);
    if (route?.text) { // a route's words: tapped along a band 30 units wide, under the spaces
      const band = svg("line", { x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: "route-hit", "data-detail": route.text, "data-route": `${a}-${b}` });
      band.append(svg("title", {}, route.text));
      drawing.append(band);
    }
    if (route && route.cost > 0) drawing.append(svg("text", { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 - 3, class: "cost", "text-anchor": "middle" }, `${route.cost}`));
  }
  for (const space of spaces) drawing.append(drawSpace(p, view, space, where.get(space.id), pieces));
  return framed(kind, drawing, box[2]);
}

// The board in a frame that pans and zooms, with its zoom buttons.
function framed(kind, drawing, width) {
  const scroll = el("div", { class: "board-scroll", "data-scroll": kind }, drawing);
  const apply = () => {
    const scale = scales.has(kind) ? scales.get(kind) : defaultScale();
    drawing.style.width = scale === null ? "100%" : `${Math.round(width * scale)}px`;
    drawing.dataset.scale = scale === null ? "fit" : String(scale);
  };
  const current = () => (scales.has(kind) ? scales.get(kind) : defaultScale()) ?? drawing.getBoundingClientRect().width / width;
  const zoom = (factor) => { scales.set(kind, Math.min(MAX_SCALE, Math.max(MIN_SCALE, current() * factor))); apply(); };
  apply();
  pinchToZoom(scroll, zoom);
  scroll.addEventListener("scroll", () => panned.set(kind, [scroll.scrollLeft, scroll.scrollTop]));
  requestAnimationFrame(() => { const [left, top] = panned.get(kind) || [0, 0]; scroll.scrollTo(left, top); });
  const controls = el("div", { class: "zoom", role: "group", "aria-label": "zoom" },
    el("button", { type: "button", class: "zoom-out", "aria-label": "zoom out", text: "−", onclick: () => zoom(1 / 1.25) }),
    el("button", { type: "button", class: "zoom-in", "aria-label": "zoom in", text: "+", onclick: () => zoom(1.25) }),
    el("button", { type: "button", class: "zoom-fit", text: "Fit", onclick: () => { scales.set(kind, null); apply(); } }));
  return el("div", { class: "board-frame", "data-frame": kind }, controls, scroll);
}

// Two fingers apart or together zoom the board; ctrl + wheel (a trackpad's pinch) too.
function pinchToZoom(scroll, zoom) {
  const touches = new Map();
  let spread = 0;
  const distance = () => { const [a, b] = [...touches.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  scroll.addEventListener("pointerdown", (e) => { touches.set(e.pointerId, { x: e.clientX, y: e.clientY }); if (touches.size === 2) spread = distance(); });
  scroll.addEventListener("pointermove", (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2 && spread > 0) {
      const now = distance();
      if (Math.abs(now - spread) > 12) { zoom(now / spread); spread = now; }
    }
  });
  const lift = (e) => { touches.delete(e.pointerId); spread = 0; };
  scroll.addEventListener("pointerup", lift);
  scroll.addEventListener("pointercancel", lift);
  scroll.addEventListener("wheel", (e) => { if (e.ctrlKey) { e.preventDefault(); zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1); } }, { passive: false });
}

function addPiece(pieces, space, colour, shape, kind) {
  if (!space) return;
  if (!pieces.has(space)) pieces.set(space, []);
  pieces.get(space).push({ colour, shape, kind });
}

export function drawMap(p, view) {
  const map = words.catalog.map;
  const pieces = new Map();
  for (const player of p.state.players) {
    addPiece(pieces, player.scientist, player.colour, "circle", "scientist");
    for (const cube of player.cubes) addPiece(pieces, cube, player.colour, "square", "cube");
  }
  const edges = map.routes.map((r) => [r.a, r.b, r.terrain === "sea", r]);
  return drawBoard(p, view, "map", map.spaces, edges, pieces);
}

function trackEdges(track) { return track.spaces.flatMap((s) => s.next.map((n) => [s.id, n, false])); }

export function drawTracks(p, view) {
  const work = new Map(), tech = new Map();
  for (const player of p.state.players) {
    addPiece(work, player.work, player.colour, "square", "work");
    for (const student of player.students) addPiece(tech, student, player.colour, "circle", "student");
  }
  const wt = words.catalog.work_track, tt = words.catalog.technology_track;
  return [el("h3", { text: "Work track" }), drawBoard(p, view, "work_track", wt.spaces, trackEdges(wt), work),
    el("h3", { text: "Technology track" }), drawBoard(p, view, "technology_track", tt.spaces, trackEdges(tt), tech)];
}
