import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** The meter's labels for zxcvbn scores 0 to 4. */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

let factory: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn and its dictionaries are large: loaded on first use, only where the meter shows. */
export function loadStrengthChecker(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return factory;
}

export async function scorePassword(password: string, userInputs: string[] = []): Promise<StrengthScore> {
  const z = await loadStrengthChecker();
  return z.check(password, userInputs).score as StrengthScore;
}
