import { authConfigSpec, loadAuthConfig } from '@promptlib/auth/config';
import { billingConfigSpec, loadBillingConfig } from '@promptlib/billing/config';
import { gatewayConfigSpec, loadGatewayConfig } from '@promptlib/gateway/config';
import { libraryConfigSpec, loadLibraryConfig } from '@promptlib/library/config';
import { loadMigrationConfig, migrationConfigSpec } from '@promptlib/platform/service';
import { loadSharingConfig, sharingConfigSpec } from '@promptlib/sharing/config';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppConfig } from './compose-checks';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const DOCKERFILE = 'deploy/Dockerfile';
export const COMPOSE_FILE = 'docker-compose.yml';

export function readRepoFile(path: string): string {
  return readFileSync(resolve(REPO_ROOT, path), 'utf8');
}

/** Every app compose runs, by its compose service name, with what it reads. */
export const composeApps: AppConfig[] = [
  { service: 'migrate', spec: migrationConfigSpec, load: loadMigrationConfig },
  { service: 'auth', spec: authConfigSpec, load: loadAuthConfig },
  { service: 'library', spec: libraryConfigSpec, load: loadLibraryConfig },
  { service: 'sharing', spec: sharingConfigSpec, load: loadSharingConfig },
  { service: 'billing', spec: billingConfigSpec, load: loadBillingConfig },
  { service: 'gateway', spec: gatewayConfigSpec, load: loadGatewayConfig },
];
