// A delivery address for tests that buy: the checkout's posted fields (a new address typed in
// place) and the same as the parsed `delivery` object.
export const NEW_ADDRESS_FIELDS = {
  'delivery.addressId': 'new',
  'delivery.recipientName': 'Maria da Silva',
  'delivery.newAddress.zipCode': '01310-100',
  'delivery.newAddress.street': 'Avenida Paulista',
  'delivery.newAddress.number': '1000',
  'delivery.newAddress.complement': 'apto 12',
  'delivery.newAddress.neighborhood': 'Bela Vista',
  'delivery.newAddress.city': 'São Paulo',
  'delivery.newAddress.state': 'SP',
} as const;

export const NEW_ADDRESS_DELIVERY = {
  addressId: 'new',
  recipientName: 'Maria da Silva',
  newAddress: { zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', complement: 'apto 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
} as const;
