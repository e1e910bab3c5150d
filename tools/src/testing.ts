// What the test suites of other packages may use from the development tools.
export { launchChromium } from './browser/launch-chromium';
