// npm start's smoke test as a command of its own, so that npm test runs it in a lane of the
// integration step, labelled and under the lanes' hang limit, instead of as a step after it.
import { smokeTestStart } from './smoke-start';

void smokeTestStart(process.env).then((code) => {
  process.exitCode = code;
});
