/** The processes `npm start` runs, in start order, and how to tell each is ready. */
export type AppSpec = {
  name: string;
  entry: string;
  readyPath: (env: NodeJS.ProcessEnv) => string;
};

export const apps: AppSpec[] = [
  {
    name: 'gateway',
    entry: 'gateway/dist/main.js',
    readyPath: (env) => `http://127.0.0.1:${env.PORT ?? 8080}/api/ready`,
  },
];
