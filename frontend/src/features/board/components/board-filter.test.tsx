import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail, buildLabel } from '../board-fixtures';

/** Board b1: c1 "Card c1" is labelled Bug and on Ada's plate; c2 mentions the launch; c3 and c4 are plain. */
function board() {
  const detail = buildBoardDetail({ labels: [buildLabel('l-bug', 'Bug')], members: [ada] });
  const [c1, c2] = detail.lists[0]!.cards;
  c1!.labels = [buildLabel('l-bug', 'Bug')];
  c1!.memberIds = [ada._id];
  c2!.description = 'Plan the July launch';
  return detail;
}

const shownCards = () =>
  [...document.querySelectorAll('[data-card-id]:not([hidden])')].map((card) =>
    card.getAttribute('data-card-id'),
  );

beforeAll(() => import('./board-page'), 30_000);

describe('the board filter', () => {
  it('narrows the board as words are typed, says how many cards match, and clears', async () => {
    signIn({ _id: ada._id, name: ada.name });
    stubApi({ 'GET /api/boards/b1': () => boardResponse(board()) });
    const { user, router } = renderApp('/board/b1');
    await screen.findByText('Card c1');
    expect(shownCards()).toEqual(['c1', 'c2', 'c3', 'c4']);

    const field = screen.getByRole('searchbox', { name: 'Filter cards' });
    await user.type(field, 'july LAUNCH');
    expect(field).toHaveValue('july LAUNCH');
    // The board follows once typing pauses.
    expect(await screen.findByText('1 of 4 cards')).toHaveAttribute('role', 'status');
    expect(shownCards()).toEqual(['c2']);
    expect(router.state.location.search).toBe('?q=july+LAUNCH');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(shownCards()).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(router.state.location.search).toBe('');
  });

  it('reads labels, members and due from the address, so a reload keeps them', async () => {
    signIn({ _id: ada._id, name: ada.name });
    stubApi({ 'GET /api/boards/b1': () => boardResponse(board()) });
    renderApp('/board/b1?labels=l-bug');
    await screen.findByText('Card c1');
    expect(shownCards()).toEqual(['c1']);
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
  });

  it('offers "My cards" and the labels in the filter panel', async () => {
    signIn({ _id: ada._id, name: ada.name });
    stubApi({ 'GET /api/boards/b1': () => boardResponse(board()) });
    const { user } = renderApp('/board/b1');
    await screen.findByText('Card c1');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('dialog', { name: 'Filter' });
    await user.click(within(panel).getByRole('checkbox', { name: 'My cards' }));
    expect(shownCards()).toEqual(['c1']);
    await user.click(within(panel).getByRole('radio', { name: 'No due date' }));
    expect(shownCards()).toEqual(['c1']);
    await user.click(within(panel).getByRole('radio', { name: 'Overdue' }));
    expect(shownCards()).toEqual([]);
  });
});
