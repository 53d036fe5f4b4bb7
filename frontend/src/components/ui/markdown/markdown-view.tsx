import type { Mentionable } from '@papan/shared';
import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { cachedTree, parseMarkdown } from './markdown-client';
import { markdownClass } from './markdown-styles';

export interface MarkdownViewProps {
  source: string;
  /** Whose `@Name` is marked (comments: the board's people). */
  people?: readonly Mentionable[];
  /** Given, task boxes can be ticked: called with the box's offset in `source` (task-list.ts). */
  onToggleTask?: (offset: number) => void;
  className?: string;
}

const NOBODY: readonly Mentionable[] = [];

type InputProps = ComponentProps<'input'> & { 'data-task-offset'?: number };

/**
 * Rendered Markdown (docs/product.md, "Card detail"); plain text until the safe tree is ready or if
 * it fails.
 */
export default function MarkdownView({
  source,
  people = NOBODY,
  onToggleTask,
  className = '',
}: MarkdownViewProps) {
  const [parsed, setParsed] = useState<{ source: string; tree: Root | null } | undefined>(() => {
    const tree = cachedTree(source, people);
    return tree === undefined ? undefined : { source, tree };
  });

  useEffect(() => {
    let live = true;
    void parseMarkdown(source, people).then((tree) => {
      if (live) setParsed({ source, tree });
    });
    return () => {
      live = false;
    };
  }, [source, people]);

  const components = useMemo<Partial<Components>>(
    () => ({
      input: ({ 'data-task-offset': offset, checked, ...props }: InputProps) => (
        <input
          {...props}
          checked={!!checked}
          disabled={!onToggleTask || offset === undefined}
          onChange={() => offset !== undefined && onToggleTask?.(offset)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    }),
    [onToggleTask],
  );

  const tree = parsed?.tree;
  if (!tree || parsed.source !== source)
    return <div className={`${markdownClass} whitespace-pre-wrap ${className}`}>{source}</div>;
  return (
    <div className={`${markdownClass} ${className}`}>
      {toJsxRuntime(tree, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true })}
    </div>
  );
}
