import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

describe('ProjectsPage', () => {
  it('lists every board, its title a heading right under the page heading (no level skipped)', async () => {
    signIn();
    stubApi({
      'GET /api/boards': ['Roadmap', 'Hiring', 'Budget', 'Design', 'Launch'].map((title) =>
        buildBoard({ title }),
      ),
    });
    renderApp('/projects');

    const list = await screen.findByRole('list', { name: 'My Projects' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Roadmap', 'Hiring', 'Budget', 'Design', 'Launch']);
  });
});
