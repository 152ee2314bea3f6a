/** The Luhn checksum of a card number (digits only): a mistyped number fails it. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card scheme a number's prefix names (ISO/IEC 7812 ranges); "unknown" for any other. */
export function cardBrandOf(digits: string): string {
  const prefix = (length: number) => Number(digits.slice(0, length));
  if (digits.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (prefix(2) === 34 || prefix(2) === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649))
    return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  if ((prefix(3) >= 300 && prefix(3) <= 305) || prefix(2) === 36 || prefix(2) === 38) return 'diners';
  return 'unknown';
}

/** The issuer identification number a BIN lookup takes: the first 8 digits (ISO/IEC 7812-1:2017). */
export const cardBin = (digits: string): string => digits.slice(0, 8);
