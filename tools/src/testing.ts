// What the test suites of other packages may use from the development tools.
export { launchChromium } from './browser/launch-chromium';
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
export { renderChart, rendererFunctions, type RenderOptions } from './helm/render-chart';
