import type { Card } from '@papan/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../testing/api-stub';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import { testI18n } from '../../../../testing/test-i18n';
import { boardResponse, buildBoardDetail, buildCard, buildList } from '../../board-fixtures';

/** 24 November 2026 (a Tuesday), noon, local time. */
const TODAY = new Date(2026, 10, 24, 12, 0);
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).toISOString();
const cards: Card[] = [
  buildCard('c1', 'todo', 1024, { title: 'Ship it', dueAt: at(24, 17, 30) }),
  buildCard('c2', 'todo', 2048, { title: 'Plan it', dueAt: at(24, 9) }),
  buildCard('c3', 'todo', 3072, { title: 'Late night', dueAt: at(25, 23, 45) }),
  buildCard('c4', 'todo', 4096, { title: 'Someday' }),
];

function setup() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  signIn();
  const board = buildBoardDetail({ lists: [{ ...buildList('todo', 'To Do', []), cards }] });
  stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/boards/b1/events': { version: 3, events: [], hasMore: false },
    'GET /api/cards/c1/checklists': [],
  });
  return renderApp('/board/b1/calendar');
}

const waitForDay = async (key: string) => {
  await screen.findByRole('heading', { name: 'November 2026' });
  return day(key);
};
const day = (key: string) => document.querySelector<HTMLElement>(`[data-day="${key}"]`)!;

beforeAll(() => import('./calendar-view'), 30_000);
afterEach(async () => {
  vi.useRealTimers();
  await act(() => testI18n.changeLanguage('en'));
});

describe('CalendarView', () => {
  it('puts each card on its local due day by time, and counts the cards without one', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(
      within(day('2026-11-24'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AMPlan it', '5:30 PMShip it']);
    expect(within(day('2026-11-25')).getByRole('button')).toHaveTextContent('11:45 PMLate night');
    expect(screen.getByText('Without a due date: 1')).toBeInTheDocument();
    // The month as whole weeks from Sunday: 1 November 2026 is a Sunday, 5 December a Saturday.
    const days = [...document.querySelectorAll('[data-day]')].map((d) => d.getAttribute('data-day'));
    expect([days[0], days.at(-1), days.length]).toEqual(['2026-11-01', '2026-12-05', 35]);

    await user.click(screen.getByRole('button', { name: 'Week' }));
    const week = [...document.querySelectorAll('[data-day]')].map((d) => d.getAttribute('data-day'));
    expect(week).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(day('2026-11-29')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(day('2026-11-24')).toBeTruthy();
  });

  it('opens a card with Enter (Space picks it up to move it)', async () => {
    const { user } = setup();
    const card = await within(await waitForDay('2026-11-24')).findByRole('button', { name: /Ship it/ });
    card.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Ship it' })).toBeInTheDocument();
  });

  it('starts the week on Monday in Indonesian, with its month and day names', async () => {
    setup();
    await act(() => testI18n.changeLanguage('id'));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const days = [...document.querySelectorAll('[data-day]')].map((d) => d.getAttribute('data-day'));
    expect([days[0], days.at(-1)]).toEqual(['2026-10-26', '2026-12-06']);
    expect(screen.getByRole('button', { name: 'Bulan berikutnya' })).toBeInTheDocument();
    expect(within(day('2026-11-24')).getByRole('heading')).toHaveTextContent('Selasa, 24 November 2026');
  });
});
