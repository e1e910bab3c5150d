export type InfraKind = 'postgres' | 'redis' | 'nats';

// Plain data so callers can persist it (the CLI writes it to started.json) and stop the servers later.
export type StartedServer = { kind: InfraKind; port: number; dataDir: string; pid: number | null };

export type Log = (line: string) => void;

export type ProbeResult =
  { state: 'ready' } | { state: 'down'; reason: string } | { state: 'unusable'; reason: string };
