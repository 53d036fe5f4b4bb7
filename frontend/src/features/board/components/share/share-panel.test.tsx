import { TIMINGS } from '@papan/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer, type StubRequest } from '../../../../testing/api-stub';
import { signIn } from '../../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../../testing/fetch-stub';
import { renderApp } from '../../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail, changeAnswer, grace } from '../../board-fixtures';

async function openShare(routes: Record<string, StubAnswer> = {}) {
  signIn();
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(buildBoardDetail({ members: [ada, grace] })),
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: 'Share' }));
  return { api, panel: screen.getByRole('dialog', { name: 'Share Board' }), ...view };
}

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('../board-page'), 30_000);

describe('SharePanel', () => {
  it("copies the page address and shows 'Copied!' for 2 seconds", async () => {
    const { panel } = await openShare();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    expect(within(panel).getByRole('textbox', { name: 'Share link' })).toHaveValue(window.location.href);
    vi.useFakeTimers();

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    await act(async () => {});

    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(within(panel).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIMINGS.copiedFeedbackMs - 1));
    expect(within(panel).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(panel).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it("says 'Failed to copy link.' when the clipboard refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { panel, user } = await openShare();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

    await user.click(within(panel).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Failed to copy link.')).toBeInTheDocument();
  });

  it("invites by e-mail, shows '...' while sending and says where the invitation went", async () => {
    let answer: (value: Response) => void = () => {};
    const { api, panel, user } = await openShare({
      'POST /api/boards/b1/members': () => new Promise<Response>((resolve) => (answer = resolve)),
    });

    await user.type(within(panel).getByRole('textbox', { name: 'Email address' }), '  linus@example.com ');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    expect(within(panel).getByRole('button', { name: '...' })).toBeDisabled();
    expect(api.calls('POST /api/boards/b1/members')[0]?.body).toEqual({ email: 'linus@example.com' });
    answer(new Response(JSON.stringify({ message: 'Invitation sent' }), { status: 201 }));
    expect(await screen.findByText('Invitation sent to linus@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('says an invitation is waiting when nobody has confirmed the address yet', async () => {
    const { panel, user } = await openShare({
      'POST /api/boards/b1/members': jsonResponse(201, { message: 'Invitation sent', pending: true }),
    });

    await user.type(within(panel).getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Invitation to sam@example.com is waiting for the address to be confirmed.'),
    ).toBeInTheDocument();
  });

  it('says the invitation failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { panel, user } = await openShare({
      'POST /api/boards/b1/members': errorResponse(400, 'email: bad'),
    });

    await user.type(within(panel).getByRole('textbox', { name: 'Email address' }), 'x@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Failed to send invitation. Make sure the email is correct.'),
    ).toBeInTheDocument();
  });

  it('lists the members with Owner and Member tags; the owner may remove a member', async () => {
    // The server's board: Grace leaves it with the change (version 4), which the store reads again.
    let onServer = buildBoardDetail({ members: [ada, grace] });
    const removed = changeAnswer(
      { type: 'member.removed', payload: { userId: 'user-2' } },
      { message: 'Member removed', _id: 'user-2' },
    );
    const { api, panel, user } = await openShare({
      'GET /api/boards/b1': () => boardResponse(onServer),
      'DELETE /api/boards/b1/members/user-2': (request: StubRequest) => {
        const answer = removed(request);
        onServer = buildBoardDetail({ members: [ada], version: 4 });
        return answer;
      },
    });

    expect(within(panel).getByRole('heading', { name: 'Members (2)' })).toBeInTheDocument();
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ada Lovelace' + 'ada@example.com' + 'Owner');
    expect(rows[1]).toHaveTextContent('Grace Hopper' + 'grace@example.com' + 'Member');

    await user.click(within(panel).getByRole('button', { name: 'Remove Grace Hopper' }));

    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: 'Members (1)' })).toBeInTheDocument(),
    );
    expect(api.calls('DELETE /api/boards/b1/members/user-2')).toHaveLength(1);
  });
});
