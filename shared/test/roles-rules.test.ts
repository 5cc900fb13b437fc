import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accountRoleEmailError,
  accountRoleInput,
  isAccountRoleEmail,
  nodeRoleValid,
  ROLE_MESSAGES,
  ROLE_TITLE_MAX,
  resolveAssignee,
  resolveManager,
  resolveTreeRoles,
  roleMappingInput,
  roleMappingQuery,
  roleMatches,
  roleTitleTaken,
  unmappedRoles,
  updateAccountRoleInput,
} from '../src/roles/roles.ts';

const roles = [
  { id: 'r1', title: 'Reviewer', email: 'rita@example.com' },
  { id: 'r2', title: 'Writer', email: '' },
  { id: 'r3', title: 'Lead', email: 'LEO@Example.com' },
];

describe('account role e-mail (spec 002 §5)', () => {
  test('empty is allowed, otherwise it must pass the e-mail check', () => {
    expect(isAccountRoleEmail('')).toBe(true);
    expect(isAccountRoleEmail('   ')).toBe(true);
    expect(isAccountRoleEmail('a@b.co')).toBe(true);
    for (const bad of ['a', 'a@b', '@b.co', 'a b@c.de', 'a@b.c d', `${'x'.repeat(250)}@b.co`]) {
      expect(isAccountRoleEmail(bad), bad).toBe(false);
      expect(accountRoleEmailError(bad)).toBe(ROLE_MESSAGES.email);
    }
    expect(accountRoleEmailError('a@b.co')).toBeUndefined();
  });

  test('the form and the server read the same rule', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string(), fc.constant('')), (email) => {
        const parsed = accountRoleInput.safeParse({ title: 'R', email });
        expect(parsed.success).toBe(isAccountRoleEmail(email));
        if (parsed.success) expect(parsed.data.email).toBe(email.trim().toLowerCase());
      }),
    );
  });

  test('the title is required, trimmed and bounded; the e-mail defaults to empty', () => {
    expect(accountRoleInput.parse({ title: '  Reviewer ' })).toEqual({ title: 'Reviewer', email: '' });
    expect(accountRoleInput.safeParse({ title: '  ' }).success).toBe(false);
    expect(accountRoleInput.safeParse({ title: '\u200b' }).success).toBe(false);
    expect(accountRoleInput.safeParse({ title: 'x'.repeat(ROLE_TITLE_MAX + 1) }).success).toBe(false);
    expect(accountRoleInput.safeParse({ title: 'R', extra: 1 }).success).toBe(false);
    expect(updateAccountRoleInput.parse({ email: 'A@B.CO' })).toEqual({ email: 'a@b.co' });
    expect(updateAccountRoleInput.safeParse({ email: 'nope' }).success).toBe(false);
  });

  test('a role name is unique per person, compared trimmed and case-insensitively', () => {
    expect(roleTitleTaken(roles, ' reviewer ')).toBe(true);
    expect(roleTitleTaken(roles, 'REVIEWER', 'r1')).toBe(false);
    expect(roleTitleTaken(roles, 'Editor')).toBe(false);
  });
});

