// The local-disk driver, the embedded default: public keys are files under UPLOAD_DIR (where the
// admin's images always were, so existing uploads keep their URLs) and private keys under
// DATA_DIR/private. It has no URL signer: private files go out through an authorized route.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assertSignedUrlLifetime,
  assertStorageKey,
  contentTypeOf,
  isStorageKey,
  visibilityOf,
  type FileStorage,
  type PutOptions,
  type SignedUrlOptions,
  type StoredFile,
} from './file-storage.server';

export type DiskDirs = { publicDir: string; privateDir: string };

export class DiskStorage implements FileStorage {
  readonly driver = 'disk';
  private readonly dirs: DiskDirs;

  constructor(dirs: DiskDirs) {
    this.dirs = { publicDir: path.resolve(dirs.publicDir), privateDir: path.resolve(dirs.privateDir) };
  }

  private rootOf(key: string): string {
    return visibilityOf(key) === 'private' ? this.dirs.privateDir : this.dirs.publicDir;
  }

  /** The file of a valid key: the key's pattern rules out '..' and absolute parts, so it stays under its root. */
  private fileOf(key: string): string {
    return path.join(this.rootOf(key), ...key.split('/').slice(1));
  }

  async put(key: string, data: Uint8Array, _options?: PutOptions): Promise<void> {
    assertStorageKey(key);
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Readers never see a half-written file: write beside it (a dot name, never a key), then rename over.
    const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temp, data, { flag: 'wx', mode: visibilityOf(key) === 'private' ? 0o600 : 0o644 });
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a symbolic link planted among the files is not followed out of the folder.
      handle = await open(this.fileOf(key), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
      return { body, size: info.size, contentType: contentTypeOf(key) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      return (await lstat(this.fileOf(key))).isFile();
    } catch (error) {
      if (isAbsent(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await unlink(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const space = prefix.split('/')[0];
    if (space !== 'public' && space !== 'private') throw new Error(`prefixo fora dos espaços de arquivos: ${JSON.stringify(prefix)}`);
    const root = space === 'private' ? this.dirs.privateDir : this.dirs.publicDir;
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isAbsent(error)) return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => [space, ...path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep)].join('/'))
      .filter((key) => isStorageKey(key) && key.startsWith(prefix))
      .sort();
  }

  async signedUrl(key: string, { expiresInSeconds }: SignedUrlOptions): Promise<string | null> {
    assertStorageKey(key);
    assertSignedUrlLifetime(expiresInSeconds);
    return null;
  }
}

/** Nothing there: no file, a path through a non-folder, or a symbolic link refused by O_NOFOLLOW. */
function isAbsent(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}
