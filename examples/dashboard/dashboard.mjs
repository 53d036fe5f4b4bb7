// A live count of cards per list, followed through Papan's event stream (docs/api.md, "Live stream").
// Usage: PAPAN_URL=http://localhost:5000 PAPAN_TOKEN=papan_… node dashboard.mjs <boardId>
// Needs Node.js 22+ and nothing else: it reads the board once, then follows the stream from that
// version, and after a disconnect resumes from the last version it saw (Last-Event-ID).
const [boardId] = process.argv.slice(2);
const base = process.env.PAPAN_URL ?? 'http://localhost:5000';
const headers = { Authorization: `Bearer ${process.env.PAPAN_TOKEN}` };
if (!boardId || !process.env.PAPAN_TOKEN)
  throw new Error('usage: PAPAN_TOKEN=papan_… node dashboard.mjs <boardId>');

let board = null; // { version, lists: [{ _id, title, count }] }
const cardList = new Map(); // card id → list id, to count moves and deletions

async function readBoard() {
  const res = await fetch(`${base}/api/boards/${boardId}?view=compact`, { headers });
  if (!res.ok) throw new Error(`board read answered ${res.status}`);
  const b = await res.json();
  cardList.clear();
  for (const l of b.lists) for (const c of l.cards) cardList.set(c._id, l._id);
  board = { version: b.version, lists: b.lists.map((l) => ({ _id: l._id, title: l.title })) };
}

function apply({ type, payload }) {
  if (type === 'card.created' || type === 'card.copied') cardList.set(payload._id, payload.listId);
  else if (type === 'card.deleted') cardList.delete(payload._id);
  else if (type === 'card.moved') for (const c of payload.cards) cardList.set(c._id, c.listId);
  else if (type.startsWith('list.') || type === 'lists.reordered') return false; // read again
  return true;
}

function show() {
  const counts = board.lists.map(
    (l) => `${l.title}: ${[...cardList.values()].filter((id) => id === l._id).length}`,
  );
  console.log(`v${board.version}  ${counts.join('  ')}`);
}

for (;;) {
  try {
    if (!board) {
      await readBoard();
      show();
    }
    const res = await fetch(`${base}/api/boards/${boardId}/stream`, {
      headers: { ...headers, 'Last-Event-ID': String(board.version) },
    });
    if (res.status === 401 || res.status === 403 || res.status === 404)
      throw new Error(`refused: ${res.status}`);
    let buffer = '';
    for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
      const frames = (buffer += chunk).split('\n\n');
      buffer = frames.pop();
      for (const frame of frames) {
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (!event || !data) continue; // a `: ping`
        const change = JSON.parse(data);
        if (event === 'resync' || !apply(change)) await readBoard();
        else board.version = change.version;
        show();
      }
    }
  } catch (error) {
    if (String(error.message).startsWith('refused')) throw error;
    console.error(`disconnected (${error.message}); resuming in 2 s from v${board?.version}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}
