import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Node by default; a spec that needs a DOM asks for jsdom itself, which takes seconds to start.
  test: {
    environment: 'node',
    globals: true,
    include: ['src/**/*.spec.ts'],
    setupFiles: ['src/shared/i18n.testing.ts'],
  },
});
