import { CHANGE_PREFERENCE, daysBetween } from '@papan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/dates';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { axeViolations } from '../../../testing/axe';
import { lastSocket } from '../../../testing/fake-socket-io';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';
import { buildInsights } from '../insights-fixtures';
import { lastDays } from '../model/range';

// jsdom has no canvas, so chart.js cannot draw here: each chart shows its name and its series instead.
vi.mock('react-chartjs-2', () => {
  type Props = {
    'aria-label': string;
    role: string;
    data: { datasets: { label?: string; data: unknown[] }[] };
  };
  const Chart = ({ 'aria-label': label, role, data }: Props) => (
    <div role={role} aria-label={label} data-series={data.datasets.map((d) => d.label).join('|')} />
  );
  return { Line: Chart, Bar: Chart, Scatter: Chart };
});

// The screen is a lazy chunk; transforming it inside the first test's wait is slow on two busy cores.
beforeAll(() => import('./insights-page'), 30_000);

const PATH = 'GET /api/boards/b1/insights';

function stubInsights(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({ [PATH]: buildInsights(), ...routes });
}

async function openInsights(path = '/board/b1/insights') {
  signIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Cumulative flow' });
  return view;
}

/** The text of the CSV the next download saves, and its file name. */
function captureDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      // jsdom's Blob has no text(); its FileReader reads it.
      const text = new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
      saved.push({ name: '', text });
      return 'blob:csv';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
  return saved;
}

