import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      // Above Testing Library's 15 s wait (testing/setup.ts): lazy screens compile on first use, which a
      // busy 2-core CI machine can make slow; a real failure still fails, only later.
      testTimeout: 40_000,
      // The machines this runs on have two cores.
      maxWorkers: 2,
    },
  }),
);
