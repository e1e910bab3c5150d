import { Socket } from 'node:net';

export function isPortOpen(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const finish = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.connect(port, host);
  });
}

// Servers we start listen on 127.0.0.1 or ::1, so a port is only closed when both refuse.
export async function isLoopbackPortOpen(port: number): Promise<boolean> {
  const [v4, v6] = await Promise.all([isPortOpen('127.0.0.1', port), isPortOpen('::1', port)]);
  return v4 || v6;
}