describe('InsightsPage', () => {
  it('shows the figures, each chart named by a summary, with its numbers as a table', async () => {
    stubInsights();
    const { user } = await openInsights();

    expect(screen.getByRole('heading', { level: 1, name: 'Flow insights' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Cumulative flow chart from July 6, 2025 to July 8, 2025/ }),
    ).toHaveAccessibleName(
      'Cumulative flow chart from July 6, 2025 to July 8, 2025. Open cards on the last day: To Do 4, Doing 2, Done 4.',
    );
    // One dataset per list, in board order (the chart reverses them itself to stack backlog on top).
    expect(screen.getByRole('img', { name: /^Cumulative flow/ })).toHaveAttribute(
      'data-series',
      'Done|Doing|To Do',
    );
    expect(screen.getByRole('img', { name: /^Throughput bar chart/ })).toHaveAccessibleName(
      'Throughput bar chart: 4 cards finished from July 6, 2025 to July 8, 2025, at most 2 in one day.',
    );
    expect(screen.getByRole('img', { name: /^Cycle time scatter chart/ })).toHaveAccessibleName(
      'Cycle time scatter chart of 2 finished cards: 50% took at most 1.5 days, 85% at most 3 days.',
    );
    expect(screen.getByRole('img', { name: /^Time in list bar chart/ })).toBeInTheDocument();

    // Lead and cycle time.
    const lead = screen.getByRole('region', { name: 'Lead time' });
    expect(within(lead).getByText('Cards finished in this range: 4')).toBeInTheDocument();
    expect(within(lead).getByText('2.5 days')).toBeInTheDocument();
    expect(within(lead).getByText('7.25 days')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Cycle time' })).getByText('1.5 days'),
    ).toBeInTheDocument();

    // The CFD's table alternative.
    const cfd = screen.getByRole('region', { name: 'Cumulative flow' });
    await user.click(within(cfd).getByText('Show as table'));
    const table = within(cfd).getByRole('table', { name: 'Cumulative flow as a table' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['DateTo DoDoingDone', '2025-07-06521', '2025-07-07432', '2025-07-08424']);

    // WIP: the limit, and a list over it.
    const wip = screen.getByRole('table', { name: 'Work in progress as a table' });
    expect(
      within(wip)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ListCardsLimit', 'To Do4No limit', 'Doing2 (over the limit)1', 'Done4No limit']);

    // The aging cards, oldest first, each a link that opens its card on the board.
    const aging = screen.getByRole('table', { name: 'Aging open cards as a table' });
    const links = within(aging).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Write spec', 'Review']);
    expect(links[0]).toHaveAttribute('href', '/board/b1?card=c1');
    expect(within(aging).getByText('12.5')).toBeInTheDocument();

    // The default stages are in use, and said so.
    expect(screen.getByText(/No list has a stage of its own yet/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'To Do' })).toHaveAccessibleDescription(
      'By default: Backlog',
    );
  });

  it('downloads a chart as CSV, fields quoted where they must be', async () => {
    stubInsights();
    const saved = captureDownloads();
    const { user } = await openInsights();

    await user.click(screen.getByRole('button', { name: 'Download CSV: Throughput' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('throughput-2025-07-06-2025-07-08.csv');
    expect((await saved[0]!.text).replace(/^\uFEFF/, '')).toBe(
      'Date,Cards finished\r\n2025-07-06,1\r\n2025-07-07,1\r\n2025-07-08,2\r\n',
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV: Cycle time of finished cards' }));
    const lines = (await saved[1]!.text).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Card,Finished at,Cycle time (days),Lead time (days)');
    expect(lines[1]).toMatch(/^"Fix ""login"", again",2025-07-0\d \d\d:\d\d,1\.5,2\.5$/);
    // A title a spreadsheet would run as a formula is kept as text; no cycle time is an empty field.
    expect(lines[3]).toMatch(/^'=SUM\(A1\),2025-07-0\d \d\d:\d\d,,1$/);
  });

  it("sets a list's stage with PUT /api/lists/{id} {stage}, then reads the figures again", async () => {
    const api = stubInsights({
      'PUT /api/lists/doing': {
        data: { _id: 'doing', boardId: 'b1', title: 'Doing', position: 2048, stage: 'active', cards: [] },
        event: null,
      },
    });
    const { user } = await openInsights();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Doing' }), 'Active');
    await waitFor(() => expect(api.calls('PUT /api/lists/doing')).toHaveLength(1));
    const put = api.calls('PUT /api/lists/doing')[0]!;
    expect(put.body).toEqual({ stage: 'active' });
    expect(put.headers.get('Prefer')).toBe(CHANGE_PREFERENCE);
    // Against the list's revision from the insights answer (docs/api.md, "Revisions").
    expect(put.headers.get('If-Match')).toBe('1');
    await waitFor(() => expect(api.calls(PATH)).toHaveLength(2));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Doing' }), 'None');
    await waitFor(() => expect(api.calls('PUT /api/lists/doing')[1]?.body).toEqual({ stage: null }));
  });

  it('says when a stage could not be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubInsights({ 'PUT /api/lists/done': errorResponse(403, 'You are not a member of this board.') });
    const { user } = await openInsights();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Done' }), 'Done');
    expect(await screen.findByRole('alert')).toHaveTextContent('The stage of Done could not be saved.');
    expect(screen.getByRole('combobox', { name: 'Done' })).toHaveValue('');
  });

  it('forecasts the dates N cards will be done by, and how many cards by a date', async () => {
    const api = stubInsights({
      'GET /api/boards/b1/forecast': (request: StubRequest) =>
        request.url.searchParams.has('cards')
          ? { basisDays: 90, simulations: 10000, p50: '2025-07-20', p85: '2025-07-28', p95: '2025-08-04' }
          : { basisDays: 42, simulations: 10000, p50: 12, p85: 8, p95: 6 },
    });
    const { user } = await openInsights();

    const when = screen.getByRole('form', { name: 'When will these cards be done?' });
    const cards = within(when).getByRole('spinbutton', { name: 'Number of cards' });
    await user.clear(cards);
    await user.type(cards, '25');
    await user.click(within(when).getByRole('button', { name: 'Forecast' }));
    expect(await within(when).findByText('25 more cards done by:')).toBeInTheDocument();
    expect(api.calls('GET /api/boards/b1/forecast')[0]!.url.searchParams.get('cards')).toBe('25');
    const dates = within(when)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(dates).toEqual(['July 20, 2025', 'July 28, 2025', 'August 4, 2025']);
    expect(
      within(when)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['50% likely', '85% likely', '95% likely']);
    expect(within(when).getByText('From 10,000 simulations of the last 90 days.')).toBeInTheDocument();

    const howMany = screen.getByRole('form', { name: 'How many cards by a date?' });
    const date = within(howMany).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2025-08-01');
    await user.click(within(howMany).getByRole('button', { name: 'Forecast' }));
    expect(await within(howMany).findByText('Cards done by August 1, 2025:')).toBeInTheDocument();
    expect(api.calls('GET /api/boards/b1/forecast')[1]!.url.searchParams.get('by')).toBe('2025-08-01');
    expect(
      within(howMany)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['12 or more', '8 or more', '6 or more']);
  });

  it('explains a 422 forecast: nothing was finished to forecast from', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let basis = 12;
    stubInsights({
      'GET /api/boards/b1/forecast': () =>
        errorResponse(
          422,
          `No card was finished in the last ${basis} days: there is no throughput to forecast from`,
        ),
    });
    const { user } = await openInsights();

    const when = screen.getByRole('form', { name: 'When will these cards be done?' });
    await user.click(within(when).getByRole('button', { name: 'Forecast' }));
    expect(await within(when).findByRole('alert')).toHaveTextContent(
      'No card was finished in the last 12 days, so there is nothing to forecast from.',
    );

    // A board with no history at all.
    basis = 0;
    const howMany = screen.getByRole('form', { name: 'How many cards by a date?' });
    await user.click(within(howMany).getByRole('button', { name: 'Forecast' }));
    expect(await within(howMany).findByRole('alert')).toHaveTextContent(
      'No card has been finished on this board yet, so there is nothing to forecast from.',
    );
  });

  it('checks the forecast question before asking', async () => {
    const api = stubInsights();
    const { user } = await openInsights();

    const when = screen.getByRole('form', { name: 'When will these cards be done?' });
    const cards = within(when).getByRole('spinbutton', { name: 'Number of cards' });
    await user.clear(cards);
    await user.type(cards, '0');
    await user.click(within(when).getByRole('button', { name: 'Forecast' }));
    expect(within(when).getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 10000.');
    expect(api.calls('GET /api/boards/b1/forecast')).toHaveLength(0);
  });

  it("reads the figures again after anyone's change to the board, once for a burst, keeping the old ones meanwhile", async () => {
    let reads = 0;
    let release: () => void = () => {};
    const api = stubInsights({
      [PATH]: async () => {
        reads++;
        if (reads === 1) return buildInsights();
        // The second read waits, to show the figures stay while it runs.
        await new Promise<void>((resolve) => (release = resolve));
        return buildInsights({ throughput: [{ date: '2025-07-08', count: 9 }] });
      },
    });
    await openInsights();
    const event = { boardId: 'b1', version: 5, type: 'card.moved', actorId: 'u2', payload: {} };

    act(() => {
      lastSocket()?.serverEmit('board:event', event);
      lastSocket()?.serverEmit('board:event', { ...event, version: 6 });
      lastSocket()?.serverEmit('board:event', { ...event, boardId: 'other' });
    });
    await waitFor(() => expect(api.calls(PATH)).toHaveLength(2), { timeout: 2000 });
    expect(await screen.findByText('Updating the figures…')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Throughput bar chart: 4 cards/ })).toBeInTheDocument();

    // A change while that read runs waits for it, then reads once more: never two at a time.
    act(() => lastSocket()?.serverEmit('board:event', { ...event, version: 7 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls(PATH)).toHaveLength(2);
    act(() => release());
    expect(await screen.findByRole('img', { name: /^Throughput bar chart: 9 cards/ })).toBeInTheDocument();
    await waitFor(() => expect(api.calls(PATH)).toHaveLength(3));
    act(() => release());
  });

  it('asks for the last 30 days in the browser’s time zone, then the range picked', async () => {
    const api = stubInsights();
    const { user } = await openInsights();

    const first = api.calls(PATH)[0]!.url.searchParams;
    const expected = lastDays(30);
    expect(first.get('from')).toBe(expected.from);
    expect(first.get('to')).toBe(expected.to);
    expect(daysBetween(first.get('from')!, first.get('to')!)).toBe(30);
    expect(first.get('tz')).toBe(browserTimeZone());

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2025-01-01');
    await user.clear(to);
    await user.type(to, '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.calls(PATH)).toHaveLength(2));
    const second = api.calls(PATH)[1]!.url.searchParams;
    expect([second.get('from'), second.get('to'), second.get('tz')]).toEqual([
      '2025-01-01',
      '2025-03-31',
      browserTimeZone(),
    ]);

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.calls(PATH)).toHaveLength(3));
    expect(api.calls(PATH)[2]!.url.searchParams.get('from')).toBe(lastDays(7).from);

    // A range the server would refuse is not sent.
    await user.clear(from);
    await user.type(from, '2025-04-01');
    await user.clear(to);
    await user.type(to, '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must not be after the end date.');
    expect(api.calls(PATH)).toHaveLength(3);
  });

  it('has no axe violations', async () => {
    stubInsights();
    const { user } = await openInsights();
    await user.click(
      within(screen.getByRole('region', { name: 'Cumulative flow' })).getByText('Show as table'),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('reads in Indonesian', async () => {
    await testI18n.changeLanguage('id');
    stubInsights();
    signIn();
    renderApp('/board/b1/insights');

    expect(await screen.findByRole('heading', { name: 'Alur kumulatif' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wawasan alur kerja' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tahap daftar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Doing' })).toHaveAccessibleDescription('Bawaan: Aktif');
    expect(
      screen.getByRole('img', { name: /^Diagram batang throughput: 4 kartu selesai dari 6 Juli 2025/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Waktu tunggu (lead time)' })).getByText('2,5 hari'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Unduh CSV/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Buat prakiraan' })).toHaveLength(2);
  });

  it('shows why when the figures cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ [PATH]: errorResponse(403, 'You are not a member of this board.') });
    signIn();
    renderApp('/board/b1/insights');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The insights could not be loaded. You are not a member of this board.',
    );
  });
});
