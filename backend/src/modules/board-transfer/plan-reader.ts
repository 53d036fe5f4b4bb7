import { Worker } from 'node:worker_threads';
import { HttpException, PayloadTooLargeException } from '@nestjs/common';
import { TRANSFER_LIMITS } from '@papan/shared';
import type { ImportPlan } from './import-plan';
import type { PlanWorkerAnswer } from './plan-worker';
import { workerScript } from './worker-script';

const { readSeconds, readMemoryMb } = TRANSFER_LIMITS;

/**
 * The plan of an uploaded file, read in a worker thread (plan-worker.ts) with a heap of
 * `readMemoryMb` and `readSeconds` to answer: inflating, counting, parsing and validating a hostile
 * file can neither hold up the event loop (/api/health and every other request) nor grow the
 * server's own heap. A worker out of time or memory is ended and the file refused with a 413.
 */
export function readPlanInWorker(bytes: Buffer): Promise<ImportPlan> {
  const { script, eval: isSource } = workerScript('plan-worker');
  // A copy of its own, handed over without a second copy.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(script, {
    eval: isSource,
    workerData: copy,
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: readMemoryMb, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise<ImportPlan>((resolve, reject) => {
    const timer = setTimeout(
      () => done(() => reject(tooHard(`be read within ${readSeconds} s`))),
      readSeconds * 1000,
    );
    let settled = false;
    const done = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    worker.once('message', (answer: PlanWorkerAnswer) =>
      done(() => {
        if ('plan' in answer) resolve(answer.plan);
        else if ('refused' in answer)
          reject(new HttpException(answer.refused.message, answer.refused.status));
        else reject(new Error(`the import worker failed: ${answer.failed}`));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      done(() =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHard(`be read in ${readMemoryMb} MB`) : err),
      ),
    );
    worker.once('exit', (code) => done(() => reject(new Error(`the import worker exited (${code})`))));
  });
}

const tooHard = (what: string) =>
  new PayloadTooLargeException(`file: must ${what}; it is too large or too complex to import`);
