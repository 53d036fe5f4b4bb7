import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

/** An XMLHttpRequest the test answers: it records what was sent and plays the server. */
class ScriptedXhr {
  static last: ScriptedXhr | null = null;
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    ScriptedXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.getByRole('dialog', { name: 'Import a board' });
}

const trelloFile = () =>
  new File(['{"id":"1","name":"T","lists":[],"cards":[]}'], 'trello.json', { type: 'application/json' });

afterEach(() => {
  ScriptedXhr.last = null;
});

describe('ImportBoardDialog', () => {
  it('uploads the file, shows the progress, and opens the new board', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const created = buildBoard({ _id: 'new-board', title: 'Product launch' });
    stubApi({ 'GET /api/boards/new-board': () => new Response(null, { status: 403 }) });
    const { user, router } = renderApp('/');
    const dialog = await openDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Import board' });
    expect(submit).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Export file'), trelloFile());
    await user.click(submit);
    const xhr = ScriptedXhr.last!;
    expect(xhr.url).toBe('/api/boards/import');
    expect((xhr.body!.get('file') as File).name).toBe('trello.json');

    xhr.progress(50, 100);
    expect(await within(dialog).findByText('Uploading: 50%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('value', '50');
    xhr.progress(100, 100);
    expect(await within(dialog).findByText('Creating the board…')).toBeInTheDocument();

    xhr.respond(201, created);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/board/new-board'));
    // The board screen's chunk may still be loading: the home screen, with its dialog, stays until then.
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import a board' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s message when the file is refused, and stays open', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    stubApi();
    const { user, router } = renderApp('/');
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Export file'), trelloFile());
    await user.click(within(dialog).getByRole('button', { name: 'Import board' }));

    ScriptedXhr.last!.respond(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'cards.7.name: must be at most 200 characters',
    });
    expect(
      await within(dialog).findByText('cards.7.name: must be at most 200 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import board' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('refuses a file past the limit before sending it', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    stubApi();
    const { user } = renderApp('/');
    const dialog = await openDialog(user);
    const big = new File(['x'], 'big.json');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Export file'), big);
    await user.click(within(dialog).getByRole('button', { name: 'Import board' }));
    expect(within(dialog).getByText('The file must be at most 20 MB.')).toBeInTheDocument();
    expect(ScriptedXhr.last).toBeNull();
  });
});
