// What the programs and tests that run a sandbox in process may use.
export {
  startGoogleSandbox,
  type GoogleIdentity,
  type GoogleSandboxOptions,
  type IdTokenOverrides,
  type RunningGoogleSandbox,
} from './google/sandbox-server';
export {
  startStripeSandbox,
  type RunningStripeSandbox,
  type StripeSandboxOptions,
} from './stripe/sandbox-server';
export { sandboxSettings, SandboxSettingsError, type SandboxSettings } from './sandbox-settings';
