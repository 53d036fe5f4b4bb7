import { describe, expect, it } from 'vitest';
import { describeQueued } from './queued-changes';

describe(describeQueued.name, () => {
  it('sends a waiting list rename against the revision it was made on (If-Match)', () => {
    const change = describeQueued(
      'b1',
      { kind: 'list.rename', args: { listId: 'l1', title: 'Doing', before: 'To do', revision: 4 } },
      'To do',
    );
    expect(change).toMatchObject({
      method: 'PUT',
      path: '/api/lists/l1',
      body: { title: 'Doing' },
      ifMatch: 4,
    });
  });
});
