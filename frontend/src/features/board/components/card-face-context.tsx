import type { BoardField, Label, UserRef } from '@papan/shared';
import type { TFunction } from 'i18next';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoardStore } from '../store';

/** What every card face of the board reads: the translator and the board's labels and members. */
export interface CardFaceShared {
  t: TFunction;
  language: string;
  labels: ReadonlyMap<string, Label>;
  members: ReadonlyMap<string, UserRef>;
  /** The custom fields shown on the card face (docs/fields.md), in order. */
  faceFields: readonly BoardField[];
}

const NO_LABELS: Label[] = [];
const NO_MEMBERS: UserRef[] = [];
const NO_FIELDS: BoardField[] = [];
const CardFaceContext = createContext<CardFaceShared | null>(null);

/**
 * Read once for the whole board and handed to its cards: a translation hook and two store
 * subscriptions in each of 2,000 cards were a third of the board's first render.
 */
export function CardFaceProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const labels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  const members = useBoardStore((state) => state.board?.members ?? NO_MEMBERS);
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  const value = useMemo(
    () => ({
      t,
      language: i18n.language,
      labels: new Map(labels.map((label) => [label._id, label])),
      members: new Map(members.map((member) => [member._id, member])),
      faceFields: fields.filter((field) => field.showOnCard),
    }),
    [t, i18n.language, labels, members, fields],
  );
  return <CardFaceContext.Provider value={value}>{children}</CardFaceContext.Provider>;
}

export function useCardFaceShared(): CardFaceShared {
  const shared = useContext(CardFaceContext);
  if (!shared) throw new Error('A card face is drawn outside <CardFaceProvider>');
  return shared;
}
