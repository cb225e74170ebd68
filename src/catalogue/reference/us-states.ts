// The two-letter codes the spec accepts for ACH_US `state`: the 50 states, DC and the five inhabited territories
// (AS GU MP PR VI). Order is the spec's, which is what error messages list.
// biome-ignore format: the spec's list, kept in its compact order
export const achUsStates = [
  'AL', 'AK', 'AS', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'GU', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'MP',
  'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VI', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export type AchUsState = (typeof achUsStates)[number];
