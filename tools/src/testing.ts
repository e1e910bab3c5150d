// What the test suites of other packages may use from the development tools.
export { launchChromium } from './browser/launch-chromium';
export {
  startGoogleSandbox,
  type GoogleIdentity,
  type GoogleSandboxOptions,
  type IdTokenOverrides,
  type RunningGoogleSandbox,
} from './google-sandbox/sandbox-server';
export {
  startStripeSandbox,
  type RunningStripeSandbox,
  type StripeSandboxOptions,
} from './stripe-sandbox/sandbox-server';
export {
  environmentProblems,
  dockerfileStages,
  finalTargets,
  targetProblems,
  type AppConfig,
} from './deploy-checks/compose-checks';
export {
  ComposeFileError,
  parseComposeFile,
  substitute,
  type ComposeService,
} from './deploy-checks/compose-file';
export { sandboxSettings } from './sandboxes/sandbox-settings';
export { renderChart, rendererFunctions, type RenderOptions } from './helm/render-chart';
