/** What one sandbox process is started with, read from its environment. */
export type SandboxSettings =
  | {
      kind: 'stripe';
      port: number;
      publicUrl?: string;
      /** The key billing sends (its STRIPE_SECRET_KEY). */
      secretKey: string;
      /** Where events are POSTed: the gateway's /api/webhooks/stripe. */
      webhookUrl: string;
      /** The endpoint's signing secret (billing's STRIPE_WEBHOOK_SECRET). */
      webhookSecret: string;
      /** Where the objects are kept across restarts; in memory only without one. */
      stateFile?: string;
    }
  | { kind: 'google'; port: number; publicUrl?: string; clientId: string };

export class SandboxSettingsError extends Error {
  override readonly name = 'SandboxSettingsError';
}

export const DEFAULT_SANDBOX_PORTS = { stripe: 12111, google: 8091 } as const;

/**
 * The settings of the sandbox `kind` names: SANDBOX_PORT and SANDBOX_PUBLIC_URL for both; the
 * Stripe one also STRIPE_SECRET_KEY, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET and
 * SANDBOX_STATE_FILE, the Google one GOOGLE_CLIENT_ID. Every problem is named at once.
 */
export function sandboxSettings(kind: string | undefined, env: NodeJS.ProcessEnv): SandboxSettings {
  if (kind !== 'stripe' && kind !== 'google') {
    throw new SandboxSettingsError(
      `Which sandbox? Start it as "main.js stripe" or "main.js google", not "${kind ?? ''}".`,
    );
  }
  if (env.NODE_ENV === 'production') {
    throw new SandboxSettingsError('The sandboxes never run in production (NODE_ENV=production).');
  }
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name];
    if (!value) problems.push(`${name} must be set`);
    return value ?? '';
  };
  const url = (name: string, optional: boolean): string | undefined => {
    const value = env[name];
    if (!value) {
      if (!optional) problems.push(`${name} must be set`);
      return undefined;
    }
    if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) {
      problems.push(`${name} must be an http or https URL, not "${value}"`);
    }
    return value.replace(/\/+$/, '');
  };
  const port = sandboxPort(env.SANDBOX_PORT, DEFAULT_SANDBOX_PORTS[kind], problems);
  const publicUrl = url('SANDBOX_PUBLIC_URL', true);
  const settings: SandboxSettings =
    kind === 'stripe'
      ? {
          kind,
          port,
          publicUrl,
          secretKey: required('STRIPE_SECRET_KEY'),
          webhookUrl: url('STRIPE_WEBHOOK_URL', false) ?? '',
          webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
          stateFile: env.SANDBOX_STATE_FILE || undefined,
        }
      : { kind, port, publicUrl, clientId: required('GOOGLE_CLIENT_ID') };
  if (problems.length > 0) {
    throw new SandboxSettingsError(`The ${kind} sandbox cannot start: ${problems.join('; ')}.`);
  }
  return settings;
}

function sandboxPort(value: string | undefined, fallback: number, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535) {
    problems.push(`SANDBOX_PORT must be a port number (1 to 65535), not "${value}"`);
  }
  return port;
}
