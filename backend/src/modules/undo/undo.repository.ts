import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Comment, UndoKind } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  boardMembers,
  boards,
  cards,
  comments,
  labels,
  lanes,
  lists,
  undoBlobRefs,
  undoEntries,
  users,
} from '../../database/schema';
import { toComment } from '../comments/comments.repository';
import type { Snapshot, SnapshotRow, SnapshotTable } from './undo-snapshot';

export interface UndoEntry {
  id: string;
  userId: string;
  boardId: string;
  kind: UndoKind;
  targetId: string;
  used: boolean;
  expired: boolean;
}

/**
 * Which rows of each table a deletion of `kind` takes (conditions on that table's own columns).
 * A card is archived, not deleted (docs/api.md, `DELETE /api/cards/{id}`, a soft delete): its row is kept as it was and only its attachments go.
 * A list takes every card it holds, archived ones too, so their own undo still finds them.
 */
function snapshotScope(kind: UndoKind, id: string): Partial<Record<SnapshotTable, SQL>> {
  switch (kind) {
    case 'card':
      return { cards: sql`id = ${id}`, attachments: sql`card_id = ${id}` };
    case 'checklist':
      return { checklists: sql`id = ${id}`, checklist_items: sql`checklist_id = ${id}` };
    case 'comment':
      return { comments: sql`id = ${id}` };
    case 'list': {
      const ofCards = sql`card_id in (select id from cards where list_id = ${id})`;
      return {
        lists: sql`id = ${id}`,
        cards: sql`list_id = ${id}`,
        card_labels: ofCards,
        card_members: ofCards,
        checklists: ofCards,
        checklist_items: sql`checklist_id in (select id from checklists where ${ofCards})`,
        comments: ofCards,
        attachments: ofCards,
        due_reminders: ofCards,
      };
    }
  }
}

