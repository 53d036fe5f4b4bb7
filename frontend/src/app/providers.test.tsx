import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session';
import { stubApi } from '../testing/api-stub';
import { buildBoard, signIn } from '../testing/factories';
import { renderApp } from '../testing/render-app';

describe('AppProviders', () => {
  it("forgets every read when the user signs out, so the next user never sees the last one's boards", async () => {
    signIn();
    stubApi({ 'GET /api/boards': [buildBoard({ title: 'Secret plans' })] });
    const { queryClient } = renderApp('/');
    expect(await screen.findByRole('link', { name: /Secret plans/ })).toBeInTheDocument();
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    act(() => useSession.getState().logout());

    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
  });
});
