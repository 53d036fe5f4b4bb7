import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FILTER } from '../model/card-filter';
import { TYPING_PAUSE_MS, useCardFilterControls } from './use-card-filter';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/board/b1']}>{children}</MemoryRouter>
);

describe('the board filter controls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('show each key at once and filter the board once typing pauses', () => {
    const { result } = renderHook(() => useCardFilterControls(), { wrapper });
    for (const q of ['l', 'la', 'lau']) {
      act(() => result.current.typeWords(q));
      expect(result.current.filter.q).toBe(q);
      expect(result.current.applied.q).toBe('');
      act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - 1));
    }
    expect(result.current.applied.q).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.applied.q).toBe('lau');
    expect(result.current.filter.q).toBe('lau');
  });

  it('apply a choice at once, with the words still waiting, and clear at once', () => {
    const { result } = renderHook(() => useCardFilterControls(), { wrapper });
    act(() => result.current.typeWords('bug'));
    act(() => result.current.setFilter({ ...result.current.filter, labels: ['l1'] }));
    expect(result.current.applied).toEqual({ ...NO_FILTER, q: 'bug', labels: ['l1'] });
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(result.current.applied).toEqual({ ...NO_FILTER, q: 'bug', labels: ['l1'] });

    act(() => result.current.setFilter(NO_FILTER));
    expect(result.current.applied).toEqual(NO_FILTER);
    expect(result.current.filter).toEqual(NO_FILTER);
  });
});
