import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  initialsAvatarUrl,
  type BoardField,
  type Checklist,
  type Label,
  type Lane,
  type List,
  type UserRef,
} from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import {
  attachments,
  boardEvents,
  boardFields,
  boards,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  labels,
  lanes,
  lists,
} from '../../database/schema';
import { cardWithAttachments, checklistItemColumns, toCard } from '../cards/card-read.repository';
import { toLabel } from '../labels/label.view';
import { toLane } from '../lanes/lane.view';
import { toField } from '../fields/field.view';
import { toList } from '../lists/lists.repository';

/** One list of the compact form: its JSON text and its cards' ids in order. */
export interface CompactListText {
  id: string;
  json: string;
  cardIds: string[];
}

/** One logged change as BoardContentCache reads it: the payload as stored. */
export interface LoggedChange {
  version: number;
  type: string;
  payload: unknown;
}

/** A uuid no list has: `in (…)` of no lists. */
const NO_LIST = '00000000-0000-0000-0000-000000000000';

/** A PostgreSQL array literal of uuids (which hold no comma, brace or quote). */
const idArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A whole board as rows (`BoardReadRepository.rows`): the full read and the export are made of it. */
export type BoardRows = Awaited<ReturnType<BoardReadRepository['rows']>>;

export const toUserRef = (u: {
  id: string;
  name: string;
  email: string;
  profilePictureUrl: string | null;
}): UserRef => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatarUrl: u.profilePictureUrl ?? initialsAvatarUrl(u.name),
});

/**
 * Reads a whole board with a constant number of statements whatever its size: labels, lists,
 * cards, card labels, card members, checklists and items, one statement each, assembled in memory.
 * The export reads the same statements (`rows`) and adds what only it holds.
 */
