// Galileo Galilei's tracks, drawn in SVG for galileo.js where the catalog's geometry puts them (a grid of
// spaces per track, galileo_rules/data/table.json): the Tribunal's Reputation track, the university's
// four Scale tiles (the stairs, then rows 1 to 4) and each player's cellar (the Inquisition), with each
// player's marker where the payload's state puts it. Every space and marker says itself in words (title,
// aria-label and the details popover): the catalog's words for the component, then who stands there.

import { svg } from "./dom.js";

const SEAT_OFFSETS = [[-9, -9], [9, -9], [-9, 9], [9, 9]]; // a seat's marker inside a space, so none hides another

function signed(n) { return n > 0 ? `+${n}` : String(n); }

function vp(n) { return `${signed(n)} VP`; }

// A space of a track: its cell (focusable, its words in the popover) and the markers of the seats there.
function space(at, size, words, attrs, seats, view) {
  const names = seats.map(view.playerName);
  const label = `${words}${names.length ? `. Here: ${names.join(" and ")}` : ""}`;
  const cell = svg("g", { ...attrs, "data-detail": label, tabindex: "0", role: "button", "aria-label": label });
  cell.append(svg("title", {}, label), svg("rect", { x: at.x - size / 2, y: at.y - size / 2, width: size, height: size, rx: 4, class: "track-space" }));
  for (const seat of seats) {
    const [dx, dy] = SEAT_OFFSETS[seat % SEAT_OFFSETS.length];
    const marker = svg("circle", { cx: at.x + dx * (size / 44), cy: at.y + dy * (size / 44), r: size / 7, class: `marker seat-${seat}`, "data-marker": seat });
    marker.append(svg("title", {}, `${view.playerName(seat)}: ${words}`));
    cell.append(marker);
  }
  return cell;
}

// A track's drawing, sized by its grid of the geometry (columns by rows of spaces), one drawing unit a
// pixel so that a space keeps its size (44 px: a finger's tap) on a phone, where the track scrolls
// sideways in its own frame rather than the page; and where its space in a column and row (row 0 the
// top) is centred.
function board(kind, grid, label, below = 0) {
  const width = grid.margin * 2 + grid.columns * (grid.size + grid.gap), height = grid.margin * 2 + grid.rows * (grid.size + grid.gap) + below;
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "galileo-track", "data-track": kind, role: "group", "aria-label": label });
}

// A drawn track in its frame, which scrolls sideways when the screen is narrower than the track.
export function framed(track) {
  const frame = document.createElement("div");
  frame.className = "track-frame";
  frame.setAttribute("data-scroll", track.getAttribute("data-track"));
  frame.append(track);
  return frame;
}

function centre(grid, column, row) {
  return { x: grid.margin + grid.size / 2 + column * (grid.size + grid.gap), y: grid.margin + grid.size / 2 + row * (grid.size + grid.gap) };
}

// The Reputation track: one space per label of the catalog's track, each player's Tribunal token on theirs.
export function reputationTrack(p, view, catalog, grid) {
  const track = catalog.catalog.reputation, size = grid.size;
  const box = board("reputation", grid, "The Tribunal's Reputation track, each player's Tribunal token on it", 14);
  track.labels.forEach((label, index) => {
    const at = centre(grid, index % grid.columns, Math.floor(index / grid.columns));
    const seats = p.state.players.map((player, seat) => (player.reputation === label ? seat : null)).filter((seat) => seat !== null);
    const words = `Reputation ${signed(label)}: ${vp(track.vp[index])} at the end of the game`;
    box.append(space(at, size, words, { "data-step": label }, seats, view));
    box.append(svg("text", { x: at.x, y: at.y + size / 2 + 12, "text-anchor": "middle", class: "track-label" }, signed(label)));
  });
  return box;
}

// The university: a column per Scale tile (its subject above it), the stairs at the bottom, then a row per
// printed row, each player's University token on its row of that Scale.
export function universityTrack(p, view, catalog, grid) {
  const size = grid.size;
  const scales = new Map(catalog.catalog.scales.map((scale) => [scale.id, scale]));
  const box = board("university", grid, "The university: each Scale tile with its subject, each player's University token on it", 14);
  p.state.scales.forEach(([id, side], column) => {
    const subject = p.state.subjects[column];
    const { x } = centre(grid, column, 0);
    for (let row = 0; row <= scales.get(id).sides[side].length; row++) {
      const at = centre(grid, column, grid.rows - 1 - row); // the stairs at the bottom
      const printed = scales.get(id).sides[side][row - 1];
      const where = row === 0 ? "the stairs below it (0 VP)" : `row ${row} (${printed.vp} VP for each time the subject is met at the end)`;
      const words = `University Scale tile ${id}, side ${side + 1}, subject ${subject}: ${where}`;
      const seats = p.state.players.map((player, seat) => (player.university[column] === row ? seat : null)).filter((seat) => seat !== null);
      box.append(space(at, size, words, { "data-scale": column, "data-step": row }, seats, view));
    }
    box.append(svg("text", { x, y: centre(grid, column, grid.rows - 1).y + size / 2 + 12, "text-anchor": "middle", class: "track-label" }, subject));
  });
  return box;
}

// A player's cellar (the Inquisition): a space per cellar space (Bruno's tile has five), with the number of
// Inquisitors there and what each is worth at an interrogation and at the end.
export function cellarTrack(player, seat, view, catalog, grid) {
  // Bruno's tile replaces the cellar only when the abilities are played (Advanced mode or solo): the state's
  // cellar then has its number of spaces.
  const bruno = catalog.catalog.bruno_cellar;
  const cellar = player.astronomer === "bruno" && player.cellar.length === bruno.interrogation.length ? bruno : catalog.catalog.cellar;
  const name = view.playerName(seat), size = grid.size;
  const box = board(`cellar-${seat}`, grid, `${name}'s cellar: the Inquisitors on each space`);
  cellar.interrogation.forEach((value, index) => {
    const at = centre(grid, index % grid.columns, Math.floor(index / grid.columns));
    const count = player.cellar[index] || 0;
    const words = `${name}'s cellar, space ${index} (${signed(value)} at an interrogation, ${vp(cellar.final[index])} at the end): ${count} Inquisitor${count === 1 ? "" : "s"}`;
    const cell = space(at, size, words, { "data-cellar": seat, "data-step": index, "data-count": count }, [], view);
    cell.append(svg("text", { x: at.x, y: at.y + 5, "text-anchor": "middle", class: "track-count" }, String(count)));
    box.append(cell);
  });
  return box;
}
