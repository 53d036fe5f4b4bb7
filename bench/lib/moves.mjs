// @ts-check
// Card moves through PUT /api/boards/:id/dnd, with the client's own idea of where each card is.

/** A small seeded PRNG (mulberry32): the same run moves the same cards. @param {number} seed */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where every card is: card id → list id. @param {any} board */
export function cardPlaces(board) {
  /** @type {Map<string, string>} */
  const places = new Map();
  for (const list of board.lists) for (const card of list.cards) places.set(card._id, list._id);
  return places;
}

/**
 * Moves `cardId` from the list `places` says to `destListId` at index `newPosition`.
 * @param {import('./http.mjs').HttpClient} http
 * @param {{ boardId: string, token: string, places: Map<string, string> }} at
 * @param {string} cardId @param {string} destListId @param {number} newPosition
 */
export async function moveCard(http, at, cardId, destListId, newPosition) {
  const sourceListId = /** @type {string} */ (at.places.get(cardId));
  const reply = await http.request('PUT', `/api/boards/${at.boardId}/dnd`, {
    token: at.token,
    body: { type: 'card', cardId, sourceListId, destListId, newPosition },
  });
  if (reply.status !== 200) {
    throw new Error(`move answered ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
  }
  at.places.set(cardId, destListId);
  return reply;
}

/**
 * A random move of one of `cards` to another list.
 * @param {() => number} rnd @param {string[]} cards @param {string[]} listIds
 * @param {Map<string, string>} places
 */
export function pickMove(rnd, cards, listIds, places) {
  const cardId = cards[Math.floor(rnd() * cards.length)];
  const others = listIds.filter((id) => id !== places.get(cardId));
  const destListId = others[Math.floor(rnd() * others.length)];
  return { cardId, destListId, newPosition: Math.floor(rnd() * 101) };
}
