// Runs npm scripts at once and fails if any fails: `npm test`'s typecheck, lint, dependency check
// and build are each single-threaded for most of their time, so on CI's 2 cores they take about
// half as long side by side. Each script's output is held and printed whole when it ends, so logs
// never interleave. Usage: node scripts/parallel.mjs typecheck lint lint:deps build
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('uso: node scripts/parallel.mjs <script npm> [...]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const t0 = Date.now();
        const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - t0) / 1000).toFixed(1);
          process.stdout.write(`\n== npm run ${name}: ${code === 0 ? 'ok' : `FALHOU (${signal ?? code})`} em ${seconds} s\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve(code === 0);
        });
      }),
  ),
);
console.log(`\n== ${scripts.join(', ')}: ${((Date.now() - started) / 1000).toFixed(1)} s ao todo`);
process.exit(results.every(Boolean) ? 0 : 1);
