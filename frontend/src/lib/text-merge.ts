import { diff_match_patch } from 'diff-match-patch';

/** A three-way merge's result: the text, and whether every change of the other side found its place. */
export interface TextMerge {
  text: string;
  clean: boolean;
}

/**
 * Merges two edits of the same text (docs/product.md, "When two people edit the same text"): the
 * other side's changes, as diff-match-patch patches from the text both started from, applied onto
 * mine. Where the two changed the same words a patch may not apply; then `clean` is false and the
 * merge keeps my words there, for the person to check.
 */
export function mergeTexts(base: string, mine: string, theirs: string): TextMerge {
  if (mine === theirs || theirs === base) return { text: mine, clean: true };
  if (mine === base) return { text: theirs, clean: true };
  const dmp = new diff_match_patch();
  const diffs = dmp.diff_main(base, theirs);
  dmp.diff_cleanupSemantic(diffs);
  const patches = dmp.patch_make(base, diffs);
  const [text, applied] = dmp.patch_apply(patches, mine);
  return { text, clean: applied.every(Boolean) };
}
