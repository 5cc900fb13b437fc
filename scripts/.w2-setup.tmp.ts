// temporary, not committed (removed after use)
import { apiClient, createUser } from './src/testing/users.ts';
const base = 'http://localhost:3600';
const cfg = await (await fetch(`${base}/config.json`)).json();
const env = { COGNITO_USER_POOL_ID: cfg.cognito.userPoolId, COGNITO_CLIENT_ID: cfg.cognito.clientId, COGNITO_ENDPOINT: cfg.cognito.endpoint };
const tag = Date.now().toString(36);
const owner = await createUser(env, { email: `owner-${tag}@example.com`, firstName: 'Olivia', lastName: 'Owner' });
const member = await createUser(env, { email: `member-${tag}@example.com`, firstName: 'Max', lastName: 'Member' });
const a = apiClient(base, owner.accessToken);
const g = await a.post('/user/group', { title: 'Garden club', description: 'Weekend planting', metadata: { color: '#7EC242', icon: 'home' } });
console.error('group', g.status, JSON.stringify(g.body).slice(0, 300));
const gid = g.body.id;
const emails = [member.email, `newbie-${tag}@example.com`, `decliner-${tag}@example.com`, `used-${tag}@example.com`];
for (const e of emails) {
  const r = await a.post('/group/member/invitation', { group: gid, email: e, role: 3 });
  console.error('invite', e, r.status, JSON.stringify(r.body).slice(0, 200));
}
await new Promise((r) => setTimeout(r, 500));
const keys: Record<string, string> = {};
for (const e of emails) {
  const mails = await (await fetch(`${base}/_local/mail.json?to=${encodeURIComponent(e)}`)).json();
  const text = JSON.stringify(mails);
  const m = text.match(/accept-invite\?key=([A-Za-z0-9_\-%.~]+)/);
  keys[e] = m ? decodeURIComponent(m[1]!) : '';
  if (!m) console.error('no key in', text.slice(0, 800));
}
console.log(JSON.stringify({ owner: { email: owner.email, password: owner.password }, member: { email: member.email, password: member.password }, gid, keys, emails }, null, 2));
