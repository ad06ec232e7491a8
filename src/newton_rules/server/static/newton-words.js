// Newton's components in words, from the catalog: what the table shows on a card, a tile, a space.

export const words = {
  catalog: null,
  cards: new Map(), masters: new Map(), tiles: new Map(), objectives: new Map(), tokens: new Map(),
  discoveries: new Map(), spaces: new Map(), boards: new Map(),
};

export const BASICS = ["work", "technology", "travel", "lessons", "study"];
export const BASIC_NAMES = { work: "Work", technology: "Technology", travel: "Travel", lessons: "Lessons", study: "Study", joker: "Joker" };
export const INCOME_NAMES = { vp: "VP income tile", coins: "Coin income tile", potion: "Potion income tile", medicine: "Medicine tile" };

export function indexCatalog(catalog) {
  words.catalog = catalog;
  for (const card of catalog.cards) words.cards.set(card.id, card);
  for (const master of catalog.masters) words.masters.set(master.id, master);
  for (const tile of catalog.tiles) words.tiles.set(tile.id, tile);
  for (const objective of catalog.objectives) words.objectives.set(objective.id, objective);
  for (const token of catalog.bonus_tokens) words.tokens.set(token.id, token);
  for (const tile of catalog.great_discoveries.tiles) words.discoveries.set(tile.id, tile);
  for (const board of catalog.study_boards) words.boards.set(board.id, board);
  words.spaces = new Map([...catalog.map.spaces, ...catalog.work_track.spaces, ...catalog.technology_track.spaces].map((s) => [s.id, s]));
}

// Any component in words, by its id.
export function componentText(id) {
  if (id === "?") return "A hidden card.";
  const item = words.cards.get(id) || words.masters.get(id) || words.tiles.get(id) || words.objectives.get(id)
    || words.tokens.get(id) || words.discoveries.get(id);
  if (item) return item.text;
  const catalog = words.catalog;
  if (catalog.universities.includes(id)) return `University tile ${id}: the book spaces marked University ${id} need you to have visited this University.`;
  if (catalog.ancient_lands.includes(id)) return `Ancient Land tile ${id}: the book spaces marked Ancient Land ${id} need you to have visited this Ancient Land.`;
  if (id === "medicine") return "Medicine tile: income from the Medicine Cities you visited, at every End Round.";
  return id;
}

// A component's name for a label: a Master's name, a card's id and symbols, a tile's effect in short.
export function componentName(id) {
  if (words.masters.has(id)) return words.masters.get(id).name;
  if (words.discoveries.has(id)) return words.discoveries.get(id).name;
  const card = words.cards.get(id);
  if (card) return card.level === 0 ? `Starting ${card.symbols.map((s) => BASIC_NAMES[s]).join("/")}` : id;
  return id;
}

// What a tile laid on the board gives, in a few words (the text after the tile's name).
export function tileWords(id) {
  const catalog = words.catalog;
  if (catalog.universities.includes(id)) return `University ${id}`;
  if (catalog.ancient_lands.includes(id)) return `Ancient Land ${id}`;
  const text = componentText(id);
  const colon = text.indexOf(": ");
  return colon >= 0 ? text.slice(colon + 2) : text;
}

export function spaceName(id) {
  const space = words.spaces.get(id);
  if (!space) return id;
  return space.name || space.id;
}

export function requirementText(req) {
  if (!req) return "";
  const parts = req.volumes.map(([colour, count]) => `${count} ${colour}`);
  if (req.university) parts.push(`University ${req.university}`);
  if (req.ancient_land) parts.push(`Ancient Land ${req.ancient_land}`);
  return parts.join(", ");
}

// A sentence of the engine (a prompt, an event) with each Starting Action card named as the player knows
// it: "of start-red-joker" -> "of the Starting Joker card".
export function say(text) {
  return text.replace(/\bstart-[a-z]+-[a-z]+\b/g, (id) => (words.cards.has(id) ? `the ${componentName(id)} card` : id));
}
