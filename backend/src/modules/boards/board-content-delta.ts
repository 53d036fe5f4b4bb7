import type { BoardEventType } from '@papan/shared';
import type { LoggedChange } from './board-read.repository';

/**
 * What a read after some changes must take from the database again, for BoardContentCache's
 * compact entries: nothing, some lists (those named, and those that held or now hold a card
 * named), or everything.
 */
export type ContentDelta = { listIds: Set<string>; cardIds: Set<string> } | 'all';

/** Changes that leave the compact content as it was (the board's own fields are in its head). */
const OUTSIDE_CONTENT = new Set<string>([
  'board.created',
  'board.updated',
  'board.archived',
  'board.unarchived',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'member.added',
  'member.invited',
  'list.wipExceeded',
] satisfies BoardEventType[]);

/** Changes to cards and what they hold; their payloads name the cards and lists concerned. */
const CARD_SCOPED = new Set<string>([
  'card.created',
  'card.updated',
  'card.deleted',
  'card.copied',
  'card.moved',
  'card.labelAdded',
  'card.labelRemoved',
  'card.memberAdded',
  'card.memberRemoved',
  'attachment.added',
  'attachment.removed',
  'checklist.created',
  'checklist.updated',
  'checklist.deleted',
  'checklistItem.created',
  'checklistItem.updated',
  'checklistItem.deleted',
] satisfies BoardEventType[]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The delta of the changes in (`after`, `upTo`], from their log rows. Everything is read again
 * when the log does not hold each of those versions (purged, or a version bumped without an
 * event), or when a change is not one of a card's (or one this does not know): labels, fields,
 * lanes and lists are few, and their changes (a label deleted, a lane removed) can reach any card.
 */
export function contentDelta(changes: LoggedChange[], after: number, upTo: number): ContentDelta {
  if (changes.length !== upTo - after || changes.some((c, i) => c.version !== after + 1 + i)) return 'all';
  const listIds = new Set<string>();
  const cardIds = new Set<string>();
  let named = 0;
  const add = (into: Set<string>, value: unknown) => {
    if (typeof value !== 'string' || !UUID.test(value)) return;
    into.add(value);
    named++;
  };
  for (const { type, payload } of changes) {
    if (OUTSIDE_CONTENT.has(type)) continue;
    if (!CARD_SCOPED.has(type) || typeof payload !== 'object' || payload === null) return 'all';
    const p = payload as Record<string, unknown>;
    named = 0;
    // A card's own events carry it as `_id`; the others name it `cardId`.
    add(cardIds, type.startsWith('card.') ? (p._id ?? p.cardId) : p.cardId);
    add(cardIds, p.cardId);
    for (const key of ['listId', 'fromListId', 'toListId']) add(listIds, p[key]);
    if (Array.isArray(p.cards))
      for (const c of p.cards as Record<string, unknown>[]) {
        add(cardIds, c?._id);
        add(listIds, c?.listId);
      }
    // A change to a card must name it: otherwise nothing says where it is.
    if (!named) return 'all';
  }
  return { listIds, cardIds };
}
