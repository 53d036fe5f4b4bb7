import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { acceptsGzip, GZIPPED_BOARD_ANSWERS, GzippedBoardAnswers } from './board-answer-gzip';

const gzipAsync = promisify(gzip);

describe(acceptsGzip.name, () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *;q=0.1', true],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['*, gzip;q=0', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe(GzippedBoardAnswers.name, () => {
  it('compresses once per key and board, again when the key changes, and keeps a bounded number', async () => {
    const answers = new GzippedBoardAnswers();
    let built = 0;
    const json = (text: string) => () => {
      built++;
      return gzipAsync(JSON.stringify({ text }));
    };
    const first = await answers.get('b1', 'v1', json('one'));
    const again = await answers.get('b1', 'v1', json('ignored'));
    expect(again).toBe(first);
    expect(built).toBe(1);
    expect(gunzipSync(first).toString()).toBe('{"text":"one"}');
    const changed = await answers.get('b1', 'v2', json('two'));
    expect(gunzipSync(changed).toString()).toBe('{"text":"two"}');
    expect(built).toBe(2);
    for (let i = 0; i < GZIPPED_BOARD_ANSWERS; i++) await answers.get(`other-${i}`, 'v', json('x'));
    await answers.get('b1', 'v2', json('two'));
    expect(built).toBe(3 + GZIPPED_BOARD_ANSWERS); // b1 was the least recently read: it had left
  });
});