/** One `jsonb_build_object` of every scoped table's rows, each table an array (possibly empty). */
function snapshotObject(scope: Partial<Record<SnapshotTable, SQL>>): SQL {
  const parts = Object.entries(scope).map(
    ([table, where]) =>
      sql`${table}::text, coalesce((select jsonb_agg(to_jsonb(t)) from ${sql.identifier(table)} t where ${where}), '[]'::jsonb)`,
  );
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/** Both drivers answer raw statements with `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Undo entries (docs/api.md, "Undo"): the rows a deletion took, kept for its window, and putting
 * them back.
 */
@Injectable()
export class UndoRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Stores what deleting `targetId` is about to take, in one statement, and keeps the files of its
   * attachments (the blob trigger spares them). Runs in the deletion's transaction, before it.
   */
  async keep(
    entry: { tokenHash: string; userId: string; boardId: string; kind: UndoKind; targetId: string },
    seconds: number,
    tx: Executor,
  ): Promise<void> {
    const scope = snapshotScope(entry.kind, entry.targetId);
    const [{ id }] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into ${undoEntries} (token_hash, user_id, board_id, kind, target_id, snapshot, expires_at)
        values (${entry.tokenHash}, ${entry.userId}, ${entry.boardId}, ${entry.kind}, ${entry.targetId},
                ${snapshotObject(scope)}, now() + make_interval(secs => ${seconds}))
        returning id`),
    );
    if (!scope.attachments) return;
    await tx.execute(sql`
      insert into ${undoBlobRefs} (undo_id, blob_id)
      select ${id}::uuid, blob_id from attachments where ${scope.attachments}
      union
      select ${id}::uuid, thumbnail_blob_id from attachments where ${scope.attachments} and thumbnail_blob_id is not null`);
  }

  /** The entry a token hash names, whatever its state. */
  async find(tokenHash: string): Promise<UndoEntry | undefined> {
    const [row] = await this.db
      .select({
        id: undoEntries.id,
        userId: undoEntries.userId,
        boardId: undoEntries.boardId,
        kind: undoEntries.kind,
        targetId: undoEntries.targetId,
        used: sql<boolean>`${undoEntries.usedAt} is not null`,
        expired: sql<boolean>`${undoEntries.expiresAt} <= now() or ${undoEntries.snapshot} is null`,
      })
      .from(undoEntries)
      .where(eq(undoEntries.tokenHash, tokenHash));
    return row;
  }

  /**
   * Takes the entry for its undo, once: marks it used and answers its rows, or undefined when it
   * was used or expired meanwhile. The row lock makes a second, concurrent undo wait and then fail.
   */
  async claim(entryId: string, tx: Executor): Promise<Snapshot | undefined> {
    const [row] = rowsOf<{ snapshot: string }>(
      await tx.execute(sql`
        update ${undoEntries} u set used_at = now(), snapshot = null
        from (select id, snapshot from ${undoEntries} where id = ${entryId} for update) old
        where u.id = old.id and u.used_at is null and u.expires_at > now() and old.snapshot is not null
        returning old.snapshot::text as snapshot`),
    );
    return row ? (JSON.parse(row.snapshot) as Snapshot) : undefined;
  }

  /** Lets go of the entry's files (after its attachments are back, so nothing is freed). */
  async releaseBlobs(entryId: string, tx: Executor): Promise<void> {
    await tx.delete(undoBlobRefs).where(eq(undoBlobRefs.undoId, entryId));
  }

  /** Puts rows back exactly as they were stored (same ids, times and positions). */
  async insertRows(table: SnapshotTable, rows: SnapshotRow[], tx: Executor): Promise<void> {
    if (!rows.length) return;
    const t = sql.identifier(table);
    await tx.execute(
      sql`insert into ${t} select * from jsonb_populate_recordset(null::${t}, ${JSON.stringify(rows)}::jsonb)`,
    );
  }

  /** Un-archives a card with the fields it had before it was deleted; false when its row is gone. */
  async unarchiveCard(row: SnapshotRow, tx: Executor): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${cards} c set is_archived = s.is_archived, archived_at = s.archived_at,
          updated_at = s.updated_at, cover_attachment_id = s.cover_attachment_id
        from jsonb_populate_record(null::cards, ${JSON.stringify(row)}::jsonb) s
        where c.id = s.id and c.is_archived
        returning c.id`),
    );
    return rows.length > 0;
  }

  /** A comment as its events carry it, with its author. */
  async comment(commentId: string, tx: Executor): Promise<Comment> {
    const [row] = await tx
      .select({
        comment: comments,
        author: { id: users.id, name: users.name, profilePictureUrl: users.profilePictureUrl },
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, commentId));
    return toComment(row.comment, row.author);
  }

  async boardExists(boardId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: boards.id }).from(boards).where(eq(boards.id, boardId));
    return !!row;
  }

  async listExists(listId: string, tx: Executor): Promise<boolean> {
    const [row] = await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId));
    return !!row;
  }

  async liveCard(cardId: string, tx: Executor): Promise<{ title: string; listId: string } | undefined> {
    const [row] = await tx
      .select({ title: cards.title, listId: cards.listId })
      .from(cards)
      .where(and(eq(cards.id, cardId), eq(cards.isArchived, false)));
    return row;
  }

  /** Of these users, the ones whose accounts still exist. */
  async existingUsers(ids: string[], tx: Executor): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** The board's owner and members now: a card keeps only members who are still on the board. */
  async boardPeople(boardId: string, tx: Executor): Promise<Set<string>> {
    const [board] = await tx.select({ ownerId: boards.ownerId }).from(boards).where(eq(boards.id, boardId));
    const rows = await tx
      .select({ id: boardMembers.userId })
      .from(boardMembers)
      .where(eq(boardMembers.boardId, boardId));
    return new Set([board?.ownerId, ...rows.map((r) => r.id)].filter((id): id is string => !!id));
  }

  /** The board's labels now (one deleted meanwhile is not put back on a card). */
  /** The board's lanes: a restored card whose lane went meanwhile comes back in the default lane. */
  async laneIds(boardId: string, tx: Executor): Promise<Set<string>> {
    const rows = await tx.select({ id: lanes.id }).from(lanes).where(eq(lanes.boardId, boardId));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Lifts the hard WIP limits for the rest of the transaction: a list brought back returns with the
   * cards it had (docs/lanes.md, "Hard limits").
   */
  async suspendWipLimits(tx: Executor): Promise<void> {
    await tx.execute(sql`select set_config('papan.wip', 'off', true)`);
  }

  async labelIds(boardId: string, tx: Executor): Promise<Set<string>> {
    const rows = await tx.select({ id: labels.id }).from(labels).where(eq(labels.boardId, boardId));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Expired entries give up their rows and files; a day later they go entirely (until then a late
   * undo is told the time has passed). Answers how many entries expired or went.
   */
  async purge(): Promise<number> {
    const expired = or(lte(undoEntries.expiresAt, sql`now()`), isNotNull(undoEntries.usedAt));
    const gone = await this.db.transaction(async (tx) => {
      await tx
        .delete(undoBlobRefs)
        .where(
          inArray(undoBlobRefs.undoId, tx.select({ id: undoEntries.id }).from(undoEntries).where(expired)),
        );
      const emptied = await tx
        .update(undoEntries)
        .set({ snapshot: null })
        .where(and(expired, isNotNull(undoEntries.snapshot)))
        .returning({ id: undoEntries.id });
      const deleted = await tx
        .delete(undoEntries)
        .where(lte(undoEntries.expiresAt, sql`now() - interval '1 day'`))
        .returning({ id: undoEntries.id });
      return emptied.length + deleted.length;
    });
    return gone;
  }
}
