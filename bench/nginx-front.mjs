// The production front (deploy/nginx.conf) on this machine, for benches and tests: an HTTP-only
// copy of it (the `tls-only` blocks dropped; same maps, cache rules and locations) with its own
// port, upstream, cache folder and static root, run by nginx in the foreground.
//   import { startNginxFront } from './nginx-front.mjs';
//   const front = await startNginxFront({ upstreamPort: 3000, listenPort: 8080, staticRoot: 'build/client' });
//   … await front.stop();
// By hand: node bench/nginx-front.mjs --upstream 3000 --listen 8080
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

/** deploy/nginx.conf's site, over plain HTTP on 127.0.0.1:listenPort. */
export function deriveBenchSite(source, { upstreamPort, listenPort, staticRoot, cacheDir }) {
  const replace = (text, from, to) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf mudou: "${from}" não encontrado`);
    return text.replaceAll(from, to);
  };
  let site = source.replace(/^[ \t]*# tls-only \{\n[\s\S]*?^[ \t]*# \} tls-only\n/gm, '');
  site = replace(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`);
  site = replace(site, 'proxy_cache_path /var/cache/nginx/clarear ', `proxy_cache_path ${cacheDir} `);
  site = replace(site, 'root /srv/clarear/build/client;', `root ${path.resolve(staticRoot)};`);
  site = replace(site, 'server_name loja.example.com.br;', `listen 127.0.0.1:${listenPort};\n    server_name localhost;`);
  if (/\bssl_|listen 443|return 301/.test(site)) throw new Error('deploy/nginx.conf: bloco TLS fora dos marcadores tls-only');
  return site;
}

/** A whole nginx.conf around the site: everything under `dir`, nothing in /etc or /var but mime.types. */
export function benchConfig(site, dir, { workers = 'auto' } = {}) {
  return [
    // The master runs as whoever starts it; as root, workers would drop to nobody and lose the temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `worker_processes ${workers};`,
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    '    keepalive_timeout 65;',
    '    keepalive_requests 100000;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${dir}/${t};`),
    site,
    '}',
    '',
  ].join('\n');
}

/** nginx from Debian (nginx-light is enough: proxy, proxy_cache, gzip_static). */
export function ensureNginx() {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (nginx) return nginx;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'nginx-light']);
  return '/usr/sbin/nginx';
}

function waitForPort(port, deadline) {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx não abriu a porta ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts the front: 127.0.0.1:listenPort → 127.0.0.1:upstreamPort, /assets/ from staticRoot/assets.
 * Returns { url, dir, stop }; stop() ends nginx gracefully and removes its folder (the cache with it).
 */
export async function startNginxFront({ upstreamPort, listenPort, staticRoot = path.join(ROOT, 'build/client'), workers = 'auto' }) {
  const nginx = ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'clarear-nginx-'));
  const site = deriveBenchSite(readFileSync(NGINX_CONF, 'utf8'), { upstreamPort, listenPort, staticRoot, cacheDir: `${dir}/cache` });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, benchConfig(site, dir, { workers }));
  execFileSync(nginx, ['-t', '-q', '-e', `${dir}/error.log`, '-c', conf], { stdio: 'inherit' });
  const child = spawn(nginx, ['-e', `${dir}/error.log`, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    await Promise.race([waitForPort(listenPort, Date.now() + 10_000), exited.then((code) => Promise.reject(new Error(`nginx saiu (${code}): ${dir}/error.log`)))]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    dir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const front = await startNginxFront({ upstreamPort: Number(arg('upstream', 3000)), listenPort: Number(arg('listen', 8080)), staticRoot: arg('root', undefined) });
  console.log(`nginx (deploy/nginx.conf, sem TLS) em ${front.url}; Ctrl+C para parar`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void front.stop().then(() => process.exit(0)));
}
