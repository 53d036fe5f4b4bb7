import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { TRANSFER_LIMITS } from '@papan/shared';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * What ends a number, `true`, `false` or `null`: whitespace and every structural character, so
 * that a stray byte (a BOM, say) before `[[[…` cannot hide the nesting from the count.
 */
const ENDS_SCALAR = new Uint8Array(256);
for (const c of [
  0x20,
  0x09,
  0x0a,
  0x0d,
  COMMA,
  COLON,
  QUOTE,
  OPEN_OBJECT,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  CLOSE_ARRAY,
])
  ENDS_SCALAR[c] = 1;

/**
 * Counts the values of a JSON text and how deep it nests, byte by byte as it arrives, and refuses
 * it as soon as it passes `TRANSFER_LIMITS.jsonValues` or `jsonDepth`: before JSON.parse, whose
 * result takes up to ~21× the text in memory. It does not check the syntax (JSON.parse does
 * afterwards); on text that is not JSON its counts are only approximate. Keys are not values.
 */
export class JsonScan {
  private values = 0;
  private depth = 0;
  /** Per open container, whether it is an object (whose strings alternate key, value). */
  private readonly inObject: boolean[] = [];
  private inString = false;
  private escaped = false;
  private inScalar = false;
  /** In an object, after `{` or `,`: the next string is a key. */
  private expectKey = false;

  /** `what` names the text in the refusals ("file", "board.json"). */
  constructor(private readonly what: string) {}

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
        continue;
      }
      if (this.inScalar) {
        if (!ENDS_SCALAR[b]) continue;
        this.inScalar = false;
      }
      switch (b) {
        case QUOTE:
          this.inString = true;
          if (this.expectKey) this.expectKey = false;
          else this.value();
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.value();
          if (++this.depth > TRANSFER_LIMITS.jsonDepth)
            throw new BadRequestException(
              `${this.what}: must not nest arrays and objects more than ${TRANSFER_LIMITS.jsonDepth} deep`,
            );
          this.inObject.push(b === OPEN_OBJECT);
          this.expectKey = b === OPEN_OBJECT;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.depth--;
          this.inObject.pop();
          this.expectKey = false;
          break;
        case COMMA:
          this.expectKey = this.inObject[this.inObject.length - 1] === true;
          break;
        case COLON:
        case 0x20:
        case 0x09:
        case 0x0a:
        case 0x0d:
          break;
        default:
          // A number, true, false or null begins (or a stray byte JSON.parse will refuse).
          this.inScalar = true;
          this.value();
      }
    }
  }

  private value(): void {
    if (++this.values > TRANSFER_LIMITS.jsonValues)
      throw new PayloadTooLargeException(
        `${this.what}: must hold at most ${TRANSFER_LIMITS.jsonValues} JSON values (objects, arrays, strings, numbers)`,
      );
  }
}
