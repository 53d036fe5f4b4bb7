import type { AdminHealth, AdminStats } from '@papan/shared';
import { buildUser, signIn } from '../../../testing/factories';
import type { AdminBoard, UserGrowthDay } from '@papan/shared';

export const STATS: AdminStats = { userCount: 3, boardCount: 12, listCount: 30, cardCount: 240 };

export const GROWTH: UserGrowthDay[] = [
  '2025-07-02',
  '2025-07-03',
  '2025-07-04',
  '2025-07-05',
  '2025-07-06',
  '2025-07-07',
  '2025-07-08',
].map((day, i) => ({ day, newUsers: i % 3 }));

/** The signed-in administrator and two others. */
export const USERS = [
  buildUser({ _id: 'admin-1', name: 'Root Admin', email: 'root@papan.dev', role: 'ADMIN' }),
  buildUser({ _id: 'u-2', name: 'Grace Hopper', email: 'grace@navy.mil', role: 'OWNER' }),
  buildUser({ _id: 'u-3', name: 'Alan Turing', email: 'alan@example.ORG', role: 'ADMIN' }),
];

export function signInAsAdmin() {
  return signIn({ _id: 'admin-1', name: 'Root Admin', email: 'root@papan.dev', role: 'ADMIN' });
}

export const BOARDS: AdminBoard[] = [
  {
    _id: 'b-1',
    title: 'Roadmap',
    createdAt: '2025-07-08T10:00:00.000Z',
    isArchived: false,
    ownerId: { _id: 'u-2', name: 'Grace Hopper', email: 'grace@navy.mil' },
  },
  {
    _id: 'b-2',
    title: 'Launch plan',
    createdAt: '2025-07-07T10:00:00.000Z',
    isArchived: true,
    ownerId: { _id: 'u-3', name: 'Alan Turing', email: '' },
  },
  { _id: 'b-3', title: 'Orphan', createdAt: '2025-07-06T10:00:00.000Z', isArchived: false, ownerId: null },
];

export const HEALTH: AdminHealth = {
  version: '1.0.0',
  uptimeSeconds: 2 * 3600 + 5 * 60 + 9,
  database: { kind: 'postgres', sizeBytes: 1.5 * 1024 * 1024 },
  eventLogRows: 1234,
  mail: { pending: 2, failed: 1 },
  webhooks: { active: 3, failing: 1 },
  instances: [
    { id: 'papan-a', startedAt: '2026-07-08T06:00:00.000Z', sockets: 4 },
    { id: 'papan-b', startedAt: '2026-07-08T06:01:00.000Z', sockets: 1 },
  ],
};
