// A parcel's label and tracking states (issue 33): the label bought through Melhor Envio moves
// in_cart → paid → generated → printed; tracking says when the carrier took it and delivered it.

export const LABEL_STATUSES = ['in_cart', 'paid', 'generated', 'printed'] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

export const LABEL_STATUS_LABELS: Record<LabelStatus, string> = {
  in_cart: 'No carrinho do Melhor Envio',
  paid: 'Etiqueta paga',
  generated: 'Etiqueta gerada',
  printed: 'Etiqueta pronta para imprimir',
};

export const TRACKED_STATUSES = ['posted', 'delivered'] as const;
export type TrackedStatus = (typeof TRACKED_STATUSES)[number];
