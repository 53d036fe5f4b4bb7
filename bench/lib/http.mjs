// @ts-check
// A small HTTP client on node:http with keep-alive: exact bytes, no decompression, low overhead.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {http.IncomingHttpHeaders} headers
 * @property {Buffer} body
 */

export class HttpClient {
  /** @param {string} baseUrl @param {number} [maxSockets] */
  constructor(baseUrl, maxSockets = 64) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {{ body?: unknown, token?: string, headers?: Record<string, string> }} [options]
   * @returns {Promise<Reply>}
   */
  request(method, path, options = {}) {
    const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
    /** @type {Record<string, string | number>} */
    const headers = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          agent: this.agent,
        },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  }

  /**
   * A JSON call that must succeed (2xx); answers the parsed body.
   * @param {string} method
   * @param {string} path
   * @param {{ body?: unknown, token?: string }} [options]
   * @returns {Promise<any>}
   */
  async json(method, path, options) {
    const reply = await this.request(method, path, options);
    if (reply.status < 200 || reply.status >= 300) {
      throw new Error(`${method} ${path} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
    }
    return reply.body.length ? JSON.parse(reply.body.toString()) : null;
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * POSTs `bytes` as the multipart field `file` on a connection of its own (a burst of uploads is
 * that many connections); answers the parsed JSON of a 201, and throws on anything else.
 * @param {string} baseUrl @param {string} path @param {string} token
 * @param {{ name: string, type: string, bytes: Buffer }} file
 * @returns {Promise<any>}
 */
export function postFile(baseUrl, path, token, file) {
  const url = new URL(baseUrl);
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + file.bytes.length + tail.length),
        },
      },
      (res) => {
        /** @type {Buffer[]} */
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          if (res.statusCode === 201) resolve(JSON.parse(text));
          else reject(new Error(`POST ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(file.bytes);
    req.end(tail);
  });
}
