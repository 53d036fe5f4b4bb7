import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from './database';

/**
 * A statement a repository built and did not send (e.g. `ActivitiesRepository.insertStatement`):
 * a service may carry it to whoever sends it, never build one (issue 32; `BoardChange.alongside`).
 */
export type Statement = SQLWrapper;

/** Sends `statements` one after another, in `ex`. */
export async function sendEach(statements: readonly Statement[], ex: Executor): Promise<void> {
  for (const statement of statements) await ex.execute(statement.getSQL());
}
