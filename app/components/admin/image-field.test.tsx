// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageField } from './image-field';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'foto.png') => new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], name, { type: 'image/png' });
const UPLOADED = '/uploads/a1b2c3d4e5f60718293a-800.webp';

function renderField(defaultValue: string | null = '/images/products/detergente.svg') {
  const view = render(
    <form aria-label="Produto">
      <ImageField name="imageUrl" label="Imagem do produto" defaultValue={defaultValue} />
    </form>,
  );
  const form = view.getByRole('form', { name: 'Produto' }) as HTMLFormElement;
  return { form, value: () => new FormData(form).get('imageUrl') };
}

/** fetch that answers when the test says so, to see the busy state. */
function deferredFetch() {
  let answer!: (response: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (status: number, body: unknown) => answer(new Response(JSON.stringify(body), { status })) };
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Imagem do produto'), { target: { files: [file] } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImageField', () => {
  it('shows the current image (any existing URL) and posts it with the form', () => {
    const { value } = renderField();
    expect(screen.getByRole('img', { name: 'Imagem atual: Imagem do produto' }).getAttribute('src')).toBe('/images/products/detergente.svg');
    expect(value()).toBe('/images/products/detergente.svg');
    // The file input itself is never part of the form.
    expect((screen.getByLabelText('Imagem do produto') as HTMLInputElement).name).toBe('');
    expect(screen.getByLabelText('Imagem do produto').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
  });

  it('uploads a chosen file, says so while busy, and only then changes the value', async () => {
    const { fetchMock, answer } = deferredFetch();
    const { value } = renderField();
    choose(png());
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Enviando imagem...');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/uploads');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    // Mid-upload, the form still carries the previous image.
    expect(value()).toBe('/images/products/detergente.svg');

    answer(200, { url: UPLOADED });
    await waitFor(() => expect(value()).toBe(UPLOADED));
    expect(screen.queryByText('Enviando imagem...')).toBeNull();
    const img = screen.getByRole('img', { name: 'Imagem atual: Imagem do produto' });
    expect(img.getAttribute('src')).toBe(UPLOADED);
    expect(img.getAttribute('srcset')).toContain('/uploads/a1b2c3d4e5f60718293a-320.webp 320w');
  });

  it("shows the server's pt-BR refusal in an alert and keeps the previous value", async () => {
    const { answer } = deferredFetch();
    const { value } = renderField();
    choose(png('pagina.png'));
    await screen.findByText('Enviando imagem...');
    answer(415, { error: 'Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.' });
    expect((await screen.findByRole('alert')).textContent).toBe('Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.');
    expect(value()).toBe('/images/products/detergente.svg');
    expect(screen.getByLabelText('Imagem do produto').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the upload failed when the answer is not ours (e.g. 403 text)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('Acesso negado.', { status: 403 }))));
    const { value } = renderField();
    choose(png());
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível enviar a imagem. Tente novamente.');
    expect(value()).toBe('/images/products/detergente.svg');
  });

  it('refuses a file over 5 MB or that is not an image before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderField();
    const big = png('grande.png');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe('A imagem deve ter no máximo 5 MB.');
    choose(new File(['<html><script>alert(1)</script></html>'], 'pagina.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Remover imagem" clears the value', () => {
    const { value } = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(value()).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover imagem' })).toBeNull();
  });

  it('keeps several fields on one page apart (product and variants)', () => {
    render(
      <form>
        <ImageField name="imageUrl" label="Imagem do produto" defaultValue="/images/a.svg" />
        <ImageField name="variants.0.imageUrl" label="Imagem do tamanho 1" defaultValue="/images/b.svg" />
      </form>,
    );
    const product = screen.getByLabelText('Imagem do produto');
    const variant = screen.getByLabelText('Imagem do tamanho 1');
    expect(product.id).not.toBe(variant.id);
    const group = screen.getByRole('group', { name: 'Imagem do tamanho 1' });
    fireEvent.click(within(group).getByRole('button', { name: 'Remover imagem' }));
    const form = product.closest('form')!;
    expect(new FormData(form).get('imageUrl')).toBe('/images/a.svg');
    expect(new FormData(form).get('variants.0.imageUrl')).toBe('');
  });
});
