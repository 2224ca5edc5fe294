// GET /uploads/* (placeholder until the upload work lands).
export function loader() {
  return new Response('Não encontrado', { status: 404 });
}
