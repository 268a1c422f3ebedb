/** A customer name inside a mail subject: line breaks and other control characters become spaces (one header line). */
export function oneLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}
