// Method names are derived, never typed by hand, so that the destination-schema `method=` value and the rail value
// cannot drift apart. Short segments are country or currency codes and stay uppercase (ACH_US -> achUS); longer
// ones are words (GBP_BANK_TRANSFER -> gbpBankTransfer).
export function methodNameOf(rail: string): string {
  const [first = '', ...rest] = rail.split('_');
  return (
    first.toLowerCase() +
    rest
      .map((segment) =>
        segment.length <= 3 ? segment.toUpperCase() : segment.charAt(0).toUpperCase() + segment.slice(1).toLowerCase(),
      )
      .join('')
  );
}
