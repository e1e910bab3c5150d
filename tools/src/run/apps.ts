/** The processes `npm start` runs, in start order: services first, so the gateway finds them answering. */
export type AppSpec = { name: string; entry: string };

export const apps: AppSpec[] = [
  { name: 'auth', entry: 'services/auth/dist/main.js' },
  { name: 'library', entry: 'services/library/dist/main.js' },
  { name: 'gateway', entry: 'gateway/dist/main.js' },
];
