import { Worker } from 'node:worker_threads';
import { HttpException, Injectable, PayloadTooLargeException, type OnModuleDestroy } from '@nestjs/common';
import { TRANSFER_LIMITS } from '@papan/shared';
import type { ImportPlan } from './import-plan';
import type { PlanWorkerAnswer } from './plan-worker';
import { workerScript } from './worker-script';

const { readSeconds, readMemoryMb, importsAtOnce } = TRANSFER_LIMITS;
/** An idle worker is ended after this long, giving its memory back. */
const IDLE_MS = 60_000;

/**
 * Reads the plan of an uploaded file in a worker thread (plan-worker.ts) with a heap of
 * `readMemoryMb` and `readSeconds` to answer: inflating, counting, parsing and validating a hostile
 * file can neither hold up the event loop (/api/health and every other request) nor grow the
 * server's own heap. A worker out of time or memory is ended and the file refused with a 413.
 * Workers are kept for the next import (at most `importsAtOnce`, IDLE_MS unused): a new one loads
 * its code first, and read a 2,000-card Trello export in 1.5–2.2 s where a warm one took 0.4 s
 * (measured on the 2-core test machine under load).
 */
@Injectable()
export class PlanReader implements OnModuleDestroy {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

  async read(bytes: Buffer): Promise<ImportPlan> {
    const kept = this.idle.pop();
    if (kept) clearTimeout(kept.timer);
    const answer = await this.ask(kept?.worker ?? this.start(), bytes);
    if ('plan' in answer) return answer.plan;
    if ('refused' in answer) throw new HttpException(answer.refused.message, answer.refused.status);
    if ('failed' in answer) throw new Error(`the import worker failed: ${answer.failed}`);
    throw answer.error;
  }

  onModuleDestroy(): Promise<unknown> {
    return Promise.all(
      this.idle.splice(0).map(({ worker, timer }) => (clearTimeout(timer), worker.terminate())),
    );
  }

  private start(): Worker {
    const { script, eval: isSource } = workerScript('plan-worker');
    const worker = new Worker(script, {
      eval: isSource,
      resourceLimits: { maxOldGenerationSizeMb: readMemoryMb, maxYoungGenerationSizeMb: 32 },
    });
    // It never holds the process open (an idle one is ended on shutdown).
    worker.unref();
    return worker;
  }

  /** Posts `bytes` to `worker` and waits for its answer, ending it unless it can read the next file. */
  private ask(worker: Worker, bytes: Buffer) {
    type Answer = PlanWorkerAnswer | { error: Error };
    return new Promise<Answer>((resolve) => {
      const done = (answer: Answer, reusable: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (reusable) this.keep(worker);
        else void worker.terminate();
        resolve(answer);
      };
      const onMessage = (answer: PlanWorkerAnswer) => done(answer, !('failed' in answer));
      const onError = (err: Error & { code?: string }) =>
        done(
          { error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHard(`be read in ${readMemoryMb} MB`) : err },
          false,
        );
      const onExit = (code: number) =>
        done({ error: new Error(`the import worker exited (${code})`) }, false);
      const timer = setTimeout(
        () => done({ error: tooHard(`be read within ${readSeconds} s`) }, false),
        readSeconds * 1000,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A copy of its own, handed over without a second copy.
      const copy = new Uint8Array(bytes);
      worker.postMessage(copy, [copy.buffer]);
    });
  }

  private keep(worker: Worker): void {
    if (this.idle.length >= importsAtOnce) return void worker.terminate();
    const entry = { worker, timer: setTimeout(() => this.retire(entry), IDLE_MS).unref() };
    this.idle.push(entry);
  }

  private retire(entry: { worker: Worker; timer: NodeJS.Timeout }): void {
    const at = this.idle.indexOf(entry);
    if (at >= 0) this.idle.splice(at, 1);
    void entry.worker.terminate();
  }
}

const tooHard = (what: string) =>
  new PayloadTooLargeException(`file: must ${what}; it is too large or too complex to import`);
