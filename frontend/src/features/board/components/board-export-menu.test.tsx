import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail } from '../board-fixtures';

beforeAll(() => import('./board-page'), 30_000);

describe('the board menu’s export entries', () => {
  it('offers JSON, CSV and ZIP, and downloads the one chosen under the server’s file name', async () => {
    signIn({ _id: ada._id, name: ada.name });
    const csv = '\uFEFFList,Title\r\n';
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(buildBoardDetail({ members: [ada] })),
      'GET /api/boards/b1/export': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="Launch _.csv"; filename*=UTF-8''Launch%20%E2%9C%A8.csv`,
          },
        }),
    });
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    const { user } = renderApp('/board/b1');
    await user.click(await screen.findByRole('button', { name: 'Board menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Automation',
      'Custom fields',
      'Add a lane',
      'Copy board',
      'Export as JSON',
      'Export as CSV',
      'Export as ZIP (with files)',
    ]);

    await user.click(screen.getByRole('menuitem', { name: 'Export as CSV' }));
    await vi.waitFor(() => expect(saved).toEqual([{ name: 'Launch ✨.csv', href: 'blob:export' }]));
    expect(api.calls('GET /api/boards/b1/export')[0]!.url.search).toBe('?format=csv');
    click.mockRestore();
  });
});
