import { parentPort } from 'node:worker_threads';
import { HttpException } from '@nestjs/common';
import type { ImportPlan } from './import-plan';
import { readPlan } from './read-plan';

/** What the worker answers: the plan, the 4xx that refuses the file, or a bug's stack. */
export type PlanWorkerAnswer =
  { plan: ImportPlan } | { refused: { status: number; message: string } } | { failed: string };

/**
 * The worker thread of plan-reader.ts: reads each uploaded file posted to it (one at a time) into
 * a plan on a heap of its own, and posts the answer.
 */
async function answer(bytes: Uint8Array): Promise<PlanWorkerAnswer> {
  try {
    return { plan: await readPlan(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (err) {
    if (err instanceof HttpException) return { refused: { status: err.getStatus(), message: err.message } };
    return { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

parentPort?.on('message', (bytes: Uint8Array) => void answer(bytes).then((a) => parentPort!.postMessage(a)));
