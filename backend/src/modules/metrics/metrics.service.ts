import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Server } from 'socket.io';
import { DATABASE_HANDLE } from '../../database/database.module';
import type { DatabaseHandle } from '../../database/database';

/**
 * How often the event-loop lag is sampled, in ms. prom-client's default (10) is a timer that wakes
 * an idle server 100 times a second, and each wake-up costs CPU (an idle server: ~96 wake-ups/s at
 * 10, ~10 at 100). Lag that matters (docs/operations.md: above ~0.1 s) still shows at 100.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The Prometheus metrics of one app instance, in its own registry (tests run several apps in one
 * process). Names are listed in docs/operations.md ("What to watch").
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private sockets: Server | null = null;
  private automationBacklog: () => number = () => 0;

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by route pattern, method and status, with their duration',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly boardEvents = new Counter({
    name: 'papan_board_events_emitted_total',
    help: 'board:event messages emitted to board rooms, by event type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly ruleRuns = new Counter({
    name: 'papan_automation_runs_total',
    help: 'rule runs recorded by this instance, by status (docs/automation.md)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  constructor(@Inject(DATABASE_HANDLE) database: DatabaseHandle) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    // Gauges and counters read on each scrape: the live socket count and the database's own counts.
    const sockets: Gauge = new Gauge({
      name: 'papan_socket_connections',
      help: 'socket.io connections open on this instance',
      registers: [this.registry],
      collect: () => sockets.set(this.sockets?.of('/').sockets.size ?? 0),
    });
    const backlog: Gauge = new Gauge({
      name: 'papan_automation_backlog_events',
      help: 'board events this instance has seen on boards with rules that their rules have not looked at yet',
      registers: [this.registry],
      collect: () => backlog.set(this.automationBacklog()),
    });
    const queries: Counter = new Counter({
      name: 'papan_db_queries_total',
      help: 'SQL statements sent to the database by this instance',
      registers: [this.registry],
      collect: () => {
        queries.reset();
        queries.inc(database.counter.count);
      },
    });
    if (database.kind === 'postgres') {
      const pool: Gauge<'state'> = new Gauge({
        name: 'papan_db_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect: () => {
          const stats = database.poolStats();
          for (const state of ['total', 'idle', 'waiting'] as const) pool.set({ state }, stats?.[state] ?? 0);
        },
      });
    }
  }

  /** The socket.io server whose connections are counted (set once the gateway starts). */
  watchSockets(server: Server): void {
    this.sockets = server;
  }

  /** The rule runner's backlog, read on each scrape. */
  watchAutomation(backlog: () => number): void {
    this.automationBacklog = backlog;
  }

  observeHttp(route: string, method: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ route, method, status_code: String(statusCode) }, seconds);
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
