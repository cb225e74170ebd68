import { Type } from 'typebox';
import { named } from './components.js';
import { Country, Email, Obj } from './schema.js';

const text = (description: string, maxLength = 200) => Type.String({ minLength: 1, maxLength, description });

/** The party identity object (`userData`, `destinationUserData`): the payer or the beneficiary. */
export const PartyIdentity = named(
  'PartyIdentity',
  Obj(
    {
      firstName: text('For a business, the representative'),
      userEmail: Email,
      country: Country,
      businessName: Type.Optional(text('When present the party is a business')),
      lastName: Type.Optional(text('Last name')),
      address: Type.Optional(text('Street address', 300)),
      city: Type.Optional(text('City', 100)),
      postalCode: Type.Optional(text('Postal code', 20)),
      state: Type.Optional(text('State or region', 100)),
      taxId: Type.Optional(text('Tax id', 50)),
      dob: Type.Optional(Type.String({ format: 'date', description: 'Date of birth, YYYY-MM-DD' })),
      phoneNumber: Type.Optional(Type.String({ pattern: '^\\+?[0-9 ()-]{6,20}$', description: 'Phone number' })),
    },
    { description: 'Party identity: who pays (userData) or who receives (destinationUserData)' },
  ),
);