describe('role mapping', () => {
  test('names a task or a template, never both or neither', () => {
    expect(roleMappingInput.safeParse({ assigningRole: 'A', task: 't1' }).success).toBe(true);
    expect(roleMappingInput.safeParse({ assigningRole: 'A', template: 't1' }).success).toBe(true);
    expect(roleMappingInput.safeParse({ assigningRole: 'A' }).success).toBe(false);
    expect(roleMappingInput.safeParse({ assigningRole: 'A', task: 't', template: 'u' }).success).toBe(false);
    expect(roleMappingInput.safeParse({ assigningRole: ' ', task: 't1' }).success).toBe(false);
    expect(roleMappingQuery.safeParse({ taskId: 'a' }).success).toBe(true);
    expect(roleMappingQuery.safeParse({}).success).toBe(false);
  });

  test('the green mark: the source role matches a known role title', () => {
    expect(roleMatches(' reviewer', roles)).toBe(true);
    expect(roleMatches('Designer', roles)).toBe(false);
    expect(roleMatches('', roles)).toBe(false);
  });

  test('resolves a node role through its row: an e-mail, or a role title to that role’s e-mail', () => {
    const rows = [
      { assigningRole: 'Designer', email: 'Dee@Example.com', managingRole: 'lead' },
      { assigningRole: 'Checker', email: 'reviewer', managingRole: '' },
      { assigningRole: 'Scribe', email: 'writer', managingRole: '' },
      { assigningRole: 'Ghost', email: 'nobody', managingRole: '' },
    ];
    expect(resolveAssignee(rows, roles, 'designer')).toBe('dee@example.com');
    expect(resolveAssignee(rows, roles, 'Checker')).toBe('rita@example.com');
    // A role without an e-mail resolves to nobody.
    expect(resolveAssignee(rows, roles, 'Scribe')).toBeUndefined();
    expect(resolveAssignee(rows, roles, 'Ghost')).toBeUndefined();
    // With no row, an account role of that name answers.
    expect(resolveAssignee(rows, roles, 'LEAD')).toBe('leo@example.com');
    expect(resolveAssignee(rows, roles, 'Unknown')).toBeUndefined();
    expect(resolveAssignee(rows, roles, '')).toBeUndefined();
    expect(resolveAssignee(rows, roles, undefined)).toBeUndefined();
    expect(resolveManager(rows, roles, 'Designer')).toBe('leo@example.com');
    expect(resolveManager(rows, roles, 'Checker')).toBeUndefined();
    expect(unmappedRoles(['Ghost', 'ghost ', 'Designer', 'Unknown', null], rows, roles)).toEqual([
      'Ghost',
      'Unknown',
    ]);
  });

  test('any e-mail target resolves to itself; any role title to its e-mail (property)', () => {
    const title = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((t) => t.trim() !== '' && !t.includes('@'));
    fc.assert(
      fc.property(title, fc.emailAddress(), fc.emailAddress(), (role, target, roleEmail) => {
        const known = [{ title: `${role}-known`, email: roleEmail }];
        expect(
          resolveAssignee([{ assigningRole: role, email: target, managingRole: '' }], known, ` ${role} `),
        ).toBe(target.toLowerCase());
        expect(
          resolveAssignee([{ assigningRole: role, email: ` ${role}-KNOWN `, managingRole: '' }], known, role),
        ).toBe(roleEmail.toLowerCase());
      }),
    );
  });

  test('a node’s role is valid with no role, a valid e-mail, or a known role or target', () => {
    expect(nodeRoleValid({}, roles)).toBe(true);
    expect(nodeRoleValid({ assigningRole: 'X', email: 'x@y.zz' }, roles)).toBe(true);
    expect(nodeRoleValid({ assigningRole: 'reviewer' }, roles)).toBe(true);
    expect(nodeRoleValid({ assigningRole: 'X', email: 'Writer' }, roles)).toBe(true);
    expect(nodeRoleValid({ assigningRole: 'X', email: 'nope' }, roles)).toBe(false);
  });
});

describe('resolveTreeRoles (applying a template, D64)', () => {
  const rows = [{ assigningRole: 'Writer', email: 'mia@example.com', managingRole: '' }];
  const mine = [
    { title: 'Reviewer', email: 'ben@example.com' },
    { title: 'Auditor', email: 'otto@example.com' },
  ];
  test('resolves each role once, by row or account role, and sorts out the unmapped and the outsiders', () => {
    const r = resolveTreeRoles(
      ['writer', ' WRITER', 'Reviewer', 'Editor', '', null, 'Auditor', 'editor'],
      rows,
      mine,
      new Set(['mia@example.com', 'ben@example.com']),
    );
    expect(Object.fromEntries(r.emailOf)).toEqual({
      writer: 'mia@example.com',
      reviewer: 'ben@example.com',
      auditor: 'otto@example.com',
    });
    expect(r.unmapped).toEqual(['Editor']);
    expect(r.outsiders).toEqual(['otto@example.com']);
  });
  test('every role named is exactly one of resolved or unmapped', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Writer', 'writer', 'Reviewer', 'Editor', 'QA', ' ')), (names) => {
        const r = resolveTreeRoles(names, rows, mine, new Set());
        const keys = new Set(names.filter((n) => n.trim()).map((n) => n.trim().toLowerCase()));
        expect(r.emailOf.size + r.unmapped.length).toBe(keys.size);
        expect(r.outsiders.length).toBeLessThanOrEqual(r.emailOf.size);
      }),
    );
  });
});
