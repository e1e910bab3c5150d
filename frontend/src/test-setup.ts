import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only where each file gets fresh modules; vite.config.ts shares
// them between the files of a worker.
afterEach(() => cleanup());
