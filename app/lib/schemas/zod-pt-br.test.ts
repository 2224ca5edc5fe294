import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-pt-br';

const APP = path.resolve(__dirname, '../..');
/** Read at startup or never shown to anyone: configuration and cookie parsing. */
const EXEMPT = new Set(['server/infra/env.server.ts', 'server/infra/cookies.server.ts', 'lib/schemas/zod-pt-br.ts']);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) && !name.includes('.test.') ? [full] : [];
  });

describe('Zod messages are pt-BR', () => {
  it('a rule without its own message answers in Portuguese', () => {
    const result = z.object({ intent: z.literal('pay'), n: z.number().min(1) }).safeParse({ intent: 'x', n: 0 });
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(['Entrada inválida: esperava "pay"', 'Pequeno demais: esperava que o número fosse >= 1']);
  });

  it.each(files(APP).map((f) => [path.relative(APP, f), f]))('%s builds schemas only after loading the pt-BR locale', (name, file) => {
    const source = readFileSync(file, 'utf8');
    if (EXEMPT.has(name) || !/import \{[^}]*\bz\b[^}]*\} from 'zod'/.test(source)) return;
    expect(source).toMatch(/import '(\.\/|~\/lib\/schemas\/)zod-pt-br';/);
  });
});
