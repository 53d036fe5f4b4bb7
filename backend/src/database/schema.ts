export * from './tables/users.table';
export * from './tables/boards.table';
export * from './tables/cards.table';
export * from './tables/feeds.table';
export * from './tables/idempotency.table';
export * from './tables/rate-limits.table';
export * from './tables/board-events.table';
