// A smoke run: one user through every step of the mix a few times.
//   k6 run -e BASE_URL=http://localhost:8080 deploy/k6/smoke.js
import { libraryVisit, signUp, checkoutAndCancel, THRESHOLDS } from './lib.js';

export const options = {
  vus: 1,
  iterations: 5,
  thresholds: THRESHOLDS,
};

export default function smoke() {
  if (__ITER === 0) signUp('smoke');
  libraryVisit();
  if (__ITER === 0 && __ENV.CHECKOUTS === 'sandbox') checkoutAndCancel();
}
