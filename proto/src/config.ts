/** GET /api/config: what the browser needs before anyone signs in. */
export type ClientConfig = {
  googleClientId: string | null;
  prices: { monthly: string; annual: string };
};
