// One private PostgreSQL cluster for every fault test file (they run one after another):
// each file makes its own databases in it; the outage test stops and starts it.
import type { TestProject } from 'vitest/node';
import { startPrivateCluster } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgCluster: { dataDir: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPrivateCluster();
  project.provide('pgCluster', { dataDir: cluster.dataDir, port: cluster.port });
  return () => cluster.destroy();
}
