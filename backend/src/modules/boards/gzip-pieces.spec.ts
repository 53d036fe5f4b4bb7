import { gunzipSync } from 'node:zlib';
import { deflatePiece, gzipPieces } from './gzip-pieces';

describe(gzipPieces.name, () => {
  it('joins pieces deflated apart into one gzip member of the whole text', async () => {
    const texts = ['{"_id":"a","cards":[]}', '', ',{"title":"ü 漢字 😀 \\"q\\""}', ','.repeat(70_000)];
    const pieces = await Promise.all(texts.map(deflatePiece));
    const gzip = gzipPieces('{"head":1,"lists":[', pieces, ']}');
    expect(gunzipSync(gzip).toString()).toBe(`{"head":1,"lists":[${texts.join('')}]}`);
  });

  it('reuses a piece in several answers, each with its own ends', async () => {
    const piece = await deflatePiece('"shared"');
    expect(gunzipSync(gzipPieces('[', [piece, piece], ']')).toString()).toBe('["shared""shared"]');
    expect(gunzipSync(gzipPieces('', [], '')).toString()).toBe('');
  });
});
