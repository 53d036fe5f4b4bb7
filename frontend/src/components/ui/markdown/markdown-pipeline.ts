import { findMentions, type Mentionable } from '@papan/shared';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { safeUrl } from './safe-url';
import { taskBoxOffset } from './task-list';

/** Deeper elements become their text: 5,000 nested quotes must not make 5,000 nested boxes. */
export const MAX_DEPTH = 24;

// Raw HTML reaches the tree as `raw` nodes (allowDangerousHtml), so it can be shown as the text typed.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true });

type Node = Root | RootContent;
interface Walk {
  source: string;
  people: readonly Mentionable[];
  /** The box of the task item being walked, for its checkbox. */
  task?: { offset: number; label: string };
  /** Inside a link or code: no mentions there. */
  plain?: boolean;
}

/** Every text under a node, without recursion (the node may be thousands of levels deep). */
function textOf(node: Node, skip: (element: Element) => boolean = () => false): string {
  let text = '';
  const stack: Node[] = [node];
  while (stack.length) {
    const next = stack.pop()!;
    if (next.type === 'text' || (next.type as string) === 'raw') text += (next as { value: string }).value;
    else if ('children' in next && !(next.type === 'element' && next !== node && skip(next)))
      for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]);
  }
  return text;
}

const text = (value: string): ElementContent => ({ type: 'text', value });
const element = (
  tagName: string,
  properties: Element['properties'],
  children: ElementContent[],
): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

function mentionsIn(value: string, walk: Walk): ElementContent[] {
  const found = walk.plain ? [] : findMentions(value, walk.people);
  if (found.length === 0) return [text(value)];
  const parts: ElementContent[] = [];
  let at = 0;
  for (const mention of found) {
    if (mention.start > at) parts.push(text(value.slice(at, mention.start)));
    parts.push(
      element('span', { className: ['mention'], dataUserId: mention.userId }, [
        text(value.slice(mention.start, mention.end)),
      ]),
    );
    at = mention.end;
  }
  if (at < value.length) parts.push(text(value.slice(at)));
  return parts;
}

/** One element made safe: links kept only to safe targets, images shown as links, tasks numbered. */
function safeElement(node: Element, depth: number, walk: Walk): ElementContent[] {
  if (depth > MAX_DEPTH) return [text(textOf(node))];
  const { tagName, properties } = node;
  if (tagName === 'img') {
    // Never loaded: a foreign image would tell its host who reads the card (and the CSP refuses it).
    const src = safeUrl(String(properties.src ?? ''));
    const label = String(properties.alt || properties.src || '');
    if (!src || src.startsWith('mailto:')) return [text(label)];
    return [
      element('a', { href: src, target: '_blank', rel: ['noopener', 'noreferrer'] }, [text(label || src)]),
    ];
  }
  let inner = walk;
  if (tagName === 'a') {
    const href = safeUrl(String(properties.href ?? ''));
    inner = { ...walk, plain: true };
    if (!href) return children(node, depth, inner);
    node = element('a', { href, target: '_blank', rel: ['noopener', 'noreferrer'] }, node.children);
  } else if (tagName === 'code' || tagName === 'pre') {
    inner = { ...walk, plain: true };
  } else if (tagName === 'li' && String(properties.className ?? '').includes('task-list-item')) {
    const offset = node.position && taskBoxOffset(walk.source, node.position.start.offset ?? -1);
    const label = textOf(node, (child) => child.tagName === 'ul' || child.tagName === 'ol').trim();
    inner = { ...walk, task: offset === undefined ? undefined : { offset, label } };
  } else if (tagName === 'input') {
    if (properties.type !== 'checkbox') return [];
    const task = walk.task;
    inner = { ...walk, task: undefined };
    node = element(
      'input',
      {
        type: 'checkbox',
        checked: !!properties.checked,
        disabled: true,
        dataTaskOffset: task?.offset,
        ariaLabel: task?.label,
      },
      [],
    );
  }
  return [{ ...node, children: children(node, depth, inner) }];
}

function children(node: Element | Root, depth: number, walk: Walk): ElementContent[] {
  return node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'element') return safeElement(child, depth + 1, walk);
    if (child.type === 'text') return mentionsIn(child.value, walk);
    // Raw HTML is never rendered: it shows as the characters typed.
    if ((child.type as string) === 'raw') return [text((child as unknown as { value: string }).value)];
    return [];
  });
}

/**
 * CommonMark + GFM to a safe HTML tree (docs/security.md, "6. Cross-site scripting"): no raw HTML,
 * links only to `http`, `https` and `mailto` (opened apart, without referrer), no images loaded, at
 * most MAX_DEPTH levels, task boxes carrying where they sit in the source, `@Name` of the given
 * people marked.
 */
export function toSafeTree(source: string, people: readonly Mentionable[] = []): Root {
  const tree = processor.runSync(processor.parse(source)) as Root;
  return { type: 'root', children: children(tree, 0, { source, people }) };
}
