// Embedded PGlite in its own worker thread (db/pglite-worker-client.server.ts), as the server runs
// it: the same answers as PGlite in the app's thread — Drizzle's types, transactions that commit and
// roll back, PostgreSQL's error fields — and concurrent requests each get their own answer.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';
import { PGLITE_SHARED_BUFFERS } from '~/db/pglite-options.server';
import { isUniqueViolation, violatedConstraint, isDatabaseUnavailable } from '~/db/errors.server';
import { categories, storeSettings } from '~/db/schema';
import type { SettingsInput } from '~/lib/schemas/settings';
import { getEditableSettings, getPublicSettings, saveSettings, seedStoreSettings } from '~/server/settings/settings.server';
import { pgliteFromTemplate } from '../support/fresh-app';

let handle: DatabaseHandle;
const dir = mkdtempSync(path.join(tmpdir(), 'clarear-pglite-thread-'));

beforeAll(async () => {
  // A copy of the run's migrated data folder (tests/support/pglite-template.ts), not initdb and every migration again.
  pgliteFromTemplate(dir);
  handle = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), thread: true });
  await handle.migrate();
}, 120_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite in its own thread', () => {
  it('answers Drizzle queries with the same types: timestamps as Date, numeric as string, json, null', async () => {
    const { db } = handle;
    await seedStoreSettings(db);
    const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    expect(row!.version).toBe(1);
    expect(row!.updatedAt === null || row!.updatedAt instanceof Date).toBe(true);
    const result = await db.execute<{ n: string; d: string; j: { a: number[] }; nothing: null; big: string }>(
      sql`select 12.50::numeric(12,2) as n, '2026-01-02'::date as d, '{"a":[1,2]}'::jsonb as j, null as nothing, 9007199254740993::bigint::text as big`,
    );
    expect(result.rows[0]).toEqual({ n: '12.50', d: '2026-01-02', j: { a: [1, 2] }, nothing: null, big: '9007199254740993' });
  });

  it('commits a transaction, and rolls back one that throws (nothing of it stays)', async () => {
    const { db } = handle;
    await db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Pisos' });
      await tx.insert(categories).values({ name: 'Vidros' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Banheiro' });
        throw new Error('desiste');
      }),
    ).rejects.toThrow('desiste');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Cozinha' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    const names = (await db.select({ name: categories.name }).from(categories)).map((r) => r.name).sort();
    expect(names).toEqual(['Pisos', 'Vidros']);
  });

  it('passes PostgreSQL error fields through: a unique violation names its code and constraint; the thread goes on', async () => {
    const { db } = handle;
    const error = await db.insert(categories).values({ name: 'Pisos' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(violatedConstraint(error)).toBeTruthy();
    // A failed statement inside a transaction aborts only that transaction.
    await expect(db.transaction(async (tx) => tx.insert(categories).values({ name: 'Vidros' }))).rejects.toSatisfy(isUniqueViolation);
    expect(await db.$count(categories)).toBe(2);
  });

  it('keeps transactions apart from concurrent queries: each of 20 at once gets its own answer', async () => {
    const { db } = handle;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? db.execute<{ v: number }>(sql`select ${i}::int as v`).then((r) => r.rows[0]!.v)
          : db.transaction(async (tx) => (await tx.execute<{ v: number }>(sql`select ${i}::int as v`)).rows[0]!.v),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('a settings save shows on the next read at once (the 5 s in-memory copy is dropped)', async () => {
    const { db } = handle;
    const before = await getPublicSettings(db);
    const saved = await getEditableSettings(db);
    const { about, version, updatedAt: _at, ...rest } = saved;
    await saveSettings(db, { ...rest, phone: '1130034000', aboutTitle: about.title, aboutSubtitle: about.subtitle, aboutDescription: about.description } as SettingsInput, version, null);
    expect((await getPublicSettings(db)).phone.label).toBe('(11) 3003-4000');
    expect(before.phone.label).not.toBe('(11) 3003-4000');
  });

  it('once closed, a query fails as an unavailable database (503), not a hang', async () => {
    const other = await openDatabase({ pgliteDir: null, thread: true });
    await other.close();
    const error = await other.ping().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('PGlite start-up settings', () => {
  it('runs with the small buffer pool even where initdb wrote 128MB, and keeps the data folder settings (timezone)', async () => {
    // initdb wrote shared_buffers = 128MB on the server, all of it resident from the start (issue 17, goal 8).
    const own = mkdtempSync(path.join(tmpdir(), 'clarear-pglite-conf-'));
    const folder = path.join(own, 'pglite');
    try {
      // A data folder initdb made (the run's migrated template, made with the same start-up settings).
      pgliteFromTemplate(own);
      appendFileSync(path.join(folder, 'postgresql.conf'), "\nshared_buffers = 128MB\ntimezone = 'America/Sao_Paulo'\n");
      const reopened = await openDatabase({ pgliteDir: folder, thread: true });
      try {
        const rows = await reopened.db.execute<{ name: string; setting: string }>(
          sql`select name, current_setting(name) as setting from unnest(array['shared_buffers', 'TimeZone']) as name`,
        );
        expect(Object.fromEntries(rows.rows.map((r) => [r.name, r.setting]))).toEqual({ shared_buffers: PGLITE_SHARED_BUFFERS, TimeZone: 'America/Sao_Paulo' });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);
});
