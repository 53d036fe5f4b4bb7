// @ts-check
// Issue 20: 20 people upload a 1 MB file each at the same moment (files are streamed into the
// database in 64 KiB chunks: docs/decisions.md, "Attachments in the database"). Throughput is the
// 20 MB over the wall time of the whole burst; the server's RSS is sampled every 20 ms against what
// it was just before.
import { randomBytes } from 'node:crypto';
import { postFile } from '../lib/http.mjs';
import { watchPeak } from '../lib/server.mjs';
import { now, round } from '../lib/stats.mjs';

const UPLOADS = 20;
const FILE_BYTES = 1024 * 1024;
const ROUNDS = 3;

/**
 * One multipart upload on its own connection; answers the attachment.
 * @param {string} baseUrl @param {string} token @param {string} cardId @param {Buffer} bytes
 * @returns {Promise<{ _id: string }>}
 */
const upload = (baseUrl, token, cardId, bytes) =>
  postFile(baseUrl, `/api/cards/${cardId}/attachments`, token, {
    name: 'bench.bin',
    type: 'application/octet-stream',
    bytes,
  });

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureAttachments(ctx) {
  const { server, http, board } = ctx;
  const token = board.owner.token;
  const card = await http.json('POST', `/api/lists/${board.lists[0]._id}/cards`, {
    token,
    body: { title: 'Attachments benchmark' },
  });
  const files = Array.from({ length: UPLOADS }, () => randomBytes(FILE_BYTES));
  /** @type {string[]} */
  const made = [];
  try {
    // Warm up the path (multipart, statements) with one upload.
    made.push((await upload(server.url, token, card._id, files[0]))._id);
    /** @type {{ seconds: number, rssBeforeMb: number, rssPeakMb: number }[]} */
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const rssBeforeMb = server.rssMb();
      const peak = watchPeak(server.rssMb, 20);
      const t0 = now();
      const answers = await Promise.all(files.map((bytes) => upload(server.url, token, card._id, bytes)));
      const seconds = (now() - t0) / 1000;
      peak.stop();
      made.push(...answers.map((a) => a._id));
      rounds.push({ seconds, rssBeforeMb, rssPeakMb: Math.max(peak.peak(), server.rssMb()) });
    }
    const best = rounds.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const growth = Math.max(...rounds.map((r) => r.rssPeakMb - r.rssBeforeMb));
    return {
      name: 'attachments',
      figures: [
        {
          id: 'attachments.upload-throughput',
          label: `20 parallel 1 MB uploads: throughput (best of ${ROUNDS})`,
          value: round((UPLOADS * FILE_BYTES) / 1024 / 1024 / best.seconds, 1),
          unit: 'MB/s',
        },
        {
          id: 'attachments.upload-rss-growth',
          label: '20 parallel 1 MB uploads: server RSS growth (highest of the rounds)',
          value: round(growth, 0),
          unit: 'MB',
        },
        {
          id: 'attachments.upload-rss-peak',
          label: '20 parallel 1 MB uploads: server RSS, highest',
          value: round(Math.max(...rounds.map((r) => r.rssPeakMb)), 0),
          unit: 'MB',
        },
      ],
      details: { uploads: UPLOADS, fileBytes: FILE_BYTES, stored: made.length, rounds },
    };
  } finally {
    // The board is left as the other measurements found it: the card goes, and its files with it.
    await http.request('DELETE', `/api/cards/${card._id}`, { token });
  }
}
