// The decision records keep one header format and docs/decisions/README.md is their index as the script makes it
// (decision 173): a record with a broken header, or an index not rewritten, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without types
import { INDEX_FILE, parseRecord, readRecords, renderIndex } from '../../scripts/decisions-index.mjs';

type Record = { number: string; title: string; amends: string[]; amendedBy: string[]; tests: string[]; problems: string[] };

describe('the decision records', () => {
  it('each have the header of docs/decisions/000-template.md, with amendments named on both sides and tests that exist', () => {
    const { problems } = readRecords();
    expect(problems).toEqual([]);
  });

  it('are listed in docs/decisions/README.md as `node scripts/decisions-index.mjs` writes it', () => {
    const { records } = readRecords() as { records: Record[] };
    expect(readFileSync(INDEX_FILE, 'utf8')).toBe(renderIndex(records));
    // The records today's table in docs/architecture.md left out are in it.
    for (const n of ['075', '076', '077', '082', '083']) expect(records.map((r) => r.number)).toContain(n);
  });

  it('reads a header field by field, and names what is wrong with one', () => {
    const good = parseRecord(
      '125-a-b.md',
      '# 125: A title\n\n- Date: 2026-11-27\n- Status: Accepted\n- Amends: 083 (a note, 099)\n- Tests: `a.test.ts`, `e2e/b.spec.ts`\n\n## Context\n',
    ) as Record;
    expect(good).toMatchObject({ number: '125', title: 'A title', amends: ['083'], tests: ['a.test.ts', 'e2e/b.spec.ts'], problems: [] });
    const bad = parseRecord('126-c.md', '# 127. Other\nDate: 27 Nov\n- Status: accepted\n- Tested: yes\n') as Record;
    expect(bad.problems).toEqual([
      '126-c.md: the first line is not "# NNN: title"',
      '126-c.md: a blank line must follow the title',
      '126-c.md: "- Tested: yes" is not a header field (Date, Status, Supersedes, Amends, Amended by, Tests)',
      '126-c.md: the header has no Date',
      '126-c.md: the header has no Amends',
      '126-c.md: the header has no Tests',
      '126-c.md: Status is not Proposed, Accepted or Superseded by NNN',
    ]);
    const fields = parseRecord('128-d.md', '# 128: D\n\n- Date: 2026-1-2\n- Status: accepted\n- Amends: soon\n- Tested: yes\n- Tests: `x`\n') as Record;
    expect(fields.problems).toEqual([
      '128-d.md: "- Tested: yes" is not a header field (Date, Status, Supersedes, Amends, Amended by, Tests)',
      '128-d.md: Date is not YYYY-MM-DD',
      '128-d.md: Status is not Proposed, Accepted or Superseded by NNN',
      '128-d.md: Amends names no decision (or says none)',
    ]);
  });
});
