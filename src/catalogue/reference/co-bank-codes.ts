// The spec's shared Colombian bank code list (section "Payout destination"). Codes outside it, three-digit codes and
// bank names are rejected on new payouts; stored destinations created before the list applied are read unchanged.
// biome-ignore format: the spec's list, kept in its compact order
export const coBankCodes = [
  '1001', '1002', '1006', '1007', '1009', '1012', '1013', '1019', '1023', '1032', '1040', '1047', '1051', '1052',
  '1053', '1059', '1060', '1061', '1062', '1063', '1065', '1066', '1067', '1069', '1070', '1071', '1097', '1121',
  '1283', '1286', '1289', '1292', '1303', '1370', '1507', '1551', '1558', '1637', '1801', '1802', '1803', '1804',
  '1805', '1808', '1809', '1811', '1812', '1814', '1815', '1816',
] as const;

export type CoBankCode = (typeof coBankCodes)[number];
