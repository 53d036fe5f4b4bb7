import type { FieldType, ListStage, WipMode } from '@papan/shared';

/** Someone named in an import: matched to an account by e-mail when there is one. */
export interface PlanPerson {
  name: string;
  email: string | null;
}

export interface PlanAttachment {
  name: string;
  mimeType: string;
  createdAt: Date;
  /** The ZIP entry of the file's bytes; attachments without them are not imported. */
  entry: string;
  /** What the file says its size is, checked against the attachment limit before reading. */
  declaredSize: number | null;
  isCover: boolean;
}

export interface PlanCard {
  /** What the plan's `history` names the card by. */
  key: string;
  title: string;
  description: string;
  createdAt: Date;
  dueAt: Date | null;
  dueComplete: boolean;
  /** Indexes into the plan's labels. */
  labels: number[];
  members: PlanPerson[];
  checklists: { title: string; items: { text: string; isCompleted: boolean }[] }[];
  comments: { author: PlanPerson | null; text: string; createdAt: Date }[];
  attachments: PlanAttachment[];
  /** The key of one of the plan's `lanes`, or null: the default lane. */
  lane: string | null;
  /** A template card (docs/product.md, "Templates"). */
  isTemplate: boolean;
  /** Its custom field values, each fitting its field (docs/fields.md). */
  fields: PlanValue[];
}

/** A custom field of the board to create (docs/fields.md). */
export interface PlanField {
  name: string;
  type: FieldType;
  /** A select's options in order; empty for the other types. */
  options: { name: string; color: string }[];
  showOnCard: boolean;
}

/**
 * A card's value: `field` indexes the plan's fields; a select's `value` is the index of one of its
 * options, every other value is as the card holds it.
 */
export interface PlanValue {
  field: number;
  value: string | number | boolean;
}

/**
 * A board to create, read from either format and validated: the import writes exactly this, in
 * one transaction. Order is array order everywhere. Plain data (read in a worker, plan-reader.ts).
 */
export interface ImportPlan {
  /** Where it came from, named in the comments of other people ("Trello", "Papan"). */
  source: string;
  title: string;
  description: string;
  /** A template board (docs/product.md, "Templates"). */
  isTemplate: boolean;
  labels: { name: string; color: string }[];
  /** The custom fields in order. */
  fields: PlanField[];
  /** The swimlanes in order (docs/lanes.md); `key` is what the cards name theirs by. */
  lanes: { key: string; title: string }[];
  /** `key`: what the plan's `history` names the list by. */
  lists: {
    key: string;
    title: string;
    stage: ListStage | null;
    wipLimit: number | null;
    wipMode: WipMode;
    cards: PlanCard[];
  }[];
  /**
   * Where each card has been, by key; keys no card or list of the plan has stand for deleted ones.
   * Null: the file has no history, and the cards' history starts at the import.
   */
  history: PlanStay[] | null;
}

export interface PlanStay {
  card: string;
  list: string;
  enteredAt: Date;
  leftAt: Date | null;
}
