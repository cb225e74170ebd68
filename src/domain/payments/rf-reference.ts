// ISO 11649 structured creditor reference (placeholder until the bankfiles branch lands).
const numeric = (text: string) => [...text].map((c) => Number.parseInt(c, 36).toString()).join('');

export function normalizeRfReference(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function rfReferenceOf(seed: string): string {
  if (!/^[A-Z0-9]{1,21}$/.test(seed)) throw new RangeError(`not an RF reference seed: ${seed}`);
  const check = 98n - (BigInt(numeric(`${seed}RF00`)) % 97n);
  return `RF${check.toString().padStart(2, '0')}${seed}`;
}

export function isValidRfReference(text: string): boolean {
  const ref = normalizeRfReference(text);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  return BigInt(numeric(ref.slice(4) + ref.slice(0, 4))) % 97n === 1n;
}
