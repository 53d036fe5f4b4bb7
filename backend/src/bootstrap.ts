import 'reflect-metadata';
import { STATUS_CODES } from 'node:http';
import { existsSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { LogLevel } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@papan/shared';
import type { AppConfig } from './common/config/app-config';
import { resolveJwtSecret } from './common/config/jwt-secret';
import { addResponseIds, requestId } from './common/logging/request-id';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { registerCompression } from './common/http/compression';
import { PLAIN_ANSWER_HEADERS } from './common/http/plain-answer-headers';
import { installSecurityHeaders } from './common/http/security-headers';
import { openDatabase, type DatabaseHandle } from './database/database';
import { resolveUploadsDir } from './modules/uploads/uploads-dir';
import { isUploadedFilePath, UPLOADS_URL_PREFIX } from './modules/uploads/uploads.service';
import { PapanIoAdapter } from './modules/realtime/socket-io.adapter';
import { installHttpMetrics } from './modules/metrics/http-metrics';
import { Metrics } from './modules/metrics/metrics.service';
import { BOARD_VERSION_HEADER, installChangeAnswers } from './modules/board-changes/change-answer';
import { BoardPolls } from './modules/boards/board-polls';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface CreateAppOptions {
  /** A migrated PGlite dump to start from (tests). */
  pgliteTemplate?: string | null;
  logger?: false | LogLevel[];
  /** Where the JSON log lines go instead of stdout (tests). */
  logDestination?: DestinationStream;
}

export interface PapanApp {
  app: NestFastifyApplication;
  database: DatabaseHandle;
}

/** Builds the whole server (database migrated, routes, static app) without listening. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<PapanApp> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: options.pgliteTemplate,
  });
  try {
    const uploadsDir = resolveUploadsDir(config);
    const adapter = new FastifyAdapter({
      bodyLimit: JSON_BODY_LIMIT,
      trustProxy: config.trustProxy,
      genReqId: requestId,
      // A URL Fastify cannot decode is refused before any route or hook: our error body, our headers.
      frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
        const body: ErrorBody = {
          statusCode: status,
          error: STATUS_CODES[status] ?? 'Error',
          message: error.message,
        };
        void reply.status(status).headers(PLAIN_ANSWER_HEADERS).send(body);
      },
    });
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(config, database, resolveJwtSecret(config), uploadsDir, options.logDestination),
      adapter,
      {
        logger: options.logger ?? nestLogLevels(config.logLevel),
        bufferLogs: options.logger !== false,
        abortOnError: false,
      },
    );
    // Nest's own messages go through pino too: one JSON line each (common/logging).
    if (options.logger !== false) {
      app.useLogger(app.get(Logger));
      app.flushLogs();
    }
    const fastify = adapter.getInstance();
    addResponseIds(fastify, config.instanceId);
    installHttpMetrics(fastify, app.get(Metrics));
    app.enableCors({
      origin: config.allowedOrigins,
      credentials: true,
      exposedHeaders: ['ETag', BOARD_VERSION_HEADER, 'Preference-Applied'],
    });
    installChangeAnswers(fastify);
    installSecurityHeaders(fastify);
    await registerCompression(app);
    // After helmet's and CORS's hooks, so the poll's 304 carries their headers too.
    app.get(BoardPolls).install(fastify);
    // Cookies carry only the Google sign-in state (modules/auth/google-state.ts); the API uses tokens.
    await app.register(fastifyCookie);
    await app.register(multipart);
    // Pictures were re-encoded by us; they are served as PNG with nosniff (helmet) and never as HTML.
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      // Only names we write ({uuid}.png): any '..', slash or backslash trick is a plain 404.
      allowedPath: (path) => isUploadedFilePath(path),
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400'),
    });
    const frontendDist = config.frontendDist && existsSync(config.frontendDist) ? config.frontendDist : null;
    if (frontendDist) {
      await app.register(fastifyStatic, {
        root: frontendDist,
        wildcard: false,
        cacheControl: false,
        // frontend/scripts/precompress.mjs writes a .br and a .gz beside each text file at build time.
        preCompressed: true,
        // Built assets carry a content hash in their names; index.html must always be revalidated.
        setHeaders: (res, path) => {
          const immutable = path.includes('/assets/');
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.useGlobalFilters(new AllExceptionsFilter(frontendDist));
    const io = new PapanIoAdapter(app, config);
    await io.connect();
    app.useWebSocketAdapter(io);
    await app.init();
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}

function nestLogLevels(level: string): LogLevel[] | false {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const map: Record<string, number> = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 };
  return level === 'silent' ? false : order.slice(0, (map[level] ?? 3) + 1);
}
