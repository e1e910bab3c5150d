import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstNotice } from './toast-bus';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toaster (and loads its code) when the first notice arrives. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstNotice(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
