import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_LIMIT, type SearchResult } from '@papan/shared';
import { sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { boardMembers, boards, cards, lists } from '../../database/schema';

/** The indexed document (cards_search_idx), over the cards of alias `c`. */
const DOCUMENT = sql.raw(
  "(to_tsvector('english', c.title || ' ' || c.description) || to_tsvector('indonesian', c.title || ' ' || c.description))",
);

@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Live cards of the user's live boards (`only`: of these boards) whose title or description
   * match `query` (a tsquery text) in English or Indonesian, best first. The document is the
   * indexed expression, so PostgreSQL looks the words up in the GIN index rather than reading
   * every card.
   */
  async find(userId: string, query: string, only: string[] | null): Promise<SearchResult[]> {
    const result = (await this.db.execute(sql`
      select c.id, c.title, l.id as list_id, l.title as list_title, b.id as board_id, b.title as board_title
      from ${cards} c
      join ${boardMembers} m on m.board_id = c.board_id and m.user_id = ${userId}
      join ${boards} b on b.id = c.board_id and not b.is_archived
      join ${lists} l on l.id = c.list_id,
      (select to_tsquery('english', ${query}) || to_tsquery('indonesian', ${query}) as query) q
      where not c.is_archived and ${DOCUMENT} @@ q.query
        ${
          only
            ? sql`and c.board_id in (${sql.join(
                only.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }
      order by ts_rank(${DOCUMENT}, q.query) desc, c.updated_at desc, c.id
      limit ${SEARCH_LIMIT}`)) as unknown as {
      rows: {
        id: string;
        title: string;
        list_id: string;
        list_title: string;
        board_id: string;
        board_title: string;
      }[];
    };
    return result.rows.map((r) => ({
      card: { _id: r.id, title: r.title },
      list: { _id: r.list_id, title: r.list_title },
      board: { _id: r.board_id, title: r.board_title },
    }));
  }
}
