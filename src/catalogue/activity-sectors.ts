// Activity sectors the hosted verification offers when a partner sent no profession code (spec: KYC profile,
// profession). Codes are short numeric codes, as `POST /v1/kyc/data` records them; decided 2026-11-22.

export interface ActivitySector {
  readonly code: string;
  readonly name: { readonly en: string; readonly es: string; readonly pt: string };
}

export const activitySectors: readonly ActivitySector[] = [
  {
    code: '10',
    name: { en: 'Agriculture and food', es: 'Agricultura y alimentación', pt: 'Agricultura e alimentação' },
  },
  { code: '20', name: { en: 'Manufacturing', es: 'Industria', pt: 'Indústria' } },
  {
    code: '30',
    name: { en: 'Construction and real estate', es: 'Construcción e inmobiliaria', pt: 'Construção e imóveis' },
  },
  { code: '40', name: { en: 'Retail and trade', es: 'Comercio', pt: 'Comércio' } },
  { code: '50', name: { en: 'Technology', es: 'Tecnología', pt: 'Tecnologia' } },
  { code: '60', name: { en: 'Finance and insurance', es: 'Finanzas y seguros', pt: 'Finanças e seguros' } },
  { code: '70', name: { en: 'Health and education', es: 'Salud y educación', pt: 'Saúde e educação' } },
  { code: '80', name: { en: 'Public sector', es: 'Sector público', pt: 'Setor público' } },
  { code: '90', name: { en: 'Other services', es: 'Otros servicios', pt: 'Outros serviços' } },
];
