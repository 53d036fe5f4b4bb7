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
  it('creates a board from a template board: a copy with its template cards (docs/product.md, "Templates")', async () => {
    signIn();
    const template = buildBoard({ _id: 'template-1', title: 'Sprint template', isTemplate: true });
    const plain = buildBoard({ title: 'Plain board' });
    const created = buildBoard({ title: 'Sprint 7' });
    const api = stubApi({
      'GET /api/boards': () => [template, plain],
      'POST /api/boards/template-1/copy': () => jsonResponse(201, created),
    });
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);
    await user.click(within(dialog).getByRole('radio', { name: 'From a template' }));
    const select = within(dialog).getByRole('combobox', { name: 'Template board' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sprint template']);
    expect(within(dialog).queryByRole('textbox', { name: /Board description/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Board title' }), 'Sprint 7');
    await user.click(within(dialog).getByRole('button', { name: 'Create Board' }));

    expect(await screen.findByText('Board "Sprint 7" created successfully!')).toBeInTheDocument();
    expect(api.calls('POST /api/boards/template-1/copy')[0]?.body).toEqual({
      title: 'Sprint 7',
      cards: 'templates',
    });
    expect(api.calls('POST /api/boards')).toHaveLength(0);
  });

  it('says there is no template board yet, and creates nothing from none', async () => {
    signIn();
    const api = stubApi({ 'GET /api/boards': () => [buildBoard({ title: 'Plain board' })] });
    const { user } = renderApp('/projects');
    const dialog = await openFromSideNav(user);
    await user.click(within(dialog).getByRole('radio', { name: 'From a template' }));
    expect(within(dialog).getByText(/No template boards yet/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Board title' }), 'Sprint 7');
    expect(within(dialog).getByRole('button', { name: 'Create Board' })).toBeDisabled();
    expect(api.calls('POST /api/boards')).toHaveLength(0);
  });

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
