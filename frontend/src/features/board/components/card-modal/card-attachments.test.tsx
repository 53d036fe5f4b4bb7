import type { Attachment, BoardDetail } from '@papan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../../../testing/api-stub';
import { lastSocket } from '../../../../testing/fake-socket-io';
import { stubXhr } from '../../../../testing/fake-xhr';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import {
  ada,
  boardResponse,
  buildBoardDetail,
  buildCard,
  changeAnswer,
  committed,
  grace,
} from '../../board-fixtures';

function buildAttachment(_id: string, name: string, overrides: Partial<Attachment> = {}): Attachment {
  const isImage = /\.png$/.test(name);
  return {
    _id,
    cardId: 'c1',
    name,
    size: 2_560,
    mimeType: isImage ? 'image/png' : 'text/plain',
    isImage,
    url: `/api/attachments/${_id}`,
    ...(isImage ? { thumbnailUrl: `/api/attachments/${_id}/thumbnail` } : {}),
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    uploadedBy: grace._id,
    ...overrides,
  };
}

const photo = buildAttachment('a1', 'sketch.png');
const picture = () => new Response(new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' }));
const cardFace = () => screen.getAllByRole('button', { name: /^Card c1/, hidden: true })[0]!;

async function openCard(attachments: Attachment[], routes: Record<string, StubAnswer> = {}, cover?: string) {
  signIn();
  const board: BoardDetail = buildBoardDetail({ members: [ada, grace] });
  board.lists[0]!.cards[0] = buildCard('c1', 'todo', 1024, { attachments, coverAttachmentId: cover ?? null });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    'GET /api/cards/c1/attachments': attachments,
    'GET /api/attachments/a1/thumbnail': picture,
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Card c1' });
  const section = await within(dialog).findByRole('region', { name: 'Attachments' });
  return { api, dialog, section, ...view };
}

/** Chooses files with the section's button (its hidden file field). */
async function choose(section: HTMLElement, user: ReturnType<typeof renderApp>['user'], ...files: File[]) {
  await user.upload(section.querySelector<HTMLInputElement>('input[type=file]')!, files);
}

beforeAll(() => import('../board-page'), 30_000);
beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() }),
  );
});

