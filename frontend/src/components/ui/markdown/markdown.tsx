import { lazy, Suspense } from 'react';
import type { MarkdownViewProps } from './markdown-view';
import { markdownClass } from './markdown-styles';

// The renderer (and its parser, in a worker) loads only where Markdown is shown.
const MarkdownView = lazy(() => import('./markdown-view'));

/** Markdown as HTML, safely (markdown-pipeline.ts); the plain text shows while the renderer loads. */
export function Markdown(props: MarkdownViewProps) {
  return (
    <Suspense
      fallback={
        <div className={`${markdownClass} whitespace-pre-wrap ${props.className ?? ''}`}>{props.source}</div>
      }
    >
      <MarkdownView {...props} />
    </Suspense>
  );
}
