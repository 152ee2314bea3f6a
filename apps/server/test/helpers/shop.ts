/** A shipping address every device order of the tests can use. */
export const SHIPPING = {
  full_name: 'Pat Partner',
  phone: '+351 912 345 678',
  country: 'pt',
  city: 'Lisbon',
  address: 'Rua Augusta 1',
  postcode: '1100-048',
};