describe('attachments in the card detail', () => {
  it('uploads a chosen file with its own progress bar, then lists it and counts it on the card', async () => {
    const requests = stubXhr();
    const { section, user } = await openCard([]);
    await choose(section, user, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/cards/c1/attachments');
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    expect((xhr.body as FormData).get('file')).toHaveProperty('name', 'notes.txt');
    act(() => xhr.progress(3, 5));
    expect(within(section).getByRole('progressbar', { name: 'Uploading notes.txt' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );

    const uploaded = buildAttachment('a2', 'notes.txt', { size: 5, uploadedBy: ada._id });
    expect(xhr.headers.Prefer).toBe('papan-change');
    act(() =>
      xhr.respond(
        201,
        committed({ type: 'attachment.added', payload: { ...uploaded, attachmentCount: 1 } }, uploaded),
      ),
    );
    const item = (await within(section).findByText('notes.txt', { selector: 'p' })).closest('li')!;
    expect(item).toHaveTextContent(/5 B · Added .* by Ada Lovelace/);
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(cardFace()).getByText('Attachments: 1')).toBeInTheDocument();
  });

  it('says a file is too large when the server answers 413', async () => {
    const requests = stubXhr();
    const { section, user } = await openCard([]);
    await choose(section, user, new File(['x'], 'video.mp4', { type: 'video/mp4' }));
    act(() =>
      requests[0]!.respond(413, {
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'file: must be at most 10 MB',
      }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'video.mp4 is larger than 10 MB, the largest file a card takes.',
    );
    await user.click(within(section).getByRole('button', { name: 'Dismiss video.mp4' }));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels an upload: the request is aborted and nothing is listed', async () => {
    const requests = stubXhr();
    const { section, user } = await openCard([]);
    await choose(section, user, new File(['a'], 'a.txt'), new File(['b'], 'b.txt'));
    expect(within(section).getAllByRole('progressbar')).toHaveLength(2);

    await user.click(within(section).getByRole('button', { name: 'Cancel a.txt' }));
    expect(requests[0]!.aborted).toBe(true);
    expect(requests[1]!.aborted).toBe(false);
    expect(within(section).getAllByRole('progressbar')).toHaveLength(1);
    expect(within(section).queryByText('a.txt', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('makes an image the cover and takes it off again with PUT coverAttachmentId', async () => {
    const { api, section, user } = await openCard([photo], {
      'PUT /api/cards/c1': changeAnswer(({ body }) => ({
        type: 'card.updated',
        payload: { ...buildCard('c1', 'todo', 1024, { attachments: [photo] }), ...(body as object) },
      })),
    });
    await within(section).findByText('sketch.png', { selector: 'p' });

    await user.click(within(section).getByRole('button', { name: 'Make cover: sketch.png' }));
    expect(api.calls('PUT /api/cards/c1')[0]?.body).toEqual({ coverAttachmentId: 'a1' });
    await waitFor(() =>
      expect(cardFace().querySelector('[data-cover-id="a1"] img')).toHaveAttribute('src', 'blob:picture'),
    );
    expect(within(section).getByText('Cover')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove cover: sketch.png' }));
    expect(api.calls('PUT /api/cards/c1')[1]?.body).toEqual({ coverAttachmentId: null });
    await waitFor(() => expect(cardFace().querySelector('[data-cover-id]')).toBeNull());
  });

  it('deletes a file after confirming; the list and the card follow', async () => {
    const { api, section, user } = await openCard(
      [photo],
      {
        'DELETE /api/attachments/a1': changeAnswer(
          {
            type: 'attachment.removed',
            payload: { _id: 'a1', cardId: 'c1', attachmentCount: 0, coverAttachmentId: null },
          },
          { message: 'Attachment deleted', _id: 'a1' },
        ),
      },
      'a1',
    );
    await within(section).findByText('sketch.png', { selector: 'p' });
    expect(within(cardFace()).getByText('Attachments: 1')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete sketch.png' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this attachment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(api.calls('DELETE /api/attachments/a1')).toHaveLength(1);
    await waitFor(() =>
      expect(within(section).queryByText('sketch.png', { selector: 'p' })).not.toBeInTheDocument(),
    );
    expect(within(cardFace()).queryByText('Attachments: 1')).not.toBeInTheDocument();
    expect(cardFace().querySelector('[data-cover-id]')).toBeNull();
  });

  it("shows another member's upload in the open card at once", async () => {
    const { section } = await openCard([]);
    act(() =>
      lastSocket()?.serverEmit('board:event', {
        boardId: 'b1',
        version: 4,
        type: 'attachment.added',
        actorId: grace._id,
        payload: {
          ...buildAttachment('a9', 'plan.pdf', { mimeType: 'application/pdf' }),
          attachmentCount: 1,
        },
      }),
    );
    expect(await within(section).findByText('plan.pdf', { selector: 'p' })).toBeInTheDocument();
    expect(within(section).getByText(/by Grace Hopper/)).toBeInTheDocument();
    expect(within(cardFace()).getByText('Attachments: 1')).toBeInTheDocument();
  });
});

describe('attachments on the card face', () => {
  it('shows the cover image on top and the number of files', async () => {
    signIn();
    const board = buildBoardDetail();
    board.lists[0]!.cards[0] = buildCard('c1', 'todo', 1024, {
      attachments: [photo, buildAttachment('a2', 'notes.txt')],
      coverAttachmentId: 'a1',
    });
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(board),
      'GET /api/attachments/a1/thumbnail': picture,
    });
    renderApp('/board/b1');
    const face = await screen.findByRole('button', { name: /^Card c1/ });
    expect(within(face).getByText('Attachments: 2')).toHaveClass('sr-only');
    await waitFor(() =>
      expect(face.querySelector('[data-cover-id="a1"] img')).toHaveAttribute('src', 'blob:picture'),
    );
    expect(api.calls('GET /api/attachments/a1/thumbnail')[0]?.url.pathname).toBe(
      '/api/attachments/a1/thumbnail',
    );
    const other = screen.getByRole('button', { name: /^Card c2/ });
    expect(other.querySelector('[data-cover-id]')).toBeNull();
  });
});
