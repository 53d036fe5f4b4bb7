import type { SearchResults } from '@papan/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const found: SearchResults = {
  results: [
    {
      card: { _id: 'c1', title: 'Release notes' },
      list: { _id: 'l1', title: 'To Do' },
      board: { _id: 'b1', title: 'Launch' },
    },
    {
      card: { _id: 'c9', title: 'Release the job ad' },
      list: { _id: 'l9', title: 'Pipeline' },
      board: { _id: 'b2', title: 'Hiring' },
    },
    {
      card: { _id: 'c2', title: 'Release party' },
      list: { _id: 'l1', title: 'To Do' },
      board: { _id: 'b1', title: 'Launch' },
    },
  ],
};

describe('SearchBox', () => {
  it('groups the cards found by board and opens the chosen one with the keyboard', async () => {
    signIn();
    const api = stubApi({ 'GET /api/search': found, 'GET /api/boards': [] });
    const { user, router } = renderApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search cards' });

    await user.type(box, 'rel');
    const list = await screen.findByRole('listbox', { name: 'Cards found' });
    const launch = within(list).getByRole('group', { name: 'Launch' });
    expect(
      within(launch)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Release notesin list To Do', 'Release partyin list To Do']);
    expect(within(list).getByRole('group', { name: 'Hiring' })).toBeInTheDocument();
    expect(api.calls('GET /api/search').at(-1)?.url.searchParams.get('q')).toBe('rel');

    // The first result is active; one step down is the Launch board's second card.
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/board/b1');
    expect(router.state.location.search).toBe('?card=c2');
  });

  it('says when nothing is found, and Escape closes the list', async () => {
    signIn();
    stubApi({ 'GET /api/search': { results: [] }, 'GET /api/boards': [] });
    const { user } = renderApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search cards' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('No cards found.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
