/**
 * `value` without any of `chars` at its start and end (or only its end). A loop rather than a pattern such as
 * `/-+$/`, which retries from every character of a long run and so takes quadratic time.
 */
export function trimChars(value: string, chars: string, where: 'both' | 'end' = 'both'): string {
  let start = 0;
  let end = value.length;
  if (where === 'both') while (start < end && chars.includes(value[start])) start++;
  while (end > start && chars.includes(value[end - 1])) end--;
  return value.slice(start, end);
}
