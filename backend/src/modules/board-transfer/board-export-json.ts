import {
  PAPAN_EXPORT_FORMAT,
  PAPAN_EXPORT_VERSION,
  type PapanExport,
  type PapanExportCard,
} from '@papan/shared';
import type { ExportRows } from './board-export.repository';

/** An attachment's bytes to put in a ZIP export, under the attachment's id. */
export interface ExportFile {
  attachmentId: string;
  blobId: string;
}

/** The Papan export document of a board's rows, and the files its attachments point at. */
export function toPapanExport(rows: ExportRows, exportedAt: Date): { doc: PapanExport; files: ExportFile[] } {
  const byCard = <T extends { cardId: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) map.set(item.cardId, [...(map.get(item.cardId) ?? []), item]);
    return map;
  };
  const labelsOf = byCard(rows.cardLabels);
  const membersOf = byCard(rows.cardMembers);
  const commentsOf = byCard(rows.comments);
  const attachmentsOf = byCard(rows.attachments);
  const checklistsOf = byCard(rows.checklists);
  const itemsOf = new Map<string, ExportRows['items']>();
  for (const item of rows.items)
    itemsOf.set(item.checklistId, [...(itemsOf.get(item.checklistId) ?? []), item]);
  const card = (c: ExportRows['cards'][number]): PapanExportCard => {
    const files = attachmentsOf.get(c.id) ?? [];
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      createdAt: c.createdAt.toISOString(),
      dueAt: c.dueAt?.toISOString() ?? null,
      dueComplete: c.dueComplete,
      labels: (labelsOf.get(c.id) ?? []).map((l) => l.labelId),
      members: (membersOf.get(c.id) ?? []).map((m) => m.email),
      checklists: (checklistsOf.get(c.id) ?? []).map((k) => ({
        title: k.title,
        items: (itemsOf.get(k.id) ?? []).map((i) => ({ text: i.text, isCompleted: i.isCompleted })),
      })),
      comments: (commentsOf.get(c.id) ?? []).map((m) => ({
        author:
          m.authorName !== null && m.authorEmail !== null
            ? { name: m.authorName, email: m.authorEmail }
            : null,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
      attachments: files.map((a) => ({
        id: a.id,
        name: a.name,
        mimeType: a.mimeType,
        size: Number(a.size),
        isImage: a.isImage,
        createdAt: a.createdAt.toISOString(),
      })),
      cover: files.some((a) => a.id === c.coverAttachmentId) ? c.coverAttachmentId : null,
      lane: c.laneId,
      isTemplate: c.isTemplate,
      fields: c.fields,
    };
  };
  const cardsOf = new Map<string, ExportRows['cards']>();
  for (const c of rows.cards) cardsOf.set(c.listId, [...(cardsOf.get(c.listId) ?? []), c]);
  const doc: PapanExport = {
    format: PAPAN_EXPORT_FORMAT,
    version: PAPAN_EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    board: {
      title: rows.board.title,
      description: rows.board.description,
      isTemplate: rows.board.isTemplate,
    },
    labels: rows.labels,
    members: rows.members,
    fields: rows.fields,
    lanes: rows.lanes.map((l) => ({ id: l.id, title: l.title })),
    lists: rows.lists.map((l) => ({
      id: l.id,
      title: l.title,
      stage: l.stage,
      wipLimit: l.wipLimit,
      wipMode: l.wipMode,
      cards: (cardsOf.get(l.id) ?? []).map(card),
    })),
    history: rows.history.map((stay) => ({
      cardId: stay.cardId,
      listId: stay.listId,
      enteredAt: stay.enteredAt.toISOString(),
      leftAt: stay.leftAt?.toISOString() ?? null,
    })),
  };
  return { doc, files: rows.attachments.map((a) => ({ attachmentId: a.id, blobId: a.blobId })) };
}
