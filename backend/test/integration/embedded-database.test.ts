import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../helpers/test-app';
import { uniqueEmail } from '../helpers/factories';

describe('the embedded database under DATA_DIR', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'papan-data-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps an account across a restart and locks the folder while running', async () => {
    const email = uniqueEmail();
    const first = await startTestApp({ dataDir: dir });
    expect(first.kind).toBe('pglite');
    expect(
      (await first.http.post('/api/auth/register').send({ name: 'Keep', email, password: 'secret123' }))
        .status,
    ).toBe(201);
    await expect(startTestApp({ dataDir: dir })).rejects.toThrow(/in use by another Papan process|DATA_DIR/);
    await first.close();

    const second = await startTestApp({ dataDir: dir });
    const res = await second.http.post('/api/auth/login').send({ email, password: 'secret123' });
    await second.close();
    expect(res.status).toBe(200);
    // Two on-disk PGlite start-ups (initdb the first time) take a while on a busy 2-core machine.
  }, 120_000);
});
