// Which storage the environment gives the store: the disk with nothing configured (the AWS SDK never
// loaded), the bucket with STORAGE_DRIVER=s3, and an incomplete S3 configuration refused at start.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const S3_VARIABLES = ['STORAGE_DRIVER', 'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'UPLOAD_DIR'];
const saved = Object.fromEntries(S3_VARIABLES.map((name) => [name, process.env[name]]));

/** A fresh copy of the modules with `vars` as the environment, counting loads of the S3 driver. */
async function storeWith(vars: Record<string, string>) {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, vars);
  vi.resetModules();
  const loads = { s3: 0 };
  vi.doMock('./s3.server', async (importOriginal) => {
    loads.s3 += 1;
    return importOriginal();
  });
  const env = await import('../infra/env.server');
  const storage = await import('./storage.server');
  return { env, storage, loads };
}

afterEach(() => {
  vi.doUnmock('./s3.server');
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const s3Vars = {
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'clarear-arquivos',
  S3_REGION: 'auto',
  S3_ENDPOINT: 'https://conta.r2.cloudflarestorage.com',
  S3_ACCESS_KEY_ID: 'chave',
  S3_SECRET_ACCESS_KEY: 'segredo-0123456789',
};

describe('getStorage', () => {
  it('with nothing configured is the disk, in DATA_DIR/uploads as before, and never loads the S3 driver', async () => {
    const { env, storage, loads } = await storeWith({});
    const files = await storage.getStorage();
    expect(files.driver).toBe('disk');
    expect(env.getEnv().storage).toEqual({ driver: 'disk', publicDir: path.join(env.getEnv().dataDir, 'uploads'), privateDir: path.join(env.getEnv().dataDir, 'private') });
    expect(await storage.getStorage()).toBe(files);
    expect(loads.s3).toBe(0);
  });

  it('keeps UPLOAD_DIR as the folder of the public files', async () => {
    const { env } = await storeWith({ UPLOAD_DIR: '/srv/clarear/imagens' });
    expect(env.getEnv().storage).toMatchObject({ driver: 'disk', publicDir: '/srv/clarear/imagens' });
  });

  it('with STORAGE_DRIVER=s3 is the bucket, the S3 driver loaded on first use', async () => {
    const { env, storage, loads } = await storeWith({ ...s3Vars, S3_FORCE_PATH_STYLE: 'true' });
    expect(env.getEnv().storage).toEqual({
      driver: 's3',
      bucket: 'clarear-arquivos',
      region: 'auto',
      endpoint: 'https://conta.r2.cloudflarestorage.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo-0123456789' },
    });
    expect(loads.s3).toBe(0);
    expect((await storage.getStorage()).driver).toBe('s3');
    expect(loads.s3).toBe(1);
  });

  it('without keys leaves the credentials to the SDK (the machine role)', async () => {
    const { env } = await storeWith({ ...s3Vars, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_ENDPOINT: '' });
    expect(env.getEnv().storage).toMatchObject({ driver: 's3', credentials: undefined, endpoint: undefined, forcePathStyle: false });
  });
});

describe('an incomplete storage configuration stops the start, saying what is missing', () => {
  it.each([
    ['s3 and nothing else', { STORAGE_DRIVER: 's3' }, /S3_BUCKET.*S3_REGION/],
    ['no bucket', { ...s3Vars, S3_BUCKET: '' }, /precisa de S3_BUCKET/],
    ['no region', { ...s3Vars, S3_REGION: '' }, /precisa de S3_REGION/],
    ['a key id without its secret', { ...s3Vars, S3_SECRET_ACCESS_KEY: '' }, /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas/],
    ['a secret without its key id', { ...s3Vars, S3_ACCESS_KEY_ID: '' }, /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas/],
    ['a bucket but STORAGE_DRIVER left on the disk', { S3_BUCKET: 'clarear-arquivos' }, /S3_BUCKET está definida mas STORAGE_DRIVER não é s3/],
  ])('%s', async (_name, vars, message) => {
    const { env } = await storeWith(vars);
    expect(() => env.getEnv()).toThrow(/^Configuração de armazenamento incompleta: /);
    expect(() => env.getEnv()).toThrow(message);
  });

  it('refuses values that cannot be right', async () => {
    for (const vars of [{ ...s3Vars, STORAGE_DRIVER: 'gcs' }, { ...s3Vars, S3_BUCKET: 'Meu_Bucket' }, { ...s3Vars, S3_ENDPOINT: 'ftp://minio:9000' }, { ...s3Vars, S3_FORCE_PATH_STYLE: 'sim' }]) {
      const { env } = await storeWith(vars);
      expect(() => env.getEnv(), JSON.stringify(vars)).toThrow(/^Configuração inválida/);
    }
  });

  it('refuses an UPLOAD_DIR that would hold the private files', async () => {
    const { env } = await storeWith({ UPLOAD_DIR: process.env.DATA_DIR! });
    expect(() => env.getEnv()).toThrow(/UPLOAD_DIR .* não pode conter .*private/);
  });
});
