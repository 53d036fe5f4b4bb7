/// <reference lib="webworker" />
import { toSafeTree } from './markdown-pipeline';
import type { ParseRequest, ParseAnswer } from './markdown-client';

// Parsing runs here so a hostile text (thousands of nested lists) can only stall this worker, which
// the page ends after a time limit; the page itself stays responsive.
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, source, people } = event.data;
  let answer: ParseAnswer;
  try {
    answer = { id, tree: toSafeTree(source, people) };
  } catch {
    answer = { id, tree: null };
  }
  self.postMessage(answer);
};
