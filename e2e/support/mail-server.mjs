// @ts-check
// A real SMTP server inside the e2e runner: the app sends its mail here (SMTP_URL), and every
// message received is kept in a folder for the journeys to read (see mailbox.mjs).
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ to: string[], from: string, subject: string, text: string, html: string, receivedAt: string }} ReceivedMail */

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field */
function addresses(field) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/**
 * Listens on 127.0.0.1 (a free port) without TLS or authentication, as a local relay would, and
 * writes each message as `<n>.eml` (as received) and `<n>.json` (parsed: recipients, subject, text,
 * html) into `dir`. Files appear whole: each is written under a temporary name, then renamed.
 * @param {string} dir
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startMailServer(dir) {
  let count = 0;
  /** @param {string} name @param {string | Buffer} content */
  const writeWhole = (name, content) => {
    writeFileSync(join(dir, `.${name}.tmp`), content);
    renameSync(join(dir, `.${name}.tmp`), join(dir, name));
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const name = String(++count).padStart(4, '0');
        simpleParser(raw)
          .then((mail) => {
            /** @type {ReceivedMail} */
            const received = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: addresses(mail.from)[0] ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              receivedAt: new Date().toISOString(),
            };
            writeWhole(`${name}.eml`, raw);
            writeWhole(`${name}.json`, JSON.stringify(received, null, 2));
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('the mail server has no port');
  return {
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
