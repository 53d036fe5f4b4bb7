/**
 * The service worker's copy of the last boards opened (docs/architecture.md, "The outbox"): their
 * compact reads, kept so the app opens them without a connection. Named here and in the worker's
 * configuration (vite.config.ts).
 */
export const BOARD_CACHE = 'papan-boards';

/**
 * Signing out forgets them: the next person on this browser must not open the previous one's
 * boards offline. The outbox keeps its waiting changes; they are sent only with their author's token.
 */
export function forgetCachedBoards(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(BOARD_CACHE).catch(() => undefined);
}
