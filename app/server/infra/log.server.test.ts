import { describe, expect, it } from 'vitest';
import { createLogger, scrubLine, withRequestId } from './log.server';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, all: () => lines.join('') };
}

describe('log lines', () => {
  it('are JSON with the request id of the request that wrote them', async () => {
    const { logger, lines } = capture();
    await withRequestId('req-123', async () => {
      await Promise.resolve();
      logger.info('dentro');
    });
    logger.info('fora');
    const [inside, outside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inside).toMatchObject({ msg: 'dentro', reqId: 'req-123', level: 30 });
    expect(outside?.reqId).toBeUndefined();
  });

  it('never carry passwords, tokens, cookies or authorization headers', () => {
    const { logger, all } = capture();
    logger.info({ password: 'senha-secreta-1', body: { newPassword: 'outra-senha-2', token: 'tok-abc' } }, 'login');
    logger.info({ req: { headers: { cookie: 'clarear.session_token=sess-xyz', authorization: 'Bearer bear-1' } } }, 'pedido');
    const text = all();
    for (const secret of ['senha-secreta-1', 'outra-senha-2', 'tok-abc', 'sess-xyz', 'bear-1']) expect(text).not.toContain(secret);
    expect(text).toContain('[removido]');
  });

  it('never carry a full CPF or CNPJ, whatever field or message holds it', () => {
    const { logger, all } = capture();
    logger.info({ taxId: '52998224725' }, 'perfil');
    logger.error({ err: new Error('duplicate key (tax_id)=(52998224725) and 12ABC34501DE35') }, 'falha no CPF 529.982.247-25 / CNPJ 12.ABC.345/01DE-35');
    logger.info({ detail: '11.222.333/0001-81' }, 'empresa');
    const text = all();
    for (const id of ['52998224725', '529.982.247-25', '12ABC34501DE35', '12.ABC.345/01DE-35', '11.222.333/0001-81']) expect(text).not.toContain(id);
  });

  it('drop tokens from e-mail links and reset paths', () => {
    expect(scrubLine('GET /api/auth/verify-email?token=eyJhbGci.abc&callbackURL=/login')).toBe(
      'GET /api/auth/verify-email?token=[removido]&callbackURL=/login',
    );
    expect(scrubLine('GET /api/auth/reset-password/Xy12abc?callbackURL=%2Fredefinir-senha')).toBe(
      'GET /api/auth/reset-password/[removido]?callbackURL=%2Fredefinir-senha',
    );
  });

  it('leave ordinary numbers, ids and words alone', () => {
    const line = '{"orderId":"0b6f4c1e-2f4a-4c1e-9d7a-1b2c3d4e5f60","ms":1732400000000,"status":"PAGO","cep":"01310-100"}';
    expect(scrubLine(line)).toBe(line);
  });
});
