// @ts-check
// Server-Sent Events readers and a webhook receiver for the live-feed measurements: node:http, no
// library, so the figures are the server's and not a client's parsing.
import http from 'node:http';

/**
 * Opens `GET path` as an event stream and calls `onEvent` with each frame's parsed `data`.
 * Resolves once the server has answered 200 (the subscription is then in place).
 * @param {string} baseUrl @param {string} path @param {string} token
 * @param {(event: any) => void} onEvent
 * @returns {Promise<{ close: () => void }>}
 */
export function openStream(baseUrl, path, token, onEvent) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${path} answered ${res.statusCode}`));
          return;
        }
        let buffer = '';
        res.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) onEvent(JSON.parse(data));
          }
        });
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

/**
 * A webhook receiver on a free loopback port: answers 204 at once and calls `onBody` with each
 * POSTed JSON body.
 * @param {(body: any) => void} onBody
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startReceiver(onBody) {
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(204).end();
      onBody(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