@Injectable()
export class BoardReadRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async content(
    boardId: string,
  ): Promise<{ labels: Label[]; fields: BoardField[]; lanes: Lane[]; lists: List[] }> {
    return assemble(await this.rows(boardId));
  }

  /**
   * The full form's head (`"labels":[…],"fields":[…],"lanes":[…]`) and its lists in order, each as
   * the JSON text of a `List` with its cards, and its cards' ids; with `only`, just the lists named
   * and those now holding a card named (BoardContentCache's read after a change). `version` is the
   * board's version when every statement saw the same board — it was the same before the first and
   * after the last, and every change bumps it — else null.
   */
  async fullLists(
    boardId: string,
    only?: { listIds: string[]; cardIds: string[] },
  ): Promise<{ version: number | null; head: string; lists: CompactListText[] }> {
    const before = await this.db.execute(sql`
      select (select version from ${boards} where id = ${boardId}) as version, ${
        only
          ? sql`(select string_agg(id::text, ',') from ${lists} where board_id = ${boardId} and (id = any(${idArray(only.listIds)})
              or id in (select list_id from ${cards} where board_id = ${boardId} and id = any(${idArray(only.cardIds)}))))`
          : sql`null`
      } as ids`);
    const [{ version, ids }] = (before as unknown as { rows: { version: number; ids: string | null }[] })
      .rows;
    const listIds = only ? (ids ? ids.split(',') : []) : undefined;
    const content = assemble(await this.rows(boardId, listIds));
    const after = await this.versionOf(boardId);
    return {
      version: Number(version) === after ? after : null,
      head: JSON.stringify({ labels: content.labels, fields: content.fields, lanes: content.lanes }).slice(
        1,
        -1,
      ),
      lists: content.lists.map((l) => ({
        id: l._id,
        json: JSON.stringify(l),
        cardIds: l.cards.map((c) => c._id),
      })),
    };
  }

  /**
   * The compact form's head (docs/api.md, "GET /api/boards/{id}"): `"labels":[…],"fields":[…],"lanes":[…]`.
   */
  async compactHead(boardId: string): Promise<string> {
    const labelRows = await this.db
      .select()
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(asc(labels.createdAt), asc(labels.id));
    const laneRows = await this.lanesOf(boardId);
    const fieldRows = await this.fieldsOf(boardId);
    return `"labels":${JSON.stringify(labelRows.map(toLabel))},"fields":${JSON.stringify(fieldRows.map(toField))},"lanes":${JSON.stringify(laneRows.map(toLane))}`;
  }

  /**
   * The compact form's lists in order, each as the JSON text of a `CompactList` written by the
   * database in one statement (checklist items counted, not read), with the ids of its cards. On
   * the 2,000-card board that spares turning ~20,000 rows into objects, and the text never becomes
   * objects in the server either. A card's description, due date, due flag, members, cover and
   * attachment count are left out when it has none, so a board that does not plan with them pays no
   * bytes for them. Strings go through `to_json` (JSON's escaping). With `only`, just the lists
   * named and those now holding a card named (BoardContentCache's read after a change).
   */
  async compactLists(
    boardId: string,
    only?: { listIds: string[]; cardIds: string[] },
  ): Promise<{ version: number; lists: CompactListText[] }> {
    const target = only
      ? sql`select id from ${lists} where board_id = ${boardId} and (id = any(${idArray(only.listIds)})
          or id in (select list_id from ${cards} where board_id = ${boardId} and id = any(${idArray(only.cardIds)})))`
      : sql`select id from ${lists} where board_id = ${boardId}`;
    // Both drivers answer raw statements with `rows`.
    const result = (await this.db.execute(sql`
      with target as (${target}),
      live as (
        select id, list_id, title, description, position, revision, due_at, due_complete, cover_attachment_id, lane_id, is_template, fields, created_at, updated_at from ${cards}
        where board_id = ${boardId} and is_archived = false and list_id in (select id from target)
      ),
      card_label_ids as materialized (
        select cl.card_id, string_agg('"' || cl.label_id || '"', ',' order by cl.created_at, cl.label_id) as ids
        from ${cardLabels} cl
        join live on live.id = cl.card_id
        join ${labels} l on l.id = cl.label_id and l.board_id = ${boardId}
        group by cl.card_id
      ),
      card_member_ids as materialized (
        select cm.card_id, string_agg('"' || cm.user_id || '"', ',' order by cm.created_at, cm.user_id) as ids
        from ${cardMembers} cm
        join live on live.id = cm.card_id
        group by cm.card_id
      ),
      card_attachment_counts as materialized (
        select a.card_id, count(*)::int as n
        from ${attachments} a
        join live on live.id = a.card_id
        group by a.card_id
      ),
      live_checklists as (
        select k.id, k.card_id, k.title, k.revision, k.created_at
        from ${checklists} k
        join live on live.id = k.card_id
      ),
      totals as materialized (
        select i.checklist_id, count(*)::int as total, (count(*) filter (where i.is_completed))::int as done
        from ${checklistItems} i
        join live_checklists k on k.id = i.checklist_id
        group by i.checklist_id
      ),
      card_checklists as materialized (
        select k.card_id, string_agg(
          '{"_id":"' || k.id || '","title":' || to_json(k.title)::text || ',"revision":' || k.revision
            || ',"total":' || coalesce(t.total, 0) || ',"done":' || coalesce(t.done, 0) || '}',
          ',' order by k.created_at, k.id
        ) as progress
        from live_checklists k
        left join totals t on t.checklist_id = k.id
        group by k.card_id
      ),
      list_cards as (
        select c.list_id, string_agg(c.id::text, ',' order by c.position, c.id) as ids, string_agg(
          '{"_id":"' || c.id || '","title":' || to_json(c.title)::text
            || case when c.description is null then '' else ',"description":' || to_json(c.description)::text end
            || ',"position":' || c.position || ',"revision":' || c.revision
            || ',"createdAt":"' || to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            || '","updatedAt":"' || to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
            || ',"labels":[' || coalesce(cl.ids, '') || '],"checklists":[' || coalesce(cc.progress, '') || ']'
            || case when c.due_at is null then ''
               else ',"dueAt":"' || to_char(c.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end
            || case when c.due_complete then ',"dueComplete":true' else '' end
            || case when cm.ids is null then '' else ',"memberIds":[' || cm.ids || ']' end
            || case when cover.id is null then '' else ',"coverAttachmentId":"' || cover.id || '"' end
            || case when ac.n is null then '' else ',"attachmentCount":' || ac.n end
            || case when c.lane_id is null then '' else ',"laneId":"' || c.lane_id || '"' end
            || case when c.is_template then ',"isTemplate":true' else '' end
            || case when c.fields = '{}'::jsonb then '' else ',"fields":' || c.fields::text end
            || '}',
          ',' order by c.position, c.id
        ) as cards
        from live c
        left join card_label_ids cl on cl.card_id = c.id
        left join card_member_ids cm on cm.card_id = c.id
        left join card_checklists cc on cc.card_id = c.id
        left join card_attachment_counts ac on ac.card_id = c.id
        left join ${attachments} cover on cover.id = c.cover_attachment_id and cover.card_id = c.id
        group by c.list_id
      )
      select l.id, coalesce(lc.ids, '') as card_ids, (select version from ${boards} where id = ${boardId}) as version,
        '{"_id":"' || l.id || '","title":' || to_json(l.title)::text || ',"position":' || l.position
          || ',"stage":' || coalesce(to_json(l.stage)::text, 'null')
          || ',"wipLimit":' || coalesce(l.wip_limit::text, 'null') || ',"wipMode":"' || l.wip_mode || '"'
          || ',"revision":' || l.revision
          || ',"cards":[' || coalesce(lc.cards, '') || ']}' as json
      from ${lists} l
      join target on target.id = l.id
      left join list_cards lc on lc.list_id = l.id
      order by l.position, l.id`)) as unknown as {
      rows: { id: string; card_ids: string; json: string; version: number }[];
    };
    // The version of the statement's own snapshot: the lists are exactly as they were at it.
    const version = result.rows.length ? Number(result.rows[0]!.version) : await this.versionOf(boardId);
    return {
      version,
      lists: result.rows.map((r) => ({
        id: r.id,
        json: r.json,
        cardIds: r.card_ids ? r.card_ids.split(',') : [],
      })),
    };
  }

  private async versionOf(boardId: string): Promise<number> {
    const [row] = await this.db
      .select({ version: boards.version })
      .from(boards)
      .where(eq(boards.id, boardId));
    return row?.version ?? 0;
  }

  /**
   * What the log says of the board's changes in (`after`, `upTo`]: each event's type and the ids in
   * its payload that name cards and lists (BoardContentCache decides from them what to read again).
   */
  async changesBetween(boardId: string, after: number, upTo: number): Promise<LoggedChange[]> {
    return this.db
      .select({ version: boardEvents.version, type: boardEvents.type, payload: boardEvents.payload })
      .from(boardEvents)
      .where(
        and(eq(boardEvents.boardId, boardId), gt(boardEvents.version, after), lte(boardEvents.version, upTo)),
      )
      .orderBy(asc(boardEvents.version)) as Promise<LoggedChange[]>;
  }

  /** The board's lanes in order (docs/lanes.md). */
  private lanesOf(boardId: string) {
    return this.db
      .select()
      .from(lanes)
      .where(eq(lanes.boardId, boardId))
      .orderBy(asc(lanes.position), asc(lanes.id));
  }

  /** The board's custom fields in order (docs/fields.md). */
  private fieldsOf(boardId: string) {
    return this.db
      .select()
      .from(boardFields)
      .where(eq(boardFields.boardId, boardId))
      .orderBy(asc(boardFields.position), asc(boardFields.createdAt), asc(boardFields.id));
  }

  /**
   * The whole board's rows, one statement each: its labels, lists, live cards (archived ones are
   * left out) with their attachments, their labels and members, and the board's checklists and
   * items; with `listIds`, only those lists and what their cards hold.
   */
  async rows(boardId: string, listIds?: string[]) {
    const inLists = listIds ? inArray(cards.listId, listIds.length ? listIds : [NO_LIST]) : undefined;
    const liveCard = and(eq(cards.boardId, boardId), eq(cards.isArchived, false), inLists);
    const labelRows = await this.db
      .select()
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(asc(labels.createdAt), asc(labels.id));
    const laneRows = await this.lanesOf(boardId);
    const fieldRows = await this.fieldsOf(boardId);
    const listRows = await this.db
      .select()
      .from(lists)
      .where(
        and(
          eq(lists.boardId, boardId),
          listIds ? inArray(lists.id, listIds.length ? listIds : [NO_LIST]) : undefined,
        ),
      )
      .orderBy(asc(lists.position), asc(lists.id));
    const cardRows = await this.db
      .select(cardWithAttachments)
      .from(cards)
      .where(liveCard)
      .orderBy(asc(cards.listId), asc(cards.position), asc(cards.id));
    const cardLabelRows = await this.db
      .select({ cardId: cardLabels.cardId, labelId: cardLabels.labelId })
      .from(cardLabels)
      .innerJoin(cards, eq(cards.id, cardLabels.cardId))
      .where(liveCard)
      .orderBy(asc(cardLabels.createdAt), asc(cardLabels.labelId));
    const checklistRows = inLists
      ? await this.db
          .select(getTableColumns(checklists))
          .from(checklists)
          .innerJoin(cards, eq(cards.id, checklists.cardId))
          .where(and(eq(checklists.boardId, boardId), inLists))
          .orderBy(asc(checklists.createdAt), asc(checklists.id))
      : await this.db
          .select()
          .from(checklists)
          .where(eq(checklists.boardId, boardId))
          .orderBy(asc(checklists.createdAt), asc(checklists.id));
    const cardMemberRows = await this.db
      .select({ cardId: cardMembers.cardId, userId: cardMembers.userId })
      .from(cardMembers)
      .innerJoin(cards, eq(cards.id, cardMembers.cardId))
      .where(liveCard)
      .orderBy(asc(cardMembers.createdAt), asc(cardMembers.userId));
    const items = this.db
      .select(checklistItemColumns)
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId));
    const itemRows = await (
      inLists
        ? items
            .innerJoin(cards, eq(cards.id, checklists.cardId))
            .where(and(eq(checklists.boardId, boardId), inLists))
        : items.where(eq(checklists.boardId, boardId))
    ).orderBy(asc(checklistItems.createdAt), asc(checklistItems.id));
    return {
      labels: labelRows,
      fields: fieldRows,
      lanes: laneRows,
      lists: listRows,
      cards: cardRows,
      cardLabels: cardLabelRows,
      checklists: checklistRows,
      cardMembers: cardMemberRows,
      items: itemRows,
    };
  }
}

