import { Suspense, useEffect, useState } from 'react';
import { LoadFailedBoundary } from '../components/LoadFailedBoundary';
import { onFirstNotice } from './toast-bus';
import { lazyWithRetry } from '../lazy-with-retry';

const Toaster = lazyWithRetry(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toaster (and loads its code) when the first notice arrives. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstNotice(() => setNeeded(true)), []);
  // Without its code, notices go unseen; the page itself goes on.
  return needed ? (
    <LoadFailedBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadFailedBoundary>
  ) : null;
}
