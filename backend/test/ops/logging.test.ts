import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/common/config/load-config';
import { createBoard, createUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

interface LogLine {
  level: number;
  instance?: string;
  context?: string;
  req?: { id: string; method: string; path: string };
  res?: { statusCode: number };
  msg: string;
}

/** The real server with LOG_LEVEL and INSTANCE_ID from `env`, its JSON log lines collected. */
async function startLoggingApp(env: NodeJS.ProcessEnv) {
  const written: string[] = [];
  const config = { ...loadConfig({ DATA_DIR: 'memory', ...env }), frontendDist: null };
  const { app } = await createApp(config, {
    pgliteTemplate: process.env.PAPAN_PGLITE_TEMPLATE,
    logDestination: { write: (line: string) => void written.push(line) },
  });
  await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  return {
    app: app as NestFastifyApplication,
    http: request(app.getHttpServer()),
    lines: () => written.map((l) => JSON.parse(l) as LogLine),
    close: () => app.close(),
  };
}

describe('structured logs', () => {
  let sut: Awaited<ReturnType<typeof startLoggingApp>> | undefined;
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  it('writes one JSON line per request with its request id, path without query, status and instance', async () => {
    sut = await startLoggingApp({ LOG_LEVEL: 'info', INSTANCE_ID: 'papan-b' });
    await sut.http.get('/api/boards?code=one-time-secret').set('X-Request-Id', 'trace-42').expect(401);
    await sut.http.get('/api/health').expect(200);

    const requests = sut.lines().filter((l) => l.msg === 'request completed');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 40,
        instance: 'papan-b',
        req: { id: 'trace-42', method: 'GET', path: '/api/boards' },
        res: { statusCode: 401 },
      }),
    ]);
    // Nest's own start-up messages are JSON lines of the same logger.
    expect(sut.lines().some((l) => l.context === 'RoutesResolver')).toBe(true);
    expect(JSON.stringify(sut.lines())).not.toContain('one-time-secret');
  });

  it('respects LOG_LEVEL: warn keeps failed requests and drops successful ones', async () => {
    sut = await startLoggingApp({ LOG_LEVEL: 'warn' });
    await sut.http.get('/api/boards').expect(401);
    await sut.http.get('/api/auth/providers').expect(200);

    const paths = sut.lines().map((l) => l.req?.path);
    expect(paths).toContain('/api/boards');
    expect(paths).not.toContain('/api/auth/providers');
    expect(sut.lines().every((l) => l.level >= 40)).toBe(true);
  });

  it('logs the polls answered before the controller (304) like every other request', async () => {
    sut = await startLoggingApp({ LOG_LEVEL: 'info' });
    const owner = await createUser(sut as unknown as TestApp);
    const board = await createBoard(sut as unknown as TestApp, owner);
    const first = await sut.http.get(`/api/boards/${board._id}`).set(owner.auth).expect(200);
    await sut.http
      .get(`/api/boards/${board._id}`)
      .set(owner.auth)
      .set('If-None-Match', String(first.headers.etag))
      .set('X-Request-Id', 'poll-7')
      .expect(304);

    const polls = sut.lines().filter((l) => l.req?.id === 'poll-7');
    expect(polls).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { id: 'poll-7', method: 'GET', path: `/api/boards/${board._id}` },
        res: { statusCode: 304 },
      }),
    ]);
  });

  it('writes nothing with LOG_LEVEL=silent, as in the other suites', async () => {
    sut = await startLoggingApp({ LOG_LEVEL: 'silent' });
    await sut.http.get('/api/boards').expect(401);
    expect(sut.lines()).toEqual([]);
  });
});
