import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { envSchema } from '../../src/common/config/app-config';

const docker = resolve(__dirname, '../../../docker');
const read = (name: string) => readFileSync(join(docker, name), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string[];
  deploy?: { replicas?: number };
}

/** No Docker engine runs here: the files are read and checked for what `npm run cluster` does too. */
describe('docker/compose.yml', () => {
  const compose = parse(read('compose.yml'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const services = Object.entries(compose.services);
  const apps = services.filter(([, s]) => s.build?.dockerfile === 'docker/Dockerfile');
  const nginx = compose.services.nginx;

  it('runs two app instances of the Dockerfile', () => {
    const replicas = apps.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
    expect(replicas).toBeGreaterThanOrEqual(2);
  });

  it('gives every instance the same DATABASE_URL, REDIS_URL and JWT_SECRET, behind the proxy', () => {
    const shared = apps.map(([, s]) => ({
      DATABASE_URL: s.environment?.DATABASE_URL,
      REDIS_URL: s.environment?.REDIS_URL,
      JWT_SECRET: s.environment?.JWT_SECRET,
      TRUST_PROXY: s.environment?.TRUST_PROXY,
    }));
    expect(shared[0].DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(shared[0].REDIS_URL).toBe('redis://redis:6379');
    expect(shared[0].JWT_SECRET).toBeTruthy();
    expect(shared[0].TRUST_PROXY).toBe('true');
    for (const other of shared) expect(other).toEqual(shared[0]);
    // Uploads live in DATA_DIR: one volume for all instances.
    const uploads = apps.map(([, s]) => s.volumes?.find((v) => v.endsWith(':/data')));
    expect(uploads[0]).toBeDefined();
    expect(new Set(uploads).size).toBe(1);
  });

  it('sets only variables the server knows, the same names scripts/cluster.mjs sets', () => {
    const known = Object.keys(envSchema.shape);
    const cluster = readFileSync(resolve(docker, '../scripts/cluster.mjs'), 'utf8');
    for (const [, app] of apps) {
      for (const name of Object.keys(app.environment ?? {})) {
        expect(known).toContain(name);
        if (name !== 'METRICS_ALLOW') expect(cluster).toContain(`${name}:`);
      }
    }
  });

  it('keeps PostgreSQL 15+ data in a volume and runs Redis', () => {
    const postgres = compose.services.postgres;
    expect(Number(/^postgres:(\d+)/.exec(postgres.image ?? '')?.[1])).toBeGreaterThanOrEqual(15);
    const volume = postgres.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(volume!.split(':')[0]);
    expect(compose.services.redis.image).toMatch(/^redis:/);
  });

  it('runs nginx with docker/nginx.conf, every placeholder filled with the app services', () => {
    expect(nginx.volumes).toContainEqual(expect.stringMatching(/^\.\/nginx\.conf:/));
    const placeholders = [
      ...new Set([...read('nginx.conf').matchAll(/\$\{(PAPAN_\w+)\}/g)].map((m) => m[1])),
    ];
    const script = nginx.command?.join(' ') ?? '';
    for (const name of placeholders) {
      expect(nginx.environment).toHaveProperty(name);
      expect(script).toContain(`$${name}`);
    }
    const upstreams = ['PAPAN_APP_1', 'PAPAN_APP_2'].map((n) => nginx.environment?.[n]?.split(':')[0]);
    expect(upstreams.sort()).toEqual(apps.map(([name]) => name).sort());
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in one stage and runs production dependencies as a non-root user in another', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm install --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 5000$/m);
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
  });

  it('runs on Node.js 24 LTS (Node 20 is past its end of life)', () => {
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=24$/m);
    const engines = (
      JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;
    expect(engines).toBe('>=22.12');
  });

  it('starts the server with the Node.js options every start script uses', () => {
    const source = readFileSync(join(__dirname, '../../../scripts/lib/server-node-options.mjs'), 'utf8');
    const list = /SERVER_NODE_OPTIONS = (\[[^\]]*\])/.exec(source)![1];
    const options = JSON.parse(list.replace(/'/g, '"')) as string[];
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd).toEqual(['node', ...options, 'backend/dist/main.js']);
    expect(options).toEqual(['--max-semi-space-size=4', '--max-old-space-size=1024']);
  });

  it('checks its health on /api/health', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*(\\\n[^\n]*)*\/api\/health/m);
  });
});

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

(nginxBinary ? describe : describe.skip)('docker/nginx.conf', () => {
  it('is valid nginx configuration once filled as npm run cluster fills it', () => {
    const run = mkdtempSync(join(tmpdir(), 'papan-nginx-test-'));
    try {
      const values: Record<string, string> = {
        PAPAN_NGINX_LISTEN: '127.0.0.1:18080',
        PAPAN_APP_1: '127.0.0.1:15001',
        PAPAN_APP_2: '127.0.0.1:15002',
        PAPAN_NGINX_RUN: run,
        PAPAN_NGINX_ACCESS_LOG: join(run, 'access.log'),
      };
      const filled = read('nginx.conf').replace(/\$\{(PAPAN_\w+)\}/g, (_m, name: string) => values[name]);
      writeFileSync(join(run, 'nginx.conf'), filled);
      const result = spawnSync(
        nginxBinary!,
        ['-t', '-p', run, '-c', join(run, 'nginx.conf'), '-e', 'stderr'],
        {
          encoding: 'utf8',
        },
      );
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 0,
        stderr: expect.stringContaining('test is successful'),
      });
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  });
});
