import { LIMITS } from '@papan/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

async function openFromSideNav(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create' }));
  return screen.getByRole('dialog', { name: 'Create a new board' });
}

describe('CreateBoardDialog', () => {
  it('keeps Create Board disabled while the title is empty or whitespace, and says why', async () => {
    signIn();
    const api = stubApi();
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);
    const submit = within(dialog).getByRole('button', { name: 'Create Board' });
    const title = within(dialog).getByRole('textbox', { name: 'Board title' });

    expect(title).toHaveFocus();
    expect(submit).toBeDisabled();
    await user.type(title, '   ');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Board title is required.')).toBeInTheDocument();
    await user.type(title, '{Enter}');
    expect(api.calls('POST /api/boards')).toHaveLength(0);

    await user.type(title, 'Launch');
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByText('Board title is required.')).not.toBeInTheDocument();
  });

  it('creates the board, toasts, closes and shows it in the refreshed list', async () => {
    signIn();
    const created = buildBoard({ title: 'Launch plan' });
    let boards: unknown[] = [];
    const api = stubApi({
      'GET /api/boards': () => boards,
      'POST /api/boards': () => {
        boards = [created];
        return jsonResponse(201, created);
      },
    });
    const { user } = renderApp('/projects');
    expect(await screen.findByText('No Projects Yet')).toBeInTheDocument();
    const dialog = await openFromSideNav(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Board title' }), '  Launch plan ');
    await user.type(within(dialog).getByRole('textbox', { name: /Board description/ }), 'Q3 launch');
    await user.click(within(dialog).getByRole('button', { name: 'Create Board' }));

    expect(await screen.findByText('Board "Launch plan" created successfully!')).toBeInTheDocument();
    expect(api.calls('POST /api/boards')[0]?.body).toEqual({
      title: 'Launch plan',
      description: 'Q3 launch',
    });
    expect(dialog).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Launch plan' })).toHaveAttribute(
      'href',
      `/board/${created._id}`,
    );
  });

  it('says "Failed to create board." and stays open when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'POST /api/boards': errorResponse(500, 'boom') });
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Board title' }), 'Launch');
    await user.click(within(dialog).getByRole('button', { name: 'Create Board' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create board.');
    expect(within(dialog).getByRole('button', { name: 'Create Board' })).toBeEnabled();
  });

  it('closes on Escape without creating anything', async () => {
    signIn();
    const api = stubApi();
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);

    await user.keyboard('{Escape}');

    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
    expect(api.calls('POST /api/boards')).toHaveLength(0);
  });

  it('refuses a title longer than the server takes, says why and sends nothing (createBoardSchema)', async () => {
    signIn();
    const api = stubApi();
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);
    const title = within(dialog).getByRole('textbox', { name: 'Board title' });

    // The field's maxLength stops typing at the limit; a paste by script does not.
    fireEvent.change(title, { target: { value: 'x'.repeat(LIMITS.title + 1) } });

    expect(
      within(dialog).getByText(`Board title must be at most ${LIMITS.title} characters long.`),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Board' })).toBeDisabled();
    fireEvent.submit(title.closest('form')!);
    expect(api.calls('POST /api/boards')).toHaveLength(0);
  });
});
