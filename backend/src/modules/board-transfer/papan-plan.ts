import { papanExportSchema, TRANSFER_LIMITS, zipFileEntry } from '@papan/shared';
import type { ImportPlan, PlanPerson } from './import-plan';
import type { ZipExport } from './import-file';
import { badFile, validateFile } from './validate-file';
import { papanFields } from './plan-fields';

/**
 * A Papan export as a plan, its references checked (labels, cover, lanes, fields and values); with the ZIP it came in, its
 * attachments carry their files. A plain JSON export has no file bytes: its attachments stay out.
 */
export function papanPlan(raw: unknown, zip: ZipExport | null): ImportPlan {
  const doc = validateFile(papanExportSchema, raw);
  const totals = { cards: 0, checklists: 0, checklistItems: 0, comments: 0 };
  const labelIndex = new Map(doc.labels.map((l, i) => [l.id, i]));
  const memberName = new Map(doc.members.map((m) => [m.email, m.name]));
  const person = (email: string): PlanPerson => ({ name: memberName.get(email) ?? email, email });
  const laneIds = new Set(doc.lanes.map((l) => l.id));
  if (laneIds.size !== doc.lanes.length) throw badFile('lanes', 'must not name a lane id twice');
  const fields = papanFields(doc);
  const lists = doc.lists.map((list, li) => ({
    key: list.id ?? `list ${li}`,
    title: list.title,
    stage: list.stage,
    wipLimit: list.wipLimit,
    wipMode: list.wipMode,
    cards: list.cards.map((c, ci) => {
      const at = `lists.${li}.cards.${ci}`;
      totals.cards++;
      totals.checklists += c.checklists.length;
      totals.checklistItems += c.checklists.reduce((n, k) => n + k.items.length, 0);
      totals.comments += c.comments.length;
      c.labels.forEach((id, i) => {
        if (!labelIndex.has(id)) throw badFile(`${at}.labels.${i}`, 'no label of the board has this id');
      });
      if (c.cover !== null && !c.attachments.some((a) => a.id === c.cover))
        throw badFile(`${at}.cover`, 'no attachment of the card has this id');
      if (c.lane !== null && !laneIds.has(c.lane))
        throw badFile(`${at}.lane`, 'no lane of the board has this id');
      return {
        key: c.id,
        lane: c.lane,
        isTemplate: c.isTemplate,
        fields: fields.valuesOf(c, at),
        title: c.title,
        description: c.description,
        createdAt: new Date(c.createdAt),
        dueAt: c.dueAt ? new Date(c.dueAt) : null,
        dueComplete: c.dueComplete,
        labels: [...new Set(c.labels)].map((id) => labelIndex.get(id)!),
        members: [...new Set(c.members)].map(person),
        checklists: c.checklists,
        comments: c.comments.map((m) => ({
          author: m.author,
          text: m.text,
          createdAt: new Date(m.createdAt),
        })),
        attachments: zip
          ? c.attachments.map((a) => ({
              name: a.name,
              mimeType: a.mimeType,
              createdAt: new Date(a.createdAt),
              entry: zipFileEntry(a.id),
              declaredSize: zip.sizeOf(zipFileEntry(a.id)),
              isCover: a.id === c.cover,
            }))
          : [],
      };
    }),
  }));
  for (const [what, n] of Object.entries(totals)) {
    const max = TRANSFER_LIMITS[what as keyof typeof totals];
    if (n > max)
      throw badFile(
        'lists',
        `must hold at most ${max} ${what === 'checklistItems' ? 'checklist items' : what} in all`,
      );
  }
  return {
    source: 'Papan',
    title: doc.board.title,
    description: doc.board.description,
    isTemplate: doc.board.isTemplate,
    labels: doc.labels,
    fields: fields.fields,
    lanes: doc.lanes.map((l) => ({ key: l.id, title: l.title })),
    lists,
    history:
      doc.history?.map((stay) => ({
        card: stay.cardId,
        list: stay.listId,
        enteredAt: new Date(stay.enteredAt),
        leftAt: stay.leftAt === null ? null : new Date(stay.leftAt),
      })) ?? null,
  };
}
