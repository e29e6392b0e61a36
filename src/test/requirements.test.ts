// docs/requirements.md restates the product's rules with stable anchors, and every anchor the code and documents cite
// exists (decision 173); scripts/cite-requirements.mjs turns citations of the outside documents into such anchors.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without types
import { citedAnchors, matcher, readRequirements, REQUIREMENTS_FILE, rewrite } from '../../scripts/cite-requirements.mjs';

type Rule = { id: string; section: string; text: string; enforced: string | null; tested: string | null };
const { rules, sections } = readRequirements() as { rules: Rule[]; sections: string[] };

describe('docs/requirements.md', () => {
  it('gives every rule its own anchor, in a section of its own number, with the file that enforces it and its test', () => {
    const lines = readFileSync(REQUIREMENTS_FILE, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('- <a id='));
    expect(rules.length).toBe(lines.length);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(sections, rule.id).toContain(rule.section);
      expect(rule.enforced && existsSync(rule.enforced), `${rule.id} enforced in ${rule.enforced}`).toBe(true);
      expect(rule.tested && existsSync(rule.tested), `${rule.id} tested in ${rule.tested}`).toBe(true);
    }
  });

  it('has every anchor the code and the documents cite', () => {
    const anchors = new Set([...rules.map((r) => r.id), ...sections]);
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'e2e', 'scripts', 'bench', 'docs', 'README.md'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js|css|md)$/.test(f) && !f.endsWith('requirements.test.ts') && existsSync(f));
    const missing = files.flatMap((f) => (citedAnchors(readFileSync(f, 'utf8')) as string[]).filter((a) => !anchors.has(a)).map((a) => `${f}: ${a}`));
    expect(missing).toEqual([]);
  });
});

describe('the citation codemod', () => {
  const best = matcher(rules);

  // Each fixture alone: the codemod reads two lines on either side of a citation.
  const one = (line: string) => rewrite(line, best) as { text: string; left: { line: number; text: string; why: string }[] };

  it('cites the rule of the section a comment names, or the section when no rule stands out', () => {
    expect(one("/** Change password (spec §5): current required, new and confirm must match, 'Password must be at least 8 characters long'. */").text).toBe(
      "/** Change password (R-5.6): current required, new and confirm must match, 'Password must be at least 8 characters long'. */",
    );
    expect(one('// Razorpay or the local simulator (DESIGN §5).').text).toBe('// Razorpay or the local simulator (R-D5.4).');
    expect(one('// Something else entirely (spec §9).').text).toBe('// Something else entirely (R-9).');
  });

  it('adds the rule to "the spec" in a comment, and leaves test names and mentions it cannot place', () => {
    expect(one("/** The zone of a user's stored preference; the spec's default (Asia/Kolkata) time zone when it is missing. */").text).toBe(
      "/** The zone of a user's stored preference; the spec's (R-9.4) default (Asia/Kolkata) time zone when it is missing. */",
    );
    const testName = one("it('refuses %s with the spec message', () => {});");
    expect(testName.text).toBe("it('refuses %s with the spec message', () => {});");
    expect(testName.left).toEqual([{ line: 1, text: 'the spec', why: 'outside a comment' }]);
    expect(one('// As the spec says.').left).toEqual([{ line: 1, text: 'the spec', why: 'no rule stands out' }]);
    // What "the spec's texts" are, and a rule the spec leaves open.
    expect(one("// Shown with the spec's texts in the reader's language.").text).toBe("// Shown with the spec's (R-8.4) texts in the reader's language.");
    expect(one('// (texts the spec leaves open)').left).toEqual([{ line: 1, text: 'the spec', why: 'a rule the spec leaves open' }]);
  });

  it('reads the anchors a text cites', () => {
    expect(citedAnchors('see R-5.3, R-D2 and docs/requirements.md#R-9.4; not GSTR-1 or R-5.3x')).toEqual(['R-5.3', 'R-D2', 'R-9.4']);
  });
});
