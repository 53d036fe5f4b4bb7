import { z } from 'zod';
import { validateFile } from './validate-file';

describe('validateFile', () => {
  it('stops at the first bad item instead of collecting an issue per item', () => {
    let checked = 0;
    const item = z.custom(() => (checked++, false), { message: 'is wrong' });
    expect(() => validateFile(z.object({ items: z.array(item) }), { items: Array(100_000).fill(1) })).toThrow(
      'items.0: is wrong',
    );
    expect(checked).toBe(1);
  });

  it('names the place of the problem, under `at`, and refuses text PostgreSQL cannot store', () => {
    const schema = z.object({ data: z.object({ text: z.string().max(3, 'must be at most 3 characters') }) });
    expect(() => validateFile(schema, { data: { text: 'long' } }, 'actions.4')).toThrow(
      'actions.4.data.text: must be at most 3 characters',
    );
    expect(() => validateFile(schema, { data: { text: 'a\0' } })).toThrow('data.text: must not contain NUL');
    expect(validateFile(schema, { data: { text: 'ok' }, extra: 1 })).toEqual({ data: { text: 'ok' } });
  });
});
