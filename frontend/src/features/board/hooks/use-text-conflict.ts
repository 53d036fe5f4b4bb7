import { useState } from 'react';
import { mergeTexts } from '../../../lib/text-merge';
import { conflictCurrent, sendRevised } from '../../../lib/revision-conflict';
import { useBoardStore } from '../store';

/** What the person chose in the conflict dialog; `edit` carries the merge as they edited it. */
export type ConflictChoice =
  { kind: 'mine' } | { kind: 'theirs' } | { kind: 'merge' } | { kind: 'edit'; text: string };

/** Two edits of one text met (docs/product.md, "When two people edit the same text"). */
export interface TextConflict {
  /** The person's text, the other text as the server holds it, and the three-way merge of both. */
  mine: string;
  theirs: string;
  merged: string;
  /** Every change of the other side found its place in the merge. */
  clean: boolean;
  /** Who made the other change, when this screen saw its event. */
  by: string | null;
  /** The object's revision with `theirs`: what the chosen text is sent against. */
  revision: number;
}

interface TextConflictOptions<T> {
  /** The object's id (the board's for the board), to name who changed it. */
  objectId: string;
  /** The edited text of the object as the server holds it. */
  textOf: (current: T) => string;
  /** Sends the text against a revision (`If-Match`); a 412 is thrown as the api client throws it. */
  send: (text: string, revision: number) => Promise<unknown>;
}

/**
 * Saving a text edited against a known text and revision: sent with `If-Match`; when only other
 * fields of the object moved on it is sent again by itself; when the text itself changed,
 * `conflict` holds both texts and the merge until `choose` settles it. `save` and `choose` answer
 * whether the edit is done (saved, or the other text taken) or the choice is open.
 */
export function useTextConflict<T extends { revision: number }>({
  objectId,
  textOf,
  send,
}: TextConflictOptions<T>) {
  const [conflict, setConflict] = useState<TextConflict | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(text: string, base: string, revision: number): Promise<boolean> {
    setBusy(true);
    try {
      await sendRevised<T, unknown>(
        (r) => send(text, r),
        revision,
        (current) => textOf(current) === base,
      );
      setConflict(null);
      return true;
    } catch (error) {
      const current = conflictCurrent<T>(error);
      if (!current) throw error;
      const theirs = textOf(current);
      const merge = mergeTexts(base, text, theirs);
      const by = useBoardStore.getState().editors[objectId] ?? null;
      setConflict({
        mine: text,
        theirs,
        merged: merge.text,
        clean: merge.clean,
        by,
        revision: current.revision,
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function choose(choice: ConflictChoice): Promise<boolean> {
    if (!conflict) return true;
    if (choice.kind === 'theirs') {
      setConflict(null);
      return true;
    }
    const text =
      choice.kind === 'mine' ? conflict.mine : choice.kind === 'merge' ? conflict.merged : choice.text;
    // Against the other text: if it moved again meanwhile, the choice comes back with the newest.
    return save(text, conflict.theirs, conflict.revision);
  }

  return { conflict, busy, save, choose, dismiss: () => setConflict(null) };
}
