import type { UserRef } from '@papan/shared';
import { useMemo } from 'react';
import { useBoardStore } from '../store';

const NOBODY: UserRef[] = [];

/**
 * The board's owner and members, each once: whom a comment can mention (docs/api.md,
 * "Activities and notifications").
 */
export function useBoardPeople(): UserRef[] {
  const owner = useBoardStore((state) => state.board?.ownerId);
  const members = useBoardStore((state) => state.board?.members ?? NOBODY);
  return useMemo(() => {
    const people = owner ? [owner, ...members] : members;
    return people.filter((person, index) => people.findIndex((p) => p._id === person._id) === index);
  }, [owner, members]);
}
