import { findCard } from '@papan/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSession } from '../../../lib/session';
import { FILTER_FIELD_ID } from '../components/board-filter';
import { setCardMember } from '../components/card-modal/card-member-change';
import { useBoardStore } from '../store';

/** The card actions a key opens in the card detail: the control marked `data-shortcut`. */
const CARD_KEYS: Record<string, string> = { e: 'title', l: 'labels', d: 'due', m: 'members' };

/** Keys typed into a field, a menu or a picker are text, never shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Presses the control marked `data-shortcut=name` (or the first button inside it) once it is shown. */
function pressWhenShown(name: string, tries = 30): void {
  const marked = document.querySelector(`[role="dialog"] [data-shortcut="${name}"]`);
  const control = marked?.matches('button') ? marked : marked?.querySelector('button');
  if (control instanceof HTMLElement) control.click();
  else if (tries > 0) requestAnimationFrame(() => pressWhenShown(name, tries - 1));
}

const focusedCardId = () =>
  document.activeElement?.closest('[data-card-id]')?.getAttribute('data-card-id') ?? null;

/**
 * The keys on the board (docs/product.md, "Board screen"): `?` the list of shortcuts, `f` the
 * filter, `n` a card in the list under the pointer or focus; on a focused or open card `e` title,
 * `l` labels, `d` due date, `m` members, Space puts the caller on the card or takes them off.
 * Escape is the dialogs' own.
 */
export function useBoardShortcuts({
  openCardId,
  openCard,
  showHelp,
}: {
  openCardId: string | null;
  openCard: (cardId: string) => void;
  showHelp: () => void;
}) {
  const onKey = useEffectEvent((event: KeyboardEvent, pointerList: Element | null) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
      return;
    // Another dialog (share, activity, a confirmation) owns the keyboard.
    const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]').length;
    if (dialogs > (openCardId ? 1 : 0)) return;
    const key = event.key;
    if (key === '?' && !openCardId) return act(event, showHelp);
    if (key === 'f' && !openCardId)
      return act(event, () => document.getElementById(FILTER_FIELD_ID)?.focus());
    if (key === 'n' && !openCardId) {
      // The list (on a board with lanes, the cell; docs/lanes.md) with the focus, else under the pointer.
      const list =
        document.activeElement?.closest('[data-list-id]') ??
        (pointerList?.isConnected ? pointerList : document.querySelector('[data-list-id]'));
      const add = list?.querySelector('[data-shortcut="add-card"]');
      if (add instanceof HTMLElement) act(event, () => add.click());
      return;
    }
    const cardId = openCardId ?? focusedCardId();
    if (!cardId) return;
    if (CARD_KEYS[key]) {
      return act(event, () => {
        if (!openCardId) openCard(cardId);
        pressWhenShown(CARD_KEYS[key]!);
      });
    }
    if (key === ' ' && !isButtonInDialog(event.target)) {
      const me = useSession.getState().session?._id;
      const board = useBoardStore.getState().board;
      const card = board && findCard(board, cardId)?.card;
      if (!me || !card) return;
      act(event, () => void setCardMember(cardId, me, !(card.memberIds ?? []).includes(me)));
    }
  });

  useEffect(() => {
    let pointerList: Element | null = null;
    const onMove = (event: PointerEvent) => {
      const list = (event.target as Element | null)?.closest?.('[data-list-id]');
      if (list) pointerList = list;
    };
    const onKeyDown = (event: KeyboardEvent) => onKey(event, pointerList);
    document.addEventListener('pointermove', onMove);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}

/** In the open card, Space still presses the button that has focus. */
function isButtonInDialog(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    !!target.closest('[role="dialog"]') &&
    target.matches('button, [role="button"]')
  );
}

function act(event: KeyboardEvent, run: () => void): void {
  event.preventDefault();
  run();
}
