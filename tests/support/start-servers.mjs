// Starts the e2e suite's servers all at once (playwright.config.ts): Playwright starts its webServer
// entries one after another, and each store takes several seconds to migrate and seed its fresh
// database. E2E_SERVERS is a JSON list of { name, command, env, url }; each command runs in a shell
// with its env, its output prefixed with its name. Prints "e2e: servidores prontos" once every url
// answers (Playwright waits for that line), and exits with the first one that exits, stopping the
// others. Playwright ends the whole process group when the run is over.
import { spawn } from 'node:child_process';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const children = [];

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

for (const server of servers) {
  const child = spawn(server.command, { shell: true, env: { ...process.env, ...server.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let rest = '';
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) to.write(`[${server.name}] ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    console.error(`[${server.name}] saiu (${signal ?? code})`);
    stopAll();
    process.exit(code || 1);
  });
  children.push(child);
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

/** Any HTTP answer below 500 means the server is up. */
async function waitFor(url) {
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all(servers.map((server) => waitFor(server.url)));
console.log('e2e: servidores prontos');
