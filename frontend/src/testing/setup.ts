import * as domMatchers from '@testing-library/jest-dom/matchers';
// jsdom has no IndexedDB; the outbox keeps its changes there (lib/outbox).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetOutbox } from '../lib/outbox/outbox';
import { useSession } from '../lib/session';
import { stubApi } from './api-stub';
import { testI18n } from './test-i18n';

// The browser's socket.io client is replaced by one that never connects (see fake-socket-io.ts).
vi.mock('socket.io-client', () => import('./fake-socket-io'));

// '@testing-library/jest-dom/vitest' cannot see vitest, which npm installed under frontend/;
// registering the matchers here is what that entry point does.
expect.extend(domMatchers);

// The first screen of a test file is a lazy chunk transformed on first use; on a busy two-core
// machine that alone can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not lay pages out, so it has no scrolling (ScrollRestoration calls this).
window.scrollTo = () => {};

// A signed-in user with no data, unless the test stubs the API itself.
beforeEach(() => {
  stubApi();
});

afterEach(async () => {
  cleanup();
  // Toasts raised after the container went away would otherwise appear in the next test.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetOutbox();
  window.localStorage.clear();
  useSession.setState({ session: null, resolved: true });
  await testI18n.changeLanguage('en');
});
