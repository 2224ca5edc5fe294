// One private PostgreSQL cluster for every fault test file (they run one after another):
// each file makes its own databases in it; the outage test stops and starts it.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from '../pglite-template';
import { startPrivateCluster } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgCluster: { dataDir: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  const [cluster, template] = await Promise.all([startPrivateCluster(), makePgliteTemplate()]);
  project.provide('pgCluster', { dataDir: cluster.dataDir, port: cluster.port });
  // A fresh store's embedded database starts as a copy of this migrated folder (no initdb per start).
  project.provide('pgliteTemplateDir', template.folder);
  return async () => {
    await cluster.destroy();
    rmSync(template.dir, { recursive: true, force: true });
  };
}
