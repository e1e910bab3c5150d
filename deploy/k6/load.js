// The realistic mix under load: users sign up and sign in, then visit their library (list, create,
// edit, copy, favourite, share, public reads); a few buy Pro and cancel through the Stripe sandbox.
//   k6 run -e BASE_URL=https://prompts.example.com deploy/k6/load.js
//   k6 run -e BASE_URL=http://localhost:8080 -e CHECKOUTS=sandbox deploy/k6/load.js   (docker compose up)
// VUS and DURATION change the size; the thresholds do not.
import { sleep } from 'k6';
import { checkoutAndCancel, libraryVisit, signIn, signUp, THRESHOLDS } from './lib.js';

const VUS = Number(__ENV.VUS || 20);

export const options = {
  scenarios: {
    mix: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: VUS },
        { duration: __ENV.DURATION || '3m', target: VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: THRESHOLDS,
};

let username = null;

export default function mix() {
  if (username === null) {
    username = signUp('load');
  } else if (__ITER % 25 === 0) {
    // Now and then a user comes back in a new session.
    signIn(username);
  }
  libraryVisit();
  if (__ENV.CHECKOUTS === 'sandbox' && Math.random() < 0.02) checkoutAndCancel();
  // Think time: a person reads and types between calls (and stays under the write rate limit).
  sleep(2 + Math.random() * 3);
}
