import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The backend's lint zones (eslint.config.mjs, issue 32) bite: snippets linted as if they were
 * files of the repository, through ESLint's own API and the repository's config, in one process.
 */
const ROOT = resolve(__dirname, '../../..');

interface Case {
  filePath: string;
  code: string;
}

/** Each case's rule ids (`rule: message`), linted by a child Node with the repository's ESLint. */
function lint(cases: Case[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const c of cases) {
        const [result] = await eslint.lintText(c.code, { filePath: c.filePath });
        out.push(result.messages.map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((err) => { console.error(err); process.exit(1); });`;
  const stdout = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as string[][];
}

const drizzleImport = `import { sql } from 'drizzle-orm';\nexport const query = sql\`select 1\`;\n`;
const tableImport = `import { cards } from '../../database/schema';\nexport const table = cards;\n`;
const boardEvent = `
declare const events: { publish(channel: string, event: unknown): Promise<void> };
export const announce = () => events.publish('board', { type: 'board.deleted' });
`;
const otherEvent = `
declare const events: { publish(channel: string, event: unknown): Promise<void> };
export const announce = () => events.publish('pin', { boardId: 'b', userId: 'u' });
`;
const unexportedProvider = `import { AttachmentsRepository } from '../attachments/attachments.repository';\nexport const used = AttachmentsRepository;\n`;
const exportedProvider = `import { CardsRepository } from '../cards/cards.repository';\nexport const used = CardsRepository;\n`;
const plainHelper = `import { toLabel } from '../labels/label.view';\nexport const used = toLabel;\n`;

describe('backend lint zones', () => {
  let results: string[][];
  const cases: Record<string, Case> = {
    drizzleInService: { filePath: 'backend/src/modules/cards/cards.service.ts', code: drizzleImport },
    drizzleInRepository: { filePath: 'backend/src/modules/cards/cards.repository.ts', code: drizzleImport },
    drizzleInDatabase: { filePath: 'backend/src/database/statement.ts', code: drizzleImport },
    tableInController: { filePath: 'backend/src/modules/cards/cards.controller.ts', code: tableImport },
    tableInRepository: { filePath: 'backend/src/modules/cards/card-read.repository.ts', code: tableImport },
    boardEventOutside: { filePath: 'backend/src/modules/admin/admin-boards.service.ts', code: boardEvent },
    boardEventInBoardChanges: {
      filePath: 'backend/src/modules/board-changes/board-changes.service.ts',
      code: boardEvent,
    },
    otherEventOutside: { filePath: 'backend/src/modules/boards/boards.service.ts', code: otherEvent },
    unexportedProvider: { filePath: 'backend/src/modules/cards/cards.service.ts', code: unexportedProvider },
    exportedProvider: { filePath: 'backend/src/modules/lists/lists.service.ts', code: exportedProvider },
    plainHelper: { filePath: 'backend/src/modules/cards/cards.service.ts', code: plainHelper },
  };
  const names = Object.keys(cases);
  const of = (name: string) => results[names.indexOf(name)]!;

  beforeAll(() => {
    results = lint(names.map((n) => cases[n]!));
  }, 120_000);

  it('refuses drizzle in a service, and allows it in a repository and in database/', () => {
    expect(of('drizzleInService')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*drizzle-orm.*\*\.repository\.ts/),
    ]);
    expect(of('drizzleInRepository')).toEqual([]);
    expect(of('drizzleInDatabase')).toEqual([]);
  });

  it('refuses a table outside a repository', () => {
    expect(of('tableInController')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*database\/schema/),
    ]);
    expect(of('tableInRepository')).toEqual([]);
  });

  it('refuses a board event published outside board-changes/, and no other channel', () => {
    expect(of('boardEventOutside')).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Board events are published only by BoardChanges/),
    ]);
    expect(of('boardEventInBoardChanges')).toEqual([]);
    expect(of('otherEventOutside')).toEqual([]);
  });

  it("refuses another module's provider that its Nest module does not export", () => {
    expect(of('unexportedProvider')).toEqual([
      expect.stringMatching(
        /^papan\/nest-module-exports: 'AttachmentsRepository' is not exported by the attachments module/,
      ),
    ]);
    expect(of('exportedProvider')).toEqual([]);
    expect(of('plainHelper')).toEqual([]);
  });
});
