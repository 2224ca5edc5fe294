// Prints how long the production server takes to answer a new sign-up and a sign-up
// with an existing account's e-mail (issue 11: the two must not be told apart by
// timing). Both hash the typed password; e-mail leaves after the answer. Rounds
// alternate which kind goes first. Numbers, not a test.
// Usage: npm run build && node bench/sign-up-timing.mjs [rounds]
//        BENCH_DATABASE_URL=postgres://… node bench/sign-up-timing.mjs   (an empty database to fill)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const rounds = Number(process.argv[2] ?? 40);
const warmup = 5;
const port = 3600 + Math.floor(Math.random() * 200);
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-bench-signup-'));
const server = spawn('node', ['server.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    AUTH_RATE_LIMIT_MAX: '100000',
    // What a production start on PostgreSQL insists on.
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    BETTER_AUTH_URL: origin,
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => String(d).includes('no ar') && resolve());
  server.on('exit', (code) => reject(new Error(`server.mjs saiu (${code}) antes de atender`)));
});

let n = 0;
const fresh = () => `bench.${Date.now()}.${(n += 1)}@exemplo.com.br`;

// Through the sign-up form's action, as a customer does (/api/auth/sign-up/email is not public).
async function signUp(email) {
  const started = performance.now();
  const response = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      intent: 'register',
      name: 'Bench Clarear',
      email,
      password: 'senha-de-bench-1',
      confirmPassword: 'senha-de-bench-1',
      acceptTerms: 'on',
    }),
  });
  await response.text();
  const ms = performance.now() - started;
  // Success is the redirect back to /login with the "verifique seu e-mail" toast.
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  return ms;
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), mean: values.reduce((s, v) => s + v, 0) / values.length };
};
const fmt = (s) => `median ${s.median.toFixed(1)} ms   p10 ${s.p10.toFixed(1)}   p90 ${s.p90.toFixed(1)}   mean ${s.mean.toFixed(1)}`;

try {
  const owner = fresh();
  await signUp(owner);
  const times = { new: [], duplicate: [] };
  for (let i = 0; i < warmup + rounds; i++) {
    const order = i % 2 ? ['duplicate', 'new'] : ['new', 'duplicate'];
    for (const kind of order) {
      const ms = await signUp(kind === 'new' ? fresh() : owner);
      if (i >= warmup) times[kind].push(ms);
    }
  }
  const a = stats(times.new);
  const b = stats(times.duplicate);
  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`sign-up answer times, ${rounds} rounds, ${engine}`);
  console.log(`  new e-mail       ${fmt(a)}`);
  console.log(`  existing e-mail  ${fmt(b)}`);
  console.log(`  median difference (new − existing): ${(a.median - b.median).toFixed(1)} ms`);
} finally {
  server.kill();
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
