import { BadRequestException } from '@nestjs/common';
import { PAPAN_EXPORT_FORMAT } from '@papan/shared';
import type { ImportPlan } from './import-plan';
import { isZip, openZip, parseJson, zipJson } from './import-file';
import { papanPlan } from './papan-plan';
import { trelloPlan } from './trello-plan';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The plan of an uploaded file: a Papan ZIP export, a Papan JSON export or a Trello board JSON
 * export, told apart by their content (never by the file's name). Runs in a worker (plan-reader.ts).
 */
export async function readPlan(bytes: Buffer): Promise<ImportPlan> {
  if (isZip(bytes)) {
    const zip = await openZip(bytes);
    const json = await zipJson(zip);
    if (!isObject(json) || json.format !== PAPAN_EXPORT_FORMAT)
      throw new BadRequestException('file: the ZIP archive does not hold a Papan board export');
    return papanPlan(json, zip);
  }
  const json = parseJson(bytes);
  if (isObject(json) && json.format === PAPAN_EXPORT_FORMAT) return papanPlan(json, null);
  if (isObject(json) && Array.isArray(json.lists) && Array.isArray(json.cards)) return trelloPlan(json);
  throw new BadRequestException(
    'file: is neither a Papan board export (format "papan.board") nor a Trello board export (lists and cards)',
  );
}
