import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from './markdown-pipeline';
import MarkdownView from './markdown-view';
import { toggleTask } from './task-list';

const people = [
  { _id: 'u-ann', name: 'Ann' },
  { _id: 'u-ann-lee', name: 'Ann Lee' },
];

async function renderMarkdown(source: string, props: Partial<Parameters<typeof MarkdownView>[0]> = {}) {
  const view = render(<MarkdownView source={source} {...props} />);
  // Plain text shows first; the rendered tree replaces it.
  await waitFor(() =>
    expect(view.container.firstElementChild?.classList.contains('whitespace-pre-wrap')).toBe(false),
  );
  return view.container.firstElementChild as HTMLElement;
}

describe('MarkdownView', () => {
  it('renders GFM: tables, strikethrough, autolinks and task lists', async () => {
    const root = await renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ www.example.com\n\n- [x] done\n- [ ] open',
    );

    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(root.querySelector('del')).toHaveTextContent('gone');
    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute(
      'href',
      'http://www.example.com/',
    );
    expect(screen.getByRole('checkbox', { name: 'done' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'open' })).not.toBeChecked();
    // Without a toggle the boxes only show.
    expect(screen.getByRole('checkbox', { name: 'open' })).toBeDisabled();
  });

  it('shows raw HTML as the characters typed and renders none of it', async () => {
    const root = await renderMarkdown(
      '<script>alert(1)</script>\n\nhi <img src=x onerror="alert(2)"> <b>bold</b>',
    );

    expect(root).toHaveTextContent('<script>alert(1)</script>');
    expect(root).toHaveTextContent('<img src=x onerror="alert(2)">');
    expect(root.querySelector('script, img, b, [onerror]')).toBeNull();
  });

  it('keeps links to http, https and mailto only, opened apart without referrer', async () => {
    const root = await renderMarkdown(
      '[web](https://example.com/a) [mail](mailto:a@example.com) [js](javascript:alert(1)) ' +
        '[data](data:text/html,<b>x</b>) [rel](/api/boards) [vb](vbscript:x) <javascript:alert(3)>',
    );

    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'mailto:a@example.com',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(root).toHaveTextContent('js data rel vb');
  });

  it('loads no image: a web image becomes a link, a data: image its text', async () => {
    const root = await renderMarkdown(
      '![logo](https://cdn.example.com/l.png) ![pixel](data:image/png;base64,AAAA)',
    );

    expect(root.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'logo' })).toHaveAttribute(
      'href',
      'https://cdn.example.com/l.png',
    );
    expect(root).toHaveTextContent('pixel');
    expect(root.innerHTML).not.toContain('data:');
  });

  it(`flattens what is nested deeper than ${MAX_DEPTH} levels into text`, async () => {
    const root = await renderMarkdown(`${'>'.repeat(200)} deep`);

    expect(root.querySelectorAll('blockquote').length).toBeLessThanOrEqual(MAX_DEPTH);
    expect(root).toHaveTextContent('deep');
  });

  it('marks the longest matching name of the given people, not in code or links', async () => {
    const root = await renderMarkdown('Hi @ann lee and @Ann, not `@Ann` or mail@Ann.', { people });

    const marked = [...root.querySelectorAll('.mention')];
    expect(marked.map((m) => [m.textContent, m.getAttribute('data-user-id')])).toEqual([
      ['@ann lee', 'u-ann-lee'],
      ['@Ann', 'u-ann'],
    ]);
  });

  it('ticks a task box: the callback gets the box in the source, which toggleTask flips', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    function Harness() {
      const [source, setSource] = useState('Steps:\n\n- [ ] first\n- [x] second\n> 1. [ ] quoted');
      return (
        <MarkdownView
          source={source}
          onToggleTask={(offset) => {
            const next = toggleTask(source, offset);
            if (next) saved.push(next);
            if (next) setSource(next);
          }}
        />
      );
    }
    render(<Harness />);

    await user.click(await screen.findByRole('checkbox', { name: 'first' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'first' })).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: 'second' }));
    await user.click(screen.getByRole('checkbox', { name: 'quoted' }));

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'quoted' })).toBeChecked());
    expect(saved.at(-1)).toBe('Steps:\n\n- [x] first\n- [ ] second\n> 1. [x] quoted');
  });
});

describe(toggleTask.name, () => {
  it('refuses an offset where no box sits any more', () => {
    expect(toggleTask('- [ ] a', 2)).toBe('- [x] a');
    expect(toggleTask('- [X] a', 2)).toBe('- [ ] a');
    expect(toggleTask('- a', 2)).toBeNull();
  });
});
