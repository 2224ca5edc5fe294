// "Baixar XMLs do mês (ZIP)" (issue 34): every XML of a São Paulo month — the authorised notes', the
// cancelled notes' and their cancellations' — in one ZIP for the accountant, written with fflate as a
// stream: one file read from storage at a time, deflated, handed to the response, so a month of
// thousands of notes neither sits whole in memory nor holds the event loop (bench/nfe-zip.mjs).
// A month with no XML at all is null (the route answers a pt-BR 404, never an empty ZIP).
import { Zip, ZipDeflate } from 'fflate';
import type { Executor } from '~/db/client.server';
import { log } from '../infra/log.server';
import type { FileStorage } from '../storage/file-storage.server';
import { getStorage } from '../storage/storage.server';
import { monthXmlKeys } from './monthly.server';

export type ZipEntry = { key: string; date: Date };

/** The name inside the ZIP: the key's last part ('<chave>-nfe.xml', '<chave>-cancelamento.xml'). */
export function entryName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

async function readAll(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const file = await storage.open(key);
  if (!file) return null;
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}

/**
 * The ZIP of these files as a byte stream, or null when none of them is in storage. A file the
 * database names but storage lacks is left out (and logged): the accountant gets what exists.
 */
export async function zipStream(entries: readonly ZipEntry[], storage: FileStorage): Promise<ReadableStream<Uint8Array> | null> {
  let next = 0;
  const readNext = async (): Promise<{ entry: ZipEntry; bytes: Uint8Array } | null> => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      const bytes = await readAll(storage, entry.key);
      if (bytes) return { entry, bytes };
      log.warn(`nf-e zip: ${entry.key} está no banco mas não no armazenamento`);
    }
    return null;
  };
  // The first file before answering: no file at all is a 404, not an empty ZIP.
  let pending = await readNext();
  if (!pending) return null;
  const names = new Set<string>();
  let zip: Zip;
  let chunks = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        if (chunk.length) {
          chunks += 1;
          controller.enqueue(chunk);
        }
        if (final) controller.close();
      });
    },
    // A file at a time until something is handed on: the consumer's pace sets how much is read ahead
    // (a pull that enqueued nothing would not be called again).
    async pull() {
      const before = chunks;
      while (chunks === before) {
        if (!pending) pending = await readNext();
        if (!pending) return zip.end();
        const { entry, bytes } = pending;
        pending = null;
        let name = entryName(entry.key);
        // Two keys with one last part (not expected from invoiceFileKeys): kept apart, never overwritten.
        for (let n = 2; names.has(name); n++) name = `${n}-${entryName(entry.key)}`;
        names.add(name);
        const file = new ZipDeflate(name, { level: 6 });
        file.mtime = entry.date;
        zip.add(file);
        file.push(bytes, true);
      }
    },
    cancel() {
      zip.terminate();
    },
  });
}

/** The month's XMLs as a ZIP stream; null when the month has none. */
export async function monthlyXmlZip(db: Executor, month: string, storage?: FileStorage): Promise<ReadableStream<Uint8Array> | null> {
  return zipStream(await monthXmlKeys(db, month), storage ?? (await getStorage()));
}
