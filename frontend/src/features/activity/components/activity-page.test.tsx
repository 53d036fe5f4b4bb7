import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../testing/test-i18n';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { buildActivity, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

/** Local times around "now", 10 July 2025 15:00. */
const at = (day: number, hour: number) => new Date(2025, 6, day, hour).toISOString();

const feed = [
  buildActivity({
    _id: 'a1',
    actionType: 'CREATE_CARD',
    createdAt: at(10, 10),
    boardId: 'b-1',
    description: 'added the card <strong>Ship it</strong>',
  }),
  buildActivity({ _id: 'a2', actionType: 'MOVE_CARD', createdAt: at(10, 9), description: 'moved a card' }),
  buildActivity({ _id: 'a3', actionType: 'CREATE_COMMENT', createdAt: at(9, 18), userId: null }),
  buildActivity({
    _id: 'a4',
    actionType: 'ARCHIVE_BOARD',
    createdAt: at(1, 8),
    description: 'archived the board',
  }),
  buildActivity({ _id: 'a5', actionType: 'JOIN_BOARD', createdAt: at(1, 7) }),
];

describe('ActivityPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 6, 10, 15));
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('groups entries under Today, Yesterday and the date', async () => {
    stubApi({ 'GET /api/activities': feed });
    renderApp('/activity');

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Today', 'Yesterday', 'July 1, 2025']);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('link')).toHaveLength(2);
  });

  it('writes the date in the reader language, with Hari ini and Kemarin', async () => {
    await testI18n.changeLanguage('id');
    stubApi({ 'GET /api/activities': feed });
    renderApp('/activity');

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Hari ini', 'Kemarin', '1 Juli 2025']);
  });

  it('links each entry to its board, with the actor, the HTML description and a relative time', async () => {
    stubApi({ 'GET /api/activities': feed });
    renderApp('/activity');

    const entry = await screen.findByRole('link', { name: /Ada Lovelace added the card Ship it/ });
    expect(entry).toHaveAttribute('href', '/board/b-1');
    expect(within(entry).getByText('Ship it').tagName).toBe('STRONG');
    expect(within(entry).getByText('about 5 hours ago')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Someone added the card/ })).toBeInTheDocument();
  });

  it('names a change a rule made "Automation" with the rule', async () => {
    stubApi({
      'GET /api/activities': [
        buildActivity({
          createdAt: at(10, 10),
          description: 'deleted card <strong>Ship it</strong> from <strong>Done</strong>',
          userId: null,
          rule: { _id: 'r1', name: 'Archive finished cards' },
        }),
      ],
    });
    renderApp('/activity');

    expect(
      await screen.findByRole('link', {
        name: /^Automation \(Archive finished cards\) deleted card Ship it/,
      }),
    ).toBeInTheDocument();
  });

  it('says a templated entry in the reader language, its values in bold', async () => {
    await testI18n.changeLanguage('id');
    stubApi({
      'GET /api/activities': [
        buildActivity({
          createdAt: at(10, 10),
          description: 'added list <strong>Later</strong>',
          template: 'list.created',
          params: { list: 'Later' },
        }),
      ],
    });
    renderApp('/activity');

    const entry = await screen.findByRole('link', { name: /Ada Lovelace menambahkan daftar Later/ });
    expect(within(entry).getByText('Later').tagName).toBe('STRONG');
  });

  it('shows one icon per kind, and a default one for the rest', async () => {
    stubApi({ 'GET /api/activities': feed });
    const { container } = renderApp('/activity');
    await screen.findAllByRole('heading', { level: 2 });

    const icons = [...container.querySelectorAll('[data-action-type] svg')].map((svg) =>
      [...svg.classList].find((name) => name.startsWith('lucide-') && name !== 'lucide'),
    );
    expect(new Set(icons).size).toBe(5);
  });

  it('loads older entries from before the oldest shown, and says so when that fails', async () => {
    const firstPage = Array.from({ length: 50 }, (_, i) =>
      buildActivity({ _id: `new-${i}`, createdAt: at(10, 14 - i / 10), description: `did thing ${i}` }),
    );
    const older = buildActivity({ _id: 'old', createdAt: at(1, 6), description: 'did the oldest thing' });
    let olderFails = true;
    const { calls } = stubApi({
      'GET /api/activities': ({ url }: StubRequest) => {
        if (!url.searchParams.get('before')) return firstPage;
        return olderFails ? errorResponse(500, 'boom') : [older];
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/activity');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activities.');
    expect(screen.getAllByRole('link', { name: /did thing/ })).toHaveLength(50);

    olderFails = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /did the oldest thing/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls('GET /api/activities').at(-1)?.url.searchParams.get('before')).toBe(
      firstPage[49]?.createdAt,
    );
  });

  it('shows "No Recent Activity" for an empty feed and "Failed to load activities." on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = renderApp('/activity');
    expect(await screen.findByText('No Recent Activity')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/activities': errorResponse(500, 'boom') });
    renderApp('/activity');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activities.');
  });
});
