import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { loadConfig } from '../../src/common/config/load-config';
import { Mailer } from '../../src/modules/mail/mailer';
import { createUser, uniqueEmail } from '../helpers/factories';
import { startTestApp } from '../helpers/test-app';

const APP_ORIGIN = 'http://papan.test';

/** Every line the Nest loggers were asked to write at `info` while `work` ran. */
async function infoLines(work: () => Promise<void>): Promise<string[]> {
  const spy = jest.spyOn(Logger.prototype, 'log');
  try {
    await work();
    return spy.mock.calls.map((args) => args.map(String).join(' '));
  } finally {
    spy.mockRestore();
  }
}

/**
 * docs/operations.md, Mail: without SMTP_URL the log says that a message was written to the outbox
 * and its file name, never the verification or reset link, which anyone reading the log could use.
 */
describe('mail without SMTP_URL: the log names the message, never its link', () => {
  it('registration and forgot-password log no link (DATA_DIR=memory: nothing is kept)', async () => {
    const email = uniqueEmail('nolink');
    const lines = await infoLines(async () => {
      const t = await startTestApp({ appOrigin: APP_ORIGIN });
      try {
        await createUser(t, { email, verified: false });
        expect((await t.http.post('/api/auth/forgot-password').send({ email })).status).toBe(202);
        await t.app.get(Mailer).flush();
      } finally {
        await t.close();
      }
    });
    const mailLines = lines.filter((l) => l.includes(email));
    expect(mailLines).toHaveLength(2);
    for (const line of mailLines)
      expect(line).toMatch(/^No SMTP_URL and DATA_DIR=memory: mail to .* kept nowhere/);
    expect(lines.filter((l) => l.includes(APP_ORIGIN) || /token=/.test(l))).toEqual([]);
  });

  it('with DATA_DIR, logs the outbox file it wrote and not the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'papan-outbox-log-'));
    const link = `${APP_ORIGIN}/reset-password?token=${'s'.repeat(43)}`;
    const mailer = new Mailer({ ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
    try {
      const lines = await infoLines(async () => {
        mailer.send({ to: 'someone@papan.test', subject: 'Reset', text: link, html: link, link });
        await mailer.flush();
      });
      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(lines).toEqual([`No SMTP_URL: mail to someone@papan.test written to the outbox as ${files[0]}`]);
      expect(lines.join('\n')).not.toContain('token=');
    } finally {
      await mailer.onModuleDestroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
