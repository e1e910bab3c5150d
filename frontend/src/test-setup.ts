import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { removeTestStyles } from './shared/testing/render-with-app';

// Testing Library unmounts by itself only where each file gets fresh modules; vite.config.ts shares
// them between the files of a worker.
afterEach(() => cleanup());

// findBy… and waitFor give up after this long, not the default second: a dialog's transition and a
// mocked request took longer beside the integration tests that `npm test` runs on the same cores.
configure({ asyncUtilTimeout: 5_000 });

afterAll(() => removeTestStyles());
