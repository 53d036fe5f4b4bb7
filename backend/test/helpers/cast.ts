import { createBoard, createUser, seedMember, type TestUser } from './factories';
import type { TestApp } from './test-app';

/** The three people of a board test: the board's owner, a member of it, and a stranger to it. */
export interface Cast {
  owner: TestUser;
  member: TestUser;
  stranger: TestUser;
}

/** Registers the cast, named 'Owner', 'Member' and 'Stranger' unless the test reads other names. */
export async function castOf(t: TestApp, names: Partial<Record<keyof Cast, string>> = {}): Promise<Cast> {
  const owner = await createUser(t, { name: names.owner ?? 'Owner' });
  const member = await createUser(t, { name: names.member ?? 'Member' });
  const stranger = await createUser(t, { name: names.stranger ?? 'Stranger' });
  return { owner, member, stranger };
}

/** createBoard for the cast: a fresh board of its owner, with its member already in it. */
export async function castBoard(
  t: TestApp,
  cast: Pick<Cast, 'owner' | 'member'>,
  title = 'Board',
): Promise<{ _id: string; title: string }> {
  const board = await createBoard(t, cast.owner, title);
  await seedMember(t, board._id, cast.member);
  return board;
}
