import { useEffect, useState, type RefObject } from 'react';

const supported = typeof IntersectionObserver !== 'undefined';
const onSeen = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** One observer for every card on the board (thousands of them), not one each. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        onSeen.get(entry.target)?.();
        observer?.unobserve(entry.target);
        onSeen.delete(entry.target);
      }
    },
    { rootMargin: '400px' },
  );
  return observer;
}

/**
 * True once the element has come near the viewport, and from then on. Where the browser cannot
 * tell (tests), everything counts as seen. `markSeen` says so at once (e.g. when focus arrives,
 * before the observer's next report).
 */
export function useSeen(ref: RefObject<Element | null>): [boolean, () => void] {
  const [seen, setSeen] = useState(!supported);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    onSeen.set(element, () => setSeen(true));
    sharedObserver().observe(element);
    return () => {
      observer?.unobserve(element);
      onSeen.delete(element);
    };
  }, [ref, seen]);
  return [seen, () => setSeen(true)];
}
