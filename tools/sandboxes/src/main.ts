import { startGoogleSandbox } from './google/sandbox-server';
import { startStripeSandbox } from './stripe/sandbox-server';
import { sandboxSettings, SandboxSettingsError, type SandboxSettings } from './sandbox-settings';

/**
 * One sandbox as a process of its own, for docker-compose and demos: `main.js stripe` or
 * `main.js google`, configured from the environment (sandbox-settings.ts), listening on every
 * interface so other containers reach it. It stops on SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  let settings: SandboxSettings;
  try {
    settings = sandboxSettings(process.argv[2], process.env);
  } catch (error) {
    if (!(error instanceof SandboxSettingsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  const running =
    settings.kind === 'stripe'
      ? await startStripeSandbox({
          secretKey: settings.secretKey,
          host: '0.0.0.0',
          port: settings.port,
          publicUrl: settings.publicUrl,
          webhooks: { endpoint: settings.webhookUrl, secret: settings.webhookSecret },
          stateFile: settings.stateFile,
        })
      : await startGoogleSandbox({
          clientId: settings.clientId,
          host: '0.0.0.0',
          port: settings.port,
          publicUrl: settings.publicUrl,
        });
  process.stdout.write(
    `The ${settings.kind === 'stripe' ? 'Stripe' : 'Google sign-in'} sandbox answers on port ${settings.port}` +
      `${settings.publicUrl ? `, browsers reach it at ${settings.publicUrl}` : ''}.\n`,
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`The sandbox did not start: ${(error as Error).message}\n`);
  process.exit(1);
});
