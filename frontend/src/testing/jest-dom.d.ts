import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';

// The types of '@testing-library/jest-dom/vitest', for the matchers registered in setup.ts.
declare module 'vitest' {
  interface Assertion<T = unknown> extends TestingLibraryMatchers<unknown, T> {}
  interface AsymmetricMatchersContaining extends TestingLibraryMatchers<unknown, unknown> {}
}
