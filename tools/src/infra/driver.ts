import type { InfraKind, Log, ProbeResult, StartedServer } from './types';
import type { ServiceTarget } from './urls';

export type StartContext = {
  target: ServiceTarget;
  // The server's own folder, e.g. <dataDir>/redis-6380.
  serverDir: string;
  dataDir: string;
  dataDirCreated: boolean;
  log: Log;
};

export type StartHandle = {
  // Lets the readiness wait fail fast instead of waiting out its timeout.
  hasExited: () => boolean | Promise<boolean>;
};

// What the bootstrap needs to know about one kind of server; one implementation per file.
export type ServiceDriver = {
  kind: InfraKind;
  label: string;
  aptPackage: string;
  // As it appears in /proc/<pid>/cmdline; used to wait for exactly our process to exit.
  programName: string;
  binariesPresent: () => Promise<boolean>;
  probe: (target: ServiceTarget) => Promise<ProbeResult>;
  start: (context: StartContext) => Promise<StartHandle>;
  readPid: (serverDir: string) => Promise<number | null>;
  logFile: (serverDir: string) => string;
  stop: (server: StartedServer, log: Log) => Promise<void>;
};
