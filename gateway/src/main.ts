import './tracing';
import 'reflect-metadata';
import { runGateway } from './bootstrap';
import { loadGatewayConfig } from './config/gateway-config';

runGateway(loadGatewayConfig(process.env)).catch((error: unknown) => {
  console.error(`Gateway failed to start: ${(error as Error).message}`);
  process.exit(1);
});
