// After `react-router build`: writes a .br and a .gz next to every compressible file in
// build/client/assets (hashed names, never changed), so neither server.mjs nor nginx
// (gzip_static) compresses them per request. Best settings: it runs once per build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|html|xml|wasm)$/;

export function precompress(dir) {
  let files = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(name));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    // A compressed copy that is not smaller is not worth a Content-Encoding.
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
    files += 1;
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'build/client/assets');
  console.log(`precompress: ${precompress(dir)} arquivos em ${path.relative(process.cwd(), dir)} (.br e .gz)`);
}
