import { z } from 'zod';

/** GET /api/config: what the browser needs before anyone signs in. */
export const clientConfig = z.object({
  googleClientId: z.string().nullable(),
  /** Where the browser opens Google's sign-in (OpenID Connect authorization endpoint); null without Google. */
  googleAuthUrl: z.string().nullable(),
  prices: z.object({ monthly: z.string(), annual: z.string() }),
});
export type ClientConfig = z.output<typeof clientConfig>;