/** The full form's content from the rows of `rows`. */
function assemble(rows: BoardRows): { labels: Label[]; fields: BoardField[]; lanes: Lane[]; lists: List[] } {
  const itemsByChecklist = groupBy(rows.items, (i) => i.checklistId);
  const labelById = new Map(rows.labels.map((l) => [l.id, toLabel(l)]));
  const checklistsByCard = groupBy(rows.checklists, (c) => c.cardId);
  const labelsByCard = groupBy(rows.cardLabels, (r) => r.cardId);
  const membersByCard = groupBy(rows.cardMembers, (r) => r.cardId);
  const cardsByList = groupBy(rows.cards, (c) => c.listId);
  const checklist = (c: BoardRows['checklists'][number]): Checklist => ({
    _id: c.id,
    cardId: c.cardId,
    title: c.title,
    items: (itemsByChecklist.get(c.id) ?? []).map((i) => ({
      _id: i.id,
      checklistId: i.checklistId,
      text: i.text,
      isCompleted: i.isCompleted,
      revision: i.revision,
    })),
    revision: c.revision,
  });
  const card = (c: BoardRows['cards'][number]) =>
    toCard(
      c,
      (labelsByCard.get(c.id) ?? []).flatMap((r) => labelById.get(r.labelId) ?? []),
      (checklistsByCard.get(c.id) ?? []).map(checklist),
      (membersByCard.get(c.id) ?? []).map((m) => m.userId),
    );
  return {
    labels: [...labelById.values()],
    fields: rows.fields.map(toField),
    lanes: rows.lanes.map(toLane),
    lists: rows.lists.map((l) => toList(l, (cardsByList.get(l.id) ?? []).map(card))),
  };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}
