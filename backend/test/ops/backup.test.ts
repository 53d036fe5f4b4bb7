import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBoard, createUser, login } from '../helpers/factories';
import { startTestApp } from '../helpers/test-app';

const root = resolve(__dirname, '../../..');

/** Runs `npm run backup` / `npm run restore`'s script with DATA_DIR set, as an operator would. */
function run(script: 'backup' | 'restore', dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', `${script}.mjs`), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

describe('npm run backup and npm run restore', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'papan-backup-test-'));
  const original = join(tmp, 'original');
  const restored = join(tmp, 'restored');
  const archive = join(tmp, 'papan.tar.gz');
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('round-trips a seeded board, its uploads and the signing key into an empty DATA_DIR', async () => {
    const before = await startTestApp({ dataDir: original });
    const owner = await createUser(before, { email: 'backup-owner@example.com', password: 'correct horse' });
    const board = await createBoard(before, owner, 'Kept safe');
    const list = await before.http
      .post(`/api/boards/${board._id}/lists`)
      .set(owner.auth)
      .send({ title: 'To do' })
      .expect(201);
    await before.http
      .post(`/api/lists/${list.body._id}/cards`)
      .set(owner.auth)
      .send({ title: 'Water the plants' })
      .expect(201);
    const seeded = await before.http.get(`/api/boards/${board._id}`).set(owner.auth).expect(200);
    mkdirSync(join(original, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(
      join(original, 'uploads', 'avatars', 'picture.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]),
    );

    const refused = run('backup', original, ['--out', archive]);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/in use by a running Papan .*stop the server first/);
    await before.close();

    const backup = run('backup', original, ['--out', archive]);
    expect(backup).toMatchObject({ status: 0, output: expect.stringContaining(archive) });

    mkdirSync(join(tmp, 'occupied'));
    writeFileSync(join(tmp, 'occupied', 'something'), 'x');
    const notEmpty = run('restore', join(tmp, 'occupied'), [archive]);
    expect(notEmpty.status).toBe(1);
    expect(notEmpty.output).toMatch(/is not empty/);
    expect(run('restore', restored, [archive]).status).toBe(0);

    expect(readFileSync(join(restored, 'uploads', 'avatars', 'picture.png'))).toEqual(
      readFileSync(join(original, 'uploads', 'avatars', 'picture.png')),
    );
    expect(readFileSync(join(restored, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(original, 'jwt-secret'), 'utf8'),
    );
    const after = await startTestApp({ dataDir: restored });
    try {
      // The old token still works (same signing key, same login session), and so does the password.
      const read = await after.http.get(`/api/boards/${board._id}`).set(owner.auth).expect(200);
      expect(read.body).toEqual(seeded.body);
      expect(read.body.lists[0].cards[0].title).toBe('Water the plants');
      const again = await login(after, 'backup-owner@example.com', 'correct horse');
      await after.http.get(`/api/boards/${board._id}`).set(again.auth).expect(200);
    } finally {
      await after.close();
    }
    // Two fresh embedded databases and three child processes: slower than most tests.
  }, 120_000);

  it('refuses a file that is not a Papan backup', () => {
    writeFileSync(join(tmp, 'junk.tar.gz'), 'not gzip at all');
    const result = run('restore', join(tmp, 'fresh'), [join(tmp, 'junk.tar.gz')]);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/^Restore failed: /);
  });
});
