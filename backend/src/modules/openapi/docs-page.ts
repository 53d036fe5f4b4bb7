/**
 * /api/docs: the OpenAPI document rendered by a small script of our own, served from this origin
 * (the CSP allows no inline or foreign script, and the docs must work without a CDN).
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Papan API</title>
<style>
  :root { color-scheme: light dark; --fg: #0f172a; --muted: #475569; --bg: #f8fafc; --card: #fff; --line: #e2e8f0; }
  @media (prefers-color-scheme: dark) {
    :root { --fg: #e2e8f0; --muted: #94a3b8; --bg: #020617; --card: #0f172a; --line: #1e293b; }
  }
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 64px; }
  h1 { margin: 0 0 4px; } h2 { margin: 32px 0 8px; font-size: 18px; }
  p.lead { color: var(--muted); margin: 0 0 16px; }
  input[type=search] { width: 100%; box-sizing: border-box; padding: 8px 12px; border: 1px solid var(--line);
    border-radius: 8px; background: var(--card); color: var(--fg); font: inherit; }
  details { background: var(--card); border: 1px solid var(--line); border-radius: 8px; margin: 6px 0; }
  summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
  .verb { font: 600 12px ui-monospace, monospace; min-width: 56px; text-transform: uppercase; }
  .get { color: #15803d; } .post { color: #1d4ed8; } .put, .patch { color: #b45309; } .delete { color: #b91c1c; }
  @media (prefers-color-scheme: dark) { .get { color: #4ade80; } .post { color: #93c5fd; } .put, .patch { color: #fcd34d; } .delete { color: #fca5a5; } }
  code.path { font: 14px ui-monospace, monospace; word-break: break-all; }
  .summary { color: var(--muted); }
  .body { padding: 0 12px 12px; }
  pre { overflow: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px; font-size: 12px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; }
  td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
</style>
</head>
<body>
<main>
  <h1>Papan API</h1>
  <p class="lead">Generated from the server's routes and zod schemas. Raw document: <a href="/api/openapi.json">/api/openapi.json</a></p>
  <label for="filter">Filter</label>
  <input id="filter" type="search" placeholder="path, verb or words" autocomplete="off">
  <div id="operations" aria-live="polite">Loading…</div>
</main>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

export const DOCS_SCRIPT = `'use strict';
(async function () {
  const root = document.getElementById('operations');
  const filter = document.getElementById('filter');
  const doc = await (await fetch('/api/openapi.json')).json();
  const el = (tag, props, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    for (const child of children) node.append(child);
    return node;
  };
  const schemaBlock = (title, schema) =>
    el('div', {}, el('strong', { textContent: title }), el('pre', { textContent: JSON.stringify(schema, null, 2) }));
  const rows = [];
  root.textContent = '';
  for (const tag of doc.tags) {
    const section = el('section', {}, el('h2', { textContent: tag.name }));
    for (const [path, verbs] of Object.entries(doc.paths)) {
      for (const [verb, op] of Object.entries(verbs)) {
        if (!op.tags.includes(tag.name)) continue;
        const body = el('div', { className: 'body' });
        if (op.parameters.length) {
          const table = el('table', {}, el('tr', {}, ...['name', 'in', 'required', 'schema'].map((h) => el('th', { textContent: h }))));
          for (const p of op.parameters)
            table.append(el('tr', {}, ...[p.name, p.in, p.required ? 'yes' : 'no', JSON.stringify(p.schema)].map((t) => el('td', { textContent: t }))));
          body.append(el('strong', { textContent: 'Parameters' }), table);
        }
        const json = op.requestBody && op.requestBody.content['application/json'];
        if (json) body.append(schemaBlock('Request body', json.schema));
        for (const [status, answer] of Object.entries(op.responses)) {
          const content = answer.content ? Object.entries(answer.content)[0] : null;
          const line = status + ' ' + answer.description + (content ? ' (' + content[0] + ')' : '');
          if (content && content[1].schema) body.append(schemaBlock(line, content[1].schema));
          else body.append(el('div', { textContent: line }));
        }
        if (op.security && op.security.length === 0) body.prepend(el('p', { textContent: 'No token needed.' }));
        const item = el('details', {},
          el('summary', {}, el('span', { className: 'verb ' + verb, textContent: verb }),
            el('code', { className: 'path', textContent: path }), el('span', { className: 'summary', textContent: op.summary })),
          body);
        rows.push({ item, text: (verb + ' ' + path + ' ' + op.summary).toLowerCase() });
        section.append(item);
      }
    }
    root.append(section);
  }
  filter.addEventListener('input', () => {
    const words = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
    for (const row of rows) row.item.hidden = !words.every((w) => row.text.includes(w));
  });
})().catch((error) => {
  document.getElementById('operations').textContent = 'Could not load the document: ' + error.message;
});
`;
