import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { AdminHealth } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { adapterKind } from './socket-io.adapter';

type InstanceInfo = AdminHealth['instances'][number];

/** The server-side event with which an instance asks the others who they are. */
const ROSTER = 'papan:roster';
const ANSWER_WITHIN_MS = 2000;

/**
 * The instances serving the app now (docs/decisions.md, "How the admin health lists instances"):
 * asked through the socket.io adapter that already links them, so no table and no heartbeat; an
 * instance that is gone does not answer and is not listed.
 */
@Injectable()
export class InstanceRoster {
  private readonly logger = new Logger(InstanceRoster.name);
  readonly id: string;
  readonly startedAt = new Date();
  private server: Server | null = null;
  private readonly clustered: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.id = config.instanceId ?? `${hostname()}-${process.pid}`;
    this.clustered = adapterKind(config) !== 'memory';
  }

  attach(server: Server): void {
    this.server = server;
    if (!this.clustered) return;
    server.of('/').on(ROSTER, (_: unknown, ack?: (info: InstanceInfo) => void) => ack?.(this.self()));
  }

  self(): InstanceInfo {
    return {
      id: this.id,
      startedAt: this.startedAt.toISOString(),
      sockets: this.server?.of('/').sockets.size ?? 0,
    };
  }

  /** This instance and every other one that answers within 2 s, by id. */
  async list(): Promise<InstanceInfo[]> {
    const own = this.self();
    if (!this.clustered || !this.server) return [own];
    let others: InstanceInfo[] = [];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)),
        ANSWER_WITHIN_MS,
      );
    });
    try {
      const asked = this.server.of('/').serverSideEmitWithAck(ROSTER, null) as Promise<InstanceInfo[]>;
      others = await Promise.race([asked, timeout]);
    } catch (err) {
      this.logger.warn(`not every instance answered the roster: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    return [own, ...others].sort((a, b) => a.id.localeCompare(b.id));
  }
}
